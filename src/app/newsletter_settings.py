"""The newsletter's settings from the environment: how many newsletter e-mails the outbox sends a minute."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

MAX_PER_MINUTE: Final = 10_000


class NewsletterSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class NewsletterSettings:
    per_minute: int = 60
    """``AGENCY_NEWSLETTER_PER_MINUTE``: newsletter e-mails due per minute of a send (the mail server's limit)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> NewsletterSettings:
        raw = (env.get("AGENCY_NEWSLETTER_PER_MINUTE") or "60").strip()
        if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_PER_MINUTE:
            raise NewsletterSettingsError(
                f"AGENCY_NEWSLETTER_PER_MINUTE must be a whole number from 1 to {MAX_PER_MINUTE}"
            )
        return cls(int(raw))
