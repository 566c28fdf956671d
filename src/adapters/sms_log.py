"""The SMS gateway of the embedded default: no account needed, every text goes to the log."""

from __future__ import annotations

import logging

from agency_core.masking import mask_phone
from agency_core.ports import SmsResult

logger = logging.getLogger(__name__)


class LoggingSmsGateway:
    """Implements :class:`agency_core.ports.SmsGateway` by logging; always succeeds."""

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SmsResult:
        logger.info(
            "SMS (no gateway configured) %s to %s: %s",
            idempotency_key or "-",
            mask_phone(phone),
            message.replace("\n", " | "),
        )
        return SmsResult(True, "SMS logged (no gateway configured)", {"recipients": [phone]})

    async def aclose(self) -> None:
        return None
