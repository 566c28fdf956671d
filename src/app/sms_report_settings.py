"""Delivery reports from the SMS gateway: the callback URL's secret and when a text counts as late.

``AGENCY_SMS_REPORT_SECRET`` is the unguessable part of the callback URL the gateway is given (the
gateway does not sign its calls). Production with a gateway configured refuses to start without one
of at least 32 characters; elsewhere, unset, a random one is kept in the data directory.
``AGENCY_SMS_DELIVERY_DEADLINE_MIN`` (default 30): a text not delivered this many minutes after it
was sent is flagged for staff.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

from agency_core.messaging.delivery import DEFAULT_DEADLINE, MIN_SECRET_LENGTH

MAX_DEADLINE_MIN = 7 * 24 * 60


class SmsReportSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class SmsReportSettings:
    secret: str = ""
    """``AGENCY_SMS_REPORT_SECRET``; empty: a random one in ``AGENCY_DATA_DIR`` (never in production)."""
    deadline: timedelta = DEFAULT_DEADLINE

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> SmsReportSettings:
        secret = (env.get("AGENCY_SMS_REPORT_SECRET") or "").strip()
        production = (env.get("AGENCY_ENV") or "").strip().lower() == "production"
        gateway = bool((env.get("AGENCY_SMS_BASE_URL") or "").strip())
        if secret and len(secret) < MIN_SECRET_LENGTH:
            raise SmsReportSettingsError(f"AGENCY_SMS_REPORT_SECRET must be at least {MIN_SECRET_LENGTH} characters")
        if production and gateway and not secret:
            raise SmsReportSettingsError(
                "AGENCY_ENV=production needs AGENCY_SMS_REPORT_SECRET (32+ random characters) "
                "when AGENCY_SMS_BASE_URL is set: it guards the gateway's delivery report URL"
            )
        raw = (env.get("AGENCY_SMS_DELIVERY_DEADLINE_MIN") or "").strip()
        if not raw:
            return cls(secret)
        if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_DEADLINE_MIN:
            raise SmsReportSettingsError(
                f"AGENCY_SMS_DELIVERY_DEADLINE_MIN must be a whole number of minutes from 1 to {MAX_DEADLINE_MIN}"
            )
        return cls(secret, timedelta(minutes=int(raw)))


DELIVERY_REPORT_PATH = "/api/sms/delivery-reports"
"""The callback route; the secret rides in the query (``?key=``), which the access log leaves out."""


def report_url(origin: str, secret: str) -> str:
    """The URL the gateway reports to (each message adds ``&message=<outbox id>``)."""
    return f"{origin.rstrip('/')}{DELIVERY_REPORT_PATH}?key={secret}"
