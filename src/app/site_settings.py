"""Settings of what the public site tells people about itself: the legal facts of the privacy
notice and the retention periods (see ``.env.example``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from agency_core.spec.numbers import ascii_whole_number


class SiteSettingsError(ValueError):
    """A wrong site setting; the message is one line fit for the operator."""


def parse_site_url(raw: str | None) -> str:
    """``AGENCY_SITE_URL``: the public origin without a trailing slash, or ``""`` when unset."""
    url = (raw or "").strip().rstrip("/")
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SiteSettingsError(f"AGENCY_SITE_URL must be an http(s) address like https://vandytravel.com: {url!r}")
    return url


def _days(env: Mapping[str, str], name: str, default: int) -> int:
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    days = ascii_whole_number(raw, max_digits=6)
    if days is None or days < 1:
        raise SiteSettingsError(f"{name} must be a whole number of days from 1")
    return days


@dataclass(frozen=True, slots=True)
class RetentionSettings:
    """How long personal data is kept (days), as the privacy notice states."""

    documents_days: int = 365
    """Files of rejected applications, and of received ones nobody touched."""
    messages_days: int = 365
    appointments_days: int = 365
    alerts_days: int = 730

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> RetentionSettings:
        return cls(
            documents_days=_days(env, "AGENCY_RETENTION_DOCUMENTS_DAYS", 365),
            messages_days=_days(env, "AGENCY_RETENTION_MESSAGES_DAYS", 365),
            appointments_days=_days(env, "AGENCY_RETENTION_APPOINTMENTS_DAYS", 365),
            alerts_days=_days(env, "AGENCY_RETENTION_ALERTS_DAYS", 730),
        )


NOT_SET = "not set"
DEMO_ONLY = "(sample, demo only)"
SAMPLE_LABOUR_LICENCE = f"SAMPLE-LD/PRA/0000 {DEMO_ONLY}"
SAMPLE_DPC_REGISTRATION = f"SAMPLE-DPC-0000 {DEMO_ONLY}"


@dataclass(frozen=True, slots=True)
class LegalFacts:
    """The facts of the privacy notice and the footer (Ghana's Data Protection Act, 2012, Act 843)."""

    legal_name: str = "Vandy Travel and Recruitment Services"
    address: str = "Adum, Kumasi, Ashanti Region, Ghana"
    dpc_registration: str = NOT_SET
    """The Data Protection Commission registration number."""
    labour_licence: str = NOT_SET
    """The Labour Department private employment agency licence number."""
    data_request_contact: str = "privacy@vandytravel.com"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LegalFacts:
        base = cls()

        def get(name: str, default: str) -> str:
            return (env.get(name) or "").strip() or default

        return cls(
            legal_name=get("AGENCY_LEGAL_NAME", base.legal_name),
            address=get("AGENCY_LEGAL_ADDRESS", base.address),
            dpc_registration=get("AGENCY_DPC_REGISTRATION", base.dpc_registration),
            labour_licence=get("AGENCY_LABOUR_LICENCE", base.labour_licence),
            data_request_contact=get("AGENCY_DATA_REQUEST_CONTACT", base.data_request_contact),
        )

    def with_demo_samples(self) -> LegalFacts:
        """A demo's facts: each number not set shows a marked sample, so the footer's "check our licence
        number" points at a number, not at "not set". Production requires the real ones instead."""
        return replace(
            self,
            dpc_registration=SAMPLE_DPC_REGISTRATION if self.dpc_registration == NOT_SET else self.dpc_registration,
            labour_licence=SAMPLE_LABOUR_LICENCE if self.labour_licence == NOT_SET else self.labour_licence,
        )


@dataclass(frozen=True, slots=True)
class SiteSettings:
    legal: LegalFacts = LegalFacts()
    retention: RetentionSettings = RetentionSettings()

    @classmethod
    def from_env(cls, env: Mapping[str, str], *, demo: bool = False) -> SiteSettings:
        legal = LegalFacts.from_env(env)
        return cls(
            legal=legal.with_demo_samples() if demo else legal,
            retention=RetentionSettings.from_env(env),
        )
