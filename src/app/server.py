"""How uvicorn serves the app: no proxy-header trust, and timeouts for slow clients.

uvicorn closes idle keep-alive connections but has no limit on how long a client may take to
send its request line and headers, or its body: a few hundred connections trickling bytes hold
the server. :class:`SlowClientProtocol` is uvicorn's h11 protocol with a per-connection check
every ``CHECK_EVERY_S``:

- **headers**: a connection waiting for a request (new, or between keep-alive requests) that has
  not delivered its complete request line and headers within ``header_timeout_s`` is closed;
- **body**: once a request's headers are in, its body must arrive at ``body_min_bytes_per_s`` on
  average after a grace of ``header_timeout_s``, and never stall for longer than
  ``header_timeout_s``; otherwise the connection is closed. Time the app spends not reading (flow
  control paused) does not count against the client.

The client address comes from :mod:`app.client_address`, so uvicorn's own ``X-Forwarded-For``
handling is off (``proxy_headers=False``, no ``forwarded_allow_ips``).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.api_settings import ApiSettings
from app.security_headers import security_headers

CHECK_EVERY_S = 0.5
KEEP_ALIVE_S = 5


class SlowClientProtocol(H11Protocol):
    header_timeout_s: float = 10.0
    body_min_bytes_per_s: float = 1024.0
    production: bool = False

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot parse (two Host headers, none on HTTP/1.1): JSON with the security
        headers, like every other answer, instead of uvicorn's bare text."""
        body = json.dumps({"message": f"{msg.rstrip('.')}."}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *security_headers(production=self.production),
        ]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"), h11.Data(data=body)):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        now = time.monotonic()
        self._waiting_since = now
        self._body_started: float | None = None
        self._body_bytes = 0
        self._last_progress = now
        self._paused_for = 0.0
        self._check: asyncio.TimerHandle | None = self.loop.call_later(CHECK_EVERY_S, self._check_slow_client)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._check is not None:
            self._check.cancel()
            self._check = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        before = self.conn.their_state
        super().data_received(data)
        now = time.monotonic()
        self._last_progress = now
        if before is not h11.SEND_BODY and self.conn.their_state is h11.SEND_BODY:
            self._body_started, self._body_bytes, self._paused_for = now, 0, 0.0
        if self._body_started is not None:
            self._body_bytes += len(data)

    def on_response_complete(self) -> None:
        self._waiting_since = time.monotonic()
        self._body_started = None
        super().on_response_complete()

    def _waiting_for_request(self) -> bool:
        return self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete)

    def _too_slow(self, now: float) -> bool:
        if self._waiting_for_request():
            return now - self._waiting_since > self.header_timeout_s
        if self.conn.their_state is not h11.SEND_BODY or self._body_started is None:
            return False
        if self.flow.read_paused:
            self._paused_for += CHECK_EVERY_S
            self._last_progress = now
            return False
        if now - self._last_progress > self.header_timeout_s:
            return True
        elapsed = now - self._body_started - self._paused_for
        return elapsed > self.header_timeout_s and self._body_bytes / elapsed < self.body_min_bytes_per_s

    def _check_slow_client(self) -> None:
        self._check = None
        if self.transport.is_closing():
            return
        if self._too_slow(time.monotonic()):
            self.logger.info("closing a slow client connection")
            if self.cycle is not None and not self.cycle.response_complete:
                self.cycle.disconnected = True
                self.cycle.message_event.set()
            self.transport.close()
            return
        self._check = self.loop.call_later(CHECK_EVERY_S, self._check_slow_client)


def slow_client_protocol(api: ApiSettings, *, production: bool = False) -> type[SlowClientProtocol]:
    """The protocol class with the settings' limits."""
    return type(
        "ConfiguredSlowClientProtocol",
        (SlowClientProtocol,),
        {
            "header_timeout_s": api.client_header_timeout_s,
            "body_min_bytes_per_s": api.client_body_min_bytes_per_s,
            "production": production,
        },
    )


def server_options(api: ApiSettings, *, production: bool = False) -> dict[str, Any]:
    """Keyword arguments for ``uvicorn.run`` beside the app, host and port."""
    return {
        "log_config": None,
        "http": slow_client_protocol(api, production=production),
        "proxy_headers": False,
        "forwarded_allow_ips": "",
        "timeout_keep_alive": KEEP_ALIVE_S,
        "server_header": False,
        "access_log": False,  # app.access_log logs each answer with the client address by the app's rule
    }
