"""The SQLite hit counter's housekeeping: ended windows of other keys are deleted at most once a
window, and a key's own ended window is reopened in place by the same statement that counts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from adapters.sqlite.database import Database
from adapters.sqlite.rate_limits import SqliteHitCounter
from agency_core.submissions.rate_limits import WindowCount

T0 = 1_780_000_040.0


def _keys(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute("SELECT key FROM rate_limit_windows ORDER BY key")]


async def test_ended_windows_are_swept_once_a_window_and_a_key_reopens_in_place(tmp_path: Path) -> None:
    db = Database(tmp_path / "agency.sqlite3")
    hits = SqliteHitCounter(db)
    await hits.migrate()
    try:
        await hits.hit("a", T0, 60)  # the first hit sweeps
        await hits.hit("b", T0 + 10, 60)
        await hits.hit("c", T0 + 65, 60)  # a window after that sweep: a's ended window goes
        assert await db.run(_keys) == ["b", "c"]
        assert await hits.hit("b", T0 + 75, 60) == WindowCount(1, T0 + 135)  # b's window reopened in place
        await hits.hit("e", T0 + 66, 1)  # a one-second window: its own hit sweeps (nothing has ended)
        await hits.hit("d", T0 + 100, 60)
        assert await db.run(_keys) == ["b", "c", "d", "e"]  # e ended, but the last sweep is recent
        assert await hits.hit("d", T0 + 126, 60) == WindowCount(2, T0 + 160)
        assert await db.run(_keys) == ["b", "d"]  # swept: e and c (ended at T0 + 125) went
    finally:
        await db.close()
