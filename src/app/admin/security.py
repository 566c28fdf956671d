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
from dataclasses import dataclass
from typing import Any, Final

import structlog
from litestar import Request, Response
from litestar.connection import ASGIConnection
from litestar.exceptions import HTTPException
from litestar.handlers.base import BaseRouteHandler

from agency_core.errors import Refusal, SignInRefused
from agency_core.signin.identity import CSRF_REFUSED, NOT_SIGNED_IN, AdminUser
from agency_core.signin.service import SignIn
from agency_core.signin.sessions import Session
from app.use_case_errors import REFUSAL_STATUS

log = structlog.get_logger("app.admin")

PUBLIC = "admin_public"
"""Handler opt key: the route is reachable signed out (CSRF still applies to unsafe methods)."""

SESSION_COOKIE = "agency_session"
SESSION_COOKIE_PATH = "/api/admin"
CSRF_COOKIE = "csrftoken"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

SIGN_IN: Final = "sign_in"
ADMIN_COOKIES: Final = "admin_cookies"
"""``app.state`` keys the guard reads (set once, by :func:`app.dependencies.state_of`)."""


@dataclass(frozen=True, slots=True)
class AdminCookies:
    """How the session and CSRF cookies are made: signing key, ``Secure`` in production, lifetime."""

    secret_key: str
    production: bool
    session_ttl_s: float


class AdminError(HTTPException):
    """An admin API refusal, answered as ``{"message": ...}`` with the given status."""

    def __init__(self, status_code: int, message: str, *, end_session: bool = False) -> None:
        super().__init__(detail=message, status_code=status_code)
        self.message = message
        self.end_session = end_session


def admin_error(refused: SignInRefused, *, end_session: bool = False) -> AdminError:
    return AdminError(REFUSAL_STATUS[refused.reason], refused.message, end_session=end_session)


def make_csrf_token(secret: str) -> str:
    nonce = secrets.token_urlsafe(24)
    mac = hmac.new(secret.encode(), nonce.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{nonce}.{mac}"


def same_token(given: str, expected: str) -> bool:
    """Constant-time equality as bytes: ``hmac.compare_digest`` raises on non-ASCII text, and a
    header or cookie can carry any."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def csrf_token_is_signed(secret: str, token: str) -> bool:
    nonce, _, mac = token.partition(".")
    expected = hmac.new(secret.encode(), nonce.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]
    return bool(nonce) and same_token(mac, expected)


def is_secure(connection: ASGIConnection[Any, Any, Any, Any], cookies: AdminCookies) -> bool:
    return connection.url.scheme == "https" or cookies.production


def set_session_cookies(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], cookies: AdminCookies, session: Session
) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        session.token,
        path=SESSION_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=is_secure(connection, cookies),
        max_age=int(cookies.session_ttl_s),
    )
    set_csrf_cookie(response, connection, cookies, session.csrf_token)


def set_csrf_cookie(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], cookies: AdminCookies, token: str
) -> None:
    response.set_cookie(
        CSRF_COOKIE, token, path="/", httponly=False, samesite="lax", secure=is_secure(connection, cookies)
    )


def ensure_csrf_cookie(
    response: Response[Any], connection: ASGIConnection[Any, Any, Any, Any], cookies: AdminCookies
) -> None:
    """Give a signed-out browser a signed token to send back with its sign-in."""
    current = connection.cookies.get(CSRF_COOKIE, "")
    if not current or not csrf_token_is_signed(cookies.secret_key, current):
        set_csrf_cookie(response, connection, cookies, make_csrf_token(cookies.secret_key))


def end_session_cookies(response: Response[Any]) -> None:
    response.delete_cookie(SESSION_COOKIE, path=SESSION_COOKIE_PATH)


def current_session(connection: ASGIConnection[Any, Any, Any, Any]) -> Session | None:
    session: Session | None = connection.state.get("admin_session")
    return session


def current_admin(request: Request[Any, Any, Any]) -> AdminUser:
    """Dependency for guarded handlers: the signed-in, role-checked admin."""
    admin: AdminUser = request.state["admin"]
    return admin


async def check_admin(sign_in: SignIn, session: Session) -> AdminUser:
    """The per-request role check (:meth:`SignIn.check`) as the admin API answers it."""
    try:
        return await sign_in.check(session)
    except SignInRefused as refused:
        if refused.reason is Refusal.ROLE_CHECK_FAILED:
            log.error("role check failed", user_id=session.user.id, error=refused.detail)
        raise admin_error(refused, end_session=refused.reason is Refusal.NOT_AUTHORIZED) from None


def check_csrf(connection: ASGIConnection[Any, Any, Any, Any], secret_key: str, session: Session | None) -> None:
    header = connection.headers.get(CSRF_HEADER, "")
    cookie = connection.cookies.get(CSRF_COOKIE, "")
    ok = (
        bool(header)
        and same_token(header, cookie)
        and csrf_token_is_signed(secret_key, header)
        and (session is None or same_token(header, session.csrf_token))
    )
    if not ok:
        raise AdminError(403, CSRF_REFUSED)


async def admin_guard(connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler) -> None:
    sign_in: SignIn = connection.app.state[SIGN_IN]
    cookies: AdminCookies = connection.app.state[ADMIN_COOKIES]
    session = await sign_in.session(connection.cookies.get(SESSION_COOKIE))
    connection.state["admin_session"] = session
    if not handler.opt.get(PUBLIC, False):
        if session is None:
            raise AdminError(401, NOT_SIGNED_IN, end_session=connection.cookies.get(SESSION_COOKIE) is not None)
        connection.state["admin"] = await check_admin(sign_in, session)
    if isinstance(connection, Request) and connection.method not in SAFE_METHODS:
        check_csrf(connection, cookies.secret_key, session)


def admin_error_response(_: Request[Any, Any, Any], exc: AdminError) -> Response[dict[str, str]]:
    response = Response({"message": exc.message}, status_code=exc.status_code)
    if exc.end_session:
        end_session_cookies(response)
    return response
