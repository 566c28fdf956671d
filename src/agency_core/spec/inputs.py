"""What staff (or a client) send, read once into a typed value before it is checked.

An input is a frozen dataclass whose fields hold the sent values as they came (``object``): each
field is read from the mapping by its spec (camel-case) name (:func:`~agency_core.spec.forms.spec_name`),
or by the name its metadata gives (:func:`wire`: ``from``, a Python keyword). A field the mapping
lacks takes the field's default: ``None`` as a missing key always read, or :data:`ABSENT` where
leaving a field out means something of its own ("keep what is saved"). The checks then turn the
input into the use case's command; nothing after this reads the mapping by key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from agency_core.spec.forms import spec_name

In = TypeVar("In")

WIRE_NAME: Final = "name"
"""The ``metadata`` key of a field whose sent name is not its spec name."""


class _Absent:
    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final[Any] = _Absent()
"""The value of a field the input left out, where that differs from sending ``null``."""

_NAMES: dict[type, tuple[tuple[str, str, object], ...]] = {}


def _names(kind: type) -> tuple[tuple[str, str, object], ...]:
    if kind not in _NAMES:
        _NAMES[kind] = tuple(
            (f.name, f.metadata.get(WIRE_NAME, spec_name(f.name)), f.default) for f in dataclasses.fields(kind)
        )
    return _NAMES[kind]


def sent_names(kind: type) -> tuple[str, ...]:
    """The names ``kind``'s fields are sent by, in its fields' order."""
    return tuple(name for _, name, _ in _names(kind))


def input_of(kind: type[In], data: Mapping[str, object]) -> In:
    """The ``kind`` input of ``data`` (names ``kind`` has no field for are ignored)."""
    return kind(**{attribute: data.get(name, default) for attribute, name, default in _names(kind)})


def inputs_of(kind: type[In], raw: object) -> In:
    """``raw`` as a ``kind`` input when it is a mapping, else an input with every field left out."""
    return input_of(kind, raw if isinstance(raw, Mapping) else {})


def wire(name: str) -> dict[str, str]:
    """A field's ``metadata`` naming what it is sent as: ``field(default=None, metadata=wire("from"))``."""
    return {WIRE_NAME: name}
