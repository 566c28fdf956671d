// Starts the Firestore emulator (@firestore-emulator/server, gRPC) on the port given as the
// first argument: `node tools/firestore-emulator.mjs 8181`. Prints "ready <port>" once listening.
import { FirestoreServer } from "@firestore-emulator/server";

const port = Number(process.argv[2] ?? 8080);
const server = new FirestoreServer();
await server.start(port);
console.log(`ready ${port}`);
const stop = () => process.exit(0);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
