"""What every public form's use case shares: its answer (:class:`Accepted`), the honeypot check, the
form read by the spec's rules, and the texts it queues. The applications, contact messages and job
alerts (:mod:`agency_core.submissions.service`) and the bookings (:mod:`agency_core.appointments.booking`)
use it."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from agency_core.admin_settings import SettingsSource
from agency_core.clock import Clock, utc_now
from agency_core.errors import Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging import outbox_messages
from agency_core.messaging.notifications import OutgoingSms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.payments.keys import new_payment_key
from agency_core.ports import Store
from agency_core.records import FeeDue, OutboxMessage
from agency_core.spec import validation as v
from agency_core.spec.constants import AGENCY_TIME_ZONE
from agency_core.spec.forms import F

HONEYPOT_FIELD = "website"
"""A field hidden from people on every public form: bots fill it, and their submission is dropped."""

logger = logging.getLogger("agency.submissions")


def _nothing() -> None:
    return None


def _no_site() -> str:
    return ""


@dataclass(frozen=True, slots=True)
class PublicContext:
    """What the public forms' use cases share: the store, ids, the admin settings, the clock, the
    outbox's wake-up, the site's origin, the office's zone and the message texts staff saved."""

    store: Store
    ids: IdGenerator
    settings: SettingsSource
    """The admin area's settings, read per submission: alert phones, the "received" SMS switch, the calendar."""
    clock: Clock = utc_now
    on_enqueue: Callable[[], None] = _nothing
    site_url: Callable[[], str] = _no_site
    """The public origin, for the links of the confirmations."""
    office_zone: str = AGENCY_TIME_ZONE
    """The office's IANA zone: "today" (a form's dates) is judged in it."""
    templates: TemplateSource = NO_EDITS
    """The message texts staff saved (read per submission; a text never saved is its default)."""

    def today(self) -> date:
        return self.clock().astimezone(ZoneInfo(self.office_zone)).date()


@dataclass(frozen=True, slots=True)
class Accepted:
    id: str
    created: bool = True
    discarded: bool = False
    """True for a honeypot hit: answered as usual, stored nowhere."""
    payment_key: str = ""
    """An application's payment key (only its hash is stored): needed to start paying its fee."""
    fee: FeeDue | None = None
    """The fee an application owes, decided by the fee policy at submission (``None``: not decided)."""
    change_token: str = ""
    """A booking's change token (only its hash is stored): its confirmation links the calendar file with it."""


def is_bot(data: v.Sent) -> bool:
    value = data.get(HONEYPOT_FIELD)
    if value is None:
        return False
    return not isinstance(value, str) or bool(value.strip())


def discarded(ids: IdGenerator, form: str) -> Accepted:
    """The answer to a honeypot hit: like any other, with nothing stored."""
    logger.info("submission discarded", extra={"form": form, "reason": "honeypot"})
    return Accepted(ids.next_id(), discarded=True, payment_key=new_payment_key())


def parse_form(form: v.Form, kind: type[F], data: v.Sent, today: date) -> F:
    """The typed form of ``data`` by ``form``'s rules, or :class:`Rejected` with their messages."""
    checked = v.validate(form, data, today, kind)
    if isinstance(checked, v.Invalid):
        logger.info("submission invalid", extra={"form": form.name, "fields": sorted(checked.errors)})
        raise Rejected(checked.errors)
    return checked


def sms_outbox(source_id: str, planned: Sequence[OutgoingSms], now: datetime) -> list[OutboxMessage]:
    """The planned texts of a submission as outbox messages, ``<source_id>-<n>``."""
    return [
        outbox_messages.sms(
            id=f"{source_id}-{i}", source_id=source_id, kind=sms.kind.value, phone=sms.phone, text=sms.text, now=now
        )
        for i, sms in enumerate(planned)
    ]


__all__ = ["HONEYPOT_FIELD", "Accepted", "PublicContext", "discarded", "is_bot", "parse_form", "sms_outbox"]
