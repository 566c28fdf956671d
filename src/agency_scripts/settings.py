"""What a script reads from the environment besides the app's own settings (``AGENCY_*``)."""

from __future__ import annotations

import getpass
import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import phonenumbers

from agency_core.messaging.sms_texts import track_link
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from app.settings import Settings, SettingsError

DEFAULT_CONCURRENCY = 10
GATEWAY_POOL = 20
"""The HTTP gateway's connection pool (``adapters.sms_http``): sends in flight never exceed it."""


def _loopback(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def script_track_url(settings: Settings) -> str:
    """The ``/track`` link of a script's texts: only from ``AGENCY_SITE_URL``, never a loopback
    address (a phone cannot open it); production without a public one is refused."""
    public = settings.site_url if settings.site_url and not _loopback(settings.site_url) else ""
    if settings.production and not public:
        raise SettingsError(
            "AGENCY_ENV=production needs AGENCY_SITE_URL set to the public address (https://...): "
            "status texts link to its /track page"
        )
    return track_link(public)


@dataclass(frozen=True, slots=True)
class ScriptSettings:
    """``AGENCY_PHONE_REGION`` (default GH): the region a local phone number is read in, unless a
    call names one; ``AGENCY_SCRIPT_ACTOR``: the actor of the audit entries (default
    ``script:<user>``); ``AGENCY_SCRIPT_CONCURRENCY``: sends in flight at once (1-20, default 10)."""

    phone_region: str = DEFAULT_PHONE_REGION
    actor: str = "script"
    concurrency: int = DEFAULT_CONCURRENCY

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ScriptSettings:
        region = (env.get("AGENCY_PHONE_REGION") or DEFAULT_PHONE_REGION).strip().upper()
        if region not in phonenumbers.SUPPORTED_REGIONS:
            raise SettingsError(f"AGENCY_PHONE_REGION must be a two-letter country code such as GH: {region!r}")
        actor = (env.get("AGENCY_SCRIPT_ACTOR") or "").strip() or f"script:{getpass.getuser()}"
        raw = (env.get("AGENCY_SCRIPT_CONCURRENCY") or str(DEFAULT_CONCURRENCY)).strip()
        if not raw.isdigit() or not 1 <= int(raw) <= GATEWAY_POOL:
            raise SettingsError(f"AGENCY_SCRIPT_CONCURRENCY must be a whole number from 1 to {GATEWAY_POOL}")
        return cls(region, actor, int(raw))
