"""Opt-in to WhatsApp updates: the checkbox's wording (versioned), recording it from a form, and stopping.

The application, booking and contact forms offer one unchecked checkbox, ``whatsappOptIn``, whose
label is :data:`WHATSAPP_OPT_IN_WORDING_V1` (naming the agency, as the platform requires). Ticked,
the form's phone is recorded as opted in (:class:`~agency_core.whatsapp.model.OptIn`: when, which
form, which wording version); unticked, nothing is recorded. A "STOP" reply (any case, trimmed) or
the ``/track`` button opts the phone out (:meth:`OptIns.stop`); :meth:`OptIns.may_message` is the rule
"no WhatsApp message to a number without a standing opt-in".
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol, TypeVar

from agency_core.clock import Clock, utc_now
from agency_core.errors import Rejected
from agency_core.spec import validation as v
from agency_core.spec.constants import AGENCY_NAME
from agency_core.spec.validation import WHATSAPP_OPT_IN
from agency_core.whatsapp.model import OptIn, OptInSource, OptInStore

OPT_IN_FIELD: Final = WHATSAPP_OPT_IN
"""The forms' checkbox (spec name), declared once in the forms' rules (``agency_core.spec.validation``)."""

WHATSAPP_OPT_IN_WORDING_V1: Final = f"Send me updates on WhatsApp from {AGENCY_NAME}"
WHATSAPP_OPT_IN_WORDING_V1_ID: Final = "whatsapp-opt-in-v1"
WHATSAPP_OPT_IN_WORDING: Final = WHATSAPP_OPT_IN_WORDING_V1
"""The wording the forms show now; its version is :data:`WHATSAPP_OPT_IN_VERSION`."""
WHATSAPP_OPT_IN_VERSION: Final = WHATSAPP_OPT_IN_WORDING_V1_ID
WORDINGS: Final[dict[str, str]] = {WHATSAPP_OPT_IN_WORDING_V1_ID: WHATSAPP_OPT_IN_WORDING_V1}
"""Every wording ever shown, by version id: a stored opt-in says which one its applicant agreed to."""

OPT_IN_NEEDS_PHONE: Final = "Enter a phone number to get WhatsApp updates"
"""The contact form's phone is optional: a ticked box without a number has nothing to opt in."""

STOP_WORD: Final = "STOP"


class Outcome(Protocol):
    """What a form's use case answers (``agency_core.submitted.Accepted``): whether it stored a record."""

    @property
    def created(self) -> bool: ...
    @property
    def discarded(self) -> bool: ...


Answer = TypeVar("Answer", bound=Outcome)


def ticked(data: object) -> bool:
    """Whether a form's body ticked the box (``true``, or ``"true"``/``"on"`` in a multipart form)."""
    getter = getattr(data, "get", None)
    value = getter(OPT_IN_FIELD) if callable(getter) else None
    return value is True or value in ("true", "on")


FORMS: Final[dict[OptInSource, v.Form]] = {"apply": v.APPLICATION, "book": v.APPOINTMENT, "contact": v.CONTACT}
"""The form each opt-in source is."""
_PHONE, _REGION = "phone", "phoneRegion"


def form_phone(form: v.Form, data: v.Sent, at: datetime) -> str | None:
    """The form's phone as its rules clean it (E.164), ``""`` when none was given, ``None`` when
    the one given is not valid (the form's own use case refuses it with the rule's message)."""
    rules = v.Form(f"{form.name}Phone", (form.field(_PHONE), form.field(_REGION)))
    cleaned = v.validate(rules, data, at.date())
    if _PHONE in cleaned.errors:
        return None
    phone = cleaned.values.get(_PHONE)
    return phone if isinstance(phone, str) else ""


def opt_in_of(source: OptInSource, data: v.Sent, at: datetime) -> OptIn | None:
    """The opt-in a form's body gives, or ``None`` when the box is not ticked (or the phone is not
    valid: the form is refused for it anyway). A ticked box without a phone is refused for ``phone``."""
    if not ticked(data):
        return None
    phone = form_phone(FORMS[source], data, at)
    if phone == "":
        raise Rejected({_PHONE: OPT_IN_NEEDS_PHONE})
    return None if phone is None else OptIn(phone, at, source, WHATSAPP_OPT_IN_VERSION)


def is_stop(text: str) -> bool:
    """An inbound "STOP", in any case, with any surrounding space."""
    return text.strip().upper() == STOP_WORD


@dataclass(frozen=True, slots=True)
class OptInView:
    """What staff see of a phone's opt-in on the applicant's record."""

    phone: str
    opted_in_at: datetime
    source: str
    wording_version: str
    wording: str
    """The sentence the applicant ticked ("" for a version this code no longer knows)."""
    opted_out_at: datetime | None

    @property
    def channel(self) -> str:
        """The channel the applicant's updates go by: WhatsApp while the opt-in stands, else SMS."""
        return "whatsapp" if self.opted_out_at is None else "sms"


def view_of(opt_in: OptIn) -> OptInView:
    return OptInView(
        opt_in.phone,
        opt_in.opted_in_at,
        opt_in.source,
        opt_in.wording_version,
        WORDINGS.get(opt_in.wording_version, ""),
        opt_in.opted_out_at,
    )


class OptIns:
    """The opt-in use cases over the :class:`OptInStore`."""

    def __init__(self, store: OptInStore, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock

    async def submitted(self, source: OptInSource, data: v.Sent, use_case: Callable[[], Awaitable[Answer]]) -> Answer:
        """Run the form's ``use_case`` and, when it stored its record and the box was ticked, keep the
        opt-in (when, which form, which wording). Unticked, a honeypot hit or a refusal keep nothing.
        A ticked box without a phone is refused before anything is stored."""
        opt_in = opt_in_of(source, data, self.clock())
        accepted = await use_case()
        if opt_in is not None and accepted.created and not accepted.discarded:
            await self.store.record(opt_in)
        return accepted

    async def stop(self, phone: str) -> bool:
        """Opt ``phone`` out now; whether it had an opt-in standing (a repeat stop changes nothing)."""
        current = await self.store.current(phone)
        if current is None or not current.active:
            return False
        await self.store.opt_out(phone, self.clock())
        return True

    async def may_message(self, phone: str) -> bool:
        """Only a phone with a standing opt-in gets WhatsApp messages."""
        current = await self.store.current(phone) if phone else None
        return current is not None and current.active

    async def view(self, phone: str) -> OptInView | None:
        """The phone's opt-in as staff see it (``None``: it never opted in)."""
        current = await self.store.current(phone) if phone else None
        return None if current is None else view_of(current)
