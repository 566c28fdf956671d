"""Delivery reports from the SMS gateway: the callback URL's secret and when a text counts as late.

``AGENCY_SMS_REPORT_SECRET`` is the unguessable part of the callback URL the gateway is given (the
gateway does not sign its calls). Production with a gateway configured refuses to start without one
of at least 32 characters; elsewhere, unset, a random one is kept in the data directory.
``AGENCY_SMS_DELIVERY_DEADLINE_MIN`` (default 30): a text not delivered this many minutes after it
was sent is flagged for staff. ``AGENCY_SMS_SETTLE_WAIT_MIN`` (default 15): a text whose answer was
lost is held this many minutes for its delivery report before it is sent again.
``AGENCY_SMS_REPORT_RATE_PER_MIN`` (default 600, 0: off): reports taken per minute from one address,
a limit of their own sized for a gateway's bursts (the forms' limit is for people).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

from agency_core.messaging.delivery import DEFAULT_DEADLINE, DEFAULT_SETTLE_WAIT, MIN_SECRET_LENGTH

MAX_DEADLINE_MIN = 7 * 24 * 60
MAX_SETTLE_WAIT_MIN = 24 * 60
DEFAULT_REPORTS_PER_MIN = 600
MAX_REPORTS_PER_MIN = 100_000


class SmsReportSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class SmsReportSettings:
    secret: str = ""
    """``AGENCY_SMS_REPORT_SECRET``; empty: a random one in ``AGENCY_DATA_DIR`` (never in production)."""
    deadline: timedelta = DEFAULT_DEADLINE
    settle_wait: timedelta = DEFAULT_SETTLE_WAIT
    """``AGENCY_SMS_SETTLE_WAIT_MIN``: how long a text whose answer was lost waits for its report."""
    per_minute: int = DEFAULT_REPORTS_PER_MIN
    """``AGENCY_SMS_REPORT_RATE_PER_MIN``: reports per minute from one address; 0 turns the limit off."""

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
        deadline = _minutes(env, "AGENCY_SMS_DELIVERY_DEADLINE_MIN", DEFAULT_DEADLINE, MAX_DEADLINE_MIN)
        settle_wait = _minutes(env, "AGENCY_SMS_SETTLE_WAIT_MIN", DEFAULT_SETTLE_WAIT, MAX_SETTLE_WAIT_MIN)
        return cls(secret, deadline, settle_wait, _per_minute(env))


def _per_minute(env: Mapping[str, str]) -> int:
    name = "AGENCY_SMS_REPORT_RATE_PER_MIN"
    raw = (env.get(name) or "").strip()
    if not raw:
        return DEFAULT_REPORTS_PER_MIN
    if not raw.isascii() or not raw.isdigit() or int(raw) > MAX_REPORTS_PER_MIN:
        raise SmsReportSettingsError(f"{name} must be a whole number from 0 (no limit) to {MAX_REPORTS_PER_MIN}")
    return int(raw)


def _minutes(env: Mapping[str, str], name: str, default: timedelta, most: int) -> timedelta:
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= most:
        raise SmsReportSettingsError(f"{name} must be a whole number of minutes from 1 to {most}")
    return timedelta(minutes=int(raw))


DELIVERY_REPORT_PATH = "/api/sms/delivery-reports"
"""The callback route; the secret rides in the query (``?key=``), which the access log leaves out."""


def report_url(origin: str, secret: str) -> str:
    """The URL the gateway reports to (each message adds ``&message=<outbox id>``)."""
    return f"{origin.rstrip('/')}{DELIVERY_REPORT_PATH}?key={secret}"
