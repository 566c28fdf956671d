"""The ports the core needs; adapters implement them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

SMS_FAILED = "Failed to send SMS"
"""The fallback failure message when the gateway gives none (spec section 8)."""


@dataclass(frozen=True, slots=True)
class SmsResult:
    """What one SMS send came to: ``{success, message, data}`` as in spec section 7."""

    success: bool
    message: str
    data: object = None


class SmsGateway(Protocol):
    """Sends one text to one phone number. Never raises: a failure is a result."""

    async def send(self, phone: str, message: str) -> SmsResult: ...
