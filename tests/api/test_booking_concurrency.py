"""Fifty people book the same slot at the same moment, through real app processes: exactly the
slot's capacity succeed, every other one gets 409, and nothing of a refused booking is written.

On Firestore three instances share one emulator (each seat is a document created if absent); on
SQLite one instance takes the fifty requests (the count and the insert in one ``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from agency_core.appointments.slots import SLOT_FULL
from tests.api.conftest import APPOINTMENT, BOOKING_DAY
from tests.api.test_multi_instance import Cluster, cluster, firestore_client
from tests.support.app_process import running_app

__all__ = ["cluster"]

PEOPLE = 50

TUESDAY = (date.fromisoformat(BOOKING_DAY) + timedelta(days=1)).isoformat()


def _book_together(base_urls: list[str], day: str, label: str) -> list[tuple[int, dict[str, Any]]]:
    """``PEOPLE`` bookings of one slot, released at once, spread over ``base_urls``."""
    start = threading.Barrier(PEOPLE, timeout=60)

    def book(i: int) -> tuple[int, dict[str, Any]]:
        body = {**APPOINTMENT, "email": f"p{i}@example.com", "phone": f"024123{i:04d}", "preferredDate": day}
        body["preferredTime"] = label
        with httpx.Client(timeout=60) as client:
            start.wait()
            response = client.post(f"{base_urls[i % len(base_urls)]}/api/appointments", json=body)
        return response.status_code, response.json()

    with ThreadPoolExecutor(max_workers=PEOPLE) as pool:
        return list(pool.map(book, range(PEOPLE)))


def _assert_capacity_held(outcomes: list[tuple[int, dict[str, Any]]], capacity: int) -> set[str]:
    codes = Counter(code for code, _ in outcomes)
    assert codes == {201: capacity, 409: PEOPLE - capacity}, codes
    assert all(body == {"message": SLOT_FULL} for code, body in outcomes if code == 409)
    return {body["reference"] for code, body in outcomes if code == 201}


@pytest.mark.emulator
@pytest.mark.parametrize(("capacity", "day"), [(1, BOOKING_DAY), (3, TUESDAY)])
def test_three_instances_on_firestore_book_exactly_the_capacity(cluster: Cluster, capacity: int, day: str) -> None:
    apps = cluster.start([f"book{capacity}-{n}" for n in range(3)], AGENCY_APPOINTMENT_CAPACITY=str(capacity))
    try:
        booked = _assert_capacity_held(_book_together([a.base_url for a in apps], day, "10:00 AM"), capacity)
    finally:
        for app in apps:
            app.stop()
    client: Any = firestore_client(cluster)
    stored = [d.to_dict() for d in client.collection("appointments").stream()]
    assert {d["reference"] for d in stored if d["data"]["preferredDate"] == day} == booked
    notes = {d.to_dict()["data"]["reference"] for d in client.collection("admin_notifications").stream()}
    assert booked <= notes
    assert not {d["reference"] for d in stored} - notes  # no notification without its booking
    outbox_sources = {d.to_dict()["source_id"] for d in client.collection("outbox").stream()}
    assert {s.removesuffix("-mail") for s in outbox_sources} == {d["reference"] for d in stored}
    seats = [d.to_dict() for d in client.collection("appointment_seats").stream()]
    assert {s["reference"] for s in seats if s["reference"] in booked} == booked


def test_one_sqlite_instance_takes_fifty_concurrent_bookings_of_one_slot() -> None:
    with running_app("agency-booking-") as app:
        booked = _assert_capacity_held(_book_together([app.base_url], BOOKING_DAY, "10:00 AM"), 1)
        with sqlite3.connect(app.data_dir / "agency.sqlite3") as db:
            rows = db.execute("SELECT reference FROM appointments").fetchall()
            notes = db.execute("SELECT COUNT(*) FROM admin_notifications").fetchone()[0]
            sources = {r[0] for r in db.execute("SELECT source_id FROM outbox")}
    assert {r[0] for r in rows} == booked
    assert notes == 1
    assert {s.removesuffix("-mail") for s in sources} == booked
