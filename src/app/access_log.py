"""One access-log line per answer, with the client address by the app's rule
(:mod:`app.client_address`), instead of uvicorn's, which shows the TCP peer (a proxy)."""

from __future__ import annotations

import re
from typing import Final

import structlog
from litestar.types import BeforeMessageSendHookHandler, Message, Scope

from app.client_address import client_address_of
from app.head_requests import method_sent

log = structlog.get_logger("app.access")
SECRET_IN_PATH: Final = re.compile(r"^(/employer/packs/|/welfare/)[^/]+")
"""A path that carries a secret: a CV pack's link token (``app/employer_page.py``), a welfare
check-in's (``app/welfare_page.py``)."""


def logged_path(path: str) -> str:
    """The path as the log keeps it: a link's token replaced by ``***``."""
    return SECRET_IN_PATH.sub(r"\1***", path)


def access_log_hook(trusted_proxies: tuple[str, ...]) -> BeforeMessageSendHookHandler:
    async def log_access(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        # The headers are read only when a trusted proxy may have forwarded the request: without
        # trusted proxies the rule never looks at them, and decoding them was a third of this hook.
        headers = (
            {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
            if trusted_proxies
            else {}
        )
        peer = scope.get("client")
        client = client_address_of(peer[0] if peer else None, headers, trusted_proxies)
        log.info(
            "request",
            method=method_sent(scope),
            path=logged_path(scope.get("path", "")),
            status=message["status"],
            client=client,
        )

    return log_access
