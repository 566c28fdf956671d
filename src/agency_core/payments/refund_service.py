"""Staff refund a paid processing fee, in full or in part, through Paystack.

The refund is stored (pending, audited) before Paystack is asked, so a webhook that arrives
before Paystack's answer finds it; then Paystack's answer and its webhooks move it by
:func:`~agency_core.payments.refunds.advance`, each move one compare-and-set with its audit entry
and, when it becomes processed, the applicant's SMS and e-mail (fixed outbox ids), so however the
reports come, there is one refund and one message.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict, Rejected, UseCaseError
from agency_core.ids import IdGenerator, IdTaken
from agency_core.messaging import outbox_messages
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts
from agency_core.payments.model import (
    APPLICATION_NOT_FOUND,
    Fee,
    GatewayUnavailable,
    Payment,
    PaymentStore,
    application_of,
)
from agency_core.payments.refunds import (
    AMOUNT_REQUIRED,
    NOT_PAID,
    NOTHING_LEFT,
    REASON_MAX,
    REASON_REQUIRED,
    REASON_TOO_LONG,
    REFUND_SMS_KIND,
    GatewayRefund,
    Refund,
    RefundGateway,
    RefundState,
    RefundStore,
    advance,
    refund_email,
    refund_id,
    refund_sms_text,
    refundable,
    too_much,
)
from agency_core.payments.service import ApplicationUnknown
from agency_core.records import Application, OutboxMessage, PaymentState
from agency_core.spec.constants import ID_PREFIX
from agency_core.spec.inputs import input_of
from agency_core.unit_of_work import PreconditionFailed, UnitOfWork

logger = logging.getLogger("agency.refunds")

_AMOUNT = re.compile(r"\d{1,7}(?:\.\d{1,2})?", re.ASCII)
_RETRIES = 10


class NotPaid(Conflict):
    def __init__(self, message: str = NOT_PAID) -> None:
        UseCaseError.__init__(self, message)


def _amount(raw: object, remaining: Fee) -> tuple[int, dict[str, str]]:
    """Staff's amount in the main unit (``"20"``, ``"20.50"``); empty: all that remains."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return remaining.amount_minor, {}
    text = raw.strip() if isinstance(raw, str) else ""
    if not _AMOUNT.fullmatch(text) or Decimal(text) <= 0:
        return 0, {"amount": AMOUNT_REQUIRED}
    minor = int(Decimal(text) * 100)
    if minor > remaining.amount_minor:
        return 0, {"amount": too_much(remaining)}
    return minor, {}


def _reason(raw: object) -> tuple[str, dict[str, str]]:
    text = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not text:
        return "", {"reason": REASON_REQUIRED}
    if len(text) > REASON_MAX:
        return "", {"reason": REASON_TOO_LONG}
    return text, {}


@dataclass(frozen=True, slots=True)
class RefundInput:
    """A refund as staff ask it: ``{amount, reason}`` as sent (checked against what remains to refund)."""

    amount: object = None
    reason: object = None


def refund_input(data: Mapping[str, object]) -> RefundInput:
    return input_of(RefundInput, data)


class RefundService:
    def __init__(
        self,
        payments: PaymentStore,
        refunds: RefundStore,
        gateway: RefundGateway | None,
        ids: IdGenerator,
        clock: Clock = utc_now,
        on_enqueue: Callable[[], None] = lambda: None,
        *,
        uow: Callable[[], UnitOfWork],
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.templates = templates
        self.payments = payments
        self.refunds = refunds
        self.gateway = gateway
        self.ids = ids
        self.clock = clock
        self.on_enqueue = on_enqueue
        self.uow = uow

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(ID_PREFIX), actor, action, target, self.clock())

    async def _paid(self, application_id: str) -> tuple[Application, Payment]:
        loaded = await self.payments.load(application_id)
        if loaded is None:
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        return loaded

    async def of(self, application_id: str) -> tuple[Payment, list[Refund]]:
        _, payment = await self._paid(application_id)
        return payment, await self.refunds.refunds_of(application_id)

    # -- staff ask ------------------------------------------------------------------------------

    async def request(self, actor: str, application_id: str, sent: RefundInput) -> Refund:
        """Refund ``{amount, reason}`` of the application's paid fee (amount empty: all that remains).
        Raises ApplicationUnknown, NotPaid, Rejected (too much, no reason), GatewayUnavailable (the
        refund is then recorded as failed and nothing was refunded)."""
        if self.gateway is None:
            raise NotPaid("Refunds need Paystack: online payment is not configured.")
        refund, transaction = await self._record(actor, application_id, sent)
        try:
            answer = await self.gateway.refund(
                transaction_reference=transaction,
                amount_minor=refund.amount_minor,
                currency=refund.currency,
                note=refund.reason,
            )
        except GatewayUnavailable:
            await self.report(application_id, refund.id, RefundState.FAILED, None, "api")
            raise
        return await self.report(application_id, refund.id, answer.state, answer.gateway_id, "api")

    async def _record(self, actor: str, application_id: str, sent: RefundInput) -> tuple[Refund, str]:
        """The refund stored as pending, with the reference of the transaction it refunds."""
        for _ in range(_RETRIES):
            _, payment = await self._paid(application_id)
            if payment.state is not PaymentState.PAID or not payment.reference:
                raise NotPaid
            existing = await self.refunds.refunds_of(application_id)
            remaining = Fee(refundable(payment, existing), payment.currency or "USD")
            if remaining.amount_minor <= 0:
                raise NotPaid(NOTHING_LEFT)
            amount, errors = _amount(sent.amount, remaining)
            reason, reason_errors = _reason(sent.reason)
            if errors or reason_errors:
                raise Rejected(errors | reason_errors)
            now = self.clock()
            refund = Refund(
                refund_id(application_id, len(existing) + 1),
                application_id,
                amount,
                remaining.currency,
                reason,
                actor,
                now,
                updated_at=now,
            )
            entry = self._audit(
                actor, "refund.request", f"{application_id}: {refund.fee.plain} ({refund.id}): {reason}"
            )
            try:
                async with self.uow() as uow:
                    await uow.refunds.add(refund)
                    await uow.audit.add(entry)
            except (IdTaken, PreconditionFailed):
                continue  # another refund of this application was stored at the same moment: check again
            return refund, payment.reference
        raise GatewayUnavailable("the refunds kept changing")  # pragma: no cover - needs 10 lost races

    # -- Paystack tells ---------------------------------------------------------------------------

    async def webhook(self, report: GatewayRefund) -> None:
        """A refund webhook: find our refund (by Paystack's id, else the oldest pending one of that
        amount not yet named) and apply it; an unknown one is ignored."""
        application_id = application_of(report.transaction_reference)
        if application_id is None or await self.payments.load(application_id) is None:
            logger.info("refund webhook for an unknown transaction", extra={"reference": report.transaction_reference})
            return
        refunds = await self.refunds.refunds_of(application_id)
        found = next((r for r in refunds if report.gateway_id and r.gateway_id == report.gateway_id), None)
        if found is None:
            found = next(
                (
                    r
                    for r in refunds
                    if r.gateway_id is None
                    and r.state is RefundState.PENDING
                    and report.amount_minor in (None, r.amount_minor)
                ),
                None,
            )
        if found is None:
            logger.info("refund webhook for a refund we do not know", extra={"id": application_id})
            return
        await self.report(application_id, found.id, report.state, report.gateway_id, "webhook")

    async def report(
        self, application_id: str, refund_id_: str, reported: RefundState, gateway_id: str | None, via: str
    ) -> Refund:
        """Apply one report to the refund (compare-and-set, retried on a lost race)."""
        texts = await self.templates.texts()
        for _ in range(_RETRIES):
            application, _ = await self._paid(application_id)
            current = next(r for r in await self.refunds.refunds_of(application_id) if r.id == refund_id_)
            state = advance(current.state, reported)
            after = replace(current, state=state, gateway_id=current.gateway_id or gateway_id, updated_at=self.clock())
            if (after.state, after.gateway_id) == (current.state, current.gateway_id):
                return current
            moved = state is not current.state
            outbox = self._messages(application, after, texts) if state is RefundState.PROCESSED and moved else []
            entry = self._audit(
                "paystack",
                f"refund.{state.value}" if moved else "refund.named",
                f"{application_id}: {after.fee.plain} ({after.id}, {via})",
            )
            try:
                async with self.uow() as uow:
                    await uow.refunds.move(current, after)
                    await uow.outbox.enqueue(outbox)
                    await uow.audit.add(entry)
            except PreconditionFailed:
                continue
            if outbox:
                self.on_enqueue()
            logger.info("refund moved", extra={"id": after.id, "state": state.value, "via": via})
            return after
        raise GatewayUnavailable("the refund kept changing")  # pragma: no cover - needs 10 lost races

    def _messages(self, application: Application, refund: Refund, texts: Texts) -> list[OutboxMessage]:
        now = self.clock()
        name = application.data.applicant_name
        messages: list[OutboxMessage] = []
        phone, email = application.data.phone, application.data.email
        if phone:
            text = refund_sms_text(name, application.id, refund.fee.plain, texts)
            messages.append(
                outbox_messages.sms(
                    id=f"{refund.id}-sms",
                    source_id=application.id,
                    kind=REFUND_SMS_KIND,
                    phone=phone,
                    text=text,
                    now=now,
                )
            )
        if email:
            mail = refund_email(email, name, application.id, refund, texts)
            messages.append(outbox_messages.email(id=f"{refund.id}-mail", source_id=application.id, mail=mail, now=now))
        return messages
