"""Tests pass at any hour: no test reads the machine's date or time for what it asserts or for data the
app compares with its "today". The apps under test run on the tests' clock (``tests/support/clock.py``:
``make_app``, ``make_harness``, ``running_app`` and the browser pages all start at ``NOW``), and a test
derives its dates from ``NOW``. This scans every Python file under ``tests/`` (its syntax tree, so a
comment or a string does not count) for ``datetime.now()``, ``datetime.utcnow()``, ``datetime.today()``
and ``date.today()``, under any import name, outside :data:`ALLOWED`. Elapsed time (``time.monotonic()``)
is not a date and stays free."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Final

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
WALL_CLOCK_CALLS: Final = frozenset(
    {("datetime", "now"), ("datetime", "utcnow"), ("datetime", "today"), ("date", "today")}
)

ALLOWED: Final[dict[str, str]] = {
    "tests/api/test_logs_without_personal_data.py": "a production process refuses AGENCY_NOW: real time",
    "tests/scripts/test_status_client.py": "a script's lease of one second of real time: elapsed time, no date",
    "tests/support/paystack.py": "the local Paystack's own paid_at, as the real service answers",
}
"""Files that may read the machine's time, each with its reason."""


def wall_clock_reads(source: str) -> list[int]:
    """The lines of ``source`` that call the machine's date or time: ``datetime.now()`` and the like,
    also as ``dt.datetime.now()`` after ``import datetime as dt`` or ``D.today()`` after
    ``from datetime import date as D``."""
    tree = ast.parse(source)
    classes: dict[str, str] = {}  # local name -> "datetime" or "date"
    modules: set[str] = set()  # local names of the datetime module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.asname or alias.name for alias in node.names if alias.name == "datetime")
        elif isinstance(node, ast.ImportFrom) and node.module == "datetime":
            for alias in node.names:
                if alias.name in ("datetime", "date"):
                    classes[alias.asname or alias.name] = alias.name
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        if isinstance(owner, ast.Name) and owner.id in classes:
            kind = classes[owner.id]
        elif isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) and owner.value.id in modules:
            kind = owner.attr
        else:
            continue
        if (kind, node.func.attr) in WALL_CLOCK_CALLS:
            lines.append(node.lineno)
    return sorted(lines)


def test_the_finder_sees_each_way_of_reading_the_wall_clock_and_nothing_else() -> None:
    source = """
import datetime as dt
from datetime import UTC, date as D, datetime
from tests.support.clock import NOW

a = datetime.now(UTC)
b = D.today()
c = dt.datetime.utcnow()
d = dt.date.today()
e = datetime.today()
f = NOW.date()
g = datetime.fromisoformat("2026-11-28T12:00:00+00:00")
h = "datetime.now()"  # a string, and this comment: datetime.now()
"""
    assert wall_clock_reads(source) == [6, 7, 8, 9, 10]


def test_no_test_reads_the_wall_clock_outside_the_allowed_files() -> None:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        lines = wall_clock_reads(path.read_text(encoding="utf-8"))
        if lines and name not in ALLOWED:
            found[name] = lines
    assert found == {}, (
        f"these read the machine's date or time: {found}. Use the tests' clock: tests/support/clock.py's NOW "
        "(the test apps start there), or add the file to ALLOWED with its reason (docs/testing.md, Time in tests)"
    )


def test_each_allowed_file_still_reads_the_wall_clock() -> None:
    """An allowance that nothing uses any more is removed, not kept for the next one to hide behind."""
    unused = [name for name in ALLOWED if not wall_clock_reads((ROOT / name).read_text(encoding="utf-8"))]
    assert unused == []
