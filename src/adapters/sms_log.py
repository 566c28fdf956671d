"""The SMS gateway without ``AGENCY_SMS_BASE_URL``: no account needed, no text leaves the process.

Each text is logged as a line with its outbox id, the masked phone and its length: never its body,
which holds names, e-mail addresses and links with tokens (an appointment's change link opens the
booking). Staff read the text itself in the admin area's outbox."""

from __future__ import annotations

import logging

from agency_core.masking import mask_phone
from agency_core.ports import SendResult

logger = logging.getLogger(__name__)


class LoggingSmsGateway:
    """Implements :class:`agency_core.ports.SmsGateway` by logging; always succeeds."""

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        logger.info(
            "SMS (no gateway configured, not sent) %s to %s: %d characters",
            idempotency_key or "-",
            mask_phone(phone),
            len(message),
        )
        return SendResult(True, "SMS logged (no gateway configured)", {"recipients": [phone]})

    async def aclose(self) -> None:
        return None
