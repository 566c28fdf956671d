"""The admin lists' filters read from a query string: views, statuses, dates, search; and the
in-memory filter stores that do not filter in SQL use."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Final, TypeVar

from agency_core.errors import Rejected
from agency_core.payments.shown import ShownPayment
from agency_core.records import ApplicationStatus, PaymentState
from agency_core.spec.inputs import input_of, sent_names, wire
from agency_core.staff.records import ApplicationRecord
from agency_core.staff.search import Search, search_key, search_of


def status_must_be(choices: Iterable[str]) -> str:
    """``Status must be done or cancelled``: the message for a status outside ``choices``."""
    names = list(choices)
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"Status must be {listed}"


S = TypeVar("S", bound=StrEnum)


def parse_status(raw: object, kind: type[S], allowed: Iterable[S] | None = None) -> S | None:
    """``raw`` as a member of ``kind`` (limited to ``allowed``), or ``None`` when it is not one."""
    choices = list(kind) if allowed is None else list(allowed)
    return next((s for s in choices if s.value == raw), None)


class View(StrEnum):
    """The quick views of a working day (docs/admin-area.md). Applications: ``today``
    submitted since midnight in the office's zone, ``new`` still received (no decision yet),
    ``unread`` never opened by staff. Appointments: ``today`` slot today, ``new`` booked and not
    yet marked. Messages: ``today`` received today, ``unread`` not marked read (a message's "new")."""

    TODAY = "today"
    NEW = "new"
    UNREAD = "unread"


APPOINTMENT_VIEWS: Final = (View.TODAY, View.NEW)
MESSAGE_VIEWS: Final = (View.TODAY, View.UNREAD)


def check_view(raw: str | None, allowed: Sequence[View], errors: dict[str, str]) -> View | None:
    """An optional ``?view=``: ``None`` when absent; an error under ``view`` when not one of ``allowed``."""
    return _status_param(raw, View, status_must_be(allowed).replace("Status", "View", 1), "view", errors, allowed)


@dataclass(frozen=True, slots=True)
class ApplicationQuery:
    """The applications list's filters; ``to`` is inclusive (UTC dates of submission). ``view`` is
    what was asked; the service turns it into ``since`` (today), ``status`` (new) or ``unopened``."""

    q: str = ""
    status: ApplicationStatus | None = None
    job_category: str = ""
    preferred_country: str = ""
    date_from: date | None = None
    date_to: date | None = None
    payment: PaymentState | None = None
    """The stored state stores filter by; ``shown_payment`` narrows a paid one by its refunds."""
    shown_payment: ShownPayment | None = None
    """What was asked (:mod:`agency_core.payments.shown`); the service filters by it when it takes refunds."""
    job_id: str = ""
    view: View | None = None
    since: datetime | None = None
    unopened: bool = False
    owner: str = ""
    """A staff member's id: only the applications they own."""

    @property
    def search(self) -> Search:
        """``q`` folded (:mod:`agency_core.staff.search`): "odom" finds "Ɔdɔm", "024 123 4567" "+233241234567"."""
        return search_of(self.q)

    def describe(self) -> str:
        parts = [
            f"q={self.q}" if self.q else "",
            f"status={self.status.value}" if self.status else "",
            f"jobCategory={self.job_category}" if self.job_category else "",
            f"preferredCountry={self.preferred_country}" if self.preferred_country else "",
            f"from={self.date_from.isoformat()}" if self.date_from else "",
            f"to={self.date_to.isoformat()}" if self.date_to else "",
            f"payment={(self.shown_payment or self.payment).value}" if self.payment else "",
            f"jobId={self.job_id}" if self.job_id else "",
            f"view={self.view.value}" if self.view else "",
            f"owner={self.owner}" if self.owner else "",
        ]
        return "&".join(p for p in parts if p) or "all"


MAX_SEARCH_LENGTH: Final = 200
SEARCH_TOO_LONG: Final = f"Search must be at most {MAX_SEARCH_LENGTH} characters"


def _status_param(
    raw: str | None,
    kind: type[S],
    message: str,
    name: str,
    errors: dict[str, str],
    allowed: Iterable[S] | None = None,
) -> S | None:
    """An optional status filter: ``None`` when absent; an error under ``name`` when not one of ``kind``."""
    text = (raw or "").strip()
    if not text:
        return None
    status = parse_status(text, kind, allowed)
    if status is None:
        errors[name] = message
    return status


def _date_param(raw: str | None, name: str, errors: dict[str, str]) -> date | None:
    """An optional ``YYYY-MM-DD`` filter; an error under ``name`` when it is not a real date."""
    text = (raw or "").strip()
    if not text:
        return None
    day: date | None = None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
        with contextlib.suppress(ValueError):
            day = date.fromisoformat(text)
    if day is None:
        errors[name] = "Enter a date as YYYY-MM-DD"
    return day


@dataclass(frozen=True, slots=True)
class ApplicationQueryInput:
    """The applications list's filters as sent (``?q=&status=&jobCategory=&preferredCountry=&from=&to=
    &payment=&jobId=&view=&owner=``), each ``None`` when absent."""

    q: str | None = None
    status: str | None = None
    job_category: str | None = None
    preferred_country: str | None = None
    start: str | None = field(default=None, metadata=wire("from"))
    end: str | None = field(default=None, metadata=wire("to"))
    payment: str | None = None
    job_id: str | None = None
    view: str | None = None
    owner: str | None = None


def _text(raw: str | None) -> str:
    return (raw or "").strip()


def check_application_input(sent: ApplicationQueryInput) -> tuple[ApplicationQuery | None, dict[str, str]]:
    """The query of the filters sent, or the errors keyed by the parameter's name."""
    errors: dict[str, str] = {}
    status = _status_param(sent.status, ApplicationStatus, status_must_be(ApplicationStatus), "status", errors)
    payment_must_be = status_must_be(ShownPayment).replace("Status", "Payment", 1)
    payment = _status_param(sent.payment, ShownPayment, payment_must_be, "payment", errors)
    start = _date_param(sent.start, "from", errors)
    end = _date_param(sent.end, "to", errors)
    view = check_view(sent.view, list(View), errors)
    if len(_text(sent.q)) > MAX_SEARCH_LENGTH:
        errors["q"] = SEARCH_TOO_LONG
    if start and end and start > end:
        errors["to"] = "The end date must not be before the start date"
    if errors:
        return None, errors
    query = ApplicationQuery(
        q=_text(sent.q),
        status=status,
        job_category=_text(sent.job_category),
        preferred_country=_text(sent.preferred_country),
        date_from=start,
        date_to=end,
        payment=payment.stored if payment else None,
        shown_payment=payment,
        job_id=_text(sent.job_id),
        view=view,
        owner=_text(sent.owner),
    )
    return query, {}


def check_application_query(params: Mapping[str, str | None]) -> tuple[ApplicationQuery | None, dict[str, str]]:
    """:func:`check_application_input` of a query string's (or a bulk request's ``matching``) parameters."""
    return check_application_input(input_of(ApplicationQueryInput, params))


def parse_application_query(sent: ApplicationQueryInput) -> ApplicationQuery:
    """The query of the filters sent; ``Rejected`` with a message per parameter otherwise."""
    query, errors = check_application_input(sent)
    if query is None:
        raise Rejected(errors)
    return query


def application_matches(record: ApplicationRecord, query: ApplicationQuery, key: str | None = None) -> bool:
    """The list's filter for stores that filter in memory (the SQLite store does it in SQL); ``key``
    is the record's stored search key, when the store keeps one."""
    app = record.application
    data = app.data
    if query.status is not None and record.status is not query.status:
        return False
    if query.payment is not None and record.payment.state is not query.payment:
        return False
    fields = (
        (query.job_category, data.job_category),
        (query.preferred_country, data.preferred_country),
        (query.job_id, data.job_id),
    )
    if any(wanted and held != wanted for wanted, held in fields):
        return False
    if query.owner and record.owner_id != query.owner:
        return False
    if query.unopened and record.opened_at is not None:
        return False
    if query.since is not None and app.created_at < query.since:
        return False
    day = app.created_at.date()
    if query.date_from is not None and day < query.date_from:
        return False
    if query.date_to is not None and day > query.date_to:
        return False
    return not query.q or query.search.matches(search_key(app.id, data) if key is None else key)


APPLICATION_FILTERS: Final = sent_names(ApplicationQueryInput)
"""The applications list's filters by the names they are sent as."""
UNKNOWN_FILTER: Final = "Unknown filter {name}: the filters are {names}"


def unknown_filter(names: Iterable[str], also: Sequence[str] = ()) -> tuple[str, str] | None:
    """The first of ``names`` that is neither one of the list's filters nor in ``also``, with its
    refusal; ``None`` when every name is known. A misspelt filter would otherwise filter nothing."""
    known = (*APPLICATION_FILTERS, *also)
    name = next((n for n in names if n not in known), None)
    return None if name is None else (name, UNKNOWN_FILTER.format(name=name, names=", ".join(known)))
