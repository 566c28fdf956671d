"""A local OTLP/HTTP endpoint that accepts every batch and drops it, for measuring tracing's cost.

    .venv/bin/python bench/otlp_sink.py [--port 4318]

Then run the app (or ``bench/submit.py``) with ``OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318``:
the exporter does all its work (spans, batching, protobuf, the HTTP post) and the sink answers 200.
It counts the batches and bytes it took and prints them when stopped with Ctrl-C.
"""

from __future__ import annotations

import argparse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TAKEN = {"batches": 0, "bytes": 0}


class Sink(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        TAKEN["batches"] += 1
        TAKEN["bytes"] += length
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: ARG002 - quiet: no line per batch
        return


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=4318)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Sink)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        print(f"took {TAKEN['batches']} batches, {TAKEN['bytes']} bytes", flush=True)


if __name__ == "__main__":
    main()
