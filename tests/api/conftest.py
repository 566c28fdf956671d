from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.clock import Clock
from app.container import Container
from app.main import create_app
from app.settings import Settings
from tests.support.clock import NOW, clock
from tests.support.sms_gateway import SmsGatewayServer

AppFactory = Callable[..., Litestar]


@pytest.fixture
def make_app(tmp_path: Path, sms_server: SmsGatewayServer) -> AppFactory:
    """An app on ``tmp_path`` whose SMS go to ``sms_server``; ``env`` adds settings. Its clock is the
    tests' (``tests/support/clock.py``: it starts at ``NOW``) unless ``at`` gives another one."""

    def make(at: Clock | None = None, **env: str) -> Litestar:
        base = {
            "AGENCY_DATA_DIR": str(tmp_path / "data"),
            "AGENCY_CLIENT_DIST": str(tmp_path / "dist"),
            "AGENCY_SMS_BASE_URL": sms_server.base_url,
            "AGENCY_SMS_API_KEY": "test-key",
            "AGENCY_SMS_REPORT_SECRET": "delivery-report-secret-for-the-api-tests",
            "AGENCY_RATE_LIMIT": "0",
            "AGENCY_OUTBOX_RETRY_BASE_S": "0.05",
            "AGENCY_OUTBOX_RETRY_CAP_S": "0.2",
            "AGENCY_OUTBOX_POLL_S": "0.05",
        }
        return create_app(Settings.from_env({**base, **env}), at or clock())

    return make


@pytest.fixture
async def app(make_app: AppFactory) -> Litestar:
    return make_app()


SHUTDOWN_S = 60.0


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[AsyncTestClient[Litestar]]:
    test_client = AsyncTestClient(app)
    await test_client.__aenter__()
    try:
        yield test_client
    finally:
        await _shut_down(test_client)


async def _shut_down(test_client: AsyncTestClient[Litestar]) -> None:
    """The client's exit blocks its thread until the app's lifespan has ended; run on this loop, a
    shutdown step that needed this loop would wait for ever (a CI run hung so, once). So it runs on a
    thread of its own while this loop goes on, and fails the test after ``SHUTDOWN_S`` rather than
    holding the worker."""
    done = threading.Event()
    failures: list[BaseException] = []

    def shut_down() -> None:
        try:
            asyncio.run(test_client.__aexit__(None, None, None))
        except BaseException as exc:
            failures.append(exc)
        finally:
            done.set()

    threading.Thread(target=shut_down, name="test-client-shutdown", daemon=True).start()
    deadline = time.monotonic() + SHUTDOWN_S
    while not done.is_set():
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not shut down within {SHUTDOWN_S:.0f} s")
        await asyncio.sleep(0.01)
    if failures:
        raise failures[0]


def container_of(app: Litestar) -> Container:
    container: Container = app.state.container
    return container


TODAY = NOW.date()
"""The day of the tests' clock: an app from :func:`make_app` starts there."""


def bookable_monday(today: date = TODAY, weeks: int = 1) -> date:
    """A Monday ``weeks`` to ``weeks`` + 1 weeks after ``today`` (the tests' clock's day; UTC is the
    office's zone, Africa/Accra): within the default booking horizon (90 days) and more than a day
    ahead, so it gets reminders. Only an app on the tests' clock takes it whatever the real date."""
    start = today + timedelta(weeks=weeks)
    return start + timedelta(days=-start.weekday() % 7)


BOOKING_DAY = bookable_monday().isoformat()
"""The date of :data:`APPOINTMENT`: a Monday next week or the week after."""

APPOINTMENT: dict[str, Any] = {
    "fullName": "Ama Owusu",
    "email": "ama@example.com",
    "phone": "024 123 4567",
    "countryOfInterest": "Qatar",
    "serviceType": "recruitment",
    "preferredDate": BOOKING_DAY,
    "preferredTime": "10:00 AM",
    "message": "I would like to work in Doha.",
    "consent": True,
}

APPLICATION: dict[str, str] = {
    "firstName": "Kwame",
    "lastName": "Mensah",
    "email": "kwame@example.com",
    "phone": "0201234567",
    "country": "Ghana",
    "city": "Kumasi",
    "dateOfBirth": "1995-04-12",
    "nationality": "Ghanaian",
    "preferredCountry": "Qatar",
    "jobCategory": "Construction",
    "experience": "Mid Level (3-5 years)",
    "education": "Diploma/Certificate",
    "languages": "English, Twi",
    "availability": "Within 1 month",
    "salary": "$1,000-$2,000",
    "hasPassport": "true",
    "passportNumber": "G1234567",
    "passportExpiry": "2030-01-01",
    "additionalInfo": "Mason for 4 years.",
    "terms": "true",
}

PDF = b"%PDF-1.7\n" + b"0" * 2048
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 2048
JPEG = b"\xff\xd8\xff\xe0" + b"0" * 2048
