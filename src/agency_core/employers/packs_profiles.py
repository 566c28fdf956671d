"""The anonymised profile an employer sees of a pack's candidate, and the figures staff see of
packs and decisions.

A profile holds the record's trade, experience, education, languages, nationality and
availability, and an age band from the date of birth; never the name, phone, e-mail, passport
number, address, photo or any file. The candidate is named by its code in the pack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from statistics import median
from typing import Final

from agency_core.employers.packs_model import Decision, DecisionKind, Pack, PackCandidate, Profile
from agency_core.records import Application

AGE_BANDS: Final = ((18, 24), (25, 29), (30, 34), (35, 39), (40, 44), (45, 49), (50, 59))
UNKNOWN: Final = "Not given"


def age_band(date_of_birth: str, today: date) -> str:
    """``25-29`` from ``YYYY-MM-DD`` (ages outside the bands: ``under 18``, ``60 or over``)."""
    try:
        born = date.fromisoformat(date_of_birth.strip())
    except ValueError:
        return UNKNOWN
    age = today.year - born.year - ((today.month, today.day) < (born.month, born.day))
    if age < AGE_BANDS[0][0]:
        return "under 18"
    band = next((f"{low}-{high}" for low, high in AGE_BANDS if low <= age <= high), None)
    return band or "60 or over"


def profile_of(candidate: PackCandidate, application: Application, today: date) -> Profile:
    data = application.data
    return Profile(
        code=candidate.code,
        trade=data.job_title or data.job_category or UNKNOWN,
        experience=data.experience or UNKNOWN,
        education=data.education or UNKNOWN,
        languages=data.languages or UNKNOWN,
        age_band=age_band(data.date_of_birth, today),
        nationality=data.nationality or UNKNOWN,
        availability=data.availability or UNKNOWN,
        released=candidate.released_at is not None,
    )


@dataclass(frozen=True, slots=True)
class PackFigures:
    """Of an order's or an employer's packs: how many were sent, how fast and how the employer answered."""

    packs_sent: int
    candidates_sent: int
    answered: int
    selected: int
    median_days_to_decision: float | None
    """From a pack's sending to each candidate's first answer, in days (one decimal); ``None`` before any."""
    selection_rate: float | None
    """Selected of the candidates sent (0..1, three decimals); ``None`` before any was sent."""


def figures_of(packs: Sequence[Pack], decisions: Sequence[Decision]) -> PackFigures:
    sent = {p.id: p.sent_at for p in packs}
    candidates = sum(len(p.candidates) for p in packs)
    answered = [d for d in decisions if d.pack_id in sent]
    days = [(d.first_at - sent[d.pack_id]).total_seconds() / 86400 for d in answered]
    selected = sum(d.kind is DecisionKind.SELECT for d in answered)
    return PackFigures(
        packs_sent=len(packs),
        candidates_sent=candidates,
        answered=len(answered),
        selected=selected,
        median_days_to_decision=round(median(days), 1) if days else None,
        selection_rate=round(selected / candidates, 3) if candidates else None,
    )
