"""Passport numbers at rest, on both backends: the stored row or document holds a sealed token and
an index, never the number; every read gives the number back; a plain one from before is sealed at
start; a data request finds the application by the number and its erasure removes it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.codec import to_document, to_row
from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.firestore.retention import FirestoreRetentionStore
from adapters.sealing import SEALED_PREFIX, PassportSealer
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.retention import SqliteRetentionStore
from agency_core.privacy.data_requests import PersonalDataStore, parse_person
from agency_core.privacy.retention import RetentionStore
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of, form_values
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import add_application

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)
NUMBER = "G1234567"


@dataclass
class Backend:
    stores: Stores
    personal: PersonalDataStore
    retention: RetentionStore

    async def raw(self, application_id: str) -> dict[str, Any] | None:
        """The stored application as it is on disk or in Firestore, read around the adapters."""
        s = self.stores
        if s.database is not None:
            with sqlite3.connect(s.database.path) as conn:
                conn.row_factory = sqlite3.Row
                row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            if row is None:
                return None
            return {"data": json.loads(row["data"]), "index": row["passport_index"]}
        assert s.firestore is not None
        snap = await s.firestore.client.collection(s.prefix + "applications").document(application_id).get()
        doc = snap.to_dict() if snap.exists else None
        return None if doc is None else {"data": doc["data"], "index": doc.get("passportIndex")}

    async def write_plain(self, application: Application) -> None:
        """An application as a version before sealing stored it: the number in clear, no index."""
        s = self.stores
        if s.database is not None:
            row = {"duplicate_key": application.duplicate_key} | to_row(application)
            with sqlite3.connect(s.database.path) as conn:
                marks = ", ".join("?" * len(row))
                conn.execute(f"INSERT INTO applications ({', '.join(row)}) VALUES ({marks})", tuple(row.values()))
            return
        assert s.firestore is not None
        doc = {"duplicate_key": application.duplicate_key} | to_document(application)
        await s.firestore.client.collection(s.prefix + "applications").document(application.id).set(doc)


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            yield Backend(s, SqlitePersonalDataStore(s.database, s.sealer), SqliteRetentionStore(s.database, s.sealer))
        else:
            assert s.firestore is not None
            client, prefix = s.firestore.client, s.prefix
            yield Backend(
                s,
                FirestorePersonalDataStore(client, prefix, sealer=s.sealer),
                FirestoreRetentionStore(client, prefix, sealer=s.sealer),
            )


def _application(app_id: str, number: str = NUMBER, email: str = "ama@example.com") -> Application:
    data = {
        "firstName": "Ama",
        "email": email,
        "phone": "+233241112222",
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
        "hasPassport": "yes",
        "passportNumber": number,
    }
    return Application(app_id, form_of(ApplicationForm, data), (), T0)


def _sealed(raw: dict[str, Any] | None, sealer: PassportSealer, number: str = NUMBER) -> None:
    assert raw is not None
    stored = raw["data"]["passportNumber"]
    assert stored.startswith(SEALED_PREFIX)
    assert number not in json.dumps(raw)
    assert raw["index"] == sealer.index(number) != ""


async def test_the_stored_application_holds_no_passport_number_and_every_read_gives_it_back(backend: Backend) -> None:
    b, s = backend, backend.stores
    await add_application(s.records, _application("VA1"))
    _sealed(await b.raw("VA1"), s.sealer)

    got = await s.records.applications.get("VA1")
    assert got is not None
    assert got.data.passport_number == NUMBER
    record = await s.admin.application("VA1")
    assert record is not None
    assert record.application.data.passport_number == NUMBER
    earlier = await add_application(s.records, _application("VA2"))  # same e-mail, category, country
    assert earlier is not None
    assert earlier.data.passport_number == NUMBER


async def test_a_plain_passport_number_from_before_is_sealed_at_start_and_still_reads(backend: Backend) -> None:
    b, s = backend, backend.stores
    await b.write_plain(_application("VA1"))
    await b.write_plain(_application("VA2", number="", email="kofi@example.com"))
    assert (await b.raw("VA1") or {})["data"]["passportNumber"] == NUMBER  # the legacy row, in clear

    await s.records.start()
    first = await b.raw("VA1")
    _sealed(first, s.sealer)
    await s.records.start()  # idempotent: a sealed number is not sealed again
    assert await b.raw("VA1") == first
    assert (await b.raw("VA2") or {})["data"].get("passportNumber", "") == ""  # no number: nothing to seal

    got = await s.records.applications.get("VA1")
    assert got is not None
    assert got.data.passport_number == NUMBER
    found = await b.personal.find(parse_person(NUMBER.lower()))  # type: ignore[arg-type]
    assert [a.id for a in found.applications] == ["VA1"]


async def test_a_data_request_finds_the_application_by_passport_number_and_erasure_removes_it(backend: Backend) -> None:
    b, s = backend, backend.stores
    await add_application(s.records, _application("VA1"))
    await add_application(s.records, _application("VA2", number="H7654321", email="kofi@example.com"))

    person = parse_person(" g12 34567 ")
    assert person is not None
    assert person.passport == NUMBER
    found = await b.personal.find(person)
    assert [a.id for a in found.applications] == ["VA1"]
    assert found.applications[0].application.data.passport_number == NUMBER  # the export shows it in clear
    assert (await b.personal.find(parse_person("X9999999"))).empty  # type: ignore[arg-type]

    async with s.records.unit_of_work() as uow:
        await uow.personal_data.erase(found)
    assert await b.raw("VA1") is None
    assert await s.records.applications.get("VA1") is None
    _sealed(await b.raw("VA2"), s.sealer, "H7654321")


async def test_dropping_files_keeps_the_passport_number_sealed(backend: Backend) -> None:
    b, s = backend, backend.stores
    await add_application(s.records, _application("VA1"))
    async with s.records.unit_of_work() as uow:
        await uow.retention.drop_files("VA1", "removed after 365 days")
    raw = await b.raw("VA1")
    _sealed(raw, s.sealer)
    assert raw is not None
    assert raw["data"]["filesRemoved"] == "removed after 365 days"


@given(number=st.from_regex(r"[A-Za-z]{1,2}[0-9]{4,9}", fullmatch=True), spaces=st.integers(0, 3))
def test_the_index_is_the_same_in_any_case_or_spacing_and_differs_by_key(number: str, spaces: int) -> None:
    sealer, other = _SEALERS
    spaced = " " * spaces + " ".join(number.lower())
    assert sealer.index(spaced) == sealer.index(number.upper())
    assert sealer.index(number) != other.index(number)
    sealed, index = sealer.seal(_application("VA1", number))
    assert number not in json.dumps(form_values(sealed.data))
    assert index == sealer.index(number)
    assert sealer.open(sealed).data.passport_number == number


_SEALERS = (new_sealer(), new_sealer())


def test_a_token_under_another_key_is_refused_not_returned() -> None:
    sealed, _ = new_sealer().seal(_application("VA1"))
    with pytest.raises(ValueError, match="AGENCY_FILES_KEY"):
        new_sealer().open(sealed)
