"""Numbers read from text: ASCII digits ``0-9`` only, everywhere.

``str.isdigit`` is true for ``"¹"``, ``"²"`` and ``"①"``, which ``int()`` then refuses (a 500), and
``int()`` and the ``\\d`` of ``re`` accept other scripts' digits (``"٣"``); a number a person types into
a form or a URL is read here, or matched by a pattern compiled with ``re.ASCII``.
"""

from __future__ import annotations

import re
from typing import Final

_WHOLE: Final = re.compile(r"[0-9]+", re.ASCII)


def is_ascii_digits(text: str) -> bool:
    """``text`` is one or more of ``0-9`` and nothing else."""
    return _WHOLE.fullmatch(text) is not None


def ascii_whole_number(text: str, max_digits: int = 18) -> int | None:
    """The whole number ``text`` writes in ASCII digits (spaces around it allowed), at most
    ``max_digits`` of them; ``None`` for anything else."""
    digits = text.strip()
    if not is_ascii_digits(digits) or len(digits) > max_digits:
        return None
    return int(digits)


def json_whole_number(raw: object) -> int | None:
    """A JSON number that is whole: ``4`` or ``4.0`` (JSON Schema's "integer" admits both), else ``None``;
    never a bool."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    return None
