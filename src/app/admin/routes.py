"""The admin area's guarded route handlers.

Add the admin area's controllers and handlers (dashboard, applications, jobs, messages,
blog, settings...) to ``ADMIN_HANDLERS``; their paths are relative to ``/api/admin``. Every
one of them is guarded by :func:`app.admin.security.admin_guard` (401 signed out, 403 not
admin, CSRF on state-changing methods) and may take ``admin: AdminUser`` as a dependency.
``tests/admin/test_guards.py`` walks the app's route table to prove it.
"""

from __future__ import annotations

from litestar.types import ControllerRouterHandler

ADMIN_HANDLERS: list[ControllerRouterHandler] = []
