"""The Firebase Auth emulator for tests: ``firebase emulators:start --only auth`` from tools/.

One emulator serves the whole test run, whatever the number of xdist workers: starting one
costs about 10 s of CPU (firebase-tools compiles the Identity Toolkit schema), and four
started at once on a loaded 2-core machine once took longer than two minutes. The first
process whose test asks for ``firebase_auth_emulator`` starts it under a file lock in the
run's shared directory and records where it listens; the others wait on the lock and read
that record. The process that runs the session (the xdist controller, or pytest itself
without xdist) stops it at the end (``pytest_unconfigure``).

The emulator gets a throwaway ``firebase.json`` with free ports (auth, hub, logging; no UI),
runs in its own process group with update checks off (no network needed), and counts as
ready once ``http://127.0.0.1:<port>/`` answers. Tests share its users, so each test makes
its own e-mail addresses; nothing clears it. Project id "demo-agency": a demo project never
reaches Google.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.firestore_emulator import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
FIREBASE = REPO_ROOT / "tools" / "node_modules" / ".bin" / "firebase"
PROJECT_ID = "demo-agency"
API_KEY = "emulator-api-key"  # the emulator accepts any key
OWNER = {"Authorization": "Bearer owner"}  # the emulator's admin credential


@dataclass(frozen=True)
class FirebaseAuthEmulator:
    host: str
    """``127.0.0.1:<port>``, the value of ``FIREBASE_AUTH_EMULATOR_HOST``."""
    project_id: str = PROJECT_ID
    api_key: str = API_KEY

    @property
    def base_url(self) -> str:
        return f"http://{self.host}"

    def _post(self, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> dict[str, Any]:
        response = httpx.post(f"{self.base_url}/{path}", json=body, headers=headers or {}, timeout=10)
        response.raise_for_status()
        answer: dict[str, Any] = response.json()
        return answer

    def create_user(self, email: str, password: str, display_name: str | None = None) -> str:
        """Sign up a user and return its uid (localId)."""
        body: dict[str, Any] = {"email": email, "password": password}
        if display_name:
            body["displayName"] = display_name
        answer = self._post(f"identitytoolkit.googleapis.com/v1/accounts:signUp?key={self.api_key}", body)
        return str(answer["localId"])

    def disable_user(self, uid: str) -> None:
        self._post(
            f"identitytoolkit.googleapis.com/v1/projects/{self.project_id}/accounts:update",
            {"localId": uid, "disableUser": True},
            OWNER,
        )

    def clear(self) -> None:
        httpx.delete(f"{self.base_url}/emulator/v1/projects/{self.project_id}/accounts", timeout=10).raise_for_status()


RUN_DIR_VARIABLE = "PYTEST_RUN_SHARED_DIR"
"""Set by the session's process before xdist starts its workers, which inherit it. Not ``AGENCY_*``:
the app processes the tests start in production mode refuse an ``AGENCY_*`` name they do not know."""

READY_WITHIN_S = 180.0


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path, timeout_s: float = READY_WITHIN_S) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Firebase Auth emulator exited with {process.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(url, timeout=0.5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the Firebase Auth emulator did not answer within {timeout_s}s:\n{log.read_text()}")


def _start(workdir: Path) -> dict[str, Any]:
    """Start the emulator in ``workdir`` and wait until it answers; return its record."""
    port, hub, logging_port = free_port(), free_port(), free_port()
    config = {
        "emulators": {
            "auth": {"host": "127.0.0.1", "port": port},
            "hub": {"host": "127.0.0.1", "port": hub},
            "logging": {"host": "127.0.0.1", "port": logging_port},
            "ui": {"enabled": False},
        }
    }
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "firebase.json").write_text(json.dumps(config))
    log = workdir / "emulator.log"
    env = os.environ | {
        "NO_UPDATE_NOTIFIER": "1",
        "CI": "true",
        "FIREBASE_CLI_DISABLE_UPDATE_CHECK": "1",
        "FIREBASE_CLI_EXPERIMENTS": "",
        "XDG_CONFIG_HOME": str(workdir / "config"),
    }
    started = time.monotonic()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(FIREBASE), "emulators:start", "--only", "auth", "--project", PROJECT_ID],
            cwd=workdir,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_ready(f"http://127.0.0.1:{port}/", process, log)
    except BaseException:
        _stop(process.pid)
        raise
    return {"pid": process.pid, "host": f"127.0.0.1:{port}", "ready_after_s": round(time.monotonic() - started, 1)}


def _stop(pid: int) -> None:
    """End the emulator's process group: SIGTERM, then SIGKILL if it is still there after 15 s."""
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 15
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs; a zombie (ended, not yet reaped by its parent) does not."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaps it when this process started it
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _shared_dir() -> Path:
    shared = os.environ.get(RUN_DIR_VARIABLE)
    if not shared:
        raise RuntimeError(f"{RUN_DIR_VARIABLE} is not set: tests/conftest.py registers this module as a plugin")
    return Path(shared)


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the session's own process, never an xdist worker
        os.environ[RUN_DIR_VARIABLE] = tempfile.mkdtemp(prefix="agency-tests-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        return
    shared = _shared_dir()
    _stop_shared_emulator(shared)
    shutil.rmtree(shared, ignore_errors=True)


def _stop_shared_emulator(shared: Path) -> None:
    record = shared / "firebase-auth-emulator.json"
    if record.exists():
        answer = json.loads(record.read_text())
        if "pid" in answer:
            _stop(int(answer["pid"]))


@pytest.fixture(scope="session")
def firebase_auth_emulator() -> FirebaseAuthEmulator:
    if not FIREBASE.exists():
        pytest.fail("the Firebase Auth emulator needs `cd tools && npm ci` (make test does it)")
    shared = _shared_dir()
    record = shared / "firebase-auth-emulator.json"
    with (shared / "firebase-auth-emulator.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not record.exists():
            try:
                answer = _start(shared / "firebase-auth-emulator")
            except RuntimeError as error:
                answer = {"error": str(error)}
            record.write_text(json.dumps(answer))
        answer = json.loads(record.read_text())
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return FirebaseAuthEmulator(str(answer["host"]))
