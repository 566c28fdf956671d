"""The app as a real process (uvicorn on a free port), for restart, browser tests and benchmarks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.firestore_emulator import free_port
from tests.support.sms_gateway import SmsGatewayServer

REPO_ROOT = Path(__file__).resolve().parents[2]


class AppProcess:
    def __init__(self, env: dict[str, str], port: int | None = None, log_path: Path | None = None) -> None:
        self.port = port or free_port()
        self.env = {**os.environ, **env, "PORT": str(self.port), "HOST": "127.0.0.1"}
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 60.0) -> AppProcess:
        out = self.log_path.open("ab") if self.log_path else subprocess.DEVNULL
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app"], cwd=REPO_ROOT, env=self.env, stdout=out, stderr=out
            )
        finally:
            if self.log_path:
                out.close()  # type: ignore[union-attr]
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}{self._log_tail()}")
            try:
                if httpx.get(f"{self.base_url}/api/health", timeout=0.5).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the app did not answer /api/health in time{self._log_tail()}")

    def _log_tail(self) -> str:
        if self.log_path is None or not self.log_path.is_file():
            return ""
        return "\n" + self.log_path.read_text(errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown, leases stay held (a crash)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


FAST_OUTBOX = {"AGENCY_OUTBOX_POLL_S": "0.05", "AGENCY_OUTBOX_RETRY_BASE_S": "0.05", "AGENCY_OUTBOX_RETRY_CAP_S": "0.2"}


@dataclass
class RunningApp:
    base_url: str
    data_dir: Path
    gateway: SmsGatewayServer | None
    pid: int = 0
    """The app's process id (to read its memory in /proc)."""


@contextmanager
def running_app(
    prefix: str, *, with_gateway: bool = False, timeout_s: float = 60.0, env: dict[str, str] | None = None
) -> Iterator[RunningApp]:
    """The app in demo mode on a fresh data directory, its SMS sent to a local gateway when asked;
    ``env`` adds or overrides settings."""
    env_extra = dict(env or {})
    gateway = SmsGatewayServer().start() if with_gateway else None
    try:
        with tempfile.TemporaryDirectory(prefix=prefix) as data_dir:
            settings = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1", "AGENCY_RATE_LIMIT": "0", **(env or {})}
            if gateway is not None:
                settings |= {"AGENCY_SMS_BASE_URL": gateway.base_url, "AGENCY_SMS_API_KEY": "test-key", **FAST_OUTBOX}
            settings |= env_extra
            app = AppProcess(settings, log_path=Path(data_dir) / "app.log").start(timeout_s=timeout_s)
            try:
                pid = app.process.pid if app.process is not None else 0
                yield RunningApp(app.base_url, Path(data_dir), gateway, pid)
            finally:
                app.stop()
    finally:
        if gateway is not None:
            gateway.stop()
