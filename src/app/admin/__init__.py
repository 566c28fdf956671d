"""The admin API under ``/api/admin``: sign-in session routes and the guarded admin area.

``build_admin_router(settings)`` returns one Litestar ``Router``; everything registered in it
is guarded (see :mod:`app.admin.security`) except the session routes and, in demo mode only,
``GET /api/admin/demo-credentials``; every write takes only its declared body type
(:mod:`app.admin.json_only`).
"""

from __future__ import annotations

from collections.abc import Sequence

from litestar import Router
from litestar.di import Provide
from litestar.types import ControllerRouterHandler

from app.admin import routes
from app.admin.json_only import declared_body_only
from app.admin.security import AdminError, admin_error_response, admin_guard, current_admin
from app.admin.session import demo_credentials, sign_in, sign_out, who_am_i
from app.settings import Settings
from app.use_case_errors import USE_CASE_ERRORS

ADMIN_PATH = "/api/admin"


def build_admin_router(settings: Settings, extra_handlers: Sequence[ControllerRouterHandler] = ()) -> Router:
    handlers: list[ControllerRouterHandler] = [sign_in, who_am_i, sign_out]
    if settings.demo:
        handlers.append(demo_credentials)
    handlers.extend(routes.ADMIN_HANDLERS)
    handlers.extend(extra_handlers)
    return Router(
        path=ADMIN_PATH,
        route_handlers=handlers,
        guards=[admin_guard, declared_body_only],
        dependencies={"admin": Provide(current_admin, sync_to_thread=False)},
        exception_handlers={**USE_CASE_ERRORS, AdminError: admin_error_response},
        tags=["admin"],
    )


__all__ = ["ADMIN_PATH", "build_admin_router"]
