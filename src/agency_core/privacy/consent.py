"""The privacy notice's version and the consent record each submission with personal data keeps.

Ghana's Data Protection Act, 2012 (Act 843) asks for consent or a lawful purpose: every stored
submission carries which version of the notice was in force (and shown beside the form) and when.
Raise :data:`PRIVACY_NOTICE_VERSION` whenever the notice's text changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Final

from agency_core.spec.validation import Value

PRIVACY_NOTICE_VERSION: Final = "2026-11-22"
"""The version of the privacy notice at ``/privacy`` (its publication date)."""
CONSENT_VERSION_FIELD: Final = "privacyNoticeVersion"
CONSENT_AT_FIELD: Final = "privacyNoticeAcceptedAt"
CONSENT_FIELDS: Final = (CONSENT_VERSION_FIELD, CONSENT_AT_FIELD)


def with_consent(values: Mapping[str, Value], at: datetime) -> dict[str, Value]:
    """``values`` plus the consent record: the notice version accepted and when (UTC, ISO 8601)."""
    return {**values, CONSENT_VERSION_FIELD: PRIVACY_NOTICE_VERSION, CONSENT_AT_FIELD: at.isoformat()}


def consent_of(data: Mapping[str, object]) -> tuple[str, str] | None:
    """(notice version, accepted at) as stored, or ``None`` for a record from before consent was kept."""
    version, at = data.get(CONSENT_VERSION_FIELD), data.get(CONSENT_AT_FIELD)
    return (version, at) if isinstance(version, str) and isinstance(at, str) else None
