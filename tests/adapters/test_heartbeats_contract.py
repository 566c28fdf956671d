"""Instances' heartbeats on both backends (SQLite and the Firestore emulator): a beat read back with its
start time, a later beat replacing the earlier, only those seen since a time counted, old ones
forgotten (issue 47 item 8, the operations page's "instances seen")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.firestore.heartbeats import FirestoreHeartbeats
from adapters.sqlite.heartbeats import SqliteHeartbeats
from agency_core.operations import InstanceSeen
from tests.adapters.backends import BACKENDS, open_stores
from tests.support.clock import NOW


@pytest.fixture(params=BACKENDS)
async def heartbeats(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[SqliteHeartbeats | FirestoreHeartbeats]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            made: SqliteHeartbeats | FirestoreHeartbeats = SqliteHeartbeats(stores.database)
        else:
            assert stores.firestore is not None
            made = FirestoreHeartbeats(stores.firestore.client, stores.prefix)
        await made.migrate()
        yield made


async def test_beats_are_read_back_and_only_the_recent_ones_count(
    heartbeats: SqliteHeartbeats | FirestoreHeartbeats,
) -> None:
    started = NOW - timedelta(hours=2)
    assert await heartbeats.seen_since(NOW - timedelta(days=1)) == []
    await heartbeats.beat("b2c3", started, NOW - timedelta(minutes=10))
    await heartbeats.beat("a1b2", started, NOW - timedelta(minutes=3))
    await heartbeats.beat("a1b2", started, NOW - timedelta(minutes=1))  # its next beat replaces the first
    recent = await heartbeats.seen_since(NOW - timedelta(minutes=5))
    assert recent == [InstanceSeen("a1b2", started, NOW - timedelta(minutes=1))]
    both = await heartbeats.seen_since(NOW - timedelta(minutes=10))
    assert [(one.instance_id, one.seen_at) for one in both] == [
        ("a1b2", NOW - timedelta(minutes=1)),
        ("b2c3", NOW - timedelta(minutes=10)),
    ]


async def test_old_beats_are_forgotten_and_the_others_kept(heartbeats: SqliteHeartbeats | FirestoreHeartbeats) -> None:
    await heartbeats.beat("old", NOW - timedelta(days=3), NOW - timedelta(days=2))
    await heartbeats.beat("live", NOW - timedelta(hours=1), NOW)
    assert await heartbeats.forget_before(NOW - timedelta(days=1)) == 1
    assert await heartbeats.forget_before(NOW - timedelta(days=1)) == 0
    assert [one.instance_id for one in await heartbeats.seen_since(NOW - timedelta(days=30))] == ["live"]
