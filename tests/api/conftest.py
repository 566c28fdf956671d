from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.container import Container
from app.main import create_app
from app.settings import Settings
from tests.support.sms_gateway import SmsGatewayServer

AppFactory = Callable[..., Litestar]


@pytest.fixture
def make_app(tmp_path: Path, sms_server: SmsGatewayServer) -> AppFactory:
    def make(**env: str) -> Litestar:
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
        return create_app(Settings.from_env({**base, **env}))

    return make


@pytest.fixture
async def app(make_app: AppFactory) -> Litestar:
    return make_app()


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[AsyncTestClient[Litestar]]:
    async with AsyncTestClient(app) as test_client:
        yield test_client


def container_of(app: Litestar) -> Container:
    container: Container = app.state.container
    return container


APPOINTMENT: dict[str, Any] = {
    "fullName": "Ama Owusu",
    "email": "ama@example.com",
    "phone": "024 123 4567",
    "countryOfInterest": "Qatar",
    "serviceType": "recruitment",
    "preferredDate": "2099-03-02",
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
