"""Schemathesis hooks (``SCHEMATHESIS_HOOKS=tests.api.schemathesis_hooks``) for the rules JSON Schema
cannot state: comparisons with today or with another field (``app/request_contract.py`` names them
in the descriptions). A generated request is put in order as a client would (the later date, the
larger salary as the maximum, the identifier typed twice); every other value is schemathesis's own,
so its positive-data check still finds any value the published schema admits and the server refuses."""

from __future__ import annotations

import os
from datetime import date, timedelta
from typing import Any, Final

import httpx
import schemathesis

from tests.support.clock import NOW

TODAY: Final = NOW.date()
"""The fuzzed app's today: it runs on the tests' clock (``AGENCY_NOW``, tests/api/test_schemathesis.py)."""
FUTURE_YEAR = 2999
"""A year no run reaches: "today or later" holds for any day of it."""


def _later(value: object) -> object:
    """A ``YYYY-MM-DD`` day moved to :data:`FUTURE_YEAR` when it is before today (the month and
    day, always 01-28 in the published pattern, are kept)."""
    if isinstance(value, str) and len(value) == 10 and value < TODAY.isoformat():
        return f"{FUTURE_YEAR}{value[4:]}"
    return value


def _bookable(value: object) -> object:
    """A ``YYYY-MM-DD`` day outside the booking horizon (today to 90 days ahead by default) moved to the
    same weekday one to two weeks from today, so an office that is closed that weekday stays closed."""
    if not (isinstance(value, str) and len(value) == 10):
        return value
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return value
    today = TODAY
    if today <= day <= today + timedelta(days=60):
        return value
    return (today + timedelta(days=7 + (day.weekday() - today.weekday()) % 7)).isoformat()


def _calendar_start(value: object) -> object:
    """The staff calendar shows ten years back to two years ahead: a start outside that, on the same weekday
    this week or the next."""
    if not (isinstance(value, str) and len(value) == 10):
        return value
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return value
    today = TODAY
    if today - timedelta(days=3600) <= day <= today + timedelta(days=700):
        return value
    return (today + timedelta(days=(day.weekday() - today.weekday()) % 7)).isoformat()


def _order_body(path: str, body: dict[str, Any]) -> None:
    if path.startswith("/api/admin/jobs"):
        low, high = body.get("salaryMin"), body.get("salaryMax")
        if isinstance(low, int | float) and isinstance(high, int | float) and high < low:
            body["salaryMin"], body["salaryMax"] = high, low
        if "closingDate" in body:
            body["closingDate"] = _later(body["closingDate"])
    elif path == "/api/appointments" and "preferredDate" in body:
        body["preferredDate"] = _bookable(body["preferredDate"])
    elif path == "/api/admin/data-requests/erase" and "q" in body:
        body["confirm"] = body["q"]
    elif path == "/api/admin/fee-policy":
        for name in ("countries", "jobs"):
            if isinstance(body.get(name), list):
                body[name] = _one_rule_each(body[name])


def _one_rule_each(rules: list[Any]) -> list[Any]:
    """A client sends one rule per country or job: the later duplicates are dropped."""
    seen: set[str] = set()
    kept = []
    for rule in rules:
        match = rule.get("match") if isinstance(rule, dict) else None
        key = match.strip() if isinstance(match, str) else ""
        if key not in seen:
            seen.add(key)
            kept.append(rule)
    return kept


def _order_query(query: dict[str, Any]) -> None:
    if isinstance(query.get("from"), str) and isinstance(query.get("to"), str):
        query["from"], query["to"] = sorted((query["from"], query["to"]))


REPORT_PATHS = frozenset({"/api/admin/pipeline/report", "/api/admin/pipeline/report.csv"})
REPORT_MAX_DAYS: Final = 3660
"""agency_core.pipeline.report.MAX_DAYS: a report covers at most that many days, to ``to`` (today without it)."""


def _report_range(query: dict[str, Any]) -> None:
    """The stage report's ``from`` no further back than its limit from ``to`` (or today)."""
    try:
        start = date.fromisoformat(query["from"]) if isinstance(query.get("from"), str) else None
        end = date.fromisoformat(query["to"]) if isinstance(query.get("to"), str) else TODAY
    except ValueError:
        return
    if start is not None and start > end:  # only a start after today is left: ``to`` was absent
        query["from"] = end.isoformat()
    elif start is not None and (end - start).days > REPORT_MAX_DAYS - 1:
        query["from"] = (end - timedelta(days=REPORT_MAX_DAYS - 1)).isoformat()


BULK_PATHS = frozenset(f"/api/admin/bulk/{kind}{end}" for kind in ("status", "messages") for end in ("", "/preview"))
FUZZED_APP = "AGENCY_FUZZ_BASE_URL"
SESSION_COOKIE = "AGENCY_FUZZ_COOKIE"
"""Set by the test for the signed-in run: where the app is and its session, for :func:`_shown_filter`."""


EVERY_APPLICATION: Final = {"all": "true"}


def _shown_filter(matching: dict[str, Any]) -> dict[str, Any]:
    """A bulk action's ``matching`` as the list sends it: "Select all matching" is offered only when
    the list shows applications for the filter, so a filter that shows none becomes the unfiltered
    list's, ``{"all": "true"}`` (the suite seeds one application); ``all`` is only ever sent alone."""
    if "all" in matching:
        return EVERY_APPLICATION
    _order_query(matching)
    base, cookie = os.environ.get(FUZZED_APP), os.environ.get(SESSION_COOKIE)
    if base is None or cookie is None:
        return matching
    listed = httpx.get(f"{base}/api/admin/applications", params=matching, headers={"Cookie": cookie}, timeout=10)
    shown = listed.status_code == 200 and listed.json()["total"] > 0
    return matching if shown else EVERY_APPLICATION


@schemathesis.hook
def before_call(ctx: Any, case: Any, kwargs: dict[str, Any]) -> None:  # noqa: ARG001 (the hook's signature)
    # Every phase (examples, coverage, fuzzing) passes here, just before the request is sent.
    if isinstance(case.body, dict):
        _order_body(case.operation.path, case.body)
        if case.operation.path in BULK_PATHS and isinstance(case.body.get("matching"), dict):
            case.body["matching"] = _shown_filter(case.body["matching"])
    if isinstance(case.query, dict):
        _order_query(case.query)
        if case.operation.path == "/api/appointment-slots" and "date" in case.query:
            case.query["date"] = _bookable(case.query["date"])
        if case.operation.path == "/api/admin/appointments/calendar" and "start" in case.query:
            case.query["start"] = _calendar_start(case.query["start"])
        if case.operation.path in REPORT_PATHS:
            _report_range(case.query)
        if case.operation.path == "/api/admin/pipeline/board" and "stage" not in case.query:
            case.query.pop("cursor", None)  # the board pages one column: a cursor comes with its stage
