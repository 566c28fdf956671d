"""The privacy notice's version and the consent record each submission with personal data keeps.

Ghana's Data Protection Act, 2012 (Act 843) asks for consent or a lawful purpose: every stored
submission carries which version of the notice was in force (and shown beside the form) and when.
Raise :data:`PRIVACY_NOTICE_VERSION` whenever the notice's text changes.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Final

from agency_core.spec.forms import Consented

PRIVACY_NOTICE_VERSION: Final = "2026-11-22"
"""The version of the privacy notice at ``/privacy`` (its publication date)."""


def with_consent(form: Consented, at: datetime) -> Consented:
    """``form`` with the consent record: the notice version accepted and when (UTC, ISO 8601)."""
    return replace(form, privacy_notice_version=PRIVACY_NOTICE_VERSION, privacy_notice_accepted_at=at.isoformat())


def consent_of(form: Consented) -> tuple[str, str] | None:
    """(notice version, accepted at) as stored, or ``None`` for a record from before consent was kept."""
    version, at = form.privacy_notice_version, form.privacy_notice_accepted_at
    return (version, at) if version and at else None
