"""A Cloud Storage emulator for tests: ``gcp-storage-emulator`` (PyPI, the ``dev`` extra) in memory.

Use the session fixture ``storage_emulator`` (re-exported by ``tests/conftest.py``): it starts
``python -m gcp_storage_emulator start --in-memory`` on a free port, waits until the port accepts,
sets ``STORAGE_EMULATOR_HOST`` (the official client then talks to it with anonymous credentials),
yields a :class:`StorageEmulator`, and stops it afterwards. The emulator is shared by the whole
session: each test makes its own bucket with :meth:`StorageEmulator.new_bucket`.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.support.firestore_emulator import free_port

PROJECT_ID = "demo-agency"
LISTEN_WITHIN_S = 60.0
"""How long a start waits for the emulator's port; a process that exits fails at once."""


@dataclass(frozen=True)
class StorageEmulator:
    host: str
    """``http://127.0.0.1:<port>``, the value of ``STORAGE_EMULATOR_HOST``."""
    project_id: str = PROJECT_ID

    def client(self) -> Any:
        """A ``google.cloud.storage.Client`` on the emulator (``STORAGE_EMULATOR_HOST`` is set)."""
        from google.cloud.storage import Client

        return Client(project=self.project_id)

    def new_bucket(self) -> Any:
        """A fresh, empty bucket of its own for one test."""
        return self.client().create_bucket(f"t-{secrets.token_hex(6)}")


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    started = time.monotonic()
    while (waited := time.monotonic() - started) < LISTEN_WITHIN_S:
        if process.poll() is not None:
            output = process.stdout.read().decode(errors="replace") if process.stdout else ""
            raise RuntimeError(
                f"the Cloud Storage emulator (pid {process.pid}) exited with {process.returncode} after "
                f"{waited:.1f} s, before it listened on 127.0.0.1:{port}; it wrote:\n{output[-2000:]}"
            )
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(
        f"the Cloud Storage emulator (pid {process.pid}) did not listen on 127.0.0.1:{port} within "
        f"{LISTEN_WITHIN_S:.0f} s: is gcp-storage-emulator installed (`make install`, the dev extra)?"
    )


def _drain(process: subprocess.Popen[bytes]) -> None:
    if process.stdout is not None:
        for _ in process.stdout:
            pass


@pytest.fixture(scope="session")
def storage_emulator() -> Iterator[StorageEmulator]:
    port = free_port()
    command = [sys.executable, "-m", "gcp_storage_emulator", "start", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen([*command, "--in-memory"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    saved = os.environ.get("STORAGE_EMULATOR_HOST")
    try:
        _wait_for_port(port, process)
        # The emulator logs every request: drain its pipe so it never blocks on a full one.
        threading.Thread(target=_drain, args=(process,), daemon=True, name="storage-emulator-log").start()
        host = f"http://127.0.0.1:{port}"
        os.environ["STORAGE_EMULATOR_HOST"] = host
        yield StorageEmulator(host)
    finally:
        if saved is None:
            os.environ.pop("STORAGE_EMULATOR_HOST", None)
        else:
            os.environ["STORAGE_EMULATOR_HOST"] = saved
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
