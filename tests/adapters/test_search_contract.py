"""Admin search on both backends: the stored search key (SQLite) or tokens (Firestore) find names as
typed ("odom" finds "Ɔdɔm"), phones in any format, e-mails and IDs; rows and documents stored before
the search keys are found after the migration (SQLite ``records_0010_search_keys``) or the start-up
backfill (Firestore)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.codec import to_document, to_row
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, SqliteStore
from agency_core.paging import PageRequest
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.query import ApplicationQuery
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import add_application

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)

PEOPLE = [
    ("VT-AKOSUA", "Akosua", "Ɔdɔm", "+233241234567"),
    ("VT-KWAME", "Kwame", "Ɔdɔm", "+233201112222"),
    ("VT-ESI", "Esi", "Mɛnsah", "+233550001111"),
    ("VT-NANA", "Nana", "Aŋkrah", "+971501234567"),
    ("VT-JOSE", "José", "Müller", "+233277000000"),
]

TABLE = [
    ("Ɔdɔm", ["VT-KWAME", "VT-AKOSUA"]),
    ("odom", ["VT-KWAME", "VT-AKOSUA"]),
    ("ODOM", ["VT-KWAME", "VT-AKOSUA"]),
    ("dɔm", ["VT-KWAME", "VT-AKOSUA"]),
    ("Kwame Ɔdɔm", ["VT-KWAME"]),
    ("MENSAH", ["VT-ESI"]),
    ("ankrah", ["VT-NANA"]),
    ("muller", ["VT-JOSE"]),
    ("JOSE", ["VT-JOSE"]),
    ("0241234567", ["VT-AKOSUA"]),
    ("+233 24 123 4567", ["VT-AKOSUA"]),
    ("233241234567", ["VT-AKOSUA"]),
    ("+971 50 123 4567", ["VT-NANA"]),
    ("esi@EXAMPLE.com", ["VT-ESI"]),
    ("vt-nana", ["VT-NANA"]),
    ("nobody", []),
    ("\u0301", []),  # a lone accent folds to nothing: it finds no one
]


def person(app_id: str, first: str, last: str, phone: str, n: int) -> Application:
    data = {"firstName": first, "lastName": last, "email": f"{first.lower()}@example.com", "phone": phone}
    data |= {"jobCategory": "Construction", "preferredCountry": "Qatar"}
    return Application(app_id, form_of(ApplicationForm, data), (), T0 + timedelta(minutes=n))


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as s:
        yield s


async def found(stores: Stores, q: str) -> list[str]:
    page = await stores.admin.applications(ApplicationQuery(q=q), PageRequest(1, 100))
    return [r.id for r in page.items]


async def test_search_table_on_new_records(stores: Stores) -> None:
    for n, (app_id, first, last, phone) in enumerate(PEOPLE):
        assert await add_application(stores.records, person(app_id, first, last, phone, n)) is None
    for q, expected in TABLE:
        assert await found(stores, q) == expected, q


@pytest.mark.emulator
@pytest.mark.parametrize("stores", [BACKENDS[1].values[0]], indirect=True)  # type: ignore[union-attr]
async def test_firestore_documents_stored_before_tokens_are_found_after_start(stores: Stores) -> None:
    assert stores.firestore is not None
    col = stores.firestore.client.collection(stores.prefix + "applications")
    for n, (app_id, first, last, phone) in enumerate(PEOPLE):
        application = person(app_id, first, last, phone, n)
        await col.document(app_id).set({"duplicate_key": app_id} | to_document(application))
    assert await found(stores, "odom") == []  # no tokens yet
    await stores.firestore.start()
    assert await stores.firestore.applications.add_search_tokens() == 0  # every document has them now
    for q, expected in TABLE:
        assert await found(stores, q) == expected, q


async def test_sqlite_migration_fills_search_keys_of_existing_rows(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    before = [m for m in MIGRATIONS if m.name != "records_0010_search_keys"]
    await db.migrate(before)

    def write_old_rows(conn: object) -> None:
        for n, (app_id, first, last, phone) in enumerate(PEOPLE):
            row = {"duplicate_key": app_id, "passport_index": ""} | to_row(person(app_id, first, last, phone, n))
            conn.execute(  # type: ignore[attr-defined]
                f"INSERT INTO applications ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                tuple(row.values()),
            )

    await db.run(write_old_rows)
    sealer = new_sealer()
    records = SqliteStore(db, sealer)
    await records.start()
    admin = SqliteAdminStore(db, sealer)
    await admin.start()
    for q, expected in TABLE:
        page = await admin.applications(ApplicationQuery(q=q), PageRequest(1, 100))
        assert [r.id for r in page.items] == expected, q
    keys = await db.run(lambda conn: dict(conn.execute("SELECT id, search_key FROM applications").fetchall()))
    assert keys["VT-AKOSUA"] == "akosua odom akosua@example.com vt-akosua +233241234567 0241234567"
    await db.close()
