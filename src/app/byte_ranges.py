"""Byte ranges of a file (RFC 9110, 14): what a ``Range`` header asks of a representation of a given size.

A video player seeks by asking for the bytes it needs (``Range: bytes=81920-``); a server that answers
every such request with the whole file from byte 0 leaves the player unable to seek.

One range is served (``206``). A request for several ranges is answered with the whole file
(``200``), as the RFC lets a server do: no browser's media player asks for more than one, and
``multipart/byteranges`` would be code for nobody. A header that is not a well-formed ``bytes``
range is ignored (``200``) as the RFC asks; a well-formed one that selects no byte of the file is
:data:`UNSATISFIABLE` (``416``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

_SPEC = re.compile(r"^(\d*)-(\d*)$")


@dataclass(frozen=True)
class ByteRange:
    """Bytes ``first`` to ``last`` (both included) of a file of ``size`` bytes."""

    first: int
    last: int
    size: int

    @property
    def length(self) -> int:
        return self.last - self.first + 1

    @property
    def content_range(self) -> str:
        return f"bytes {self.first}-{self.last}/{self.size}"


Unsatisfiable = Literal["unsatisfiable"]
UNSATISFIABLE: Final[Unsatisfiable] = "unsatisfiable"


def unsatisfied_content_range(size: int) -> str:
    """The ``Content-Range`` of a ``416``: the file's current size."""
    return f"bytes */{size}"


def _one(spec: str, size: int) -> ByteRange | Unsatisfiable | None:
    """One range spec (``0-99``, ``100-``, ``-500``): ``None`` when it is malformed."""
    match = _SPEC.match(spec.strip())
    if match is None:
        return None
    first_text, last_text = match.groups()
    if not first_text:
        if not last_text:
            return None
        suffix = int(last_text)  # the last ``suffix`` bytes
        if suffix == 0 or size == 0:
            return UNSATISFIABLE
        return ByteRange(max(size - suffix, 0), size - 1, size)
    first = int(first_text)
    last = int(last_text) if last_text else None
    if last is not None and last < first:
        return None
    if first >= size:
        return UNSATISFIABLE
    return ByteRange(first, size - 1 if last is None else min(last, size - 1), size)


def requested_range(header: str | None, size: int) -> ByteRange | Unsatisfiable | None:
    """The single range to serve, :data:`UNSATISFIABLE`, or ``None`` for the whole file."""
    if header is None:
        return None
    unit, separator, specs = header.partition("=")
    if not separator or unit.strip().lower() != "bytes":
        return None
    ranges = [_one(spec, size) for spec in specs.split(",")]
    if not ranges or any(each is None for each in ranges):
        return None
    satisfiable = [each for each in ranges if isinstance(each, ByteRange)]
    if not satisfiable:
        return UNSATISFIABLE
    if len(ranges) > 1:
        return None
    return satisfiable[0]
