"""The fee policy and receipts over HTTP, against the local Paystack: staff set the policy
(audited), a no-fee destination skips the payment, a paid fee gets a numbered receipt that the
applicant opens from /track and from the receipt e-mail, and nobody else can."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agency_core.payments.fees import AMOUNT_INVALID, NO_FEE_DUE, REASON_REQUIRED
from agency_core.payments.service import receipt_mail_id
from agency_core.records import Channel
from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.office_settings import OfficeSettings
from app.payment_settings import PaymentSettings
from app.receipt_page import RECEIPT_NOT_FOUND
from tests.admin.area import audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import APPLICATION, PDF
from tests.support.paystack import LocalPaystack

UAE = "United Arab Emirates"
UAE_REASON = "No fee: the employer pays all recruitment costs for jobs in the UAE"
POLICY: dict[str, Any] = {
    "defaultAmount": "50",
    "defaultReason": "",
    "countries": [
        {"match": UAE, "amount": None, "reason": UAE_REASON},
        {"match": "Singapore", "amount": "30", "reason": "A reduced fee for study and work in Singapore"},
    ],
    "jobs": [],
    "refundRules": "Refunded in full if we cannot take your application forward.",
}


@pytest.fixture
def paystack() -> Iterator[LocalPaystack]:
    server = LocalPaystack().start()
    yield server
    server.stop()


async def staff(make_harness: MakeHarness, paystack: LocalPaystack) -> AdminHarness:
    return await signed_in(make_harness, payments=PaymentSettings(paystack.secret_key, "", paystack.base_url))


async def apply(h: AdminHarness, country: str, email: str) -> dict[str, Any]:
    response = await h.client.post(
        "/api/applications",
        data={**APPLICATION, "preferredCountry": country, "email": email},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def track(h: AdminHarness, application_id: str, email: str) -> dict[str, Any]:
    response = await h.client.post("/api/track", json={"applicationId": application_id, "contact": email})
    assert response.status_code == 200, response.text
    payment: dict[str, Any] = response.json()["payment"]
    return payment


async def test_staff_set_the_policy_and_a_no_fee_destination_skips_the_payment(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    h = await staff(make_harness, paystack)
    before = (await h.client.get("/api/admin/fee-policy")).json()
    assert (before["currency"], before["defaultAmount"], before["countries"]) == ("USD", "50", [])
    assert UAE in before["countriesOffered"]
    saved = await h.unsafe("PUT", "/api/admin/fee-policy", json=POLICY)
    assert saved.status_code == 200, saved.text
    assert saved.json()["countries"][0] == {"match": UAE, "amount": None, "reason": UAE_REASON}
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "fees.update"]
    assert entry["actor"] == DEMO_ADMIN_EMAIL
    assert (
        entry["target"]
        == f"default $50 -> default $50; country {UAE}: No fee; country Singapore: $30 (refund rules changed)"
    )

    free = await apply(h, UAE, "free@example.com")
    assert free["fee"] == {"due": False, "amount": "0", "currency": "USD", "label": "No fee", "reason": UAE_REASON}
    started = await h.client.post(
        f"/api/applications/{free['applicationId']}/payment", json={"paymentKey": free["paymentKey"]}
    )
    assert (started.status_code, started.json()) == (409, {"message": NO_FEE_DUE})
    assert not paystack.initialized()
    (mail,) = await container(h).store.outbox.list(f"{free['applicationId']}-mail")
    assert "Pay the processing fee" not in json.loads(mail.text)["text"]
    assert await track(h, free["applicationId"], "free@example.com") == {
        "status": "none",
        "paidAt": None,
        "reason": UAE_REASON,
    }
    reduced = await apply(h, "Singapore", "sg@example.com")
    assert reduced["fee"]["label"] == "$30"
    standard = await apply(h, "Qatar", "qa@example.com")
    assert standard["fee"] == {"due": True, "amount": "50", "currency": "USD", "label": "$50", "reason": ""}

    # a later change of the policy leaves submitted applications as they were
    changed = {**POLICY, "countries": [{"match": UAE, "amount": "20", "reason": "Reduced fee"}]}
    assert (await h.unsafe("PUT", "/api/admin/fee-policy", json=changed)).status_code == 200
    asked = await h.client.post(
        f"/api/applications/{free['applicationId']}/fee", json={"paymentKey": free["paymentKey"]}
    )
    assert asked.json()["due"] is False
    asked = await h.client.post(
        f"/api/applications/{reduced['applicationId']}/fee", json={"paymentKey": reduced["paymentKey"]}
    )
    assert asked.json()["label"] == "$30"
    wrong = await h.client.post(f"/api/applications/{free['applicationId']}/fee", json={"paymentKey": "guess"})
    assert (wrong.status_code, wrong.headers["cache-control"]) == (404, "no-store")
    assert (await apply(h, UAE, "later@example.com"))["fee"]["label"] == "$20"

    public = (await h.client.get("/api/fees")).json()
    assert public["defaultLabel"] == "$50"
    assert public["countries"] == [{"appliesTo": UAE, "label": "$20", "reason": "Reduced fee"}]
    assert public["refundRules"] == POLICY["refundRules"]


async def test_invalid_policies_are_refused_field_by_field_and_change_nothing(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    h = await staff(make_harness, paystack)
    bad = {**POLICY, "defaultAmount": "fifty", "countries": [{"match": UAE, "amount": None, "reason": " "}]}
    response = await h.unsafe("PUT", "/api/admin/fee-policy", json=bad)
    assert response.status_code == 422
    assert response.json() == {"errors": {"defaultAmount": AMOUNT_INVALID, "countries.0.reason": REASON_REQUIRED}}
    assert (await h.client.get("/api/admin/fee-policy")).json()["countries"] == []
    assert not [e for e in await audit_actions(h) if e["action"] == "fees.update"]
    # the other settings keep the policy when saved
    assert (await h.unsafe("PUT", "/api/admin/fee-policy", json=POLICY)).status_code == 200
    settings = (await h.client.get("/api/admin/settings")).json()
    assert (await h.unsafe("PUT", "/api/admin/settings", json=settings)).status_code == 200
    assert len((await h.client.get("/api/admin/fee-policy")).json()["countries"]) == 2


async def test_a_paid_fee_gets_a_numbered_receipt_from_track_and_email(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    h = await staff(make_harness, paystack)
    numbers = []
    urls = []
    for n, email in enumerate(("a@example.com", "b@example.com")):
        applied = await apply(h, "Qatar", email)
        app_id = applied["applicationId"]
        started = await h.client.post(f"/api/applications/{app_id}/payment", json={"paymentKey": applied["paymentKey"]})
        reference = started.json()["reference"]
        paystack.complete(reference, "success")
        assert (await h.client.get(f"/api/payments/{reference}")).json()["state"] == "paid"
        payment = await track(h, app_id, email)
        assert payment["status"] == "paid"
        assert payment["receiptNumber"] == f"{n + 1:06d}"
        numbers.append(payment["receiptNumber"])
        urls.append(payment["receiptUrl"])
        page = await h.client.get(payment["receiptUrl"])
        assert page.status_code == 200
        assert page.headers["cache-control"] == "no-store"
        html = page.text
        legal = container(h).settings.site.legal
        for expected in (legal.legal_name, legal.address, legal.labour_licence, f"Receipt {n + 1:06d}", "$50 (USD 50)"):
            assert expected in html
        assert reference in html
        assert "Card" in html
        (mail,) = [m for m in await container(h).store.outbox.list(app_id) if m.id == receipt_mail_id(app_id)]
        body = json.loads(mail.text)
        assert (mail.address, mail.channel) == (email, Channel.EMAIL)
        assert payment["receiptUrl"] in body["text"]
        assert f"Receipt number: {n + 1:06d}" in body["text"]
    assert numbers == ["000001", "000002"]

    app_id, token = urls[0].split("/receipt/")[1].split("?token=")
    wrong_last = "1" if token.endswith("0") else "0"
    other_id = urls[1].split("/receipt/")[1].split("?token=")[0]
    for url in (
        f"/receipt/{app_id}",
        f"/receipt/{app_id}?token=",
        f"/receipt/{app_id}?token={token[:-1]}{wrong_last}",
        f"/receipt/VA1?token={token}",
        f"/receipt/{other_id}?token={token}",
    ):
        stranger = await h.client.get(url)
        assert stranger.status_code == 404
        assert RECEIPT_NOT_FOUND in stranger.text
        assert stranger.headers["cache-control"] == "no-store"
        assert app_id not in stranger.text


async def test_the_receipt_tells_the_payment_time_in_the_offices_zone(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    payments = PaymentSettings(paystack.secret_key, "", paystack.base_url)
    h = await signed_in(make_harness, payments=payments, office=OfficeSettings(time_zone="Asia/Dubai"))
    applied = await apply(h, "Qatar", "dubai@example.com")
    app_id = applied["applicationId"]
    started = await h.client.post(f"/api/applications/{app_id}/payment", json={"paymentKey": applied["paymentKey"]})
    paystack.complete(started.json()["reference"], "success")
    assert (await h.client.get(f"/api/payments/{started.json()['reference']}")).json()["state"] == "paid"
    loaded = await container(h).payments.store.load(app_id)
    assert loaded is not None
    paid_at = loaded[1].paid_at
    assert paid_at is not None
    at_the_office = paid_at.astimezone(ZoneInfo("Asia/Dubai"))
    shown = f"{at_the_office:%d %B %Y}, {at_the_office:%I:%M %p} +04"  # Dubai's short name, as /track and texts say it
    page = (await h.client.get((await track(h, app_id, "dubai@example.com"))["receiptUrl"])).text
    assert f"<dt>Date</dt><dd>{shown}</dd>" in page
    assert "UTC" not in page
    (mail,) = [m for m in await container(h).store.outbox.list(app_id) if m.id == receipt_mail_id(app_id)]
    assert f"Date: {shown}\n" in json.loads(mail.text)["text"]
