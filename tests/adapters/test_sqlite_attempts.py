"""The SQLite AttemptCounter: atomic counting under concurrency, the window, remove and clear."""

from __future__ import annotations

import asyncio
from pathlib import Path

from adapters.sqlite.attempts import SqliteAttemptCounter
from adapters.sqlite.database import Database


async def test_parallel_adds_each_see_a_distinct_count(tmp_path: Path) -> None:
    database = Database(tmp_path / "a.sqlite3")
    counter = SqliteAttemptCounter(database)
    await counter.migrate()
    try:
        results = await asyncio.gather(*(counter.add(["k", "j"], 1000.0 + n / 1000, 900) for n in range(30)))
        assert sorted(r[0].count for r in results) == list(range(1, 31))
        assert all(r[0].oldest_at == 1000.0 for r in results)
        (late,) = await counter.add(["k"], 1000.0 + 900.0005, 900)  # the first attempt left the window
        assert (late.count, late.oldest_at) == (30, 1000.001)
        await counter.remove(["k", "j"], 1000.001)
        assert await counter.count("k") == 29
        assert await counter.count("j") == 29
        await counter.clear("k")
        assert (await counter.count("k"), await counter.count("j")) == (0, 29)
    finally:
        await database.close()
