"""Job alerts that alert, against a real local SMTP server (aiosmtpd): one e-mail per matching
subscriber and published job, none for the others or after unsubscribing, through a mail-server
outage and an app restart (the durable outbox's ``email`` channel)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import pytest

from app.api.job_alerts import INVALID_LINK, UNSUBSCRIBED
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmtpSettings
from tests.admin.area import container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import BOOKING_DAY
from tests.support.smtp_server import SmtpServer

JOB: dict[str, Any] = {
    "title": "Registered Nurse",
    "country": "Qatar",
    "city": "Doha",
    "category": "Healthcare & Medical",
    "salaryMin": 2000,
    "salaryMax": 3000,
    "description": "Ward nurses.",
    "status": "open",
}
FAST = OutboxSettings(lease_s=5, retry_base_s=0.05, retry_cap_s=0.2, max_attempts=50, poll_s=0.05)


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer()
    yield server
    server.stop()


async def harness(make_harness: MakeHarness, smtp: SmtpServer) -> AdminHarness:
    return await signed_in(
        make_harness,
        smtp=SmtpSettings(host="127.0.0.1", port=smtp.port, starttls=False),
        api=replace(ApiSettings(), rate_limit_per_minute=0, outbox=FAST),
    )


async def subscribe(h: AdminHarness, email: str, category: str, country: str, **more: str) -> str:
    response = await h.client.post(
        "/api/job-alerts", json={"email": email, "jobCategory": category, "preferredCountry": country, **more}
    )
    assert response.status_code == 201, response.text
    alert_id: str = response.json()["id"]
    return alert_id


async def wait_for(smtp: SmtpServer, count: int) -> list[Any]:
    for _ in range(300):
        got = smtp.received()
        if len(got) >= count:
            return got
        await asyncio.sleep(0.05)
    raise AssertionError(f"expected {count} e-mails, got {len(smtp.received())}")


def recipients(messages: list[Any]) -> list[str]:
    return sorted(str(m["To"]) for m in messages)


async def test_matching_subscribers_get_one_email_per_job_through_an_outage(
    make_harness: MakeHarness, smtp: SmtpServer
) -> None:
    h = await harness(make_harness, smtp)  # the SMTP server is down
    await subscribe(h, "ama@example.com", "Healthcare & Medical", "Qatar")
    await subscribe(h, "kofi@example.com", "Any", "Any Gulf Country", salaryRange="$2,000-$3,000")
    leaving = await subscribe(h, "yaw@example.com", "Healthcare & Medical", "Qatar")
    await subscribe(h, "esi@example.com", "Engineering", "Qatar")
    await subscribe(h, "abena@example.com", "Healthcare & Medical", "Oman")
    await subscribe(h, "kwame@example.com", "Healthcare & Medical", "Qatar", salaryRange="Above $8,000")

    job = (await h.unsafe("POST", "/api/admin/jobs", json=JOB)).json()
    await asyncio.sleep(0.5)
    queued = [m for m in await container(h).store.outbox.list(job["id"]) if m.kind == "email"]
    assert len(queued) == 3
    assert all(m.status.value == "pending" and m.attempts >= 1 and m.last_error for m in queued)

    smtp.start()
    first = await wait_for(smtp, 3)
    assert recipients(first) == ["ama@example.com", "kofi@example.com", "yaw@example.com"]
    mail = next(m for m in first if m["To"] == "yaw@example.com")
    assert mail["Subject"] == "New job: Registered Nurse in Qatar"
    body = mail.get_payload(decode=True).decode()
    assert "USD 2,000-3,000 / month" in body
    assert f"/jobs/{job['id']}" in body
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"Stop these e-mails: http://127.0.0.1:8000/job-alerts/unsubscribe?alert={leaving}&token=" in body

    # one-click unsubscribe: works once; a forged token is refused
    link = urlsplit(mail["List-Unsubscribe"].strip("<>"))
    assert link.path == f"/api/job-alerts/{leaving}/unsubscribe"
    forged = await h.client.post(f"{link.path}?token=forged")
    assert forged.status_code == 404
    assert (await h.client.post(f"{link.path}?{link.query}")).json() == {
        "message": "You are unsubscribed: you will get no more job alert e-mails."
    }
    assert (await h.client.post(f"{link.path}?{link.query}")).status_code == 404

    # editing the job sends nothing again; a second job reaches the two still subscribed
    await h.unsafe("PUT", f"/api/admin/jobs/{job['id']}", json={**JOB, "positions": 3})
    await h.unsafe("POST", "/api/admin/jobs", json={**JOB, "title": "Staff Nurse"})
    second = await wait_for(smtp, 5)
    await asyncio.sleep(0.5)
    assert len(smtp.received()) == 5
    assert recipients(second[3:]) == ["ama@example.com", "kofi@example.com"]


async def test_nothing_is_lost_or_doubled_across_an_app_restart(make_harness: MakeHarness, smtp: SmtpServer) -> None:
    h = await harness(make_harness, smtp)  # SMTP down while the job is published
    await subscribe(h, "ama@example.com", "Healthcare & Medical", "Qatar")
    await subscribe(h, "kofi@example.com", "Any", "Qatar")
    await h.unsafe("POST", "/api/admin/jobs", json={**JOB, "status": "draft"})
    listed = (await h.client.get("/api/admin/jobs")).json()["items"][0]
    await asyncio.sleep(0.3)
    assert smtp.received() == []  # a draft alerts nobody
    await h.unsafe("PUT", f"/api/admin/jobs/{listed['id']}", json=JOB)
    await asyncio.sleep(0.3)
    await h.client.__aexit__(None, None, None)  # the app stops with the e-mails still queued

    smtp.start()
    again = await harness(make_harness, smtp)  # same data directory
    got = await wait_for(smtp, 2)
    await asyncio.sleep(0.5)
    assert recipients(smtp.received()) == ["ama@example.com", "kofi@example.com"]
    assert len(got) == 2
    statuses = {m.status.value for m in await container(again).store.outbox.list(listed["id"])}
    assert statuses == {"delivered"}


async def test_applicant_and_appointment_get_a_confirmation_email(make_harness: MakeHarness, smtp: SmtpServer) -> None:
    smtp.start()
    h = await harness(make_harness, smtp)
    job = (await h.unsafe("POST", "/api/admin/jobs", json=JOB)).json()
    data = {
        "firstName": "Akosua",
        "lastName": "Boateng",
        "email": "akosua@example.com",
        "phone": "0241112233",
        "country": "Ghana",
        "city": "Kumasi",
        "dateOfBirth": "1993-02-11",
        "nationality": "Ghanaian",
        "preferredCountry": "Qatar",
        "jobCategory": "Healthcare & Medical",
        "experience": "Mid Level (3-5 years)",
        "education": "Diploma/Certificate",
        "languages": "English",
        "availability": "Immediately",
        "terms": "true",
        "jobId": job["id"],
    }
    applied = await h.client.post(
        "/api/applications", data=data, files={"cv": ("cv.pdf", b"%PDF-1.4\n", "application/pdf")}
    )
    assert applied.status_code == 201, applied.text
    application_id = applied.json()["applicationId"]
    booked = await h.client.post(
        "/api/appointments",
        json={
            "fullName": "Ama Owusu",
            "email": "ama@example.com",
            "phone": "0241234567",
            "serviceType": "recruitment",
            "preferredDate": BOOKING_DAY,
            "preferredTime": "10:00 AM",
            "consent": True,
        },
    )
    assert booked.status_code == 201, booked.text
    reference = booked.json()["reference"]

    got = {str(m["To"]): m for m in await wait_for(smtp, 2)}
    applicant = got["akosua@example.com"]
    assert applicant["Subject"] == f"Your application {application_id}"
    text = applicant.get_payload(decode=True).decode()
    assert f"Your application ID is {application_id}" in text
    assert "for the job Registered Nurse" in text
    assert "/track" in text
    appointment = got["ama@example.com"]
    assert appointment["Subject"] == f"Your appointment {reference}"
    body = appointment.get_body(("plain",))  # the e-mail is multipart: the text, and the calendar file
    assert body is not None
    assert f"Your reference is {reference}" in body.get_content()
    assert [part.get_content_type() for part in appointment.iter_attachments()] == ["text/calendar"]
    await asyncio.sleep(0.3)
    assert len(smtp.received()) == 2


async def test_the_emailed_link_opens_a_page_and_only_its_button_unsubscribes(
    make_harness: MakeHarness, smtp: SmtpServer
) -> None:
    smtp.start()
    h = await harness(make_harness, smtp)
    alert_id = await subscribe(h, "ama@example.com", "Healthcare & Medical", "Qatar")
    await h.unsafe("POST", "/api/admin/jobs", json=JOB)
    mail = (await wait_for(smtp, 1))[0]
    found = re.search(r"Stop these e-mails: (\S+)", mail.get_payload(decode=True).decode())
    assert found is not None
    link = urlsplit(found.group(1))
    assert link.path == "/job-alerts/unsubscribe"
    one_click = urlsplit(mail["List-Unsubscribe"].strip("<>"))
    alerts = container(h).store.job_alerts

    # A mail scanner follows the link, and the older API link, as often as it likes: nothing changes.
    for _ in range(2):
        page = await h.client.get(f"{link.path}?{link.query}")
        assert page.status_code == 200
        assert page.headers["cache-control"] == "no-store"
        assert '<form method="post" action="/job-alerts/unsubscribe">' in page.text
        assert '<button type="submit">Unsubscribe</button>' in page.text
        old = await h.client.get(f"{one_click.path}?{one_click.query}", follow_redirects=False)
        assert old.status_code == 303
        assert old.headers["location"] == f"{link.path}?{link.query}"
    assert await alerts.get(alert_id) is not None

    # The button POSTs the form: unsubscribed, once.
    form = dict(re.findall(r'name="(alert|token)" value="([^"]*)"', page.text))
    assert form["alert"] == alert_id
    done = await h.client.post("/job-alerts/unsubscribe", data=form)
    assert done.status_code == 200
    assert UNSUBSCRIBED in done.text
    assert await alerts.get(alert_id) is None
    again = await h.client.post("/job-alerts/unsubscribe", data=form)
    assert again.status_code == 404
    assert INVALID_LINK in again.text
    forged = await h.client.get("/job-alerts/unsubscribe", params={"alert": alert_id, "token": "forged"})
    assert forged.status_code == 404
    assert "<form" not in forged.text


async def test_rfc_8058_one_click_post_unsubscribes_and_a_get_there_does_not(
    make_harness: MakeHarness, smtp: SmtpServer
) -> None:
    smtp.start()
    h = await harness(make_harness, smtp)
    alert_id = await subscribe(h, "kofi@example.com", "Healthcare & Medical", "Qatar")
    await h.unsafe("POST", "/api/admin/jobs", json=JOB)
    one_click = urlsplit((await wait_for(smtp, 1))[0]["List-Unsubscribe"].strip("<>"))
    assert one_click.path == f"/api/job-alerts/{alert_id}/unsubscribe"
    alerts = container(h).store.job_alerts
    assert (await h.client.get(f"{one_click.path}?{one_click.query}", follow_redirects=False)).status_code == 303
    assert await alerts.get(alert_id) is not None
    # What a mail client sends (RFC 8058): a POST with the body List-Unsubscribe=One-Click.
    response = await h.client.post(
        f"{one_click.path}?{one_click.query}",
        content=b"List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert (response.status_code, response.json()) == (200, {"message": UNSUBSCRIBED})
    assert await alerts.get(alert_id) is None
