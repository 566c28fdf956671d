"""CSV exports that open safely in a spreadsheet."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Final

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
