"""Message template versions on both backends: kept, latest in force, conditional on the version
number, written with their audit entry in one unit of work; the SQLite migration loses nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, SqliteStore
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging.template_store import LiveTemplates, TemplateVersion
from agency_core.paging import PageRequest
from agency_core.staff.templates import MessageTemplates
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)
KEY = "sms.status.approved"


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def version(n: int, text: str, key: str = KEY) -> TemplateVersion:
    return TemplateVersion(key, n, text, "staff@example.com", T0 + timedelta(minutes=n))


async def test_versions_are_kept_and_the_latest_is_in_force(stores: Stores) -> None:
    for n, text in enumerate(["one {name}", "two {name}", "three {name}"], start=1):
        async with stores.records.unit_of_work() as uow:
            await uow.templates.add(version(n, text))
    async with stores.records.unit_of_work() as uow:
        await uow.templates.add(version(1, "other", "sms.status.rejected"))
    templates = stores.records.templates
    assert [v.text for v in await templates.versions(KEY)] == ["three {name}", "two {name}", "one {name}"]
    assert await templates.versions(KEY) == [
        version(3, "three {name}"),
        version(2, "two {name}"),
        version(1, "one {name}"),
    ]
    assert {v.key: v.version for v in await templates.latest()} == {KEY: 3, "sms.status.rejected": 1}
    assert await templates.versions("sms.status.received") == []


async def test_a_taken_version_number_fails_the_commit_and_writes_nothing(stores: Stores) -> None:
    async with stores.records.unit_of_work() as uow:
        await uow.templates.add(version(1, "first"))
    audit = AuditEntry("AU1", "x@example.com", "template.save", f"{KEY}: version 1", T0)

    async def save_version_one_again() -> None:
        async with stores.records.unit_of_work() as uow:
            await uow.templates.add(version(1, "second"))
            await uow.audit.add(audit)

    with pytest.raises(PreconditionFailed):
        await save_version_one_again()
    assert [v.text for v in await stores.records.templates.versions(KEY)] == ["first"]
    assert [e.id for e in (await stores.admin.audit_log(PageRequest(1, 50))).items] == []


async def test_save_restore_and_audit_through_the_use_case(stores: Stores) -> None:
    live = LiveTemplates(stores.records.templates)
    service = MessageTemplates(stores.records.templates, stores.records.unit_of_work, IdGenerator(), live, lambda: T0)
    assert KEY not in await live.texts()
    saved = await service.save("a@example.com", KEY, "Well done {name}!")
    assert (saved.view.text, saved.view.current and saved.view.current.version) == ("Well done {name}!", 1)
    assert (await live.texts())[KEY] == "Well done {name}!"
    with pytest.raises(Rejected) as refused:
        await service.save("a@example.com", KEY, "Well done {nmae}!")
    assert refused.value.errors == {"text": "Unknown placeholder {nmae}: this message can use {name}, {track_url}"}
    await service.save("b@example.com", KEY, "Bravo {name}")
    restored = await service.restore("c@example.com", KEY, 1)
    assert [(v.version, v.text, v.restored_from) for v in restored.versions] == [
        (3, "Well done {name}!", 1),
        (2, "Bravo {name}", 0),
        (1, "Well done {name}!", 0),
    ]
    back = await service.restore("c@example.com", KEY, 0)
    assert back.view.text == back.view.spec.default
    assert (await live.texts())[KEY] == back.view.spec.default
    with pytest.raises(NotFound):
        await service.restore("c@example.com", KEY, 9)
    with pytest.raises(NotFound):
        await service.save("c@example.com", "sms.nothing", "x")
    entries = (await stores.admin.audit_log(PageRequest(1, 50))).items
    assert sorted((e.action, e.target, e.actor) for e in entries) == [
        ("template.restore", f"{KEY}: version 3 (restores version 1)", "c@example.com"),
        ("template.restore", f"{KEY}: version 4 (restores version 0)", "c@example.com"),
        ("template.save", f"{KEY}: version 1", "a@example.com"),
        ("template.save", f"{KEY}: version 2", "b@example.com"),
    ]


async def test_a_lost_race_is_a_conflict(stores: Stores) -> None:
    class Stale:
        """Reads the history as it was before another instance saved version 1."""

        async def latest(self) -> list[TemplateVersion]:
            return []

        async def versions(self, key: str) -> list[TemplateVersion]:
            return []

    async with stores.records.unit_of_work() as uow:
        await uow.templates.add(version(1, "theirs {name}"))
    service = MessageTemplates(Stale(), stores.records.unit_of_work, IdGenerator(), None, lambda: T0)
    with pytest.raises(Conflict):
        await service.save("a@example.com", KEY, "mine {name}")
    assert [v.text for v in await stores.records.templates.versions(KEY)] == ["theirs {name}"]


async def test_the_migration_keeps_a_database_made_before_it(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    await db.migrate(tuple(m for m in MIGRATIONS if m.name != "records_0013_message_templates"))
    await db.run(
        lambda conn: conn.execute(
            "INSERT INTO contact_messages (id, data, created_at) VALUES ('M1', '{}', '2026-01-01T00:00:00Z')"
        )
    )
    store = SqliteStore(db, new_sealer())
    await store.start()
    rows = await db.run(lambda conn: conn.execute("SELECT id FROM contact_messages").fetchall())
    assert [tuple(row) for row in rows] == [("M1",)]
    assert await store.templates.latest() == []
    await db.close()
