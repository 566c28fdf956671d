"""The processing fee in the admin area: list column and filter, detail, CSV, audit log."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest

from agency_core.payments.model import Charge, RefundState
from agency_core.payments.refund_service import RefundInput
from app.payment_settings import PaymentSettings
from tests.admin.area import T0, TEST_PAYMENT_KEY, add_application, audit_actions, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.support.paystack import LocalPaystack

LIST = "/api/admin/applications"


@pytest.fixture
def paystack() -> Iterator[LocalPaystack]:
    server = LocalPaystack().start()
    yield server
    server.stop()


async def test_payment_state_in_list_filter_detail_csv_and_audit(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    h = await signed_in(make_harness, payments=PaymentSettings(paystack.secret_key, "", paystack.base_url))
    await add_application(h, "VA200", T0, email="a@example.com")
    await add_application(h, "VA201", T0, email="b@example.com")
    await add_application(h, "VA202", T0, email="c@example.com")
    payments = container(h).payments
    paid = await payments.start("VA200", TEST_PAYMENT_KEY, "http://testserver.local/payment/callback")
    await payments.start("VA201", TEST_PAYMENT_KEY, "http://testserver.local/payment/callback")
    paystack.complete(paid.reference, "success")
    assert (await payments.verify(paid.reference)).payment.state.value == "paid"
    # a mismatching charge is audited but changes nothing
    await payments.apply("VA201", Charge("VA201-zzzzzz", "success", 1, "USD"), "webhook")

    listed = (await h.client.get(LIST)).json()["items"]
    assert {i["applicationId"]: i["payment"] for i in listed} == {
        "VA200": "paid",
        "VA201": "pending",
        "VA202": "unpaid",
    }
    for state, expected in (("paid", ["VA200"]), ("pending", ["VA201"]), ("unpaid", ["VA202"]), ("failed", [])):
        found = (await h.client.get(LIST, params={"payment": state})).json()["items"]
        assert [i["applicationId"] for i in found] == expected
    bad = await h.client.get(LIST, params={"payment": "free"})
    assert bad.status_code == 422
    assert bad.json()["errors"]["payment"] == (
        "Payment must be unpaid, pending, paid, failed, refunded or partly refunded"
    )

    detail = (await h.client.get(f"{LIST}/VA200")).json()
    assert detail["payment"] == "paid"
    assert (detail["paymentReference"], detail["paymentAmount"], detail["paymentCurrency"]) == (
        paid.reference,
        "50",
        "USD",
    )
    assert detail["paymentChannel"] == "card"
    assert detail["paidAt"]
    assert any(m["kind"] == "payment_receipt" for m in detail["sms"])

    exported = await h.client.get(f"{LIST}/export.csv", params={"payment": "paid"})
    rows = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert [(r["applicationId"], r["payment"], r["paymentAmount"], r["paymentCurrency"]) for r in rows] == [
        ("VA200", "paid", "50", "USD")
    ]
    assert rows[0]["paymentReference"] == paid.reference

    actions = [e["action"] for e in await audit_actions(h)]
    assert actions.count("payment.start") == 2
    assert actions.count("payment.paid") == 1
    assert actions.count("payment.mismatch") == 1
    paid_entry = next(e for e in await audit_actions(h) if e["action"] == "payment.paid")
    assert paid_entry["actor"] == "paystack"
    assert "VA200: pending -> paid" in paid_entry["target"]


async def test_refunded_and_partly_refunded_fees_are_shown_and_filtered_in_the_list(
    make_harness: MakeHarness, paystack: LocalPaystack
) -> None:
    h = await signed_in(make_harness, payments=PaymentSettings(paystack.secret_key, "", paystack.base_url))
    apps = {"VA300": "full", "VA301": "part", "VA302": "paid", "VA303": "waiting", "VA304": "unpaid"}
    for app_id in apps:
        await add_application(h, app_id, T0, email=f"{app_id.lower()}@example.com")
    payments, refunds = container(h).payments, container(h).refunds
    for app_id in ("VA300", "VA301", "VA302", "VA303"):
        started = await payments.start(app_id, TEST_PAYMENT_KEY, "http://testserver.local/payment/callback")
        paystack.complete(started.reference, "success")
        assert (await payments.verify(started.reference)).payment.state.value == "paid"
    for app_id, amount in (("VA300", ""), ("VA301", "20"), ("VA303", "10")):
        refund = await refunds.request("admin@vandytravel.com", app_id, RefundInput(amount=amount, reason="Rejected"))
        assert refund.state is RefundState.PENDING  # the local Paystack answers pending
        if app_id != "VA303":  # VA303's refund is still pending: it shows paid
            await refunds.report(app_id, refund.id, RefundState.PROCESSED, refund.gateway_id, "webhook")

    listed = (await h.client.get(LIST, params={"pageSize": 100})).json()["items"]
    shown = {i["applicationId"]: (i["payment"], i["shownPayment"]) for i in listed}
    assert shown == {
        "VA300": ("paid", "refunded"),
        "VA301": ("paid", "partly refunded"),
        "VA302": ("paid", "paid"),
        "VA303": ("paid", "paid"),
        "VA304": ("unpaid", "unpaid"),
    }
    for wanted, expected in (
        ("refunded", ["VA300"]),
        ("partly refunded", ["VA301"]),
        ("paid", ["VA302", "VA303"]),
        ("unpaid", ["VA304"]),
        ("failed", []),
    ):
        found = (await h.client.get(LIST, params={"payment": wanted, "pageSize": 100})).json()
        assert sorted(i["applicationId"] for i in found["items"]) == expected, wanted
        assert found["total"] == len(expected)
        assert all(i["shownPayment"] == wanted for i in found["items"])
    # the refund filter pages like the others
    first = (await h.client.get(LIST, params={"payment": "paid", "pageSize": 1})).json()
    second = (await h.client.get(LIST, params={"payment": "paid", "pageSize": 1, "page": 2})).json()
    assert (first["total"], second["total"]) == (2, 2)
    assert {first["items"][0]["applicationId"], second["items"][0]["applicationId"]} == {"VA302", "VA303"}
    # next/previous and the CSV follow the same filter; the CSV keeps the stored state
    around = (await h.client.get(f"{LIST}/VA301/neighbours", params={"payment": "partly refunded"})).json()
    assert (around["position"], around["total"]) == (1, 1)
    exported = await h.client.get(f"{LIST}/export.csv", params={"payment": "refunded"})
    rows = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert [(r["applicationId"], r["payment"], r["refunded"]) for r in rows] == [("VA300", "paid", "USD 50")]
    export_entry = next(e for e in await audit_actions(h) if e["action"] == "applications.export")
    assert "payment=refunded" in export_entry["target"]
