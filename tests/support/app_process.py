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

from tests.support.clock import NOW_ISO
from tests.support.firestore_emulator import free_port
from tests.support.sms_gateway import SmsGatewayServer

REPO_ROOT = Path(__file__).resolve().parents[2]
START_WITHIN_S = 120.0
"""How long a start waits for ``/api/health``: an app that imports in 3 s on an idle machine took more
than 40 s beside four pytest workers and the emulators on two cores. A process that exits fails at once."""
LAST_LINES = 30


class AppProcess:
    def __init__(self, env: dict[str, str], port: int | None = None, log_path: Path | None = None) -> None:
        self.port = port or free_port()
        self.env = {**os.environ, **env, "PORT": str(self.port), "HOST": "127.0.0.1"}
        self._own_log = log_path is None
        self.log_path = log_path or Path(tempfile.mkstemp(prefix="agency-app-", suffix=".log")[1])
        """Where its output goes (a temporary file unless given, removed by :meth:`stop`): a failed start
        quotes its last lines."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = START_WITHIN_S) -> AppProcess:
        """Start ``python -m app`` and wait until ``/api/health`` answers 200; fail as soon as the
        process exits, or after ``timeout_s``, naming the URL, the time waited and its last lines."""
        with self.log_path.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app"], cwd=REPO_ROOT, env=self.env, stdout=out, stderr=out
            )
        health = f"{self.base_url}/api/health"
        started = time.monotonic()
        last = "no answer yet"
        while (waited := time.monotonic() - started) < timeout_s:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the app (pid {self.process.pid}) exited with {self.process.returncode} after {waited:.1f} s, "
                    f"before {health} answered; {self._log_tail()}"
                )
            try:
                answer = httpx.get(health, timeout=2.0)
                if answer.status_code == 200:
                    return self
                last = f"last answer {answer.status_code}"
            except httpx.HTTPError as exc:
                last = f"last attempt: {type(exc).__name__}"
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(
            f"the app (pid {self.process.pid}) did not answer {health} within {timeout_s:.0f} s ({last}); "
            f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {self._log_tail()}"
        )

    def _log_tail(self) -> str:
        lines = self.log_path.read_text(errors="replace").splitlines() if self.log_path.is_file() else []
        if not lines:
            return f"it wrote nothing to {self.log_path}"
        return f"its last lines ({self.log_path}):\n" + "\n".join(lines[-LAST_LINES:])

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
        if self._own_log:
            self.log_path.unlink(missing_ok=True)


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
    prefix: str, *, with_gateway: bool = False, timeout_s: float = START_WITHIN_S, env: dict[str, str] | None = None
) -> Iterator[RunningApp]:
    """The app in demo mode on a fresh data directory, its SMS sent to a local gateway when asked; ``env``
    adds or overrides settings. It runs on the tests' clock (``AGENCY_NOW``: it starts at
    ``tests.support.clock.NOW``) unless ``env`` sets ``AGENCY_NOW`` (``""``: the real time) or is a
    production one (production refuses a set clock)."""
    env_extra = dict(env or {})
    gateway = SmsGatewayServer().start() if with_gateway else None
    try:
        with tempfile.TemporaryDirectory(prefix=prefix) as data_dir:
            settings = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1", "AGENCY_RATE_LIMIT": "0"}
            if gateway is not None:
                settings |= {"AGENCY_SMS_BASE_URL": gateway.base_url, "AGENCY_SMS_API_KEY": "test-key", **FAST_OUTBOX}
            settings |= env_extra
            if "AGENCY_NOW" not in settings and settings.get("AGENCY_ENV") != "production":
                settings["AGENCY_NOW"] = NOW_ISO
            app = AppProcess(settings, log_path=Path(data_dir) / "app.log").start(timeout_s=timeout_s)
            try:
                pid = app.process.pid if app.process is not None else 0
                yield RunningApp(app.base_url, Path(data_dir), gateway, pid)
            finally:
                app.stop()
    finally:
        if gateway is not None:
            gateway.stop()
