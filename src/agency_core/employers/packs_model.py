"""CV packs: the candidates staff send an employer's contact by a personal link, and the employer's
answer on each (issue 46 items 3 and 4).

A pack's link carries a random token (:func:`new_token`, 192 bits); only its SHA-256
(:func:`token_hash`) is stored, so a copy of the database opens no pack. A pack is open until its
``expires_at`` or until staff revoke it. Its candidates are named on the employer's side by a code
of that pack (``C01``...), never by their application ID; staff release a candidate's full CV for
one pack at a time.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final

TOKEN_BYTES: Final = 24
"""192 random bits (at least 128 are asked for)."""
ACCRA: Final = "Africa/Accra"
COUNTRY_ZONES: Final = {
    "AE": "Asia/Dubai",
    "SA": "Asia/Riyadh",
    "QA": "Asia/Qatar",
    "KW": "Asia/Kuwait",
    "BH": "Asia/Bahrain",
    "OM": "Asia/Muscat",
    "JO": "Asia/Amman",
    "LB": "Asia/Beirut",
    "GB": "Europe/London",
    "DE": "Europe/Berlin",
    "PL": "Europe/Warsaw",
    "CA": "America/Toronto",
    "US": "America/New_York",
    "GH": ACCRA,
}
"""The zone an employer's country keeps (its capital's), for interview times; another country is shown in Accra's."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def zone_of(country: str) -> str:
    return COUNTRY_ZONES.get(country.upper(), ACCRA)


class DecisionKind(StrEnum):
    INTERVIEW = "interview"
    SELECT = "select"
    REJECT = "reject"


DECISION_LABELS: Final = {
    DecisionKind.INTERVIEW: "Interview",
    DecisionKind.SELECT: "Select",
    DecisionKind.REJECT: "Reject",
}


class PackState(StrEnum):
    OPEN = "open"
    EXPIRED = "expired"
    REVOKED = "revoked"


@dataclass(frozen=True, slots=True)
class PackCandidate:
    code: str
    """``C01``, ``C02``... in the order staff picked them: what the employer sees."""
    application_id: str
    released_by: str = ""
    released_at: datetime | None = None
    """When staff released this candidate's full CV for the pack (``None``: anonymised only)."""


@dataclass(frozen=True, slots=True)
class Pack:
    id: str
    order_id: str
    employer_id: str
    contact_name: str
    contact_email: str
    token_hash: str
    candidates: tuple[PackCandidate, ...]
    sent_by: str
    """The staff member's e-mail: told of each answer, and when the pack stays unanswered."""
    sent_at: datetime
    expires_at: datetime
    version: int = 1
    revoked_by: str = ""
    revoked_at: datetime | None = None

    def state(self, now: datetime) -> PackState:
        if self.revoked_at is not None:
            return PackState.REVOKED
        return PackState.OPEN if now < self.expires_at else PackState.EXPIRED

    def candidate(self, code: str) -> PackCandidate | None:
        return next((c for c in self.candidates if c.code == code), None)


@dataclass(frozen=True, slots=True)
class Decision:
    """The employer's answer on one candidate of one pack (a later answer replaces it)."""

    pack_id: str
    code: str
    application_id: str
    order_id: str
    employer_id: str
    kind: DecisionKind
    comment: str
    times: tuple[datetime, ...]
    """Proposed interview times (UTC instants)."""
    at: datetime
    first_at: datetime
    """When the candidate was first answered (the figures' days from pack to decision)."""
    client_address: str
    stage_note: str = ""
    """What a Select did to the applicant's pipeline stage (moved, already in it, or why not)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """An anonymised candidate, built from the record: what the employer sees before a release."""

    code: str
    trade: str
    experience: str
    education: str
    languages: str
    age_band: str
    nationality: str
    availability: str
    released: bool
