"""What every admin body shares: the struct base, the page of a list and the lenient request fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Generic, TypeVar

import msgspec

from agency_core.paging import Page as CorePage


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


def from_object(kind: type[B], record: object) -> B:
    """``kind`` filled from the attributes of a core record whose field names line up."""
    return msgspec.convert(record, kind, from_attributes=True)


def documented(schema: dict[str, Any]) -> msgspec.Meta:
    """A request field's schema in ``/schema`` (Litestar reads ``extra``), for a field that
    accepts any JSON value."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


# Request fields: documented with the type a client sends, decoded as any JSON value, because the
# core checks them and answers 422 with the spec's message for each (a number where text belongs
# is "Enter text" or "Choose one of the listed options", not a decoding error). A field left out of
# the body stays out (``UNSET``), so the core sees exactly the JSON object that was sent. What
# ``/schema`` publishes for a body is stricter: ``app/request_contract.py`` writes it from the core's rules.
Text = Annotated[Any, documented({"type": "string"})]
Flag = Annotated[Any, documented({"type": "boolean"})]
Words = Annotated[Any, documented({"type": "array", "items": {"type": "string"}})]
WholeNumber = Annotated[Any, documented({"one_of": [{"type": "integer"}, {"type": "string"}]})]
UNSET: Any = msgspec.UNSET


def to_core(body: Body) -> dict[str, object]:
    """The request body as the core's checks take it: the JSON object, camelCase keys."""
    data: dict[str, object] = msgspec.to_builtins(body)
    return data
