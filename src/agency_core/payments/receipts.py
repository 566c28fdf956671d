"""Numbered receipts of paid processing fees: the number, the link that opens one, and its e-mail.

Each paid fee gets the next receipt number, in the same unit of work that records the payment as
paid (the stores refuse a number that is not the next one, so numbers have no gaps and no
duplicates across instances). The receipt page is opened with a token only the server can make
(HMAC-SHA256 of the application ID and the number, keyed with ``AGENCY_SECRET_KEY``): a guessed
application ID shows nothing.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import Final
from urllib.parse import quote
from zoneinfo import ZoneInfo

from agency_core.messaging.email import Email
from agency_core.messaging.templates import DEFAULTS, Texts, render
from agency_core.spec.constants import AGENCY_TIME_ZONE

RECEIPT_PATH: Final = "/receipt"


def receipt_label(number: int) -> str:
    """As printed: ``000042``."""
    return f"{number:06d}"


def receipt_token(secret: str, application_id: str, number: int) -> str:
    digest = hmac.new(secret.encode(), f"receipt:{application_id}:{number}".encode(), hashlib.sha256)
    return digest.hexdigest()[:32]


def token_matches(secret: str, application_id: str, number: int, token: str) -> bool:
    return hmac.compare_digest(receipt_token(secret, application_id, number).encode(), token.strip().encode())


def receipt_path(secret: str, application_id: str, number: int) -> str:
    """``/receipt/VA123?token=...`` (site-relative)."""
    return f"{RECEIPT_PATH}/{quote(application_id)}?token={receipt_token(secret, application_id, number)}"


@dataclass(frozen=True, slots=True)
class Receipt:
    """What a receipt shows (the agency's legal facts are added where it is rendered)."""

    number: int
    application_id: str
    payer: str
    amount: str
    """``USD 50``."""
    label: str
    """``$50``."""
    currency: str
    channel: str
    paid_at: datetime
    reference: str
    refunded: str = ""
    """``Partly refunded: USD 20`` when part or all of it was refunded, else ""."""
    time_zone: str = AGENCY_TIME_ZONE
    """The office's zone, that the receipt's date and time are told in (as ``/track`` tells them)."""

    @property
    def paid_on(self) -> str:
        """``28 November 2026, 02:15 PM GMT``: the wall-clock time at the office and the zone's name."""
        local = self.paid_at.astimezone(ZoneInfo(self.time_zone))
        return f"{local:%d %B %Y, %I:%M %p} {local.tzname() or self.time_zone}"


def receipt_email(to: str, receipt: Receipt, link: str, texts: Texts = DEFAULTS) -> Email:
    values = {
        "name": receipt.payer.strip(),
        "application_id": receipt.application_id,
        "receipt_number": receipt_label(receipt.number),
        "amount": receipt.amount,
        "channel": receipt.channel,
        "paid_at": receipt.paid_on,
        "reference": receipt.reference,
        "receipt_link": link,
    }
    return Email(to, render("email.receipt.subject", values, texts), render("email.receipt.body", values, texts))
