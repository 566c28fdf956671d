"""The tests' own HTTP servers (the SMS gateway, the WhatsApp Cloud API): one threaded server on a
free port of 127.0.0.1, started and stopped the same way."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


class _Server(ThreadingHTTPServer):
    request_queue_size = 256  # the default backlog of 5 refuses bursts of parallel sends
    daemon_threads = True


class LocalServer:
    """Serves ``handler`` on a free port once :meth:`start` is called; a context manager too."""

    def _serve(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self._httpd = _Server(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
