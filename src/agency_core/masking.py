"""Masks for personal data in logs."""

from __future__ import annotations


def mask_phone(phone: str) -> str:
    """``+233241234567`` -> ``+2332******67``: the country code stays readable."""
    keep_start, keep_end = 5, 2
    if len(phone) <= keep_start + keep_end:
        return "*" * len(phone)
    return phone[:keep_start] + "*" * (len(phone) - keep_start - keep_end) + phone[-keep_end:]


def mask_email(email: str) -> str:
    """``kofi.mensah@example.com`` -> ``k***@example.com``."""
    local, at, domain = email.partition("@")
    if not at:
        return "*" * len(email)
    return f"{local[:1]}***@{domain}"
