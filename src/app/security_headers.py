"""Browser security headers on every response (API, admin, SPA, static files and errors).

A ``before_send`` hook of the app, so nothing bypasses it (404s, 500s, files):

- ``Content-Security-Policy``: scripts from our origin only (no ``unsafe-inline``, no
  ``unsafe-eval``), styles from our origin plus inline style attributes, no plugins, no framing
  (``frame-ancestors 'none'``), forms post to our origin only. ``<script type="application/json">``
  and ``application/ld+json`` blocks are data, not scripts, and are not blocked. A redirect to a
  payment page by ``window.location`` is a top-level navigation, which CSP does not restrict.
- ``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: strict-origin-when-cross-origin``, a restrictive ``Permissions-Policy``,
  ``Cross-Origin-Opener-Policy: same-origin``. A page that carries a token in its URL sets
  ``Referrer-Policy: no-referrer`` itself, and a route's own policy is kept when it is stricter
  (:data:`STRICTER_REFERRER_POLICIES`), so the token never leaves in a ``Referer``.
- ``Strict-Transport-Security`` when ``AGENCY_ENV=production``.
- The API reference (``/schema``, development only) is held to the same CSP: its viewer is served
  from this origin (``app.api_reference``).
- ``Cache-Control: no-store`` on every answer that may carry personal data, whatever the handler
  set: ``/api/admin`` (records, CSV exports), tracking, payments and the public forms' answers
  (:data:`PERSONAL_API_PREFIXES`).
- One exception, :func:`is_subresource`: the build's hashed scripts, stylesheets, fonts and raster
  images under ``/assets/`` carry ``nosniff`` only. A browser applies those policies to a document
  (or a worker), never to a script or an image it loads, and on a phone's first visit each of the
  dozen small chunks a page loads would carry a kilobyte of headers that do nothing. HTML, SVG and
  every error answer keep them all.
"""

from __future__ import annotations

from collections.abc import Iterable

from litestar.types import BeforeMessageSendHookHandler, HTTPResponseStartEvent, Message, Scope

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'none'",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
        "interest-cohort",
    )
)
HSTS = "max-age=31536000; includeSubDomains"
NO_STORE = "no-store"
ADMIN_API_PREFIX = "/api/admin"
PERSONAL_API_PREFIXES = (
    ADMIN_API_PREFIX,
    "/api/track",
    "/api/payments",
    "/api/applications",
    "/api/appointments",
    "/api/contact-messages",
    "/api/newsletter-subscriptions",
    "/api/job-alerts",
)
"""Answers under these carry (or may carry) someone's personal data: never stored by a cache."""


def security_headers(*, production: bool) -> list[tuple[bytes, bytes]]:
    headers = [
        (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"permissions-policy", PERMISSIONS_POLICY.encode()),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]
    if production:
        headers.append((b"strict-transport-security", HSTS.encode()))
    return headers


REFERRER_POLICY = b"referrer-policy"
STRICTER_REFERRER_POLICIES = frozenset((b"no-referrer", b"same-origin", b"strict-origin"))
"""Policies that send less than the default: a route that sets one keeps it."""


def _keeps_own_referrer_policy(existing: list[tuple[bytes, bytes]]) -> bool:
    return any(
        name.lower() == REFERRER_POLICY and value.strip().lower() in STRICTER_REFERRER_POLICIES
        for name, value in existing
    )


def _merge(existing: Iterable[tuple[bytes, bytes]], extra: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``existing`` with ``extra`` replacing the same names, except a route's stricter referrer policy."""
    existing = list(existing)
    if _keeps_own_referrer_policy(existing):
        extra = [(name, value) for name, value in extra if name != REFERRER_POLICY]
    replaced = {name for name, _ in extra}
    return [(name, value) for name, value in existing if name.lower() not in replaced] + extra


ASSET_PREFIX = "/assets/"
SUBRESOURCE_TYPES = (
    b"text/javascript",
    b"text/css",
    b"font/",
    b"image/webp",
    b"image/png",
    b"image/jpeg",
    b"image/avif",
)
"""Content types no browser renders as a document (SVG and HTML can be, so they are not here)."""
NOSNIFF_ONLY = [(b"x-content-type-options", b"nosniff")]


def is_subresource(path: str, message: HTTPResponseStartEvent) -> bool:
    if not path.startswith(ASSET_PREFIX) or message["status"] != 200:
        return False
    content_type = next((v for k, v in message.get("headers") or () if k.lower() == b"content-type"), b"")
    return content_type.startswith(SUBRESOURCE_TYPES)


def is_personal(path: str) -> bool:
    return any(path == prefix or path.startswith(prefix + "/") for prefix in PERSONAL_API_PREFIXES)


def security_headers_hook(*, production: bool) -> BeforeMessageSendHookHandler:
    """A ``before_send`` hook of the app: Litestar calls it for every message it sends, so it
    covers routed answers, files, 404/405 for unknown routes and 500s alike."""
    common = security_headers(production=production)
    personal = [*common, (b"cache-control", NO_STORE.encode())]

    async def add_security_headers(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        path = scope.get("path", "")
        extra = personal if is_personal(path) else common
        if is_subresource(path, message):
            extra = NOSNIFF_ONLY
        message["headers"] = _merge(message.get("headers") or (), extra)

    return add_security_headers
