"""Helpers for the admin-area tests: a signed-in harness and records put straight in the store."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from agency_core.payments.keys import payment_key_hash
from agency_core.records import Application, Appointment, ContactMessage, JobAlert, NewsletterSubscription
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    JobAlertRequest,
    NewAppointmentNotice,
    form_of,
)
from app.container import Container
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support import writes

T0 = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


async def signed_in(make_harness: MakeHarness, **changes: Any) -> AdminHarness:
    h = await make_harness(demo=True, **changes)
    response = await h.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    assert response.status_code == 200, response.text
    return h


def container(h: AdminHarness) -> Container:
    c: Container = h.app.state["container"]
    return c


def application_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "firstName": "Kwame",
        "lastName": "Mensah",
        "email": "kwame@example.com",
        "phone": "+233201234567",
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
        "hasPassport": False,
        "additionalInfo": "",
        "terms": True,
    }
    data.update(changes)
    return data


TEST_PAYMENT_KEY = "test-payment-key"
"""The payment key of every application :func:`add_application` stores."""


async def add_application(h: AdminHarness, app_id: str, at: datetime = T0, **changes: Any) -> Application:
    application = Application(
        app_id, form_of(ApplicationForm, application_data(**changes)), (), at, payment_key_hash(TEST_PAYMENT_KEY)
    )
    assert await writes.add_application(container(h).store, application, [], at) is None
    return application


async def add_appointment(h: AdminHarness, reference: str, preferred_date: str, at: datetime = T0) -> None:
    data = {
        "fullName": f"Person {reference}",
        "email": f"{reference.lower()}@example.com",
        "phone": "+233241234567",
        "countryOfInterest": "Qatar",
        "serviceType": "recruitment",
        "preferredDate": preferred_date,
        "preferredTime": "10:00 AM",
        "message": "Hello",
        "consent": True,
    }
    from agency_core.records import AdminNotification

    await writes.add_appointment(
        container(h).store,
        Appointment(reference, form_of(AppointmentRequest, data), at),
        AdminNotification(f"{reference}-admin", "new_appointment", form_of(NewAppointmentNotice, {}), at),
        [],
    )


async def add_message(h: AdminHarness, message_id: str, at: datetime = T0, subject: str = "Visa question") -> None:
    data = {
        "name": "Abena",
        "email": "abena@example.com",
        "phone": "+233241234567",
        "service": "Visa Services",
        "subject": subject,
        "message": "How long does a visa take?",
    }
    await writes.add_contact_message(container(h).store, ContactMessage(message_id, form_of(ContactForm, data), at))


async def add_subscribers(h: AdminHarness) -> None:
    c = container(h)
    await writes.add_subscription(
        c.store, NewsletterSubscription("N1", "=cmd@example.com", "Ama", ("Visa Updates", "Study Abroad"), T0, T0)
    )
    later = T0.replace(hour=11)
    await writes.add_subscription(c.store, NewsletterSubscription("N2", "yaw@example.com", "Yaw", (), later, later))
    await writes.add_job_alert(
        c.store,
        JobAlert(
            "J1",
            form_of(
                JobAlertRequest,
                {"email": "kofi@example.com", "jobCategory": "Healthcare & Medical", "preferredCountry": "Qatar"},
            ),
            T0,
        ),
    )


async def audit_actions(h: AdminHarness) -> list[dict[str, Any]]:
    response = await h.client.get("/api/admin/audit-log", params={"pageSize": 100})
    assert response.status_code == 200
    items: list[dict[str, Any]] = response.json()["items"]
    return items
