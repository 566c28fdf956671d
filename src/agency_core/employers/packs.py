"""Staff's CV packs (issue 46 item 3): pick candidates (applications) for an order and send them to
one of the employer's contacts by a personal link; list an order's packs with the employer's
answers; revoke a pack; release a candidate's full CV for one pack; the figures of an order's or
an employer's packs.

Sending a pack stores it (with only its link token's hash) and its audit entry, then queues in
the outbox the e-mail with the link to the contact and, at ``reminder_days``, a scheduled e-mail
to the sender saying the pack is unanswered (withdrawn by the first answer or a revoke).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Final

from agency_core.appointments.slots import local_date
from agency_core.audit import AuditEntry
from agency_core.employers.orders_admin import OrdersAdmin, OrderView
from agency_core.employers.packs_model import Decision, Pack, PackCandidate, PackState, new_token, token_hash
from agency_core.employers.packs_ports import PackStore
from agency_core.employers.packs_profiles import PackFigures, figures_of
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import render
from agency_core.records import OutboxMessage
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed

MAX_CANDIDATES: Final = 50
CHOOSE_CANDIDATES: Final = "Choose at least one candidate (a list of application IDs)"
TOO_MANY: Final = f"At most {MAX_CANDIDATES} candidates in one pack"
UNKNOWN_CANDIDATE: Final = "No application has the ID {id}"
CHOOSE_CONTACT: Final = "Choose one of the employer's contacts with an e-mail address"
NOT_OPEN: Final = "This pack is no longer open (it was revoked or it expired)"
RELEASED_ALREADY: Final = "This candidate's CV is released for this pack already"
NO_CV: Final = "This candidate has no CV on record"
PACK_PATH: Final = "/employer/packs/"


@dataclass(frozen=True, slots=True)
class PackTerms:
    days: int = 14
    """How long a pack's link works (``AGENCY_PACK_DAYS``)."""
    reminder_days: int = 3
    """When an unanswered pack is flagged to its sender (``AGENCY_PACK_REMINDER_DAYS``)."""


@dataclass(frozen=True, slots=True)
class PackView:
    pack: Pack
    state: PackState
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class SentPack:
    view: PackView
    link: str
    """The personal link (shown to staff once: only its token's hash is kept)."""


@dataclass(frozen=True, slots=True)
class OrderFigures:
    order: OrderView
    packs: PackFigures


@dataclass(frozen=True, slots=True)
class EmployerFigures:
    employer_id: str
    orders: list[OrderFigures]
    packs: PackFigures


def reminder_id(pack_id: str) -> str:
    return f"{pack_id}-unanswered"


def _ids(raw: object) -> list[str]:
    sent = raw if isinstance(raw, Sequence) and not isinstance(raw, str) else []
    if not all(isinstance(i, str) for i in sent):
        raise Rejected({"applicationIds": CHOOSE_CANDIDATES})
    ids = list(dict.fromkeys(i.strip() for i in sent if isinstance(i, str) and i.strip()))
    if not ids:
        raise Rejected({"applicationIds": CHOOSE_CANDIDATES})
    if len(ids) > MAX_CANDIDATES:
        raise Rejected({"applicationIds": TOO_MANY})
    return ids


class PacksAdmin:
    def __init__(
        self,
        context: StaffContext,
        packs: PackStore,
        orders: OrdersAdmin,
        site_url: Callable[[], str],
        terms: PackTerms = PackTerms(),
        templates: TemplateSource = NO_EDITS,
        token: Callable[[], str] = new_token,
    ) -> None:
        self.context = context
        self.packs = packs
        self.orders = orders
        self.site_url = site_url
        self.terms = terms
        self.templates = templates
        self.token = token

    async def _pack(self, order_id: str, pack_id: str) -> Pack:
        pack = await self.packs.pack(pack_id)
        if pack is None or pack.order_id != order_id:
            raise NotFound("Pack")
        return pack

    async def _view(self, pack: Pack) -> PackView:
        decisions = await self.packs.decisions(pack_id=pack.id)
        return PackView(pack, pack.state(self.context.clock()), tuple(decisions))

    async def create(self, actor: str, order_id: str, data: Mapping[str, object]) -> SentPack:
        """Send a pack: ``{contactEmail, applicationIds}``; the e-mail and the reminder go through the outbox."""
        view = await self.orders.view(order_id)
        email = data.get("contactEmail")
        wanted = email.strip().casefold() if isinstance(email, str) else ""
        contact = next((x for x in view.employer.contacts if x.email and x.email.casefold() == wanted), None)
        if contact is None:
            raise Rejected({"contactEmail": CHOOSE_CONTACT})
        ids = _ids(data.get("applicationIds"))
        for application_id in ids:
            if await self.context.store.application(application_id) is None:
                raise Rejected({"applicationIds": UNKNOWN_CANDIDATE.format(id=application_id)})
        ctx, now, token = self.context, self.context.clock(), self.token()
        pack_id = "PK" + ctx.ids.next_id().removeprefix(c.ID_PREFIX)
        candidates = tuple(PackCandidate(f"C{n:02d}", a) for n, a in enumerate(ids, start=1))
        pack = Pack(
            pack_id, order_id, view.employer.id, contact.name, contact.email, token_hash(token), candidates,
            actor, now, now + timedelta(days=self.terms.days),
        )  # fmt: skip
        what = f"{pack_id}: {order_id} to {contact.email}, {len(ids)} candidates ({', '.join(ids)})"
        await self.packs.save_pack(pack, ctx.audit(actor, "pack.send", what))
        link = self.site_url().rstrip("/") + PACK_PATH + token
        async with ctx.uow() as uow:
            await uow.outbox.enqueue(await self._messages(pack, view, link))
        ctx.on_enqueue()
        return SentPack(PackView(pack, PackState.OPEN, ()), link)

    async def _messages(self, pack: Pack, view: OrderView, link: str) -> list[OutboxMessage]:
        texts = await self.templates.texts()
        zone = self.context.office_zone
        values = {
            "contact_name": pack.contact_name,
            "company": view.employer.company,
            "order_id": pack.order_id,
            "count": str(len(pack.candidates)),
            "expires": local_date(pack.expires_at, zone),
            "link": link,
            "pack_id": pack.id,
            "sent_on": local_date(pack.sent_at, zone),
        }
        to_contact = Email(
            pack.contact_email,
            render("email.employer_pack.subject", values, texts),
            render("email.employer_pack.body", values, texts),
        )
        flag = Email(
            pack.sent_by,
            render("email.employer_pack_unanswered.subject", values, texts),
            render("email.employer_pack_unanswered.body", values, texts),
        )
        at = pack.sent_at + timedelta(days=self.terms.reminder_days)
        return [
            outbox_messages.email(id=f"{pack.id}-mail", source_id=pack.id, mail=to_contact, now=pack.sent_at),
            outbox_messages.scheduled_email(
                id=reminder_id(pack.id), source_id=pack.id, mail=flag, now=pack.sent_at, at=at
            ),
        ]

    async def of_order(self, order_id: str) -> list[PackView]:
        """The order's packs, newest first, each with the employer's answers."""
        await self.orders.view(order_id)
        return [await self._view(p) for p in await self.packs.packs(order_id=order_id)]

    async def view(self, order_id: str, pack_id: str) -> PackView:
        return await self._view(await self._pack(order_id, pack_id))

    async def revoke(self, actor: str, order_id: str, pack_id: str) -> PackView:
        """Close the link at once (its reminder is withdrawn); revoking a closed pack changes nothing."""
        pack = await self._pack(order_id, pack_id)
        if pack.revoked_at is not None:
            return await self._view(pack)
        ctx = self.context
        revoked = replace(pack, version=pack.version + 1, revoked_by=actor, revoked_at=ctx.clock())
        await self._save(revoked, ctx.audit(actor, "pack.revoke", pack.id))
        async with ctx.uow() as uow:
            await uow.outbox.withdraw([reminder_id(pack.id)], "pack revoked")
        return await self._view(revoked)

    async def release(self, actor: str, order_id: str, pack_id: str, code: str) -> PackView:
        """Let the employer download this candidate's full CV through the pack's link (audited)."""
        pack = await self._pack(order_id, pack_id)
        found = pack.candidate(code)
        if found is None:
            raise NotFound("Candidate")
        ctx = self.context
        if pack.state(ctx.clock()) is not PackState.OPEN:
            raise Conflict(NOT_OPEN)
        if found.released_at is not None:
            raise Conflict(RELEASED_ALREADY)
        record = await ctx.application(found.application_id)
        if not any(f.field == "cv" for f in record.application.files):
            raise Conflict(NO_CV)
        released = replace(found, released_by=actor, released_at=ctx.clock())
        candidates = tuple(released if x.code == code else x for x in pack.candidates)
        updated = replace(pack, candidates=candidates, version=pack.version + 1)
        await self._save(updated, ctx.audit(actor, "pack.release", f"{pack.id}: {code} ({found.application_id})"))
        return await self._view(updated)

    async def figures(self, order_id: str) -> OrderFigures:
        """An order's packs sent, days to decision, selection rate, with its fill."""
        view = await self.orders.view(order_id)
        packs = await self.packs.packs(order_id=order_id)
        return OrderFigures(view, figures_of(packs, await self.packs.decisions(order_id=order_id)))

    async def every_figure(self) -> list[OrderFigures]:
        """Each order's figures, newest order first (the CSV export)."""
        return [await self.figures(view.order.id) for view in await self.orders.orders()]

    async def employer_figures(self, employer_id: str) -> EmployerFigures:
        """The employer's packs as a whole, and each of its orders' figures."""
        if await self.orders.store.employer(employer_id) is None:
            raise NotFound("Employer")
        orders = [await self.figures(view.order.id) for view in await self.orders.orders(employer_id)]
        packs = await self.packs.packs(employer_id=employer_id)
        return EmployerFigures(
            employer_id, orders, figures_of(packs, await self.packs.decisions(employer_id=employer_id))
        )

    async def _save(self, pack: Pack, audit: AuditEntry) -> None:
        try:
            await self.packs.save_pack(pack, audit)
        except PreconditionFailed:
            raise Conflict("This pack was changed meanwhile: reload it and try again") from None


__all__ = ["EmployerFigures", "OrderFigures", "PackTerms", "PackView", "PacksAdmin", "SentPack"]
