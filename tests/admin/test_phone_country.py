"""Phones that know their country, over HTTP: the form refuses an ambiguous local number, keeps the
country it was read in, the status change texts that number, and old ambiguous numbers wait for staff."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace

from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmsSettings
from tests.admin.area import add_application, audit_actions, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPLICATION, PDF
from tests.support.sms_gateway import SmsGatewayServer

LIST = "/api/admin/applications"
TO_CONFIRM = "/api/admin/phones-to-confirm"
CV = {"cv": ("cv.pdf", PDF, "application/pdf")}
AMBIGUOUS = (
    "This number is valid in more than one country (Ghana, United Arab Emirates): choose its country next to "
    "the number, or write it with its country code (+233 or +971)"
)


async def _wait_for(predicate: Callable[[], bool], timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def _fast_sms(sms_server: SmsGatewayServer) -> dict[str, object]:
    return {
        "sms": SmsSettings(base_url=sms_server.base_url, api_key="test-key"),
        "api": replace(ApiSettings(), outbox=OutboxSettings(poll_s=0.05, retry_base_s=0.05, retry_cap_s=0.2)),
    }


async def test_the_uae_050_number_is_refused_without_a_country_then_stored_and_texted_as_the_uaes(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_fast_sms(sms_server))
    refused = await h.client.post("/api/applications", data={**APPLICATION, "phone": "050 123 4567"}, files=CV)
    assert (refused.status_code, refused.json()) == (422, {"errors": {"phone": AMBIGUOUS}})

    form = {**APPLICATION, "phone": "050 123 4567", "phoneRegion": "AE"}
    accepted = await h.client.post("/api/applications", data=form, files=CV)
    assert accepted.status_code == 201, accepted.text
    application_id = accepted.json()["applicationId"]
    stored = await container(h).store.applications.get(application_id)
    assert stored is not None
    assert (stored.data.phone, stored.data.phone_region) == ("+971501234567", "AE")
    moved = await h.unsafe("POST", f"{LIST}/{application_id}/status", json={"status": "processing"})
    assert moved.status_code == 200, moved.text
    status_key = f"{application_id}-status-processing"
    await _wait_for(lambda: any(r.idempotency_key == status_key for r in sms_server.requests))
    texted = {r.idempotency_key: r.phone for r in sms_server.requests}
    assert texted[status_key] == "+971501234567"
    assert "+233501234567" not in texted.values()


async def test_contact_and_appointment_forms_take_the_phones_country_too(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    contact = {"name": "Layla", "email": "layla@example.com", "subject": "Visa", "message": "Hello"}
    refused = await h.client.post("/api/contact-messages", json={**contact, "phone": "055 123 4567"})
    assert refused.status_code == 422
    assert refused.json()["errors"]["phone"].startswith("This number is valid in more than one country")
    sent = await h.client.post("/api/contact-messages", json={**contact, "phone": "055 123 4567", "phoneRegion": "AE"})
    assert sent.status_code == 201, sent.text
    unknown = await h.client.post("/api/contact-messages", json={**contact, "phone": "0241234567", "phoneRegion": "XX"})
    assert unknown.json() == {"errors": {"phoneRegion": "Choose the phone number's country from the list"}}


async def test_an_old_stored_ambiguous_number_is_listed_refused_for_bulk_until_staff_confirm_it(
    make_harness: MakeHarness,
) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA300", firstName="Layla", lastName="Haddad", phone="+233501234567")
    await add_application(
        h, "VA301", phone="+233241234567", email="b@example.com"
    )  # valid in Ghana only: nothing to confirm
    await add_application(
        h, "VA302", phone="+233551234567", phoneRegion="GH", email="c@example.com"
    )  # read in its country

    listed = (await h.client.get(TO_CONFIRM)).json()["items"]
    assert [(i["applicationId"], i["applicantName"], i["phone"], i["typed"]) for i in listed] == [
        ("VA300", "Layla Haddad", "+233501234567", "050 123 4567")
    ]
    assert [(c["region"], c["country"], c["phone"]) for c in listed[0]["choices"]] == [
        ("GH", "Ghana", "+233501234567"),
        ("AE", "United Arab Emirates", "+971501234567"),
    ]

    preview = await h.unsafe(
        "POST", "/api/admin/bulk/messages/preview", json={"applicationIds": ["VA300"], "text": "Hello"}
    )
    assert preview.status_code == 200, preview.text
    (item,) = preview.json()["items"]
    assert item["error"].startswith("Application VA300: its phone +233501234567 was stored without its country")

    wrong = await h.unsafe("POST", f"{TO_CONFIRM}/VA300", json={"region": "SA"})
    assert (wrong.status_code, wrong.json()) == (
        422,
        {"errors": {"region": "Choose one of the countries this number is valid in"}},
    )
    confirmed = await h.unsafe("POST", f"{TO_CONFIRM}/VA300", json={"region": "AE"})
    assert (confirmed.status_code, confirmed.json()) == (
        200,
        {"applicationId": "VA300", "phone": "+971501234567", "region": "AE"},
    )
    again = await h.unsafe("POST", f"{TO_CONFIRM}/VA300", json={"region": "AE"})
    assert again.status_code == 409
    assert (await h.client.get(TO_CONFIRM)).json()["items"] == []
    stored = await container(h).store.applications.get("VA300")
    assert stored is not None
    assert (stored.data.phone, stored.data.phone_region, stored.data.first_name) == ("+971501234567", "AE", "Layla")
    assert (await h.client.get(f"{LIST}?q=971501234567")).json()["total"] == 1  # found by its new number
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "application.phone.confirm"]
    assert entry["target"] == "VA300: AE (changed to the other country's reading)"


async def test_phones_to_confirm_are_for_signed_in_staff_only(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(TO_CONFIRM)).status_code == 401
    assert (await h.unsafe("POST", f"{TO_CONFIRM}/VA300", json={"region": "AE"})).status_code == 401
