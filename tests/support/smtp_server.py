"""A real local SMTP server (aiosmtpd) that records what it receives and can go down and come back."""

from __future__ import annotations

import socket
import threading
import time
from email import message_from_bytes, policy
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class _Recorder:
    def __init__(self, server: SmtpServer) -> None:
        self.server = server

    async def handle_DATA(self, smtp: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        with self.server.lock:
            self.server.messages.append(message)
        return "250 Message accepted for delivery"


class SmtpServer:
    """``start()`` / ``stop()`` on one fixed port; ``messages`` holds every message received."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.messages: list[Message] = []
        self.lock = threading.Lock()
        self._controller: Controller | None = None

    def start(self) -> SmtpServer:
        self._controller = Controller(_Recorder(self), hostname="127.0.0.1", port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def received(self) -> list[Message]:
        with self.lock:
            return list(self.messages)

    def wait_for(self, count: int, timeout_s: float = 15.0) -> list[Message]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            got = self.received()
            if len(got) >= count:
                return got
            time.sleep(0.05)
        raise AssertionError(f"expected {count} e-mails, got {len(self.received())}")

    def wait_for_subject(self, subject: str, timeout_s: float = 30.0) -> Message:
        """The first e-mail with exactly this subject, once it has arrived (the outbox sends after the
        request's answer: on a loaded machine, some seconds after)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for mail in self.received():
                if str(mail["Subject"]) == subject:
                    return mail
            time.sleep(0.05)
        raise AssertionError(f"no e-mail {subject!r} within {timeout_s:.0f} s; got {len(self.received())} others")
