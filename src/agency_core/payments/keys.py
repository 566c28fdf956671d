"""The payment key: a random secret per application, handed to the applicant at submission
(the API's answer and the confirmation e-mail) and needed to start a payment, because
application IDs ("VA" and a millisecond time, spec section 3) can be guessed.

Only its SHA-256 is stored: the key is random (192 bits), so a plain hash cannot be reversed
and a leaked database starts no payment.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

PAYMENT_KEY_BYTES: Final = 24
"""192 random bits (at least 128 are asked for)."""


def new_payment_key() -> str:
    return secrets.token_urlsafe(PAYMENT_KEY_BYTES)


def payment_key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def payment_key_matches(stored_hash: str, key: str) -> bool:
    """True when ``key`` is the application's key; an application without one (stored before
    keys existed) matches nothing, so it is paid at the office."""
    return bool(stored_hash) and secrets.compare_digest(stored_hash, payment_key_hash(key))
