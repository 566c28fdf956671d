"""Settings of what the public site tells people about itself: its public address (the ``/track``
link of every status SMS) and the legal facts of the privacy notice (see ``.env.example``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"


class SiteSettingsError(ValueError):
    """A wrong site setting; the message is one line fit for the operator."""


def _public_url(raw: str | None) -> str:
    url = (raw or "").strip().rstrip("/") or DEFAULT_PUBLIC_URL
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SiteSettingsError(f"AGENCY_PUBLIC_URL must be an http(s) address like https://vandytravel.com: {url!r}")
    return url


@dataclass(frozen=True, slots=True)
class SiteSettings:
    public_url: str = DEFAULT_PUBLIC_URL
    """Where the public site is reached; status texts link to ``<public_url>/track``."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> SiteSettings:
        return cls(public_url=_public_url(env.get("AGENCY_PUBLIC_URL")))
