"""Refunds over HTTP against the local Paystack, with the app as a real process (the local
Paystack sends its webhooks to it): in full and in part, with the refund webhook before and
after Paystack's answer, each ends in one refund and one SMS and e-mail; more than was paid is
refused; /track and the CSV show it."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import running_app
from tests.support.paystack import LocalPaystack
from tests.support.sms_gateway import SmsGatewayServer

REFUNDS = "/api/admin/applications/{}/refunds"


@dataclass
class Live:
    client: httpx.Client
    paystack: LocalPaystack
    gateway: SmsGatewayServer

    def unsafe(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return self.client.request(method, path, headers={CSRF_HEADER: self.client.cookies[CSRF_COOKIE]}, **kwargs)


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    paystack = LocalPaystack().start()
    try:
        env = {"PAYSTACK_SECRET_KEY": paystack.secret_key, "PAYSTACK_BASE_URL": paystack.base_url}
        with running_app("agency-refunds-", with_gateway=True, env=env) as app:
            assert app.gateway is not None
            paystack.webhook_url = f"{app.base_url}/api/payments/paystack/webhook"
            with httpx.Client(base_url=app.base_url, timeout=30) as client:
                client.get("/api/admin/session")
                signed = client.post(
                    "/api/admin/session",
                    json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
                    headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
                )
                assert signed.status_code == 200, signed.text
                yield Live(client, paystack, app.gateway)
    finally:
        paystack.stop()


def paid_application(live: Live, email: str) -> str:
    made = live.client.post(
        "/api/applications", data={**APPLICATION, "email": email}, files={"cv": ("cv.pdf", PDF, "application/pdf")}
    )
    assert made.status_code == 201, made.text
    app_id, key = made.json()["applicationId"], made.json()["paymentKey"]
    started = live.client.post(f"/api/applications/{app_id}/payment", json={"paymentKey": key})
    reference = started.json()["reference"]
    live.paystack.complete(reference, "success")
    assert live.client.get(f"/api/payments/{reference}").json()["state"] == "paid"
    return str(app_id)


def refunds_of(live: Live, app_id: str) -> dict[str, Any]:
    body: dict[str, Any] = live.client.get(REFUNDS.format(app_id)).json()
    return body


def settled(live: Live, app_id: str, count: int) -> dict[str, Any]:
    deadline = time.monotonic() + 15
    while True:
        body = refunds_of(live, app_id)
        if sum(r["state"] == "processed" for r in body["items"]) >= count or time.monotonic() > deadline:
            time.sleep(0.5)  # room for a duplicate message to show up, if there were one
            return refunds_of(live, app_id)
        time.sleep(0.1)


def refund_sms(live: Live, app_id: str) -> list[str]:
    return [s.message for s in live.gateway.delivered() if "we have refunded" in s.message and app_id in s.message]


@pytest.mark.parametrize("timing", ["before", "after"])
def test_a_full_refund_with_the_webhook_before_or_after_the_answer_is_one_refund_and_one_message(
    live: Live, timing: str
) -> None:
    live.paystack.behaviour.refund_webhook = timing
    app_id = paid_application(live, f"full-{timing}@example.com")
    answer = live.unsafe("POST", REFUNDS.format(app_id), json={"reason": "Rejected before processing"})
    assert answer.status_code == 201, answer.text
    body = settled(live, app_id, 1)
    (only,) = body["items"]
    assert (only["amount"], only["state"], only["reason"]) == ("50", "processed", "Rejected before processing")
    assert (body["refundStatus"], body["refundable"]) == ("refunded", "0")
    deadline = time.monotonic() + 10
    while not refund_sms(live, app_id) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    assert len(refund_sms(live, app_id)) == 1
    assert len([r for r in live.paystack.refunds.values() if r.reference.startswith(app_id)]) == 1
    # a replay of the webhook changes nothing
    (paystack_refund,) = [r for r in live.paystack.refunds.values() if r.reference.startswith(app_id)]
    assert live.paystack.send_webhook(live.paystack.refund_event(paystack_refund.id, "processed")) == 200
    time.sleep(0.5)
    assert len(refund_sms(live, app_id)) == 1
    tracked = live.client.post("/api/track", json={"applicationId": app_id, "contact": f"full-{timing}@example.com"})
    assert tracked.json()["payment"]["refundStatus"] == "refunded"
    receipt = live.client.get(tracked.json()["payment"]["receiptUrl"])
    assert "Refunded: USD 50" in receipt.text


def test_partial_refunds_and_a_refund_larger_than_what_remains_is_refused(live: Live) -> None:
    live.paystack.behaviour.refund_webhook = "after"
    app_id = paid_application(live, "partial@example.com")
    first = live.unsafe("POST", REFUNDS.format(app_id), json={"amount": "20", "reason": "Part of the fee"})
    assert first.status_code == 201, first.text
    body = settled(live, app_id, 1)
    assert (body["refundStatus"], body["refundable"]) == ("partly refunded", "30")
    tracked = live.client.post("/api/track", json={"applicationId": app_id, "contact": "partial@example.com"})
    assert tracked.json()["payment"]["refundStatus"] == "partly refunded"
    assert tracked.json()["payment"]["refunded"] == "USD 20"
    refused = live.unsafe("POST", REFUNDS.format(app_id), json={"amount": "30.01", "reason": "Too much"})
    assert (refused.status_code, refused.json()) == (422, {"errors": {"amount": "At most $30 can be refunded"}})
    assert len([r for r in live.paystack.refunds.values() if r.reference.startswith(app_id)]) == 1
    rest = live.unsafe("POST", REFUNDS.format(app_id), json={"amount": "30", "reason": "The rest"})
    assert rest.status_code == 201
    body = settled(live, app_id, 2)
    assert [r["amount"] for r in body["items"]] == ["20", "30"]
    assert body["refundStatus"] == "refunded"
    none_left = live.unsafe("POST", REFUNDS.format(app_id), json={"reason": "Again"})
    assert none_left.status_code == 409
    # the CSV and the audit log include the refunds
    export = live.client.get("/api/admin/applications/export.csv")
    rows = list(csv.DictReader(io.StringIO(export.text.lstrip("\ufeff"))))
    (row,) = [r for r in rows if r["applicationId"] == app_id]
    assert row["refunded"] == "USD 50"
    audit = live.client.get("/api/admin/audit-log", params={"pageSize": 100}).json()["items"]
    actions = [e["action"] for e in audit if e["target"].startswith(app_id)]
    assert actions.count("refund.request") == 2
    assert actions.count("refund.processed") == 2


def test_strangers_and_unpaid_fees_get_no_refund(live: Live) -> None:
    made = live.client.post(
        "/api/applications",
        data={**APPLICATION, "email": "unpaid@example.com"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    app_id = made.json()["applicationId"]
    unpaid = live.unsafe("POST", REFUNDS.format(app_id), json={"reason": "x"})
    assert unpaid.status_code == 409
    documented = live.client.get("/schema/openapi.json").json()["paths"][REFUNDS.format("{application_id}")]
    assert "409" in documented["post"]["responses"]
    assert live.unsafe("POST", REFUNDS.format("VA1"), json={"reason": "x"}).status_code == 404
    with httpx.Client(base_url=str(live.client.base_url)) as stranger:
        assert stranger.get(REFUNDS.format(app_id)).status_code == 401
