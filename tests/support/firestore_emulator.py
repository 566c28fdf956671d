"""The Firestore emulator for tests: ``@firestore-emulator/server`` started with Node.

Use the session fixture ``firestore_emulator`` (re-exported by ``tests/conftest.py``): it
starts ``node tools/firestore-emulator.mjs <port>`` on a free port, waits until the port
accepts, sets ``FIRESTORE_EMULATOR_HOST`` (and ``GOOGLE_CLOUD_PROJECT``) for
google-cloud-firestore, yields a :class:`FirestoreEmulator`, and stops it afterwards.
Each test should use its own collection names (e.g. a random prefix) or its own documents:
the emulator is shared by the whole session.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "tools" / "firestore-emulator.mjs"
PROJECT_ID = "demo-agency"


@dataclass(frozen=True)
class FirestoreEmulator:
    host: str
    """``127.0.0.1:<port>``, the value of ``FIRESTORE_EMULATOR_HOST``."""
    project_id: str = PROJECT_ID

    def client(self) -> object:
        """A fresh ``google.cloud.firestore.AsyncClient`` on the emulator."""
        from google.cloud import firestore

        return firestore.AsyncClient(project=self.project_id)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


LISTEN_WITHIN_S = 120.0
"""How long a start waits for the emulator's port (Node's start-up on a loaded 2-core machine); a
process that exits fails at once."""


def _output_of(process: subprocess.Popen[bytes]) -> str:
    """The last lines of an exited process's piped standard error, if it was piped."""
    if process.stderr is None or process.poll() is None:
        return "its output was not kept"
    lines = process.stderr.read().decode(errors="replace").splitlines()
    return "its last lines:\n" + "\n".join(lines[-30:]) if lines else "it wrote nothing"


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout_s: float = LISTEN_WITHIN_S) -> None:
    started = time.monotonic()
    while (waited := time.monotonic() - started) < timeout_s:
        if process.poll() is not None:
            raise RuntimeError(
                f"the Firestore emulator (pid {process.pid}) exited with {process.returncode} after {waited:.1f} s, "
                f"before it listened on 127.0.0.1:{port}; {_output_of(process)}"
            )
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    raise RuntimeError(
        f"the Firestore emulator (pid {process.pid}, {process.args!r}) did not listen on "
        f"127.0.0.1:{port} within {timeout_s:.0f} s; load average {load}"
    )


@pytest.fixture(scope="session")
def firestore_emulator() -> Iterator[FirestoreEmulator]:
    node = shutil.which("node")
    if node is None or not (REPO_ROOT / "tools" / "node_modules" / "@firestore-emulator" / "server").is_dir():
        pytest.fail("the Firestore emulator needs node and `cd tools && npm ci` (make test does it)")
    port = free_port()
    process = subprocess.Popen(
        [node, str(SCRIPT), str(port)], cwd=REPO_ROOT / "tools", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    saved = {name: os.environ.get(name) for name in ("FIRESTORE_EMULATOR_HOST", "GOOGLE_CLOUD_PROJECT")}
    try:
        _wait_for_port(port, process)
        host = f"127.0.0.1:{port}"
        os.environ["FIRESTORE_EMULATOR_HOST"] = host
        os.environ["GOOGLE_CLOUD_PROJECT"] = PROJECT_ID
        yield FirestoreEmulator(host)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
