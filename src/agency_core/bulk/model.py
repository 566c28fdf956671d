"""A bulk action's record, the selection it works on, and the port that reads stored actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, Protocol

from agency_core.errors import Rejected
from agency_core.messaging.withdrawal import withdrawal_reason
from agency_core.records import ApplicationStatus
from agency_core.staff.query import ApplicationQuery, check_application_query, unknown_filter

MAX_SELECTION: Final = 200
"""Applicants one bulk action may touch (a Firestore transaction holds 500 writes)."""
SELECTION_REQUIRED: Final = "Select at least one application"
SELECTION_TOO_LARGE: Final = f"Select at most {MAX_SELECTION} applications at once; narrow the filter"
SELECTION_IDS: Final = "Applications must be a list of application IDs"
MATCHING_INVALID: Final = "The filter must be the list's filters by name"
EVERY_APPLICATION: Final = "all"
"""The filter ``{"all": "true"}``: every application, asked for in so many words (an empty filter is refused)."""
FILTER_EMPTY: Final = f'Choose at least one filter, or send "{EVERY_APPLICATION}": "true" to select every application'
EVERY_ALONE: Final = f'"{EVERY_APPLICATION}" must be "true" and stand alone: it selects every application'
IDS_AND_FILTER: Final = "Send either applicationIds or matching, not both"
BULK_ID_INVALID: Final = "Start again from the preview"
UNDO_CLOSED: Final = "The undo window has closed; the messages have been sent."
ALREADY_UNDONE: Final = "This change was already undone."
NOT_UNDOABLE: Final = "Only a status change can be undone."
CHANGED_SINCE: Final = "Some applications changed since; nothing was undone."
CHANGED_MEANWHILE: Final = "The application changed meanwhile; reload it."
WITHDRAWN_UNDONE: Final = withdrawal_reason("the status change was undone")
BULK_PREFIX: Final = "BK"


class BulkKind(StrEnum):
    STATUS = "status"
    MESSAGE = "message"


@dataclass(frozen=True, slots=True)
class BulkItem:
    """One applicant of a bulk action: done (``error`` empty) or refused with the reason."""

    application_id: str
    message_id: str = ""
    """The SMS sent for it (``""``: none)."""
    previous: ApplicationStatus | None = None
    """The status before a move (what an undo restores)."""
    error: str = ""


@dataclass(frozen=True, slots=True)
class BulkAction:
    """One bulk status move or message to many, as confirmed by staff."""

    id: str
    kind: BulkKind
    actor: str
    created_at: datetime
    selection: str
    """What was selected: ``ids`` or the filter (:meth:`ApplicationQuery.describe`)."""
    items: tuple[BulkItem, ...]
    status: ApplicationStatus | None = None
    text: str = ""
    """The message (with its ``{name}`` placeholder) of a message to many."""
    undo_until: datetime | None = None
    undone_at: datetime | None = None
    undone_by: str = ""

    @property
    def done(self) -> tuple[BulkItem, ...]:
        return tuple(i for i in self.items if not i.error)

    @property
    def refused(self) -> tuple[BulkItem, ...]:
        return tuple(i for i in self.items if i.error)


@dataclass(frozen=True, slots=True)
class Selection:
    """Applications picked one by one (``ids``), or everything ``query`` matches (resolved by the server)."""

    ids: tuple[str, ...] = ()
    query: ApplicationQuery | None = None

    def describe(self) -> str:
        return f"filter {self.query.describe()}" if self.query is not None else f"{len(self.ids)} selected"


def check_filter(matching: object) -> ApplicationQuery:
    """The list's filter a bulk action names: every key one of the list's filters (a misspelt one
    would otherwise filter nothing and select everyone), at least one set, or ``{"all": "true"}``.
    Raises :class:`~agency_core.errors.Rejected`."""
    if not isinstance(matching, Mapping) or not all(isinstance(v, str) for v in matching.values()):
        raise Rejected({"matching": MATCHING_INVALID})
    unknown = unknown_filter((str(k) for k in matching), also=(EVERY_APPLICATION,))
    if unknown is not None:
        raise Rejected({"matching": unknown[1]})
    chosen = {k: v for k, v in matching.items() if v.strip()}
    if EVERY_APPLICATION in matching:
        if chosen != {EVERY_APPLICATION: "true"}:
            raise Rejected({"matching": EVERY_ALONE})
        return ApplicationQuery()
    if not chosen:
        raise Rejected({"matching": FILTER_EMPTY})
    query, errors = check_application_query(chosen)
    if query is None:
        raise Rejected(errors)
    return query


def check_selection(ids: object, matching: object = None) -> Selection:
    """The selection a request names: its ``applicationIds`` or its filter (``matching``), never both
    (``None``: not sent). Raises :class:`~agency_core.errors.Rejected`."""
    if matching is not None:
        if ids is not None:
            raise Rejected({"matching": IDS_AND_FILTER})
        return Selection(query=check_filter(matching))
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise Rejected({"applicationIds": SELECTION_IDS})
    unique = tuple(dict.fromkeys(i.strip() for i in ids if i.strip()))
    if not unique:
        raise Rejected({"applicationIds": SELECTION_REQUIRED})
    if len(unique) > MAX_SELECTION:
        raise Rejected({"applicationIds": SELECTION_TOO_LARGE})
    return Selection(ids=unique)


def is_bulk_id(raw: object) -> bool:
    return isinstance(raw, str) and raw.startswith(BULK_PREFIX) and raw[2:].isascii() and raw[2:].isdigit()


class BulkStore(Protocol):
    """Reads the stored bulk actions (written through the unit of work's ``bulk_actions``)."""

    async def bulk_action(self, bulk_id: str) -> BulkAction | None: ...
