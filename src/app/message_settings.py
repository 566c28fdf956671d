"""``AGENCY_MESSAGES``: whether production may start without somewhere to deliver texts and e-mails.

Without ``AGENCY_SMS_BASE_URL`` a text, and without ``AGENCY_SMTP_HOST`` an e-mail, is only logged
(masked recipient, no body: ``adapters/sms_log.py``, ``adapters/email_log.py``) and stays in the
admin area's outbox. Outside production that is the default. Production refuses it unless
``AGENCY_MESSAGES=log-only`` says it is meant (a site that must not text or e-mail anyone yet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

SEND: Final = "send"
LOG_ONLY: Final = "log-only"


class MessageSettingsError(ValueError):
    pass


def log_only_from_env(env: Mapping[str, str]) -> bool:
    """``AGENCY_MESSAGES``: ``send`` (the default) or ``log-only``, in any case."""
    raw = env.get("AGENCY_MESSAGES") or SEND
    value = raw.strip().lower()
    if value not in (SEND, LOG_ONLY):
        raise MessageSettingsError(f"AGENCY_MESSAGES must be {SEND} or {LOG_ONLY}, not {raw!r}")
    return value == LOG_ONLY


def undeliverable_in_production(*, sms_gateway: bool, smtp_host: bool, log_only: bool) -> str | None:
    """The line that stops a production start with no gateway or no SMTP host, or None."""
    missing = [
        name
        for name, configured in (("AGENCY_SMS_BASE_URL", sms_gateway), ("AGENCY_SMTP_HOST", smtp_host))
        if not configured
    ]
    if not missing or log_only:
        return None
    return (
        f"AGENCY_ENV=production needs {' and '.join(missing)} to deliver texts and e-mails, "
        f"or AGENCY_MESSAGES={LOG_ONLY} to only log them (masked) and keep them in the admin outbox"
    )
