"""The admin area's records, rules and store port (pure: no framework, no storage).

The admin area works on the public records (:mod:`agency_core.records`) plus what staff add
to them: an application's status and when it was first opened, an appointment's status, a
message's read time, job openings, saved settings and the audit log.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Final, Generic, Protocol, TypeVar

from agency_core.jobs.rules import is_expired, salary_text
from agency_core.payments.model import UNPAID, Payment
from agency_core.payments.shown import ShownPayment
from agency_core.records import (
    Application,
    ApplicationStatus,
    Appointment,
    AppointmentStatus,
    BlogPost,
    ContactMessage,
    JobAlert,
    JobStatus,
    NewsletterSubscription,
    PaymentState,
)
from agency_core.spec.numbers import ascii_whole_number
from agency_core.staff.search import Search, search_key, search_of
from agency_core.staff.settings import SettingsStore

T = TypeVar("T")

DEFAULT_PAGE_SIZE: Final = 20
MAX_PAGE_SIZE: Final = 100

# -- application status ---------------------------------------------------------------

_MOVES: Final[Mapping[ApplicationStatus, frozenset[ApplicationStatus]]] = {
    ApplicationStatus.RECEIVED: frozenset({ApplicationStatus.PROCESSING}),
    ApplicationStatus.PROCESSING: frozenset({ApplicationStatus.APPROVED, ApplicationStatus.REJECTED}),
    ApplicationStatus.APPROVED: frozenset(),
    ApplicationStatus.REJECTED: frozenset(),
}


def can_move(current: ApplicationStatus, new: ApplicationStatus) -> bool:
    """received -> processing -> approved or rejected; nothing else, no way back."""
    return new in _MOVES[current]


def next_statuses(current: ApplicationStatus) -> list[ApplicationStatus]:
    return sorted(_MOVES[current])


def move_refused_message(current: ApplicationStatus, new: ApplicationStatus) -> str:
    allowed = " or ".join(s.value for s in next_statuses(current))
    if not allowed:
        return f"The application is already {current.value}; its status cannot change."
    return f"The application is {current.value}: it can move to {allowed}, not {new.value}."


def can_move_appointment(current: AppointmentStatus, new: AppointmentStatus) -> bool:
    """booked -> attended | no_show | cancelled; every outcome is final."""
    return current is AppointmentStatus.BOOKED and new is not AppointmentStatus.BOOKED


NOT_STARTED: Final = "The appointment has not started yet: mark it attended or no-show from its start time."


def not_started_yet(appointment: Appointment, new: AppointmentStatus, now: datetime) -> bool:
    """Whether ``new`` is an outcome (attended, no-show) of a booking whose slot has not begun."""
    outcome = new in (AppointmentStatus.ATTENDED, AppointmentStatus.NO_SHOW)
    return outcome and appointment.starts_at is not None and appointment.starts_at > now


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


# -- records ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ApplicationRecord:
    """An application with what staff added: its status and when it was first opened."""

    application: Application
    status: ApplicationStatus = ApplicationStatus.RECEIVED
    opened_at: datetime | None = None
    payment: Payment = UNPAID
    """The processing fee (:mod:`agency_core.payments.model`)."""
    owner_id: str = ""
    """The staff member who looks after it ("" for nobody; :mod:`agency_core.staff.notes`)."""
    owner_name: str = ""

    @property
    def id(self) -> str:
        return self.application.id


@dataclass(frozen=True, slots=True)
class AppointmentRecord:
    appointment: Appointment
    status: AppointmentStatus = AppointmentStatus.BOOKED


@dataclass(frozen=True, slots=True)
class MessageRecord:
    message: ContactMessage
    read_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Job:
    id: str
    title: str
    country: str
    category: str
    salary_range: str
    description: str
    status: JobStatus
    created_at: datetime
    updated_at: datetime
    city: str = ""
    employment_type: str = "Full-time"
    positions: int = 1
    salary_min: int | None = None
    salary_max: int | None = None
    salary_currency: str = "USD"
    salary_period: str = "month"
    requirements: str = ""
    benefits: tuple[str, ...] = ()
    closing_date: date | None = None
    published_at: datetime | None = None
    """When it was first opened to the public (``None`` while it has never been open)."""

    def status_on(self, today: date) -> JobStatus:
        """Its status as the public sees it: an open job past its closing date is closed."""
        if self.status is JobStatus.OPEN and is_expired(self.closing_date, today):
            return JobStatus.CLOSED
        return self.status

    @property
    def salary(self) -> str:
        return salary_text(
            self.salary_min, self.salary_max, self.salary_currency, self.salary_period, self.salary_range
        )


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: str
    actor: str
    action: str
    target: str
    at: datetime


@dataclass(frozen=True, slots=True)
class OutboxHealth:
    pending: int
    failed_last_24h: int


@dataclass(frozen=True, slots=True)
class Counts:
    total_applications: int
    active_jobs: int
    new_messages: int
    blog_posts: int


# -- pages and filters ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PageRequest:
    page: int = 1
    page_size: int = DEFAULT_PAGE_SIZE

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.page_size


ALL: Final = PageRequest(1, 10**9)
"""Every row at once (CSV exports)."""


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    page: int
    page_size: int


def page_of(items: Sequence[T], request: PageRequest) -> Page[T]:
    """A page cut from an already filtered and sorted list (stores that filter in memory)."""
    chunk = list(items[request.offset : request.offset + request.page_size])
    return Page(chunk, len(items), request.page, request.page_size)


def check_page(page: object, page_size: object) -> tuple[PageRequest | None, dict[str, str]]:
    errors: dict[str, str] = {}
    p = _int(page, 1)
    s = _int(page_size, DEFAULT_PAGE_SIZE)
    if p is None or p < 1:
        errors["page"] = "Page must be a whole number from 1"
    if s is None or not 1 <= s <= MAX_PAGE_SIZE:
        errors["pageSize"] = f"Page size must be a whole number from 1 to {MAX_PAGE_SIZE}"
    if errors or p is None or s is None:
        return None, errors
    return PageRequest(p, s), {}


def _int(value: object, default: int) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    # Few enough digits for SQLite's 64-bit integers.
    return ascii_whole_number(value, max_digits=9) if isinstance(value, str) else None


class View(StrEnum):
    """The quick views of a working day (README "Views for the day"). Applications: ``today``
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


def check_application_query(params: Mapping[str, str | None]) -> tuple[ApplicationQuery | None, dict[str, str]]:
    errors: dict[str, str] = {}
    status = _status_param(params.get("status"), ApplicationStatus, status_must_be(ApplicationStatus), "status", errors)
    payment = _status_param(
        params.get("payment"),
        ShownPayment,
        status_must_be(ShownPayment).replace("Status", "Payment", 1),
        "payment",
        errors,
    )
    start = _date_param(params.get("from"), "from", errors)
    end = _date_param(params.get("to"), "to", errors)
    view = check_view(params.get("view"), list(View), errors)
    if len((params.get("q") or "").strip()) > MAX_SEARCH_LENGTH:
        errors["q"] = SEARCH_TOO_LONG
    if start and end and start > end:
        errors["to"] = "The end date must not be before the start date"
    if errors:
        return None, errors
    query = ApplicationQuery(
        q=(params.get("q") or "").strip(),
        status=status,
        job_category=(params.get("jobCategory") or "").strip(),
        preferred_country=(params.get("preferredCountry") or "").strip(),
        date_from=start,
        date_to=end,
        payment=payment.stored if payment else None,
        shown_payment=payment,
        job_id=(params.get("jobId") or "").strip(),
        view=view,
        owner=(params.get("owner") or "").strip(),
    )
    return query, {}


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


# -- the store port -----------------------------------------------------------------------


class AdminStore(SettingsStore, Protocol):
    """What the admin area reads. Its changes, each with its :class:`AuditEntry`, are written
    through a :class:`~agency_core.unit_of_work.UnitOfWork`."""

    async def start(self) -> None: ...

    # audit
    async def audit(self, entry: AuditEntry) -> None:
        """Write one audit entry on its own (a read worth recording; changes use a unit of work)."""
        ...

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        """Newest first."""
        ...

    # dashboard
    async def counts(self) -> Counts: ...
    async def outbox_health(self, since: datetime) -> OutboxHealth:
        """Pending messages, and messages failed for good whose last attempt was at or after ``since``."""
        ...

    # applications
    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        """Newest first."""
        ...

    async def application(self, application_id: str) -> ApplicationRecord | None: ...
    async def mark_opened(self, application_id: str, at: datetime) -> None:
        """Set ``opened_at`` unless it is set already."""
        ...

    # appointments
    async def appointments(
        self,
        status: AppointmentStatus | None,
        page: PageRequest,
        *,
        starts_from: datetime | None = None,
        starts_before: datetime | None = None,
    ) -> Page[AppointmentRecord]:
        """By preferred date (then time booked); with ``starts_from``/``starts_before``, only the
        slots starting in ``[starts_from, starts_before)``."""
        ...

    async def appointment(self, reference: str) -> AppointmentRecord | None: ...

    async def appointment_counts(self, start: datetime, end: datetime) -> dict[AppointmentStatus, int]:
        """How many bookings of each status start in ``[start, end)``."""
        ...

    async def appointments_between(self, start: datetime, end: datetime) -> list[AppointmentRecord]:
        """Every booking (any status) that starts in ``[start, end)``, by start then reference."""
        ...

    # messages
    async def messages(
        self, page: PageRequest, *, unread: bool = False, since: datetime | None = None
    ) -> Page[MessageRecord]:
        """Unread first, then newest; ``unread`` only those not read, ``since`` only those received from then."""
        ...

    async def message(self, message_id: str) -> MessageRecord | None: ...
    # jobs
    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        """Newest first."""
        ...

    async def job(self, job_id: str) -> Job | None: ...
    async def close_expired_jobs(self, today: date, at: datetime) -> list[str]:
        """Close every open job whose closing date is before ``today`` (``updated_at`` = ``at``);
        the ids closed now."""
        ...

    async def applications_per_job(self, job_ids: Sequence[str]) -> dict[str, int]:
        """How many applications name each job (jobs with none are left out)."""
        ...

    # blog
    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        """Every post, drafts too, newest date first."""
        ...

    # subscribers
    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        """Newest first."""
        ...

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        """Newest first."""
        ...


class MediaStore(Protocol):
    """Public media (blog images) under names it chooses."""

    async def save(self, content: bytes, extension: str) -> str:
        """Store ``content``; returns its public name, e.g. ``<random>.png``."""
        ...

    async def read(self, name: str) -> bytes | None:
        """The image of a public name, or ``None`` for a name this store never made or has not got."""
        ...


# -- CSV ----------------------------------------------------------------------------------

# OWASP CSV injection: a cell is read as a formula when it starts with = + - @ (or tab / CR);
# spreadsheets skip leading spaces, and a reader that splits on another separator (";" in many
# locales, tab, "|") starts a new cell after it. Both get a ' in front, and such cells are quoted.
_FORMULA_AT_START: Final = re.compile(r"^(?:[\s\"']*[=+\-@]|[\t\r])")
_FORMULA_AFTER_SEPARATOR: Final = re.compile(r"([,;|\t\r\n][\s\"']*)(?=[=+\-@])")
_MUST_QUOTE: Final = re.compile(r"[,;|\t\r\n\"]")


def csv_cell(value: object) -> str:
    """One cell's text, safe to open in a spreadsheet: a cell that could start a formula (its
    first character, after leading whitespace) gets a leading ', and so does every piece after a
    separator that could (``;=1+1`` becomes ``;'=1+1``)."""
    if value is None:
        text = ""
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, datetime):
        text = value.isoformat(timespec="seconds")
    elif isinstance(value, list | tuple):
        text = ", ".join(str(v) for v in value)
    else:
        text = str(value)
    text = _FORMULA_AFTER_SEPARATOR.sub(r"\1'", text)
    return "'" + text if _FORMULA_AT_START.match(text) else text


def _field(text: str) -> str:
    """RFC 4180 quoting, also for any separator a spreadsheet may split on and any neutralised cell."""
    if text.startswith("'") or _MUST_QUOTE.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def to_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = [",".join(_field(csv_cell(h)) for h in header)]
    lines.extend(",".join(_field(csv_cell(v)) for v in row) for row in rows)
    return "".join(line + "\r\n" for line in lines)
