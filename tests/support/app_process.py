"""The app as a real process (uvicorn on a free port), for restart tests and benchmarks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.support.firestore_emulator import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]


class AppProcess:
    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.port = port or free_port()
        self.env = {**os.environ, **env, "PORT": str(self.port), "HOST": "127.0.0.1"}
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 20.0) -> AppProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app"],
            cwd=REPO_ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}")
            try:
                if httpx.get(f"{self.base_url}/api/health", timeout=0.5).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError("the app did not answer /api/health in time")

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
