"""``agency status``: a thin shell over :class:`~agency_scripts.client.AsyncStatusClient`.

One JSON line per row on stdout, one summary line on stderr; nothing is called a success that did
not happen, and a text sent on an earlier run is ``replayed``. Exit codes: 0 every row done (sent,
replayed, queued, no SMS by design, or a dry run); 1 a text refused by the gateway or not sent
(safe to run again); 2 bad input or settings, nothing changed or sent; 3 a text whose outcome is
unknown (run again: the same key is never texted twice). ``--show ID`` reads one application and
its status texts, changing nothing.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from agency_core.errors import UseCaseError
from agency_core.records import ApplicationStatus
from agency_scripts.client import AsyncStatusClient
from agency_scripts.reports import ApplicationLookup, BatchRejected, StatusReport, StatusRow, describe
from app.settings import SettingsError

EXIT_OK: Final = 0
EXIT_NOT_SENT: Final = 1
EXIT_BAD_INPUT: Final = 2
EXIT_UNKNOWN: Final = 3
CSV_COLUMNS: Final = ("application_id", "status", "region", "idempotency_key")
_EXTRA: Final = {"gateway_status": "gatewayStatus", "phone": "phone", "text": "text"}
"""Fields some outcomes carry (a refusal's HTTP status, a dry run's text), as printed."""
_WHEN: Final = {"sent_at": "sentAt", "already_sent_at": "alreadySentAt"}
"""When a text went, printed when known (a replayed text, a dry run of one that went)."""


def add_status_command(commands: Any) -> None:
    status = commands.add_parser(
        "status",
        help="change application statuses as the admin area does, and text each applicant once",
        description="agency status VA... approved | agency status --csv FILE (columns: "
        + ", ".join(CSV_COLUMNS)
        + "; the last two optional)",
    )
    status.add_argument("application_id", nargs="?", help="the application ID (VA...)")
    status.add_argument("status", nargs="?", choices=[s.value for s in ApplicationStatus])
    status.add_argument("--csv", type=Path, help="a CSV file of changes, one per row, with a header")
    status.add_argument("--region", help="the country of a local phone number (GH, AE...)")
    status.add_argument("--key", help="the idempotency key (default: <application>-status-<status>)")
    status.add_argument("--dry-run", action="store_true", help="check and show the texts; change and send nothing")
    status.add_argument("--no-wait", action="store_true", help="queue the texts for the app's outbox worker")
    status.add_argument(
        "--actor", help="who the audit log names, marked script: (default AGENCY_SCRIPT_ACTOR or script:<user>)"
    )
    status.add_argument("--show", metavar="ID", help="show the application's status and its texts; change nothing")


def read_rows(path: Path) -> list[StatusRow]:
    """The CSV's rows (raises SettingsError naming a missing column)."""
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in CSV_COLUMNS[:2] if c not in (reader.fieldnames or [])]
        if missing:
            raise SettingsError(
                f"{path}: the CSV needs the columns {', '.join(CSV_COLUMNS[:2])} (missing {missing[0]})"
            )
        return [
            StatusRow(
                (line.get("application_id") or "").strip(),
                (line.get("status") or "").strip(),
                (line.get("region") or "").strip() or None,
                (line.get("idempotency_key") or "").strip() or None,
            )
            for line in reader
        ]


def _rows(args: argparse.Namespace) -> list[StatusRow]:
    if args.show is not None:
        raise SettingsError("--show ID reads one application: give no status, --csv or --dry-run with it")
    if args.csv is not None:
        if args.application_id or args.status:
            raise SettingsError("give either an application ID and a status, or --csv FILE, not both")
        return read_rows(args.csv)
    if not args.application_id or not args.status:
        raise SettingsError("give an application ID and a status (agency status VA... approved), or --csv FILE")
    return [StatusRow(args.application_id, args.status, args.region, args.key)]


def report_line(number: int, report: StatusReport) -> dict[str, object]:
    outcome = report.outcome
    line: dict[str, object] = {
        "row": number,
        "application": report.application_id,
        "status": report.status.value,
        "statusChanged": report.changed,
        "sms": outcome.state,
        "key": outcome.key,
        "message": outcome.message,
    }
    for name, shown in _EXTRA.items():
        if hasattr(outcome, name):
            line[shown] = getattr(outcome, name)
    for name, shown in _WHEN.items():
        at = getattr(outcome, name, None)
        if isinstance(at, datetime):
            line[shown] = at.isoformat()
    return line


def exit_code(reports: Sequence[StatusReport]) -> int:
    states = {r.outcome.state for r in reports}
    if "unknown" in states:
        return EXIT_UNKNOWN
    return EXIT_OK if all(r.ok for r in reports) else EXIT_NOT_SENT


def _summary(reports: Sequence[StatusReport], dry_run: bool) -> str:
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.outcome.state] = counts.get(r.outcome.state, 0) + 1
    changed = sum(r.changed for r in reports)
    parts = ", ".join(f"{n} {state.replace('_', ' ')}" for state, n in sorted(counts.items()))
    if dry_run:
        return f"agency: dry run, nothing changed or sent: {len(reports)} rows checked ({parts})"
    return f"agency: {len(reports)} rows: {changed} statuses changed; SMS: {parts}"


def _print_rejected(rows: Sequence[StatusRow], error: BatchRejected) -> None:
    for index, refusal in error.rows.items():
        row = rows[index]
        line = {"row": index + 1, "application": row.application_id, "status": str(row.status), "sms": "rejected"}
        print(json.dumps({**line, "message": describe(refusal)}))


def lookup_line(lookup: ApplicationLookup) -> dict[str, object]:
    texts = [
        {
            "key": t.key,
            "announces": t.announces.value if t.announces is not None else None,
            "queuedAt": t.queued_at.isoformat(),
            "sentAt": t.sent_at.isoformat() if t.sent_at is not None else None,
            "delivery": t.delivery.value,
            "attempts": t.attempts,
            "lastError": t.last_error,
        }
        for t in lookup.texts
    ]
    return {"application": lookup.application_id, "status": lookup.status.value, "texts": texts}


async def _show(args: argparse.Namespace) -> int:
    try:
        client = AsyncStatusClient.from_env(dry_run=True)
    except SettingsError as exc:
        print(f"agency: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    async with client:
        try:
            lookup = await client.show(args.show)
        except UseCaseError as exc:
            print(f"agency: {describe(exc)}", file=sys.stderr)
            return EXIT_BAD_INPUT
    print(json.dumps(lookup_line(lookup)))
    return EXIT_OK


async def run_status(args: argparse.Namespace) -> int:
    """The ``agency status`` command; returns its exit code."""
    if args.show is not None and not (args.application_id or args.status or args.csv or args.dry_run):
        return await _show(args)
    try:
        rows = _rows(args)
        client = AsyncStatusClient.from_env(actor=args.actor, dry_run=args.dry_run)
    except (SettingsError, OSError) as exc:
        print(f"agency: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    async with client:
        try:
            batch = await client.change_statuses(rows, wait=not args.no_wait)
        except BatchRejected as exc:
            _print_rejected(rows, exc)
            print(f"agency: {exc.message}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except UseCaseError as exc:
            print(f"agency: {describe(exc)}; nothing changed or sent", file=sys.stderr)
            return EXIT_BAD_INPUT
    for number, report in enumerate(batch.reports, start=1):
        print(json.dumps(report_line(number, report), default=str))
    print(_summary(batch.reports, args.dry_run), file=sys.stderr)
    return exit_code(batch.reports)
