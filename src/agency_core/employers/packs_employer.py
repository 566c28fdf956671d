"""The employer's side of a CV pack (issue 46 items 3 to 5), reached by the personal link alone.

Every read answers :class:`~agency_core.errors.NotFound` (one neutral page) for a token that is
wrong, expired or revoked, and for a candidate code the pack does not hold. The page is built of
anonymised profiles (:func:`~agency_core.employers.packs_profiles.profile_of`); a candidate's CV
downloads only once staff released it for this pack. Every view, download and answer is audited
with the pack, the candidates, the time and the client's address.

An answer (Interview, Select or Reject, a comment, proposed interview times in the employer's
zone) replaces the earlier one on that candidate; its sender is told by e-mail (the outbox) and
the applicant's owner by a note on the record (the notes staff read there), the pack's unanswered
flag is withdrawn, and a Select moves the applicant into the pipeline's
"Selected by employer" stage through :class:`Selector`, once: a second Select on the same
candidate of the same pack sees the first and moves nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Final, Protocol
from zoneinfo import ZoneInfo

from agency_core.employers.model import Employer, JobOrder
from agency_core.employers.packs import reminder_id
from agency_core.employers.packs_model import (
    ACCRA,
    DECISION_LABELS,
    Decision,
    DecisionKind,
    Pack,
    PackCandidate,
    PackState,
    Profile,
    token_hash,
    zone_of,
)
from agency_core.employers.packs_ports import PackStore
from agency_core.employers.packs_profiles import profile_of
from agency_core.employers.ports import EmployerStore
from agency_core.errors import NotFound, Rejected
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import render
from agency_core.spec import constants as c
from agency_core.spec.uploads import CONTENT_TYPES
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import NOTE_MAX_LENGTH, Note

MAX_COMMENT: Final = 1000
MAX_TIMES: Final = 3
CHOOSE_DECISION: Final = "Choose Interview, Select or Reject"
COMMENT_TOO_LONG: Final = f"At most {MAX_COMMENT} characters"
BAD_TIME: Final = "Give each time as a date and a time (2026-12-01T10:00)"
TOO_MANY_TIMES: Final = f"At most {MAX_TIMES} interview times"
PAST_TIME: Final = "An interview time must be in the future"


class Selector(Protocol):
    """Moves a selected applicant into the pipeline's "Selected by employer" stage (the pipeline
    package, which this one does not import); answers what it did, in plain words."""

    async def select(self, actor: str, application_id: str, note: str) -> str: ...


@dataclass(frozen=True, slots=True)
class PackPage:
    pack: Pack
    employer: Employer
    order: JobOrder
    zone: str
    """The employer's IANA zone (from its country), interview times are read and shown in it."""
    profiles: tuple[Profile, ...]
    decisions: Mapping[str, Decision]
    """By candidate code."""


@dataclass(frozen=True, slots=True)
class CvFile:
    key: str
    content_type: str
    download_name: str


def _times(raw: object, zone: str, now: datetime) -> tuple[datetime, ...]:
    sent = [raw] if isinstance(raw, str) else raw if isinstance(raw, Sequence) else []
    texts = [t.strip() for t in sent if isinstance(t, str) and t.strip()]
    if len(texts) != len([t for t in sent if t not in ("", None)]):
        raise Rejected({"times": BAD_TIME})
    if len(texts) > MAX_TIMES:
        raise Rejected({"times": TOO_MANY_TIMES})
    found: list[datetime] = []
    for text in texts:
        try:
            local = datetime.fromisoformat(text)
        except ValueError:
            raise Rejected({"times": BAD_TIME}) from None
        if local.tzinfo is not None:
            raise Rejected({"times": BAD_TIME})
        at = local.replace(tzinfo=ZoneInfo(zone))
        if at <= now:
            raise Rejected({"times": PAST_TIME})
        found.append(at.astimezone(ZoneInfo("UTC")))
    return tuple(sorted(found))


def time_label(at: datetime, zone: str) -> str:
    """``Tue 1 Dec 2026 10:00 Dubai (06:00 Accra)``: a time in the employer's zone beside Accra's."""
    here = at.astimezone(ZoneInfo(zone))
    accra = at.astimezone(ZoneInfo(ACCRA))
    place = zone.rsplit("/", 1)[-1].replace("_", " ")
    day = here.strftime("%a ") + str(here.day) + here.strftime(" %b %Y %H:%M")
    return day if zone == ACCRA else f"{day} {place} ({accra:%H:%M} Accra)"


class EmployerPacks:
    def __init__(
        self,
        context: StaffContext,
        packs: PackStore,
        employers: EmployerStore,
        selector: Selector,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.context = context
        self.packs = packs
        self.employers = employers
        self.selector = selector
        self.templates = templates

    async def _open(self, token: str) -> Pack:
        pack = await self.packs.pack_by_token(token_hash(token)) if token else None
        if pack is None or pack.state(self.context.clock()) is not PackState.OPEN:
            raise NotFound("Pack")
        return pack

    def _candidate(self, pack: Pack, code: str) -> PackCandidate:
        found = pack.candidate(code)
        if found is None:
            raise NotFound("Pack")
        return found

    async def _parts(self, pack: Pack) -> tuple[Employer, JobOrder]:
        employer = await self.employers.employer(pack.employer_id)
        order = await self.employers.order(pack.order_id)
        if employer is None or order is None:
            raise NotFound("Pack")
        return employer, order

    async def _audit(self, pack: Pack, action: str, what: str, address: str) -> None:
        entry = self.context.audit(f"employer {pack.contact_email}", action, f"{pack.id}: {what} from {address}")
        await self.packs.audit(entry)

    def _today(self) -> date:
        return self.context.clock().astimezone(ZoneInfo(self.context.office_zone)).date()

    async def page(self, token: str, address: str) -> PackPage:
        """The pack's anonymised profiles and the answers given so far (the view audited)."""
        pack = await self._open(token)
        employer, order = await self._parts(pack)
        profiles: list[Profile] = []
        for candidate in pack.candidates:
            record = await self.context.store.application(candidate.application_id)
            if record is not None:
                profiles.append(profile_of(candidate, record.application, self._today()))
        decisions = {d.code: d for d in await self.packs.decisions(pack_id=pack.id)}
        await self._audit(pack, "pack.view", ", ".join(p.code for p in profiles) or "no candidates", address)
        return PackPage(pack, employer, order, zone_of(employer.country), tuple(profiles), decisions)

    async def cv(self, token: str, code: str, address: str) -> CvFile:
        """A released candidate's CV (its download audited); the neutral NotFound before the release."""
        pack = await self._open(token)
        candidate = self._candidate(pack, code)
        record = await self.context.store.application(candidate.application_id)
        cv = None if record is None else next((f for f in record.application.files if f.field == "cv"), None)
        if candidate.released_at is None or cv is None:
            raise NotFound("Pack")
        await self._audit(pack, "pack.cv", code, address)
        extension = "." + cv.filename.rsplit(".", 1)[-1].lower() if "." in cv.filename else ""
        content_type = CONTENT_TYPES.get(extension, cv.content_type or "application/octet-stream")
        return CvFile(cv.key, content_type, f"{pack.id}-{code}-cv{extension}")

    async def decide(self, token: str, code: str, data: Mapping[str, object], address: str) -> Decision:
        """Record ``{decision, comment, times}`` on one candidate; a first Select moves its stage."""
        pack = await self._open(token)
        candidate = self._candidate(pack, code)
        employer, _ = await self._parts(pack)
        try:
            kind = DecisionKind(str(data.get("decision") or ""))
        except ValueError:
            raise Rejected({"decision": CHOOSE_DECISION}) from None
        raw_comment = data.get("comment")
        comment = raw_comment.strip() if isinstance(raw_comment, str) else ""
        if len(comment) > MAX_COMMENT:
            raise Rejected({"comment": COMMENT_TOO_LONG})
        ctx, now = self.context, self.context.clock()
        zone = zone_of(employer.country)
        times = _times(data.get("times"), zone, now) if kind is DecisionKind.INTERVIEW else ()
        decision = Decision(
            pack.id, code, candidate.application_id, pack.order_id, pack.employer_id, kind, comment, times,
            now, now, address,
        )  # fmt: skip
        what = f"{pack.id}: {code} {kind.value} from {address}"
        before = await self.packs.decide(decision, ctx.audit(f"employer {pack.contact_email}", "pack.decision", what))
        if before is not None:
            decision = replace(decision, first_at=before.first_at, stage_note=before.stage_note)
        if kind is DecisionKind.SELECT and (before is None or before.kind is not DecisionKind.SELECT):
            note = f"Selected by {employer.company} for order {pack.order_id} (pack {pack.id}, {code})"
            stage = await self.selector.select(f"employer {pack.contact_email}", candidate.application_id, note)
            await self.packs.set_stage_note(pack.id, code, stage)
            decision = replace(decision, stage_note=stage)
        await self._tell(pack, employer, decision, zone, first=before is None)
        return decision

    async def _tell(self, pack: Pack, employer: Employer, decision: Decision, zone: str, *, first: bool) -> None:
        texts = await self.templates.texts()
        values = {
            "company": employer.company,
            "code": decision.code,
            "application_id": decision.application_id,
            "decision": DECISION_LABELS[decision.kind],
            "pack_id": pack.id,
            "order_id": pack.order_id,
            "comment": decision.comment,
            "times": "; ".join(time_label(t, zone) for t in decision.times),
            "stage": decision.stage_note,
        }
        mail = Email(
            pack.sent_by,
            render("email.employer_pack_answer.subject", values, texts),
            render("email.employer_pack_answer.body", values, texts),
        )
        ctx = self.context
        stem = ctx.ids.next_id().removeprefix(c.ID_PREFIX)
        note = Note(
            "NT" + stem, decision.application_id, pack.contact_email, f"{employer.company} (employer)",
            mail.text[:NOTE_MAX_LENGTH], decision.at,
        )  # fmt: skip
        async with ctx.uow() as uow:
            await uow.outbox.enqueue(
                [outbox_messages.email(id=f"{pack.id}-{decision.code}-answer-{stem}", source_id=pack.id, mail=mail,
                                       now=decision.at)]
            )  # fmt: skip
            await uow.notes.add(note)
            if first:
                await uow.outbox.withdraw([reminder_id(pack.id)], "pack answered")
        ctx.on_enqueue()


__all__ = ["CvFile", "EmployerPacks", "PackPage", "Selector", "time_label"]
