"""The public JSON API: forms (rate limited per client address), the blog, error handlers."""

from __future__ import annotations

from litestar import Router

from app.api.appointment_change import AppointmentChangePage
from app.api.appointment_slots import appointment_slots, window_slots
from app.api.blog import BlogPosts
from app.api.delivery_reports import DeliveryReportRoutes
from app.api.errors import exception_handlers
from app.api.fees import FeeLookup, fee_policy
from app.api.forms import PublicForms
from app.api.job_alerts import JobAlertUnsubscribe, UnsubscribePage
from app.api.jobs import PublicJobs
from app.api.legal import legal
from app.api.newsletter import ConfirmPage, NewsletterOneClick, NewsletterUnsubscribePage
from app.api.payments import PaymentInfo, PaymentLookup, PaymentStart
from app.api.tracking import Tracking
from app.rate_limit import REPORT_RATE_LIMITER, shared_rate_limit
from app.settings import Settings
from app.whatsapp.webhook import WhatsAppWebhookRoutes

__all__ = ["build_api_router", "exception_handlers"]


def build_api_router(settings: Settings) -> Router:
    limit = settings.api.rate_limit_per_minute
    forms = Router(
        path="/",
        route_handlers=[PublicForms, PaymentStart, PaymentLookup, Tracking, FeeLookup],
        # Counted in the shared store (see app.rate_limit), so every instance enforces one limit.
        middleware=[shared_rate_limit("forms")] if limit > 0 else [],
    )
    reports = Router(
        path="/",
        route_handlers=[DeliveryReportRoutes],
        # A gateway posts reports in bursts from a few addresses: a limit of its own (not the forms').
        middleware=[shared_rate_limit("sms-reports", REPORT_RATE_LIMITER)] if settings.sms_reports.per_minute else [],
    )
    return Router(
        path="/",
        route_handlers=[
            forms,
            reports,
            BlogPosts,
            PaymentInfo,
            PublicJobs,
            JobAlertUnsubscribe,
            UnsubscribePage,
            NewsletterOneClick,
            ConfirmPage,
            NewsletterUnsubscribePage,
            legal,
            fee_policy,
            appointment_slots,
            window_slots,
            AppointmentChangePage,
            WhatsAppWebhookRoutes,
        ],
    )
