"""The public form endpoints over HTTP: success, every spec message, uploads, duplicates, honeypot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.records import NEW_APPOINTMENT, OutboxStatus
from agency_core.spec.forms import form_values
from tests.api.conftest import APPLICATION, APPOINTMENT, JPEG, PDF, PNG, container_of
from tests.support.sms_gateway import SmsGatewayServer

Client = AsyncTestClient[Litestar]
MB = 1024 * 1024


async def test_health(client: Client) -> None:
    response = await client.get("/api/health")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})


async def test_an_appointment_is_stored_notified_and_texted(
    client: Client, app: Litestar, sms_server: SmsGatewayServer
) -> None:
    response = await client.post("/api/appointments", json=APPOINTMENT)
    assert response.status_code == 201
    reference = response.json()["reference"]
    assert reference.startswith("VA")
    assert reference[2:].isdigit()
    store = container_of(app).store
    stored = await store.appointments.get(reference)
    assert stored is not None
    assert stored.data.phone == "+233241234567"
    (note,) = await store.admin_notifications.list(NEW_APPOINTMENT)
    assert note.data.reference == reference
    (sent,) = sms_server.wait_for(1)
    assert sent.phone == "+233241234567"
    assert reference in sent.message
    assert "10:00 AM" in sent.message
    assert sent.idempotency_key == f"{reference}-0"


async def test_an_application_with_documents_is_stored_and_texted_to_applicant_and_admins(
    client: Client, app: Litestar, sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    files = {
        "cv": ("My CV.pdf", PDF, "application/pdf"),
        "passport": ("passport.png", PNG, "image/png"),
        "photo": ("me.jpg", JPEG, "image/jpeg"),
    }
    response = await client.post("/api/applications", data=APPLICATION, files=files)
    assert response.status_code == 201, response.text
    application_id = response.json()["applicationId"]
    stored = await container_of(app).store.applications.get(application_id)
    assert stored is not None
    assert stored.data.has_passport is True
    assert stored.data.passport_number == "G1234567"
    assert {f.field: f.filename for f in stored.files} == {
        "cv": "My CV.pdf",
        "passport": "passport.png",
        "photo": "me.jpg",
    }
    uploads = tmp_path / "data" / "uploads"
    for item in stored.files:
        path = uploads / item.key
        # Encrypted at rest (issue 16): not the upload on disk, the upload once decrypted.
        assert path.read_bytes()[:4] != {"cv": PDF, "passport": PNG, "photo": JPEG}[item.field][:4]
        assert await container_of(app).files.read(item.key) == {"cv": PDF, "passport": PNG, "photo": JPEG}[item.field]
        assert "CV" not in item.key
        assert "passport.png" not in item.key
    delivered = sms_server.wait_for(5)
    phones = sorted(r.phone for r in delivered)
    assert phones == sorted(["+233201234567", "+233241234567", "+233207654321", "+971501234567", "+971557654321"])
    applicant = next(r for r in delivered if r.phone == "+233201234567")
    assert "Kwame Mensah" in applicant.message
    admin = next(r for r in delivered if r.phone == "+971501234567")
    assert admin.message.startswith("NEW JOB APPLICATION")
    assert f"ID: {application_id}" in admin.message


async def test_without_a_passport_the_passport_fields_are_dropped(client: Client, app: Litestar) -> None:
    data = {**APPLICATION, "hasPassport": "false"}
    response = await client.post("/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")})
    assert response.status_code == 201
    stored = await container_of(app).store.applications.get(response.json()["applicationId"])
    assert stored is not None
    assert stored.data.has_passport is False
    assert "passportNumber" not in form_values(stored.data)  # what the codec stores


EMPTY_FORM_MESSAGES = {
    "/api/appointments": {
        "fullName": "Full name is required",
        "email": "Email is required",
        "phone": "Phone number is required",
        "serviceType": "Service type is required",
        "preferredDate": "Preferred date is required",
        "preferredTime": "Preferred time is required",
        "consent": "You must agree to the terms",
    },
    "/api/contact-messages": {
        "name": "Name is required",
        "email": "Email is required",
        "subject": "Subject is required",
        "message": "Message is required",
    },
    "/api/newsletter-subscriptions": {"name": "Name is required", "email": "Email is required"},
    "/api/job-alerts": {
        "email": "Email is required",
        "jobCategory": "Job category is required",
        "preferredCountry": "Country is required",
    },
}


@pytest.mark.parametrize("path", EMPTY_FORM_MESSAGES)
async def test_an_empty_json_form_gets_every_required_message(client: Client, path: str) -> None:
    response = await client.post(path, json={})
    assert response.status_code == 422
    assert response.json() == {"errors": EMPTY_FORM_MESSAGES[path]}


async def test_an_empty_application_gets_every_required_message(client: Client) -> None:
    response = await client.post("/api/applications", files={"additionalInfo": (None, "")})
    assert response.status_code == 422
    assert response.json() == {
        "errors": {
            "firstName": "First name is required",
            "lastName": "Last name is required",
            "email": "Email is required",
            "phone": "Phone number is required",
            "country": "Country is required",
            "city": "City is required",
            "dateOfBirth": "Date of birth is required",
            "nationality": "Nationality is required",
            "preferredCountry": "Preferred country is required",
            "jobCategory": "Job category is required",
            "experience": "Experience level is required",
            "education": "Education level is required",
            "languages": "Languages are required",
            "availability": "Availability is required",
            "cv": "CV is required",
            "terms": "You must accept the terms and conditions",
        }
    }


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/appointments", {**APPOINTMENT, "email": "ama at example.com"}),
        ("/api/contact-messages", {"name": "E", "email": "e@", "subject": "s", "message": "m"}),
        ("/api/newsletter-subscriptions", {"name": "N", "email": "no spaces@x.y"}),
        ("/api/job-alerts", {"email": "x", "jobCategory": "Any", "preferredCountry": "Other"}),
    ],
)
async def test_an_invalid_email_is_refused_with_the_spec_message(client: Client, path: str, body: Any) -> None:
    response = await client.post(path, json=body)
    assert (response.status_code, response.json()) == (422, {"errors": {"email": "Invalid email address"}})


async def test_an_application_with_an_invalid_email_gets_the_spec_message(client: Client) -> None:
    data = {**APPLICATION, "email": "kwame"}
    response = await client.post("/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")})
    assert (response.status_code, response.json()) == (422, {"errors": {"email": "Invalid email address"}})


async def test_an_appointment_in_the_past_or_off_the_list_is_refused(client: Client) -> None:
    body = {**APPOINTMENT, "preferredDate": "2001-01-01", "preferredTime": "07:00 AM", "serviceType": "x"}
    response = await client.post("/api/appointments", json=body)
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "preferredDate": "Choose today or a later date",
        "preferredTime": "Choose one of the listed options",
        "serviceType": "Choose one of the listed options",
    }


@pytest.mark.parametrize(
    ("field", "upload", "message"),
    [
        ("cv", ("cv.pdf", b"%PDF-" + b"0" * (5 * MB), "application/pdf"), "CV must be at most 5MB"),
        ("cv", ("cv.pdf", b"MZ\x90\x00 this is an exe", "application/pdf"), "CV must be a .pdf, .doc or .docx file"),
        ("cv", ("cv.exe", PDF, "application/octet-stream"), "CV must be a .pdf, .doc or .docx file"),
        (
            "passport",
            ("p.png", b"\x89PNG\r\n\x1a\n" + b"0" * (5 * MB), "image/png"),
            "Passport copy must be at most 5MB",
        ),
        ("passport", ("p.jpg", PNG, "image/jpeg"), "Passport copy must be a .pdf, .jpg, .jpeg or .png file"),
        ("photo", ("me.jpg", b"\xff\xd8\xff" + b"0" * (2 * MB), "image/jpeg"), "Photo must be at most 2MB"),
        ("photo", ("me.pdf", PDF, "application/pdf"), "Photo must be a .jpg, .jpeg or .png file"),
    ],
)
async def test_an_upload_breaking_its_rule_is_refused_naming_field_and_limit(
    client: Client, app: Litestar, field: str, upload: tuple[str, bytes, str], message: str
) -> None:
    files = {"cv": ("cv.pdf", PDF, "application/pdf"), field: upload}
    response = await client.post("/api/applications", data=APPLICATION, files=files)
    assert (response.status_code, response.json()) == (422, {"errors": {field: message}})
    assert await container_of(app).store.outbox.list() == []


async def test_a_missing_cv_is_refused(client: Client) -> None:
    response = await client.post("/api/applications", data=APPLICATION, files={"photo": ("me.png", PNG, "image/png")})
    assert (response.status_code, response.json()) == (422, {"errors": {"cv": "CV is required"}})


async def test_a_repeated_application_is_answered_409_without_the_first_id_which_is_resent_to_the_owner(
    client: Client, app: Litestar, tmp_path: Path
) -> None:
    files = {"cv": ("cv.pdf", PDF, "application/pdf")}
    first = await client.post("/api/applications", data=APPLICATION, files=files)
    assert first.status_code == 201
    first_id = first.json()["applicationId"]
    outbox = container_of(app).store.outbox
    # five SMS and the applicant's confirmation e-mail, for the first application only
    assert len(await outbox.list()) == 6
    for _ in range(3):  # a stranger who knows the e-mail, trying again and again
        again = await client.post("/api/applications", data={**APPLICATION, "email": "KWAME@example.com"}, files=files)
        assert again.status_code == 409
        assert again.json() == {
            "message": "An application with this email, job category and preferred country already exists "
            "(received in the last 24 hours). Its application ID has been sent again to the phone and email on record."
        }
        assert first_id not in again.text
        assert first_id.removeprefix("VA") not in again.text
        assert again.headers["cache-control"] == "no-store"
    # the ID went again to the phone and e-mail on record, once for all three repeats
    resent = [m for m in await outbox.list(first_id) if "-id-resent-" in m.id]
    assert sorted((m.kind, m.address) for m in resent) == [
        ("email", "kwame@example.com"),
        ("id_reminder", "+233201234567"),
    ]
    assert all(first_id in m.text for m in resent)
    assert len([p for p in (tmp_path / "data" / "uploads").rglob("*") if p.is_file()]) == 1
    other = await client.post("/api/applications", data={**APPLICATION, "jobCategory": "Engineering"}, files=files)
    assert other.status_code == 201


async def test_the_honeypot_answers_as_usual_and_keeps_nothing(
    client: Client, app: Litestar, sms_server: SmsGatewayServer
) -> None:
    bot = await client.post("/api/appointments", json={**APPOINTMENT, "website": "http://spam.example"})
    assert bot.status_code == 201
    assert bot.json()["reference"].startswith("VA")
    assert await container_of(app).store.appointments.get(bot.json()["reference"]) is None
    files = {"cv": ("cv.pdf", PDF, "application/pdf")}
    bot_application = await client.post("/api/applications", data={**APPLICATION, "website": "x"}, files=files)
    assert bot_application.status_code == 201
    for path, body in [
        ("/api/contact-messages", {"website": "x"}),
        ("/api/newsletter-subscriptions", {"website": "x"}),
        ("/api/job-alerts", {"website": "x"}),
    ]:
        response = await client.post(path, json=body)
        assert response.status_code == 201
        assert response.json()["id"].startswith("VA")
    assert await container_of(app).store.outbox.list() == []
    assert sms_server.requests == []


async def test_contact_message_and_job_alert_are_stored(client: Client, app: Litestar) -> None:
    contact = await client.post(
        "/api/contact-messages",
        json={"name": "Efua", "email": "efua@example.com", "subject": "Visa", "message": "Hello", "service": "Other"},
    )
    alert = await client.post(
        "/api/job-alerts",
        json={
            "email": "efua@example.com",
            "jobCategory": "Any",
            "preferredCountry": "Qatar",
            "salaryRange": "Negotiable",
        },
    )
    assert (contact.status_code, alert.status_code) == (201, 201)
    store = container_of(app).store
    stored_contact = await store.contact_messages.get(contact.json()["id"])
    stored_alert = await store.job_alerts.get(alert.json()["id"])
    assert stored_contact is not None
    assert stored_contact.data.subject == "Visa"
    assert stored_alert is not None
    assert stored_alert.data.salary_range == "Negotiable"


async def test_a_repeat_unconfirmed_subscription_updates_the_interests(client: Client, app: Litestar) -> None:
    first = await client.post(
        "/api/newsletter-subscriptions", json={"name": "Yaw", "email": "yaw@example.com", "interests": ["Travel Tips"]}
    )
    again = await client.post(
        "/api/newsletter-subscriptions",
        json={"name": "Yaw", "email": "Yaw@Example.com", "interests": ["Visa Updates", "Study Abroad"]},
    )
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json()["id"] != again.json()["id"]  # a fresh receipt: the answer tells nothing of the address
    stored = await container_of(app).store.newsletter.get_by_email("yaw@example.com")
    assert stored is not None
    assert stored.interests == ("Visa Updates", "Study Abroad")


async def test_an_unknown_interest_is_refused(client: Client) -> None:
    response = await client.post(
        "/api/newsletter-subscriptions", json={"name": "Yaw", "email": "y@x.y", "interests": ["Crypto"]}
    )
    assert (response.status_code, response.json()) == (
        422,
        {"errors": {"interests": "Choose one of the listed options"}},
    )


async def test_outbox_rows_record_delivery(client: Client, app: Litestar, sms_server: SmsGatewayServer) -> None:
    response = await client.post("/api/appointments", json=APPOINTMENT)
    sms_server.wait_for(1)
    reference = response.json()["reference"]
    for _ in range(100):
        # the confirmation; its reminder (same source) waits for its time, 24 hours before the appointment
        (message,) = [m for m in await container_of(app).store.outbox.list(reference) if m.id == f"{reference}-0"]
        if message.status is OutboxStatus.DELIVERED:
            break
        await __import__("asyncio").sleep(0.02)
    assert (message.status, message.attempts) == (OutboxStatus.DELIVERED, 1)
