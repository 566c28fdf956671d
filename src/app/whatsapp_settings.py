"""WhatsApp Cloud API settings (see ``.env.example`` and ``docs/whatsapp.md``).

The channel is on when all four of ``AGENCY_WHATSAPP_PHONE_NUMBER_ID``, ``AGENCY_WHATSAPP_ACCESS_TOKEN``,
``AGENCY_WHATSAPP_APP_SECRET`` and ``AGENCY_WHATSAPP_VERIFY_TOKEN`` are set, off when none is. A partial
set stops a production start naming what is missing (elsewhere the channel stays off and the start says
why). ``AGENCY_WHATSAPP_FALLBACK_MIN`` (default 15): a WhatsApp message not delivered this many minutes
after it was queued goes by SMS. ``AGENCY_WHATSAPP_API_URL`` points at another Graph API (a local Cloud
API in tests); ``AGENCY_WHATSAPP_API_VERSION`` names the Graph API version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

DEFAULT_API_URL: Final = "https://graph.facebook.com"
DEFAULT_API_VERSION: Final = "v21.0"
DEFAULT_FALLBACK_MIN: Final = 15
MAX_FALLBACK_MIN: Final = 24 * 60
REQUIRED: Final = (
    "AGENCY_WHATSAPP_PHONE_NUMBER_ID",
    "AGENCY_WHATSAPP_ACCESS_TOKEN",
    "AGENCY_WHATSAPP_APP_SECRET",
    "AGENCY_WHATSAPP_VERIFY_TOKEN",
)


class WhatsAppSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class WhatsAppSettings:
    phone_number_id: str = ""
    access_token: str = ""
    app_secret: str = ""
    verify_token: str = ""
    fallback_after: timedelta = timedelta(minutes=DEFAULT_FALLBACK_MIN)
    api_url: str = DEFAULT_API_URL
    api_version: str = DEFAULT_API_VERSION
    missing: tuple[str, ...] = ()
    """Outside production, the names a partial set lacks (the channel is then off)."""

    @property
    def enabled(self) -> bool:
        return all((self.phone_number_id, self.access_token, self.app_secret, self.verify_token))

    @property
    def status_line(self) -> str:
        """What the admin settings page shows."""
        if self.enabled:
            return f"On (phone number ID {self.phone_number_id}; SMS fallback after {self.fallback_minutes} min)"
        if self.missing:
            return "Off: " + ", ".join(self.missing) + " not set"
        return "Off (no AGENCY_WHATSAPP_* settings)"

    @property
    def fallback_minutes(self) -> int:
        return int(self.fallback_after.total_seconds() // 60)

    @classmethod
    def from_env(cls, env: Mapping[str, str], *, production: bool = False) -> WhatsAppSettings:
        values = {name: (env.get(name) or "").strip() for name in REQUIRED}
        missing = tuple(name for name, value in values.items() if not value)
        if missing and len(missing) < len(REQUIRED) and production:
            raise WhatsAppSettingsError(
                "AGENCY_ENV=production needs every WhatsApp setting once one is set: "
                + ", ".join(missing)
                + " missing (or unset them all to turn the channel off)"
            )
        api_url = (env.get("AGENCY_WHATSAPP_API_URL") or DEFAULT_API_URL).strip().rstrip("/")
        if not api_url.startswith(("https://", "http://")):
            raise WhatsAppSettingsError("AGENCY_WHATSAPP_API_URL must be an http(s) URL")
        version = (env.get("AGENCY_WHATSAPP_API_VERSION") or DEFAULT_API_VERSION).strip()
        return cls(
            phone_number_id=values["AGENCY_WHATSAPP_PHONE_NUMBER_ID"],
            access_token=values["AGENCY_WHATSAPP_ACCESS_TOKEN"],
            app_secret=values["AGENCY_WHATSAPP_APP_SECRET"],
            verify_token=values["AGENCY_WHATSAPP_VERIFY_TOKEN"],
            fallback_after=timedelta(minutes=_fallback_min(env)),
            api_url=api_url,
            api_version=version,
            missing=missing if len(missing) < len(REQUIRED) else (),
        )


def _fallback_min(env: Mapping[str, str]) -> int:
    name = "AGENCY_WHATSAPP_FALLBACK_MIN"
    raw = (env.get(name) or "").strip()
    if not raw:
        return DEFAULT_FALLBACK_MIN
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_FALLBACK_MIN:
        raise WhatsAppSettingsError(f"{name} must be a whole number of minutes from 1 to {MAX_FALLBACK_MIN}")
    return int(raw)
