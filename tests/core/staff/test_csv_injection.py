"""CSV exports per OWASP's CSV-injection guidance, whatever separator the spreadsheet splits on."""

from __future__ import annotations

import csv
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.staff.csv_export import csv_cell, spreadsheet_phone, to_csv

FORMULA = ("=", "+", "-", "@")


def test_cells_that_could_start_a_formula_are_neutralised() -> None:
    for text in ("=1+1", "+233 20 123 4567", "+2", "-2", "@SUM(A1)", "  =1+1", "\tx"):
        assert csv_cell(text) == "'" + text, text
    assert csv_cell("\t=1") == "'\t'=1"  # a tab both starts the cell and separates
    assert csv_cell(";=1+1") == ";'=1+1"
    assert csv_cell("a, -1") == "a, '-1"
    assert csv_cell('x|"@y') == "x|\"'@y"
    assert csv_cell("=a;+b") == "'=a;'+b"
    for text in ("Ama", "Mid Level (3-5 years)", "2026-01-02", "a@b.com", "English, Twi", "$1,000-$2,000"):
        assert csv_cell(text) == text, text


def test_a_semicolon_cell_stays_one_quoted_cell() -> None:
    out = to_csv(["note"], [[";=1+1"]])
    assert out == 'note\r\n";\'=1+1"\r\n'
    assert list(csv.reader(io.StringIO(out))) == [["note"], [";'=1+1"]]


CELLS = st.text(alphabet="=+-@;,|\t\r\n \"'ab1", min_size=1, max_size=8)


@settings(max_examples=300)
@given(st.lists(st.lists(CELLS, min_size=1, max_size=4), max_size=4))
def test_no_separator_makes_a_cell_that_starts_a_formula(rows: list[list[str]]) -> None:
    out = to_csv(["h"] * max((len(r) for r in rows), default=1), rows)
    parsed = list(csv.reader(io.StringIO(out, newline="")))
    assert [[csv_cell(v) for v in row] for row in rows] == parsed[1:]
    for delimiter in (",", ";", "\t", "|"):
        for row in csv.reader(io.StringIO(out, newline=""), delimiter=delimiter):
            for cell in row:
                assert not cell.lstrip(" ").startswith(FORMULA), (delimiter, cell, out)


def test_phones_in_the_csv_are_text_a_spreadsheet_keeps() -> None:
    assert csv_cell("+233201234567") == "(+233) 20 123 4567"
    assert csv_cell("+971501234567") == "(+971) 50 123 4567"
    assert csv_cell("+12015550123") == "(+1) 201-555-0123"
    assert to_csv(["phone"], [["+233201234567"]]) == "phone\r\n(+233) 20 123 4567\r\n"
    # neither a formula start nor a number: no ' and nothing the neutraliser would touch
    for phone in ("+233201234567", "+4915112345678", "+6591234567"):
        shown = spreadsheet_phone(phone)
        assert shown is not None
        assert shown.startswith("(+")
        assert " " in shown
        assert csv_cell(shown) == shown
    # not a phone number the library can read: neutralised as any other formula start
    assert csv_cell("+2331") == "'+2331"
