"""CSV exports that open safely in a spreadsheet."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Final

import phonenumbers

from agency_core.spec.validation import WHATSAPP_OPT_IN, Form

# OWASP CSV injection: a cell is read as a formula when it starts with = + - @ (or tab / CR);
# spreadsheets skip leading spaces, and a reader that splits on another separator (";" in many
# locales, tab, "|") starts a new cell after it. Both get a ' in front, and such cells are quoted.
_FORMULA_AT_START: Final = re.compile(r"^(?:[\s\"']*[=+\-@]|[\t\r])")
_FORMULA_AFTER_SEPARATOR: Final = re.compile(r"([,;|\t\r\n][\s\"']*)(?=[=+\-@])")
_MUST_QUOTE: Final = re.compile(r"[,;|\t\r\n\"]")
_E164: Final = re.compile(r"\+[1-9][0-9]{6,14}", re.ASCII)


def form_columns(form: Form) -> tuple[str, ...]:
    """The CSV columns of ``form``'s own fields (spec names, in the form's order), made from its rules:
    each field staff read, not a phone's country (the number is E.164, its country code in it), a file
    (an export lists the files on its own), a box that must be ticked (the consent, always yes) nor the
    WhatsApp opt-in box (the record does not keep it: the opt-ins' own store does)."""
    return tuple(
        f.name
        for f in form.fields
        if f.kind not in ("region", "file") and not f.must_be_true and f.name != WHATSAPP_OPT_IN
    )


def spreadsheet_phone(e164: str) -> str | None:
    """A stored phone (E.164) as text every spreadsheet keeps as it is: ``(+233) 24 123 4567``.
    ``+233…`` alone is a formula (it would become 233241234567, or need the neutraliser's visible
    '), and ``+233 24 123 4567`` still starts one; a leading bracket starts neither a formula nor a
    number, and the spaces keep it from being read as one. None when it is no phone number."""
    try:
        number = phonenumbers.parse(e164)
    except phonenumbers.NumberParseException:
        return None
    international = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    code = f"+{number.country_code}"
    return f"({code}) {international.removeprefix(code).strip()}"


def csv_cell(value: object) -> str:
    """One cell's text, safe to open in a spreadsheet: a phone number (E.164) is written as
    :func:`spreadsheet_phone`; a cell that could start a formula (its first character, after
    leading whitespace) gets a leading ', and so does every piece after a separator that could
    (``;=1+1`` becomes ``;'=1+1``)."""
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
    if _E164.fullmatch(text):
        text = spreadsheet_phone(text) or text
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
