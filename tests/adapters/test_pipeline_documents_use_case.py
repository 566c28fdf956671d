"""Staff's documents and gates use cases on both backends, with the encrypted file store: a scan
checked as a CV is and kept sealed, renewal and its history, downloads audited, the gate read for
the applicant's destination, gate changes on the version read (issue 45 items 2 and 3)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import count
from pathlib import Path

import pytest

from adapters.firestore.pipeline_documents import FirestoreDocuments, FirestoreGates
from adapters.sqlite.pipeline_documents import SqliteDocuments, SqliteGates
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.paging import PageRequest
from agency_core.pipeline.documents import DocumentState
from agency_core.pipeline.documents_admin import DocumentsAdmin
from agency_core.pipeline.gate import add_months
from agency_core.pipeline.gate_admin import GatesAdmin
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.spec.uploads import SentFile
from agency_core.staff.context import StaffContext
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW
from tests.support.writes import add_application

ACTOR = "ama@vandytravel.com"
FIVE_MB = 5 * 1024 * 1024
PDF = b"%PDF-1.7\n" + b"passport scan G1234567 " * 50
TODAY = NOW.date()


class NoSettings:
    """No admin settings saved: the defaults hold."""

    async def get_settings(self) -> AdminSettings | None:
        return None


@dataclass
class Backend:
    stores: Stores
    documents: DocumentsAdmin
    gates: GatesAdmin

    async def audit(self) -> list[tuple[str, str]]:
        entries = (await self.stores.admin.audit_log(PageRequest(1, 100))).items
        return sorted((e.action, e.target) for e in entries)

    def sealed_files(self) -> list[bytes]:
        return [p.read_bytes() for p in self.stores.files.root.rglob("*") if p.is_file()]


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            documents: SqliteDocuments | FirestoreDocuments = SqliteDocuments(stores.database)
            gates: SqliteGates | FirestoreGates = SqliteGates(stores.database)
        else:
            assert stores.firestore is not None
            documents = FirestoreDocuments(stores.firestore.client, stores.prefix)
            gates = FirestoreGates(stores.firestore.client, stores.prefix)
        await documents.migrate()
        ticks = count(1_795_000_000_000)
        context = StaffContext(
            stores.admin,
            stores.records.outbox,
            LiveSettings(NoSettings(), AdminSettings(("+233241111111",), "VANDY")),
            IdGenerator(lambda: next(ticks)),
            stores.records.unit_of_work,
            clock=lambda: NOW,
        )
        for app_id, country in (("VA1", "Qatar"), ("VA2", "Oman")):
            data = {
                "firstName": "Akosua",
                "lastName": "Mensah",
                "email": f"{app_id}@example.com",
                "preferredCountry": country,
            }
            await add_application(stores.records, Application(app_id, form_of(ApplicationForm, data), (), NOW))
        yield Backend(stores, DocumentsAdmin(context, documents, gates, stores.files), GatesAdmin(context, gates))


PASSPORT = {"number": "G1234567", "issued_on": "2021-02-01", "expires_on": "2031-01-31"}


async def test_a_scan_is_kept_sealed_and_a_renewal_keeps_the_history(backend: Backend) -> None:
    use_case = backend.documents
    first = await use_case.record(ACTOR, "VA1", "passport", PASSPORT, SentFile("passport.PDF", PDF))
    assert (first.version, first.file_type) == (1, ".pdf")
    assert first.file_key is not None
    (sealed,) = backend.sealed_files()
    assert b"G1234567" not in sealed
    assert await backend.stores.files.read(first.file_key) == PDF
    second = await use_case.record(ACTOR, "VA1", "passport", {**PASSPORT, "number": "G7654321"})
    assert (second.version, second.file_key) == (2, None)

    view = await use_case.view("VA1")
    assert view.destination == "Qatar"
    assert [(s.version.version, s.state, s.expires_on) for s in view.versions] == [
        (2, DocumentState.CURRENT, date(2031, 1, 31)),
        (1, DocumentState.RENEWED, date(2031, 1, 31)),
    ]
    assert view.gate.summary == "1 of 7 checks passed"

    shown = await use_case.download("kofi@vandytravel.com", "VA1", first.id)
    assert (shown.key, shown.content_type, shown.download_name) == (
        first.file_key,
        "application/pdf",
        "VA1-passport-v1.pdf",
    )
    with pytest.raises(NotFound):
        await use_case.download(ACTOR, "VA1", second.id)  # no scan
    with pytest.raises(NotFound):
        await use_case.download(ACTOR, "VA2", first.id)  # another applicant's
    assert await backend.audit() == [
        ("document.download", "VA1: passport version 1"),
        ("document.record", "VA1: passport version 1"),
        ("document.renew", "VA1: passport version 2"),
    ]


async def test_a_bad_scan_or_field_keeps_nothing(backend: Backend) -> None:
    use_case = backend.documents
    with pytest.raises(Rejected) as renamed:
        await use_case.record(ACTOR, "VA1", "passport", PASSPORT, SentFile("passport.pdf", b"MZ\x90\x00 not a pdf"))
    assert renamed.value.errors == {"file": "Scan must be a .pdf, .jpg, .jpeg or .png file"}
    with pytest.raises(Rejected) as too_big:
        await use_case.record(ACTOR, "VA1", "passport", PASSPORT, SentFile("p.pdf", b"%PDF-" + b"x" * FIVE_MB))
    assert too_big.value.errors == {"file": "Scan must be at most 5MB"}
    with pytest.raises(Rejected) as kind:
        await use_case.record(ACTOR, "VA1", "diploma", {})
    assert kind.value.errors == {
        "kind": "Choose one of: passport, medical, police_clearance, visa, contract, orientation, ticket"
    }
    with pytest.raises(Rejected) as fields:
        await use_case.record(ACTOR, "VA1", "ticket", {"flight": "QR1408"})
    assert fields.value.errors == {"departs_on": "Flight date is required"}
    with pytest.raises(NotFound):
        await use_case.record(ACTOR, "VA9", "passport", PASSPORT)
    assert (await use_case.view("VA1")).versions == ()
    assert backend.sealed_files() == []
    assert await backend.audit() == []


async def test_two_renewals_at_once_one_is_refused_and_its_scan_removed(backend: Backend) -> None:
    use_case = backend.documents
    await use_case.record(ACTOR, "VA1", "medical", {"centre": "Ridge", "examined_on": "2026-11-20", "result": "fit"})
    outcomes = await asyncio.gather(
        *(
            use_case.record(
                ACTOR,
                "VA1",
                "medical",
                {"centre": c, "examined_on": "2026-11-27", "result": "fit"},
                SentFile("m.pdf", PDF),
            )
            for c in ("A", "B")
        ),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert [type(o) for o in refused] == [Conflict]
    assert str(refused[0]) == "This document was changed by someone else meanwhile: reload the page and try again"
    assert len(backend.sealed_files()) == 1
    view = await use_case.view("VA1")
    assert [(s.version.version, s.state) for s in view.versions] == [
        (2, DocumentState.CURRENT),
        (1, DocumentState.RENEWED),
    ]


async def test_the_gate_follows_the_destination_and_its_changes_are_audited(backend: Backend) -> None:
    documents, gates = backend.documents, backend.gates
    departs = TODAY + timedelta(days=40)
    for kind, fields in (
        ("passport", {**PASSPORT, "expires_on": str(departs + timedelta(days=200))}),
        ("medical", {"centre": "Ridge", "examined_on": str(TODAY), "result": "fit"}),
        ("police_clearance", {"issued_on": str(TODAY)}),
        ("visa", {"permit": "work permit", "number": "W1", "issued_on": str(TODAY), "expires_on": "2028-01-01"}),
        ("contract", {"registration_number": "LD/2026/77"}),
        ("orientation", {"attended_on": str(TODAY)}),
        ("ticket", {"flight": "QR1408", "departs_on": str(departs)}),
    ):
        await documents.record(ACTOR, "VA1", kind, fields)
        await documents.record(ACTOR, "VA2", kind, fields)
    assert (await documents.gate("VA1")).summary == "7 of 7 checks passed"

    raw = {
        "passportMonths": 7,
        "medicalValidityDays": 30,
        "policeClearanceValidityDays": 90,
        "checks": ["passport", "medical", "ticket"],
    }
    qatar = await gates.set(ACTOR, "Qatar", raw, 0)
    assert qatar.version == 1
    result = await documents.gate("VA1")
    assert result.departure_date == departs
    assert (result.passed, result.summary) == (False, "1 of 3 checks passed")
    assert [c.message for c in result.failing] == [
        f"Passport valid at least 7 months after departure: expires {departs + timedelta(days=200)}, "
        f"needs {add_months(departs, 7)} or later",
        f"Medical result fit and valid on the departure date: valid until {TODAY + timedelta(days=30)}, "
        f"before the departure on {departs}",
    ]
    assert (await documents.gate("VA2")).summary == "7 of 7 checks passed"  # Oman keeps the built-in gate
    sooner = await documents.gate("VA1", TODAY + timedelta(days=10))  # a departure date given: the flight is later
    assert (sooner.departure_date, sooner.summary) == (TODAY + timedelta(days=10), "3 of 3 checks passed")

    with pytest.raises(Conflict):
        await gates.set("kofi@vandytravel.com", "qatar", {**raw, "passportMonths": 6}, 0)
    await gates.set("kofi@vandytravel.com", "qatar", {**raw, "passportMonths": 6}, 1)
    await gates.remove(ACTOR, "Qatar", 2)
    assert (await documents.gate("VA1")).summary == "7 of 7 checks passed"
    history = await gates.changes("Qatar")
    assert [
        (c.version, c.actor, c.before and c.before.passport_months, c.after and c.after.passport_months)
        for c in history
    ] == [
        (3, ACTOR, 6, None),
        (2, "kofi@vandytravel.com", 7, 6),
        (1, ACTOR, None, 7),
    ]
    changes = [t for a, t in await backend.audit() if a == "gate.change"]
    assert sorted(changes) == [
        "gate Qatar: removed (follows the default)",
        "gate Qatar: set (passport 7 months; medical validity 30 days; police clearance validity 90 days; "
        "checks passport, medical, ticket)",
        "gate qatar: passport 7 months -> 6 months",
    ]
