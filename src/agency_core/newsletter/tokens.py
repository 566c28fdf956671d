"""The confirmation token (random, only its hash kept) and the signed unsubscribe token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Final

TOKEN_BYTES: Final = 32
"""256 random bits per confirmation token."""


def new_confirmation_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored of a confirmation token: whoever reads the database cannot confirm with it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def unsubscribe_token(secret: str, subscription_id: str) -> str:
    """A token only the holder of ``secret`` can make for ``subscription_id`` (HMAC-SHA256, URL-safe)."""
    digest = hmac.new(secret.encode(), f"newsletter-unsubscribe:{subscription_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def unsubscribe_token_ok(secret: str, subscription_id: str, token: str) -> bool:
    # Bytes, not str: compare_digest refuses non-ASCII text, and a URL can carry any.
    expected = unsubscribe_token(secret, subscription_id).encode()
    return hmac.compare_digest(expected, token.encode("utf-8", "surrogatepass"))
