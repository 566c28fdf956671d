"""The bodies of ``/api/admin/job-orders/{id}/packs`` and of the packs' figures."""

from __future__ import annotations

from datetime import datetime

from agency_core.employers.packs import EmployerFigures, OrderFigures, PackView, SentPack
from agency_core.employers.packs_model import Decision, DecisionKind, PackCandidate, PackState
from agency_core.employers.packs_profiles import PackFigures
from app.admin.schemas.common import Body, from_object
from app.admin.schemas.employers import FillOut, PackFiguresOut


class PackIn(Body):
    """A pack to send: one of the employer's contacts (by e-mail) and the applications picked."""

    contact_email: str
    application_ids: list[str]


class PackCandidateOut(Body):
    code: str
    """What the employer sees (``C01``...), never the application ID."""
    application_id: str
    released_by: str
    released_at: datetime | None


class DecisionOut(Body):
    code: str
    application_id: str
    decision: DecisionKind
    comment: str
    times: list[datetime]
    """Proposed interview times (UTC); the employer chose them in its own zone."""
    at: datetime
    first_at: datetime
    client_address: str
    stage_note: str
    """What a Select did to the applicant's pipeline stage."""


class PackOut(Body):
    id: str
    order_id: str
    employer_id: str
    contact_name: str
    contact_email: str
    candidates: list[PackCandidateOut]
    sent_by: str
    sent_at: datetime
    expires_at: datetime
    state: PackState
    revoked_by: str
    revoked_at: datetime | None
    decisions: list[DecisionOut]
    version: int


class SentPackOut(Body):
    pack: PackOut
    link: str
    """The employer's personal link, shown this once (only its token's hash is kept)."""


class PackList(Body):
    items: list[PackOut]


class OrderFiguresOut(Body):
    order_id: str
    fill: FillOut
    closed: bool
    packs: PackFiguresOut


class EmployerFiguresOut(Body):
    employer_id: str
    fill: FillOut
    """The sum over the employer's orders."""
    packs: PackFiguresOut
    orders: list[OrderFiguresOut]


def candidate_out(candidate: PackCandidate) -> PackCandidateOut:
    return from_object(PackCandidateOut, candidate)


def decision_out(decision: Decision) -> DecisionOut:
    return DecisionOut(
        code=decision.code,
        application_id=decision.application_id,
        decision=decision.kind,
        comment=decision.comment,
        times=list(decision.times),
        at=decision.at,
        first_at=decision.first_at,
        client_address=decision.client_address,
        stage_note=decision.stage_note,
    )


def pack_out(view: PackView) -> PackOut:
    pack = view.pack
    return PackOut(
        id=pack.id,
        order_id=pack.order_id,
        employer_id=pack.employer_id,
        contact_name=pack.contact_name,
        contact_email=pack.contact_email,
        candidates=[candidate_out(c) for c in pack.candidates],
        sent_by=pack.sent_by,
        sent_at=pack.sent_at,
        expires_at=pack.expires_at,
        state=view.state,
        revoked_by=pack.revoked_by,
        revoked_at=pack.revoked_at,
        decisions=[decision_out(d) for d in view.decisions],
        version=pack.version,
    )


def sent_out(sent: SentPack) -> SentPackOut:
    return SentPackOut(pack=pack_out(sent.view), link=sent.link)


def figures_out(figures: PackFigures) -> PackFiguresOut:
    return from_object(PackFiguresOut, figures)


def order_figures_out(figures: OrderFigures) -> OrderFiguresOut:
    view = figures.order
    return OrderFiguresOut(
        order_id=view.order.id,
        fill=from_object(FillOut, view.fill),
        closed=view.closed,
        packs=figures_out(figures.packs),
    )


def employer_figures_out(figures: EmployerFigures) -> EmployerFiguresOut:
    orders = [order_figures_out(o) for o in figures.orders]
    fill = FillOut(
        head_count=sum(o.fill.head_count for o in orders),
        selected=sum(o.fill.selected for o in orders),
        deployed=sum(o.fill.deployed for o in orders),
    )
    return EmployerFiguresOut(
        employer_id=figures.employer_id, fill=fill, packs=figures_out(figures.packs), orders=orders
    )
