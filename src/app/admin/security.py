"""The admin guard: session cookie, role check on every request, CSRF double-submit token.

Every handler under the admin router goes through :func:`admin_guard`:

- unless the handler opts out with ``opt={PUBLIC: True}`` (only the session and
  demo-credentials routes do), it needs a live session (else 401) whose user's "users"
  record still exists with role admin (else 403, and the user's sessions end; a failed
  lookup is 503 "Failed to verify admin role"). The role answer is cached a few seconds.
- every state-changing request (not GET/HEAD/OPTIONS) needs the ``X-CSRF-Token`` header
  equal to the ``csrftoken`` cookie, signed with the secret key and, once signed in,
  equal to the token bound to the session (else 403 "CSRF token missing or invalid").
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from litestar import Request, Response
from litestar.connection import ASGIConnection
from litestar.exceptions import HTTPException
from litestar.handlers.base import BaseRouteHandler

from adapters.identity.sessions import Session
from agency_core.identity import (
    CSRF_REFUSED,
    NOT_SIGNED_IN,
    ROLE_CHECK_FAILED,
    USER_NOT_AUTHORIZED,
    AdminUser,
    IdentityUser,
    RoleLookupFailed,
)
from app.admin.services import AdminServices, log

PUBLIC = "admin_public"
"""Handler opt key: the route is reachable signed out (CSRF still applies to unsafe methods)."""

SESSION_COOKIE = "agency_session"
SESSION_COOKIE_PATH = "/api/admin"
CSRF_COOKIE = "csrftoken"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class AdminError(HTTPException):
    """An admin API refusal, answered as ``{"message": ...}`` with the given status."""

    def __init__(self, status_code: int, message: str, *, end_session: bool = False) -> None:
        super().__init__(detail=message, status_code=status_code)
        self.message = message
        self.end_session = end_session


def services_of(connection: ASGIConnection[Any, Any, Any, Any]) -> AdminServices:
    services: AdminServices = connection.app.state["container"].admin
    return services


def make_csrf_token(secret: str) -> str:
    nonce = secrets.token_urlsafe(24)
    mac = hmac.new(secret.encode(), nonce.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{nonce}.{mac}"


def csrf_token_is_signed(secret: str, token: str) -> bool:
    nonce, _, mac = token.partition(".")
    expected = hmac.new(secret.encode(), nonce.encode(), hashlib.sha256).hexdigest()[:32]
    return bool(nonce) and hmac.compare_digest(mac, expected)


def is_secure(connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices) -> bool:
    return connection.url.scheme == "https" or services.settings.production


def set_session_cookies(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices, session: Session
) -> None:
    secure = is_secure(connection, services)
    response.set_cookie(
        SESSION_COOKIE,
        session.token,
        path=SESSION_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=secure,
        max_age=int(services.sessions.ttl_s),
    )
    set_csrf_cookie(response, connection, services, session.csrf_token)


def set_csrf_cookie(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices, token: str
) -> None:
    response.set_cookie(
        CSRF_COOKIE, token, path="/", httponly=False, samesite="lax", secure=is_secure(connection, services)
    )


def ensure_csrf_cookie(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices
) -> None:
    """Give a signed-out browser a signed token to send back with its sign-in."""
    current = connection.cookies.get(CSRF_COOKIE, "")
    if not current or not csrf_token_is_signed(services.settings.secret_key, current):
        set_csrf_cookie(response, connection, services, make_csrf_token(services.settings.secret_key))


def end_session_cookies(response: Response[Any]) -> None:
    response.delete_cookie(SESSION_COOKIE, path=SESSION_COOKIE_PATH)


def current_session(connection: ASGIConnection[Any, Any, Any, Any]) -> Session | None:
    session: Session | None = connection.state.get("admin_session")
    return session


def current_admin(request: Request[Any, Any, Any]) -> AdminUser:
    """Dependency for guarded handlers: the signed-in, role-checked admin."""
    admin: AdminUser = request.state["admin"]
    return admin


async def load_session(connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices) -> Session | None:
    token = connection.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    return await services.sessions.get(token)


async def check_admin(services: AdminServices, session: Session) -> AdminUser:
    """The per-request role check; ends the user's sessions when they are no longer admin."""
    user = IdentityUser(session.user.id, session.user.email)
    try:
        admin = await services.authorise(user)
    except RoleLookupFailed as exc:
        log.error("role check failed", user_id=session.user.id, error=str(exc))
        raise AdminError(503, ROLE_CHECK_FAILED) from exc
    if admin is None:
        await services.sessions.delete_user(session.user.id)
        raise AdminError(403, USER_NOT_AUTHORIZED, end_session=True)
    return admin


def check_csrf(
    connection: ASGIConnection[Any, Any, Any, Any], services: AdminServices, session: Session | None
) -> None:
    header = connection.headers.get(CSRF_HEADER, "")
    cookie = connection.cookies.get(CSRF_COOKIE, "")
    ok = (
        bool(header)
        and hmac.compare_digest(header, cookie)
        and csrf_token_is_signed(services.settings.secret_key, header)
        and (session is None or hmac.compare_digest(header, session.csrf_token))
    )
    if not ok:
        raise AdminError(403, CSRF_REFUSED)


async def admin_guard(connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler) -> None:
    services = services_of(connection)
    session = await load_session(connection, services)
    connection.state["admin_session"] = session
    if not handler.opt.get(PUBLIC, False):
        if session is None:
            raise AdminError(401, NOT_SIGNED_IN, end_session=connection.cookies.get(SESSION_COOKIE) is not None)
        connection.state["admin"] = await check_admin(services, session)
    if isinstance(connection, Request) and connection.method not in SAFE_METHODS:
        check_csrf(connection, services, session)


def admin_error_response(_: Request[Any, Any, Any], exc: AdminError) -> Response[dict[str, str]]:
    response = Response({"message": exc.message}, status_code=exc.status_code)
    if exc.end_session:
        end_session_cookies(response)
    return response
