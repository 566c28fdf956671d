"""Search and the views of a working day through the admin API, on SQLite and on Firestore (emulator):
"Odom" finds "Ɔdɔm", a phone in any format finds its applicant, Today / New / Unread for applications,
appointments and messages, next and previous within the filtered list, the dashboard's figures of the
day, and the CSV's byte-order mark and job title."""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest

from adapters.firestore.store import FirestoreStore
from agency_core.payments.keys import payment_key_hash
from agency_core.ports import Store
from agency_core.records import AdminNotification, Application, Appointment, ContactMessage
from agency_core.spec.forms import ApplicationForm, AppointmentRequest, ContactForm, NewAppointmentNotice, form_of
from app.api_settings import ApiSettings
from tests.admin.area import TEST_PAYMENT_KEY, application_data, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support import writes
from tests.support.clock import NOW, clock
from tests.support.firestore_emulator import FirestoreEmulator

LIST = "/api/admin/applications"
MIDNIGHT = NOW.replace(hour=0, minute=0, second=0, microsecond=0)
TODAY = MIDNIGHT + (NOW - MIDNIGHT) / 2  # within today, before now
EARLIER = MIDNIGHT - timedelta(days=3)


SEED: dict[int, Store] = {}
"""The store the test writes through, by harness: the app's on SQLite; on Firestore a client of the same
project on the test's event loop (the app's client belongs to the app's loop)."""


def seed(h: AdminHarness) -> Store:
    return SEED[id(h)]


async def add_application(h: AdminHarness, app_id: str, at: datetime, **changes: Any) -> None:
    application = Application(
        app_id, form_of(ApplicationForm, application_data(**changes)), (), at, payment_key_hash(TEST_PAYMENT_KEY)
    )
    assert await writes.add_application(seed(h), application, [], at) is None


async def add_message(h: AdminHarness, message_id: str, at: datetime) -> None:
    data = {"name": "Abena", "email": "abena@example.com", "subject": "Visa", "message": "How long?"}
    await writes.add_contact_message(seed(h), ContactMessage(message_id, form_of(ContactForm, data), at))


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def h(
    request: pytest.FixtureRequest, make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[AdminHarness]:
    changes: dict[str, Any] = {}
    project = f"views-{uuid.uuid4().hex[:12]}"
    if request.param == "firestore":
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", emulator.host)
        changes["api"] = replace(ApiSettings(), store="firestore", firestore_project_id=project)
    harness = await signed_in(make_harness, clock=clock(), **changes)
    app_store = container(harness).store
    own = FirestoreStore.connect(project, sealer=app_store.sealer) if request.param == "firestore" else None
    SEED[id(harness)] = own or app_store
    await add_application(
        harness, "VA1", EARLIER, firstName="Akosua", lastName="Ɔdɔm", email="akosua@example.com", phone="+233241234567"
    )
    await add_application(
        harness,
        "VA2",
        EARLIER + timedelta(hours=1),
        firstName="Kwame",
        lastName="Ɔdɔm",
        email="kwame.odom@example.com",
        phone="+233201112222",
        jobId="JB1",
        jobTitle="Welder – Doha",
    )
    await add_application(harness, "VA3", TODAY, firstName="Esi", lastName="Mɛnsah", email="esi@example.com")
    await add_application(
        harness,
        "VA4",
        TODAY + timedelta(seconds=1),
        firstName="Nana",
        lastName="Aŋkrah Ɔdɔm",
        email="nana@example.com",
        jobId="JB1",
        jobTitle="Welder – Doha",
    )
    yield harness
    del SEED[id(harness)]
    if own is not None:
        await own.close()


def ids(response: Any) -> list[str]:
    assert response.status_code == 200, response.text
    return [item["applicationId"] for item in response.json()["items"]]


async def listed(h: AdminHarness, **params: str) -> list[str]:
    return ids(await h.client.get(LIST, params=params))


async def test_search_folds_ghanaian_letters_case_accents_and_phone_formats(h: AdminHarness) -> None:
    for q in ("Odom", "odom", "ODOM", "Ɔdɔm", "ɔdɔm", "dɔm"):
        assert await listed(h, q=q) == ["VA4", "VA2", "VA1"], q
    assert await listed(h, q="Kwame Ɔdɔm") == ["VA2"]
    assert await listed(h, q="MENSAH") == ["VA3"]
    assert await listed(h, q="ankrah") == ["VA4"]
    for q in ("0241234567", "+233 24 123 4567", "233241234567", "024-123-4567"):
        assert await listed(h, q=q) == ["VA1"], q
    assert await listed(h, q="KWAME.ODOM@example.com") == ["VA2"]
    assert await listed(h, q="va3") == ["VA3"]
    assert await listed(h, q="odom", jobId="JB1") == ["VA4", "VA2"]


async def test_application_views_today_new_unread(h: AdminHarness) -> None:
    assert await listed(h, view="today") == ["VA4", "VA3"]
    assert await listed(h, view="unread") == ["VA4", "VA3", "VA2", "VA1"]
    assert (await h.client.get(f"{LIST}/VA3")).status_code == 200  # opening it reads it
    assert await listed(h, view="unread") == ["VA4", "VA2", "VA1"]
    assert (await h.unsafe("POST", f"{LIST}/VA1/status", json={"status": "processing"})).status_code == 200
    assert await listed(h, view="new") == ["VA4", "VA3", "VA2"]
    assert await listed(h, view="new", q="odom") == ["VA4", "VA2"]
    wrong = await h.client.get(LIST, params={"view": "yesterday"})
    assert (wrong.status_code, wrong.json()) == (422, {"errors": {"view": "View must be today, new or unread"}})


async def test_next_and_previous_stay_within_the_filtered_list(h: AdminHarness) -> None:
    async def around(app_id: str, **params: str) -> dict[str, Any]:
        response = await h.client.get(f"{LIST}/{app_id}/neighbours", params=params)
        assert response.status_code == 200, response.text
        assert response.headers["cache-control"] == "no-store" or "no-store" in response.headers["cache-control"]
        result: dict[str, Any] = response.json()
        return result

    assert await around("VA4", q="odom") == {"previous": None, "next": "VA2", "position": 1, "total": 3}
    assert await around("VA2", q="odom") == {"previous": "VA4", "next": "VA1", "position": 2, "total": 3}
    assert await around("VA1", q="odom") == {"previous": "VA2", "next": None, "position": 3, "total": 3}
    assert await around("VA3", q="odom") == {"previous": None, "next": None, "position": 0, "total": 3}
    assert await around("NOPE", jobId="JB1") == {"previous": None, "next": None, "position": 0, "total": 2}
    assert (await around("VA4", view="today"))["next"] == "VA3"


async def test_appointment_and_message_views(h: AdminHarness) -> None:
    store = seed(h)
    for ref, starts, created in (
        ("AP1", MIDNIGHT + timedelta(hours=10), EARLIER),
        ("AP2", MIDNIGHT + timedelta(days=2, hours=9), TODAY),
        ("AP3", MIDNIGHT - timedelta(days=1, hours=-9), EARLIER),
    ):
        data = {"fullName": f"Person {ref}", "preferredDate": starts.date().isoformat(), "preferredTime": "10:00 AM"}
        appointment = Appointment(ref, form_of(AppointmentRequest, data), created, starts, "Africa/Accra")
        await writes.add_appointment(
            store,
            appointment,
            AdminNotification(f"{ref}-n", "new_appointment", form_of(NewAppointmentNotice, {}), created),
        )

    async def refs(**params: str) -> list[str]:
        response = await h.client.get("/api/admin/appointments", params=params)
        assert response.status_code == 200, response.text
        return sorted(item["reference"] for item in response.json()["items"])

    assert await refs(view="today") == ["AP1"]
    assert await refs(view="new") == ["AP1", "AP2", "AP3"]
    attended = await h.unsafe("POST", "/api/admin/appointments/AP3/status", json={"status": "attended"})
    assert attended.status_code == 200
    assert await refs(view="new") == ["AP1", "AP2"]
    unread = await h.client.get("/api/admin/appointments", params={"view": "unread"})
    assert (unread.status_code, unread.json()) == (422, {"errors": {"view": "View must be today or new"}})

    await add_message(h, "M1", EARLIER)
    await add_message(h, "M2", TODAY)
    await add_message(h, "M3", TODAY + timedelta(seconds=1))
    assert (await h.unsafe("POST", "/api/admin/messages/M3/read")).status_code == 200

    async def messages(**params: str) -> list[str]:
        response = await h.client.get("/api/admin/messages", params=params)
        assert response.status_code == 200, response.text
        return [item["id"] for item in response.json()["items"]]

    assert await messages(view="today") == ["M2", "M3"]
    assert await messages(view="unread") == ["M2", "M1"]
    assert (await h.client.get("/api/admin/messages", params={"view": "new"})).status_code == 422

    board = (await h.client.get("/api/admin/dashboard")).json()
    assert [a["reference"] for a in board["todaysAppointments"]] == ["AP1"]


async def test_dashboard_counts_by_status_today_and_unread(h: AdminHarness) -> None:
    assert (await h.unsafe("POST", f"{LIST}/VA1/status", json={"status": "processing"})).status_code == 200
    assert (await h.client.get(f"{LIST}/VA2")).status_code == 200
    board = (await h.client.get("/api/admin/dashboard")).json()
    assert board["applications"] == {
        "received": 3,
        "processing": 1,
        "approved": 0,
        "rejected": 0,
        "newToday": 2,
        "unread": 2,  # VA1 was opened to move it, VA2 to read it
    }
    assert board["todaysAppointments"] == []


async def test_csv_has_a_byte_order_mark_and_the_job_title(h: AdminHarness) -> None:
    response = await h.client.get(f"{LIST}/export.csv", params={"q": "odom"})
    assert response.status_code == 200
    assert response.content.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(r["applicationId"], r["lastName"], r["jobTitle"]) for r in rows] == [
        ("VA4", "Aŋkrah Ɔdɔm", "Welder – Doha"),
        ("VA2", "Ɔdɔm", "Welder – Doha"),
        ("VA1", "Ɔdɔm", ""),
    ]
