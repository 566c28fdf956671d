"""The Firebase Auth emulator for tests: ``firebase emulators:start --only auth`` from tools/.

Session fixture ``firebase_auth_emulator``: writes a throwaway ``firebase.json`` with free
ports (auth, hub, logging; no UI) in a temporary directory, starts firebase-tools there in
its own process group with update checks off (no network needed), waits until
``http://127.0.0.1:<port>/`` answers, and yields a :class:`FirebaseAuthEmulator` that
creates, disables and clears users through the emulator's REST API. The process group is
terminated at the end. Project id "demo-agency": a demo project never reaches Google.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
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


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path, timeout_s: float = 120.0) -> None:
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


@pytest.fixture(scope="session")
def firebase_auth_emulator() -> Iterator[FirebaseAuthEmulator]:
    if not FIREBASE.exists():
        pytest.fail("the Firebase Auth emulator needs `cd tools && npm ci` (make test does it)")
    port, hub, logging_port = free_port(), free_port(), free_port()
    with tempfile.TemporaryDirectory(prefix="firebase-auth-emulator-") as workdir:
        config = {
            "emulators": {
                "auth": {"host": "127.0.0.1", "port": port},
                "hub": {"host": "127.0.0.1", "port": hub},
                "logging": {"host": "127.0.0.1", "port": logging_port},
                "ui": {"enabled": False},
            }
        }
        Path(workdir, "firebase.json").write_text(json.dumps(config))
        log = Path(workdir, "emulator.log")
        env = os.environ | {
            "NO_UPDATE_NOTIFIER": "1",
            "CI": "true",
            "FIREBASE_CLI_DISABLE_UPDATE_CHECK": "1",
            "FIREBASE_CLI_EXPERIMENTS": "",
            "XDG_CONFIG_HOME": str(Path(workdir, "config")),
        }
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
            yield FirebaseAuthEmulator(f"127.0.0.1:{port}")
        finally:
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=15)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
