"""``/api/admin/session`` (sign in, who am I, sign out) and ``/api/admin/demo-credentials``."""

from __future__ import annotations

import math
from typing import Any

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.exceptions import ValidationException
from litestar.params import JSONBody

from agency_core.identity import (
    DEMO_ADMIN_EMAIL,
    DEMO_ADMIN_PASSWORD,
    LOGOUT_FAILED,
    NOT_SIGNED_IN,
    ROLE_CHECK_FAILED,
    SIGN_IN_UNAVAILABLE,
    USER_NOT_AUTHORIZED,
    IdentityUnavailable,
    RoleLookupFailed,
    SignInFailed,
    normalise_email,
    too_many_attempts_message,
)
from app.admin.security import (
    PUBLIC,
    SESSION_COOKIE,
    AdminError,
    check_admin,
    current_session,
    end_session_cookies,
    ensure_csrf_cookie,
    make_csrf_token,
    services_of,
    set_csrf_cookie,
    set_session_cookies,
)
from app.admin.services import log
from app.client_address import client_address

EMAIL_AND_PASSWORD_REQUIRED = "Email and password are required"  # noqa: S105 - a message


class Credentials(msgspec.Struct, forbid_unknown_fields=False):
    email: str
    password: str


def _message(status: int, message: str) -> Response[dict[str, str]]:
    return Response({"message": message}, status_code=status)


def _bad_body(_: Request[Any, Any, Any], __: ValidationException) -> Response[dict[str, str]]:
    return _message(400, EMAIL_AND_PASSWORD_REQUIRED)


@post(
    "/session",
    opt={PUBLIC: True},
    status_code=200,
    summary="Sign in",
    exception_handlers={ValidationException: _bad_body},
)
async def sign_in(request: Request[Any, Any, Any], data: JSONBody[Credentials]) -> Response[dict[str, str]]:
    services = services_of(request)
    email = normalise_email(data.email)
    if not email or not data.password:
        return _message(400, EMAIL_AND_PASSWORD_REQUIRED)
    ip = client_address(request)
    limiter = services.sign_in_limiter
    admission = await limiter.admit(email, ip)
    if admission.refused:
        log.info("admin sign-in limited", email=email, ip=ip)
        response = _message(429, too_many_attempts_message(admission.retry_after_s))
        response.headers["Retry-After"] = str(math.ceil(admission.retry_after_s))
        return response
    await limiter.wait(admission)
    try:
        user = await services.identity.sign_in(email, data.password)
    except SignInFailed as failure:
        log.info("admin sign-in refused", email=email, ip=ip)
        return _message(401, failure.message)
    except IdentityUnavailable as exc:
        await limiter.not_a_failure(admission)
        log.error("identity provider unavailable", error=str(exc))
        return _message(503, SIGN_IN_UNAVAILABLE)
    await limiter.succeeded(admission)
    try:
        admin = await services.authorise(user, fresh=True)
    except RoleLookupFailed as exc:
        log.error("role check failed", user_id=user.id, error=str(exc))
        return _message(503, ROLE_CHECK_FAILED)
    if admin is None:
        log.info("admin sign-in not authorized", user_id=user.id)
        return _message(403, USER_NOT_AUTHORIZED)
    previous = request.cookies.get(SESSION_COOKIE)
    if previous:
        await services.sessions.delete(previous)
    session = await services.sessions.create(admin, make_csrf_token(services.settings.secret_key))
    log.info("admin signed in", user_id=admin.id)
    response = Response(admin.to_dict(), status_code=200)
    set_session_cookies(response, request, services, session)
    return response


@get("/session", opt={PUBLIC: True}, summary="The signed-in admin")
async def who_am_i(request: Request[Any, Any, Any]) -> Response[dict[str, str]]:
    services = services_of(request)
    session = current_session(request)
    if session is None:
        response = _message(401, NOT_SIGNED_IN)
        if request.cookies.get(SESSION_COOKIE):
            end_session_cookies(response)
        ensure_csrf_cookie(response, request, services)
        return response
    admin = await check_admin(services, session)
    response = Response(admin.to_dict(), status_code=200)
    set_csrf_cookie(response, request, services, session.csrf_token)
    return response


@delete("/session", opt={PUBLIC: True}, status_code=204, summary="Sign out")
async def sign_out(request: Request[Any, Any, Any]) -> Response[None]:
    services = services_of(request)
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        try:
            await services.sessions.delete(token)
        except Exception as exc:
            log.error("sign-out failed", error=str(exc))
            raise AdminError(500, LOGOUT_FAILED) from exc
    session = current_session(request)
    if session is not None:
        services.role_cache.forget(session.user.id)
    response: Response[None] = Response(None, status_code=204)
    end_session_cookies(response)
    set_csrf_cookie(response, request, services, make_csrf_token(services.settings.secret_key))
    return response


@get("/demo-credentials", opt={PUBLIC: True}, summary="Demo mode only: the default admin's credentials")
async def demo_credentials() -> dict[str, str]:
    return {"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD}
