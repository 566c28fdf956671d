"""Every setting the app and the scripts read under our prefixes (:data:`CHECKED_PREFIXES`): in
production a variable with one of those prefixes that is not in this list stops the start, so a
misspelt name (``AGENCY_SMS_REPORT_SECRT``, ``PAYSTACK_SECRT_KEY``) is not silently ignored while
its setting falls back to a default. ``tests/test_known_settings.py`` keeps the list
equal to the names the code reads and to ``.env.example``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

KNOWN_SETTINGS: Final = frozenset(
    (
        "AGENCY_ADMIN_PHONES",
        "AGENCY_APPLICATION_FEE",
        "AGENCY_APPOINTMENT_CAPACITY",
        "AGENCY_BULK_SMS_PER_MINUTE",
        "AGENCY_BULK_UNDO_SECONDS",
        "AGENCY_PACK_DAYS",
        "AGENCY_PACK_REMINDER_DAYS",
        "AGENCY_CLIENT_BODY_MIN_BPS",
        "AGENCY_CLIENT_DIST",
        "AGENCY_CLIENT_HEADER_TIMEOUT_S",
        "AGENCY_DATA_DIR",
        "AGENCY_DATA_REQUEST_CONTACT",
        "AGENCY_DEMO",
        "AGENCY_DPC_REGISTRATION",
        "AGENCY_ENV",
        "AGENCY_FILES_BUCKET",
        "AGENCY_FILES_KEY",
        "AGENCY_FILE_STORAGE",
        "AGENCY_IDENTITY",
        "AGENCY_LABOUR_LICENCE",
        "AGENCY_LEGAL_ADDRESS",
        "AGENCY_LEGAL_NAME",
        "AGENCY_MAX_BODY_BYTES",
        "AGENCY_MESSAGES",
        "AGENCY_METRICS",
        "AGENCY_METRICS_TOKEN",
        "AGENCY_NEWSLETTER_PER_MINUTE",
        "AGENCY_NOW",
        "AGENCY_OFFICES",
        "AGENCY_OFFICE_TIME_ZONE",
        "AGENCY_OUTBOX_LEASE_S",
        "AGENCY_OUTBOX_MAX_ATTEMPTS",
        "AGENCY_OUTBOX_POLL_S",
        "AGENCY_OUTBOX_RETRY_BASE_S",
        "AGENCY_OUTBOX_RETRY_CAP_S",
        "AGENCY_PHONE_REGION",
        "AGENCY_RATE_LIMIT",
        "AGENCY_RETENTION_ALERTS_DAYS",
        "AGENCY_RETENTION_APPOINTMENTS_DAYS",
        "AGENCY_RETENTION_DOCUMENTS_DAYS",
        "AGENCY_RETENTION_MESSAGES_DAYS",
        "AGENCY_ROLES",
        "AGENCY_SCRIPT_ACTOR",
        "AGENCY_SCRIPT_CONCURRENCY",
        "AGENCY_SECRET_KEY",
        "AGENCY_SENTRY_DSN",
        "AGENCY_SESSION_TTL",
        "AGENCY_SIGN_IN_MAX_DELAY_S",
        "AGENCY_SITE_URL",
        "AGENCY_SMS_API_KEY",
        "AGENCY_SMS_BASE_URL",
        "AGENCY_SMS_DELIVERY_DEADLINE_MIN",
        "AGENCY_SMS_REPORT_RATE_PER_MIN",
        "AGENCY_SMS_REPORT_SECRET",
        "AGENCY_SMS_SENDER",
        "AGENCY_SMS_SETTLE_WAIT_MIN",
        "AGENCY_SMTP_FROM",
        "AGENCY_SMTP_HOST",
        "AGENCY_SMTP_PASSWORD",
        "AGENCY_SMTP_PORT",
        "AGENCY_SMTP_STARTTLS",
        "AGENCY_SMTP_USERNAME",
        "AGENCY_STORE",
        "AGENCY_TRUSTED_PROXIES",
        "AGENCY_WELFARE_DEFAULT_STAFF",
        "AGENCY_WHATSAPP_ACCESS_TOKEN",
        "AGENCY_WHATSAPP_API_URL",
        "AGENCY_WHATSAPP_API_VERSION",
        "AGENCY_WHATSAPP_APP_SECRET",
        "AGENCY_WHATSAPP_FALLBACK_MIN",
        "AGENCY_WHATSAPP_PHONE_NUMBER_ID",
        "AGENCY_WHATSAPP_VERIFY_TOKEN",
        "FIREBASE_API_KEY",
        "FIREBASE_AUTH_DOMAIN",
        "FIREBASE_AUTH_EMULATOR_HOST",
        "FIREBASE_PROJECT_ID",
        "PAYSTACK_BASE_URL",
        "PAYSTACK_PUBLIC_KEY",
        "PAYSTACK_SECRET_KEY",
    )
)
CHECKED_PREFIXES: Final = ("AGENCY_", "PAYSTACK_", "FIREBASE_")
SET_BY_THE_PLATFORM: Final = frozenset(("FIREBASE_CONFIG", "FIREBASE_WEBAPP_CONFIG"))
"""Firebase's hosting sets these for its own SDKs; nothing here reads them, and they are no typo."""


def unknown_settings(env: Mapping[str, str]) -> list[str]:
    """The names in ``env`` with a checked prefix that no part of the product reads, sorted."""
    return sorted(
        name
        for name in env
        if name.startswith(CHECKED_PREFIXES) and name not in KNOWN_SETTINGS and name not in SET_BY_THE_PLATFORM
    )
