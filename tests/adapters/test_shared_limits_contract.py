"""One contract for the sign-in AttemptCounter and the rate limit's HitCounter: SQLite and
Firestore (on the emulator). Counting is exact under concurrency, windows end, reads ignore
what has expired."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.firestore.attempts import FirestoreAttemptCounter
from adapters.firestore.rate_limits import FirestoreHitCounter
from adapters.sqlite.attempts import SqliteAttemptCounter
from adapters.sqlite.database import Database
from adapters.sqlite.rate_limits import SqliteHitCounter
from agency_core.submissions.rate_limits import RateLimiter, WindowCount
from tests.support.firestore_emulator import FirestoreEmulator

BACKENDS = ["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)]
T0 = 1_780_000_040.0


@pytest.fixture(params=BACKENDS)
async def counters(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    """(attempt counter, hit counter) on one backend."""
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        attempts, hits = SqliteAttemptCounter(db), SqliteHitCounter(db)
        await attempts.migrate()
        await hits.migrate()
        yield attempts, hits
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        prefix = f"t{secrets.token_hex(4)}_"
        client = emulator.client()
        yield FirestoreAttemptCounter(client, prefix=prefix), FirestoreHitCounter(client, prefix=prefix)
        await FirestoreHitCounter(client).aclose()


async def test_parallel_attempts_each_see_a_distinct_count(counters: tuple[Any, Any]) -> None:
    attempts, _ = counters
    results = await asyncio.gather(*(attempts.add(["k", "j"], 1000.0 + n / 1000, 900) for n in range(12)))
    assert sorted(r[0].count for r in results) == list(range(1, 13))
    assert sorted(r[1].count for r in results) == list(range(1, 13))
    assert min(r[0].oldest_at for r in results) == 1000.0
    assert (await attempts.count("k"), await attempts.count("j")) == (12, 12)


async def test_attempts_leave_the_window_and_can_be_taken_back_or_cleared(counters: tuple[Any, Any]) -> None:
    attempts, _ = counters
    for n in range(3):
        await attempts.add(["pair:a|1", "ip:1"], 1000.0 + n, 900)
    (late,) = await attempts.add(["pair:a|1"], 1000.0 + 900.5, 900)  # the first left the window
    assert (late.count, late.oldest_at) == (3, 1001.0)
    await attempts.remove(["pair:a|1", "ip:1"], 1001.0)
    assert (await attempts.count("pair:a|1"), await attempts.count("ip:1")) == (2, 2)
    await attempts.remove(["ip:1"], 5.0)  # nothing recorded then: nothing taken back
    assert await attempts.count("ip:1") == 2
    await attempts.clear("pair:a|1")
    assert (await attempts.count("pair:a|1"), await attempts.count("ip:1")) == (0, 2)
    (fresh,) = await attempts.add(["pair:a|1"], 2000.0, 900)
    assert (fresh.count, fresh.oldest_at) == (1, 2000.0)
    (expired,) = await attempts.add(["ip:1"], 5000.0, 900)  # everything before expired: ignored
    assert (expired.count, expired.oldest_at) == (1, 5000.0)


async def test_hits_count_per_key_and_window_exactly_under_concurrency(counters: tuple[Any, Any]) -> None:
    _, hits = counters
    first = await hits.hit("rate:forms|1.2.3.4", T0, 60)
    assert first == WindowCount(1, T0 + 60)  # the first hit opens the window
    results = await asyncio.gather(*(hits.hit("rate:forms|1.2.3.4", T0 + 1 + n / 100, 60) for n in range(12)))
    assert sorted(r.count for r in results) == list(range(2, 14))
    assert {r.resets_at for r in results} == {T0 + 60}
    assert await hits.hit("rate:forms|5.6.7.8", T0 + 30, 60) == WindowCount(1, T0 + 90)
    assert await hits.hit("rate:forms|1.2.3.4", T0 + 60, 60) == WindowCount(1, T0 + 120)  # a new window
    assert await hits.hit("rate:forms|5.6.7.8", T0 + 89, 60) == WindowCount(2, T0 + 90)


async def test_the_limiter_refuses_past_the_limit_until_the_window_ends(counters: tuple[Any, Any]) -> None:
    _, hits = counters
    now = [T0]
    limiter = RateLimiter(hits, 3, clock=lambda: now[0])
    decisions = [await limiter.hit("forms", "10.0.0.1") for _ in range(4)]
    assert [(d.allowed, d.remaining) for d in decisions] == [(True, 2), (True, 1), (True, 0), (False, 0)]
    assert decisions[-1].retry_after_s == 60
    assert (await limiter.hit("forms", "10.0.0.2")).allowed  # another address
    assert (await limiter.hit("uploads", "10.0.0.1")).allowed  # another group
    now[0] = T0 + 59.5
    assert (await limiter.hit("forms", "10.0.0.1")).retry_after_s == 1
    now[0] = T0 + 60
    assert (await limiter.hit("forms", "10.0.0.1")).allowed
