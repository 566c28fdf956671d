"""Refunds in demo mode go through the built-in test checkout, as its payments do: a fee paid on
the test checkout is refunded at once (in part, then the rest), the applicant is told once, and
nothing beyond what was paid can be refunded."""

from __future__ import annotations

import json

from agency_core.payments.refunds import NOTHING_LEFT
from tests.admin.area import audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import APPLICATION, PDF

REFUNDS = "/api/admin/applications/{}/refunds"


async def paid_on_the_test_checkout(h: AdminHarness, email: str) -> str:
    made = await h.client.post(
        "/api/applications", data={**APPLICATION, "email": email}, files={"cv": ("cv.pdf", PDF, "application/pdf")}
    )
    assert made.status_code == 201, made.text
    app_id: str = made.json()["applicationId"]
    started = await h.client.post(f"/api/applications/{app_id}/payment", json={"paymentKey": made.json()["paymentKey"]})
    reference = started.json()["reference"]
    await h.client.post(f"/test-checkout/{reference}", data={"outcome": "success"})
    assert (await h.client.get(f"/api/payments/{reference}")).json()["state"] == "paid"
    return app_id


async def test_refunds_in_demo_mode_go_through_the_test_checkout(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    app_id = await paid_on_the_test_checkout(h, "demo-refund@example.com")
    part = await h.unsafe("POST", REFUNDS.format(app_id), json={"amount": "20", "reason": "Part of the fee"})
    assert part.status_code == 201, part.text
    (first,) = part.json()["items"]
    assert (first["amount"], first["state"]) == ("20", "processed")
    assert (part.json()["refundStatus"], part.json()["refundable"]) == ("partly refunded", "30")
    rest = await h.unsafe("POST", REFUNDS.format(app_id), json={"reason": "The rest"})
    assert rest.status_code == 201, rest.text
    assert [(r["amount"], r["state"]) for r in rest.json()["items"]] == [("20", "processed"), ("30", "processed")]
    assert rest.json()["refundStatus"] == "refunded"
    none_left = await h.unsafe("POST", REFUNDS.format(app_id), json={"reason": "Again"})
    assert none_left.json() == {"message": NOTHING_LEFT}
    told = [m for m in await container(h).store.outbox.list(app_id) if "-refund-" in m.id]
    assert sorted(m.id for m in told) == sorted(
        f"{app_id}-refund-{n}-{channel}" for n in (1, 2) for channel in ("sms", "mail")
    )
    mail = next(m for m in told if m.id == f"{app_id}-refund-2-mail")
    assert "The rest" in json.loads(mail.text)["text"]
    actions = [e["action"] for e in await audit_actions(h)]
    assert (actions.count("refund.request"), actions.count("refund.processed")) == (2, 2)


async def test_a_refund_of_an_unpaid_fee_is_refused_in_demo_mode(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    made = await h.client.post(
        "/api/applications",
        data={**APPLICATION, "email": "unpaid@example.com"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    refused = await h.unsafe("POST", REFUNDS.format(made.json()["applicationId"]), json={"reason": "No"})
    assert refused.status_code == 409
    assert "Paystack" not in refused.text
