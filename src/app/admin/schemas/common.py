"""What every admin body shares: the struct base, the page of a list and the request bodies' JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import msgspec

from agency_core.paging import Page as CorePage
from agency_core.spec.forms import FormValues, spec_names


class Body(msgspec.Struct, rename="camel", kw_only=True):
    """Base of the admin bodies: snake_case in Python, camelCase on the wire."""


B = TypeVar("B", bound=msgspec.Struct)
T = TypeVar("T")
R = TypeVar("R")


class Page(Body, Generic[T]):
    """One page of a list, newest (or as the route says) first."""

    items: list[T]
    total: int
    page: int
    page_size: int


def page_of(found: CorePage[R], item: Callable[[R], T]) -> Page[T]:
    return Page(items=[item(i) for i in found.items], total=found.total, page=found.page, page_size=found.page_size)


def from_record(kind: type[B], values: Mapping[str, object]) -> B:
    """``kind`` filled from ``values`` (keyed by wire name, extra keys ignored). A required field
    missing from ``values`` is sent as ``null``; a field with an ``UNSET`` default is left out."""
    wanted = {f.encode_name: None for f in msgspec.structs.fields(kind) if f.required}
    return msgspec.convert({**wanted, **values}, kind)


def with_form(kind: type[B], form: FormValues, /, **record: Any) -> B:
    """``kind`` built from a core record directly, with no dict of its form's values to convert:
    ``record`` gives the record's own fields (by attribute name), ``form`` the typed form's fields
    ``kind`` has. A blank form field is null where ``kind`` requires it and left out (its default)
    where not, as :func:`from_record` does with the values ``form_values`` leaves out."""
    values = dict(record)
    held = {attribute for attribute, _ in spec_names(type(form))}
    for f in msgspec.structs.fields(kind):
        if f.name in values or f.name not in held:
            continue
        value = getattr(form, f.name)
        if value is not None and value not in ("", ()):
            values[f.name] = list(value) if isinstance(value, tuple) else value
        elif f.required:
            values[f.name] = None
    return kind(**values)


def from_object(kind: type[B], record: object) -> B:
    """``kind`` filled from the attributes of a core record whose field names line up."""
    return msgspec.convert(record, kind, from_attributes=True)


# Request bodies: each field has the type a client sends; a required one has no default, and an
# optional one left out of the body stays out (``UNSET``), so the core sees exactly the JSON object
# that was sent. Handlers take them with ``dto=CoreChecked`` (``app/checked_body.py``): a value of
# another type still reaches the core, which answers it with the spec's 422 message. What ``/schema``
# publishes for a body adds the core's rules (enums, ranges, patterns): ``app/request_contract.py``.
UNSET: Any = msgspec.UNSET


def to_core(body: Body) -> dict[str, object]:
    """The request body as the core's checks take it: the JSON object, camelCase keys."""
    data: dict[str, object] = msgspec.to_builtins(body)
    return data
