"""Litestar dependencies, built once from the container: every handler, public or admin, names the
services it uses (``agency``, ``applications_admin``, ``files``...) and never sees the container or ``app.state``.

Guards and middleware cannot take dependencies; they read the few narrow objects of
:func:`state_of` from ``app.state``.
"""

from __future__ import annotations

from collections.abc import Callable

from litestar.datastructures import State
from litestar.di import Provide

from app.admin.security import ADMIN_COOKIES, SIGN_IN, AdminCookies
from app.client_address import TRUSTED_PROXIES
from app.container import Container
from app.health import Readiness
from app.rate_limit import RATE_LIMITER, REPORT_RATE_LIMITER


def _constant(value: object) -> Callable[[], object]:
    def provide() -> object:
        return value

    return provide


def dependencies_of(container: Container) -> dict[str, Provide]:
    provided: dict[str, object] = {
        "settings": container.settings,
        "agency": container.agency,
        "bookings": container.bookings,
        "appointment_changes": container.appointment_changes,
        "payments": container.payments,
        "fee_policy": container.fee_policy,
        "refunds": container.refunds,
        "job_board": container.job_board,
        "job_alerts": container.job_alert_mailer,
        "newsletter": container.newsletter,
        "newsletter_issues": container.newsletter_issues,
        "tracking": container.tracking,
        "whatsapp_opt_ins": container.whatsapp_optins.opt_ins,
        "whatsapp_stop": container.whatsapp_optins.stop,
        "whatsapp_on_records": container.whatsapp_optins.on_records,
        "whatsapp_webhook": container.whatsapp.webhook,
        "applications_admin": container.staff.applications,
        "appointments_admin": container.staff.appointments,
        "jobs_admin": container.staff.jobs,
        "blog_admin": container.staff.blog,
        "messages_admin": container.staff.messages,
        "subscribers_admin": container.staff.subscribers,
        "settings_admin": container.staff.settings,
        "phones_admin": container.staff.phones,
        "dashboard_admin": container.staff.dashboard,
        "operations": container.operations,
        "pipeline_admin": container.staff.pipeline,
        "employers_admin": container.staff.employers,
        "orders_admin": container.staff.orders,
        "packs_admin": container.staff.packs,
        "employer_packs": container.staff.employer_packs,
        "documents_admin": container.staff.documents,
        "gates_admin": container.staff.gates,
        "pipeline_board": container.staff.board,
        "stage_report": container.staff.report,
        "welfare": container.welfare,
        "templates": container.message_templates,
        "bulk": container.bulk,
        "notes": container.notes,
        "files": container.files,
        "media": container.media,
        "data_requests": container.data_requests,
        "sign_in": container.sign_in,
        "delivery_reports": container.delivery_reports,
        "admin_cookies": admin_cookies(container),
        "readiness": Readiness(container.readiness_checks()),
    }
    return {name: Provide(_constant(value), use_cache=True, sync_to_thread=False) for name, value in provided.items()}


def admin_cookies(container: Container) -> AdminCookies:
    s = container.settings
    return AdminCookies(s.secret_key, s.production, container.sign_in.sessions.ttl_s)


def state_of(container: Container) -> State:
    """What guards and middleware read: the sign-in service and cookie policy (admin guard), the
    public rate limiter and the trusted proxies (client address). The container itself is there
    for tests to reach the stores; no handler, guard or middleware reads it."""
    return State(
        {
            "container": container,
            SIGN_IN: container.sign_in,
            ADMIN_COOKIES: admin_cookies(container),
            RATE_LIMITER: container.rate_limiter,
            REPORT_RATE_LIMITER: container.report_rate_limiter,
            TRUSTED_PROXIES: container.settings.api.trusted_proxies,
        }
    )
