"""The processing fee over HTTP against the local Paystack: start, verify, webhooks, failures."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.paging import PageRequest
from agency_core.payments import model as p
from agency_core.payments.service import receipt_id
from agency_core.records import PaymentState
from app.settings import Settings, SettingsError
from tests.api.conftest import APPLICATION, PDF, AppFactory, container_of
from tests.support.paystack import LocalPaystack
from tests.support.production import production
from tests.support.sms_gateway import SmsGatewayServer

Client = AsyncTestClient[Litestar]
WEBHOOK = "/api/payments/paystack/webhook"
APPLICANT_PHONE = "+233201234567"


@pytest.fixture
def paystack() -> Iterator[LocalPaystack]:
    server = LocalPaystack().start()
    yield server
    server.stop()


@pytest.fixture
async def pay_app(make_app: AppFactory, paystack: LocalPaystack) -> Litestar:
    return make_app(PAYSTACK_SECRET_KEY=paystack.secret_key, PAYSTACK_BASE_URL=paystack.base_url)


@pytest.fixture
async def pay_client(pay_app: Litestar) -> AsyncIterator[Client]:
    async with AsyncTestClient(pay_app) as test_client:
        yield test_client


KEYS: dict[str, str] = {}
"""The payment key each application's submission answered, by application ID."""


async def apply(client: Client, email: str = "kwame@example.com") -> str:
    response = await client.post(
        "/api/applications",
        data={**APPLICATION, "email": email},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert response.status_code == 201, response.text
    application_id: str = response.json()["applicationId"]
    KEYS[application_id] = response.json()["paymentKey"]
    return application_id


async def post_start(client: Client, application_id: str, key: str | None = None) -> httpx.Response:
    """Start paying with the application's own key (or ``key``)."""
    body = {"paymentKey": KEYS.get(application_id, "") if key is None else key}
    return await client.post(f"/api/applications/{application_id}/payment", json=body)


async def start(client: Client, application_id: str) -> str:
    response = await post_start(client, application_id)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["authorizationUrl"].endswith(f"/checkout/{body['reference']}")
    reference: str = body["reference"]
    return reference


async def webhook(client: Client, paystack: LocalPaystack, body: bytes, signature: str | None = None) -> int:
    sig = paystack.sign(body) if signature is None else signature
    response = await client.post(
        WEBHOOK, content=body, headers={"Content-Type": "application/json", "x-paystack-signature": sig}
    )
    return response.status_code


def receipts(sms: SmsGatewayServer) -> list[str]:
    return [r.message for r in sms.delivered() if "processing fee" in r.message]


async def payment_of(app: Litestar, application_id: str) -> p.Payment:
    loaded = await container_of(app).payments.store.load(application_id)
    assert loaded is not None
    return loaded[1]


async def audit_actions(app: Litestar) -> list[str]:
    page = await container_of(app).admin_store.audit_log(PageRequest(1, 100))
    return [e.action for e in page.items]


# -- configuration -------------------------------------------------------------------------


async def test_config_shows_the_fee_and_availability(pay_client: Client, make_app: AppFactory) -> None:
    body = (await pay_client.get("/api/payments/config")).json()
    assert body == {
        "available": True,
        "amount": "50",
        "currency": "USD",
        "label": "$50",
        "unavailableMessage": None,
        "test": False,
    }
    async with AsyncTestClient(make_app(AGENCY_APPLICATION_FEE="750 GHS")) as plain:
        body = (await plain.get("/api/payments/config")).json()
        assert body["available"] is False
        assert body["label"] == "GH\u20b5750"
        assert body["unavailableMessage"] == p.PAYMENTS_UNAVAILABLE
        assert body["test"] is False
        application_id = await apply(plain)
        response = await post_start(plain, application_id)
        assert (response.status_code, response.json()["message"]) == (503, p.PAYMENTS_UNAVAILABLE)
        # no test checkout outside demo mode
        assert (await plain.get(f"/test-checkout/{application_id}-abcdef")).status_code == 404


def test_the_default_fee_is_the_specs_processing_fee() -> None:
    from agency_core.spec.constants import PROCESSING_FEE_USD

    assert Settings.from_env({}).payments.fee == p.Fee(PROCESSING_FEE_USD * 100, "USD")
    assert Settings.from_env({"AGENCY_APPLICATION_FEE": "750 GHS"}).payments.fee == p.Fee(75000, "GHS")
    assert Settings.from_env({"AGENCY_APPLICATION_FEE": " "}).payments.fee == p.Fee(PROCESSING_FEE_USD * 100, "USD")


# -- the built-in test checkout (demo mode, no keys) ---------------------------------------------


async def test_demo_mode_without_keys_runs_a_labelled_test_checkout_end_to_end(make_app: AppFactory) -> None:
    app = make_app(AGENCY_DEMO="1")
    async with AsyncTestClient(app) as client:
        config = (await client.get("/api/payments/config")).json()
        assert (config["available"], config["test"], config["label"]) == (True, True, "$50")
        application_id = await apply(client)
        started = (await post_start(client, application_id)).json()
        reference = started["reference"]
        checkout = urlsplit(started["authorizationUrl"])
        assert checkout.path == f"/test-checkout/{reference}"
        page = await client.get(checkout.path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "TEST PAYMENT: no money is taken" in page.text
        assert "Pay $50 (test)" in page.text
        pending = (await client.get(f"/api/payments/{reference}")).json()
        assert (pending["state"], pending["receiptUrl"]) == ("pending", None)
        paid = await client.post(checkout.path, data={"outcome": "success"}, follow_redirects=False)
        assert paid.status_code == 303
        back = urlsplit(paid.headers["location"])
        assert (back.path, back.query) == ("/payment/callback", f"trxref={reference}&reference={reference}")
        verified = (await client.get(f"/api/payments/{reference}")).json()
        assert (verified["state"], verified["channel"], verified["amount"]) == ("paid", "test", "50")
        # the paid answer links the receipt (issue 43): its token inside; the bare ID opens nothing
        assert re.fullmatch(rf"/receipt/{application_id}\?token=[0-9a-f]{{32}}", verified["receiptUrl"])
        receipt = await client.get(verified["receiptUrl"])
        assert receipt.status_code == 200
        assert application_id in receipt.text
        assert (await client.get(f"/receipt/{application_id}")).status_code == 404
        assert "Pay $50 (test)" not in (await client.get(checkout.path)).text  # finished
        # a stranger's made-up reference has no page
        assert (await client.get(f"/test-checkout/{application_id}-AAAA")).status_code == 404


async def test_a_declined_test_payment_is_failed_and_can_be_tried_again(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_DEMO="1")) as client:
        application_id = await apply(client)
        first = (await post_start(client, application_id)).json()["reference"]
        await client.post(f"/test-checkout/{first}", data={"outcome": "failed"})
        assert (await client.get(f"/api/payments/{first}")).json()["state"] == "failed"
        second = (await post_start(client, application_id)).json()["reference"]
        assert second != first
        await client.post(f"/test-checkout/{second}", data={"outcome": "success"})
        assert (await client.get(f"/api/payments/{second}")).json()["state"] == "paid"


# -- start and verify ---------------------------------------------------------------------


async def test_start_sends_the_fee_in_cents_with_the_application_id(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack
) -> None:
    application_id = await apply(pay_client)
    reference = await start(pay_client, application_id)
    assert reference.startswith(f"{application_id}-")
    (sent,) = paystack.initialized()
    assert sent.headers["authorization"] == f"Bearer {paystack.secret_key}"
    assert sent.body is not None
    assert sent.body["amount"] == "5000"
    assert sent.body["currency"] == "USD"
    assert sent.body["email"] == "kwame@example.com"
    assert sent.body["metadata"] == {"application_id": application_id}
    assert urlsplit(sent.body["callback_url"]).path == "/payment/callback"
    payment = await payment_of(pay_app, application_id)
    assert (payment.state, payment.reference, payment.amount_minor) == (PaymentState.PENDING, reference, 5000)
    assert "payment.start" in await audit_actions(pay_app)


async def test_the_callback_url_is_on_the_site_url_when_set(
    make_app: AppFactory, paystack: LocalPaystack, pay_client: Client
) -> None:
    # unset: the request's own origin
    await start(pay_client, await apply(pay_client))
    assert (paystack.initialized()[-1].body or {})["callback_url"] == "http://testserver.local/payment/callback"
    app = make_app(
        PAYSTACK_SECRET_KEY=paystack.secret_key,
        PAYSTACK_BASE_URL=paystack.base_url,
        AGENCY_SITE_URL="https://www.vandytravel.com/",
    )
    async with AsyncTestClient(app) as client:
        await start(client, await apply(client, "ama@example.com"))
    assert (paystack.initialized()[-1].body or {})["callback_url"] == "https://www.vandytravel.com/payment/callback"


async def test_verify_after_checkout_marks_paid_and_texts_one_receipt(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack, sms_server: SmsGatewayServer
) -> None:
    application_id = await apply(pay_client)
    sms_server.wait_for(5)
    reference = await start(pay_client, application_id)
    response = await pay_client.get(f"/api/payments/{reference}")
    assert response.json()["state"] == "pending"
    paystack.complete(reference, "success")
    for _ in range(3):
        response = await pay_client.get(f"/api/payments/{reference}")
        assert response.status_code == 200
        body = response.json()
        assert (body["applicationId"], body["state"], body["amount"], body["currency"]) == (
            application_id,
            "paid",
            "50",
            "USD",
        )
        assert body["channel"] == "card"
    sms_server.wait_for(6)
    await asyncio.sleep(0.2)
    (receipt,) = receipts(sms_server)
    assert application_id in receipt
    assert reference in receipt
    assert "USD 50" in receipt
    outbox = await container_of(pay_app).store.outbox.list(application_id)
    assert [m.id for m in outbox if m.kind == "payment_receipt"] == [receipt_id(application_id)]
    assert (await audit_actions(pay_app)).count("payment.paid") == 1
    again = await post_start(pay_client, application_id)
    assert (again.status_code, again.json()["message"]) == (409, p.ALREADY_PAID)


async def test_a_declined_payment_is_failed_and_can_be_tried_again(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack
) -> None:
    application_id = await apply(pay_client)
    first = await start(pay_client, application_id)
    paystack.complete(first, "failed")
    assert (await pay_client.get(f"/api/payments/{first}")).json()["state"] == "failed"
    second = await start(pay_client, application_id)
    assert second != first
    assert (await payment_of(pay_app, application_id)).state is PaymentState.PENDING
    paystack.complete(second, "abandoned")
    assert (await pay_client.get(f"/api/payments/{second}")).json()["state"] == "failed"
    # only the current attempt's reference answers
    response = await pay_client.get(f"/api/payments/{first}")
    assert (response.status_code, response.json()) == (404, {"message": p.PAYMENT_NOT_FOUND})
    # a late success of the first attempt (Paystack's webhook) still counts: the money was taken
    paystack.complete(first, "success")
    assert await webhook(pay_client, paystack, paystack.event(first)) == 200
    assert (await pay_client.get(f"/api/payments/{first}")).json()["state"] == "paid"


async def test_unknown_references_are_404(pay_client: Client) -> None:
    for reference in ("nope", "VA123-abcdef"):
        response = await pay_client.get(f"/api/payments/{reference}")
        assert (response.status_code, response.json()["message"]) == (404, p.PAYMENT_NOT_FOUND)
    response = await post_start(pay_client, "VA1", "any-key")
    assert (response.status_code, response.json()["message"]) == (404, p.APPLICATION_NOT_FOUND)


async def test_gateway_down_at_verification_is_a_clear_error_and_nothing_is_lost(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack
) -> None:
    application_id = await apply(pay_client)
    reference = await start(pay_client, application_id)
    paystack.complete(reference, "success")
    paystack.behaviour.down = True
    response = await pay_client.get(f"/api/payments/{reference}")
    assert (response.status_code, response.json()) == (502, {"message": p.GATEWAY_DOWN})
    payment = await payment_of(pay_app, application_id)
    assert (payment.state, payment.reference) == (PaymentState.PENDING, reference)
    paystack.behaviour.down = False
    assert (await pay_client.get(f"/api/payments/{reference}")).json()["state"] == "paid"


async def test_gateway_down_at_start_leaves_the_payment_as_it_was(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack
) -> None:
    application_id = await apply(pay_client)
    paystack.behaviour.down = True
    response = await post_start(pay_client, application_id)
    assert (response.status_code, response.json()["message"]) == (502, p.GATEWAY_DOWN)
    assert await payment_of(pay_app, application_id) == p.Payment()


# -- webhooks -----------------------------------------------------------------------------


async def test_a_signed_webhook_marks_paid_once_with_one_receipt_even_when_replayed(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack, sms_server: SmsGatewayServer
) -> None:
    application_id = await apply(pay_client)
    sms_server.wait_for(5)
    reference = await start(pay_client, application_id)
    paystack.complete(reference, "success")  # the browser never comes back
    body = paystack.event(reference)
    assert await webhook(pay_client, paystack, body) == 200
    payment = await payment_of(pay_app, application_id)
    assert (payment.state, payment.reference, payment.channel) == (PaymentState.PAID, reference, "card")
    assert payment.paid_at is not None
    for _ in range(3):  # replays
        assert await webhook(pay_client, paystack, body) == 200
    results = await asyncio.gather(*(webhook(pay_client, paystack, body) for _ in range(5)))
    assert results == [200] * 5
    sms_server.wait_for(6)
    await asyncio.sleep(0.3)
    assert len(receipts(sms_server)) == 1
    assert (await audit_actions(pay_app)).count("payment.paid") == 1
    # verify after the webhook says the same
    assert (await pay_client.get(f"/api/payments/{reference}")).json()["state"] == "paid"
    assert len(receipts(sms_server)) == 1


async def test_verify_before_the_webhook_gives_the_same_result(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack, sms_server: SmsGatewayServer
) -> None:
    application_id = await apply(pay_client)
    sms_server.wait_for(5)
    reference = await start(pay_client, application_id)
    paystack.complete(reference, "success")
    verified = (await pay_client.get(f"/api/payments/{reference}")).json()
    before = await payment_of(pay_app, application_id)
    assert await webhook(pay_client, paystack, paystack.event(reference)) == 200
    assert await payment_of(pay_app, application_id) == before
    assert (await pay_client.get(f"/api/payments/{reference}")).json() == verified
    sms_server.wait_for(6)
    await asyncio.sleep(0.2)
    assert len(receipts(sms_server)) == 1


async def test_a_badly_signed_webhook_is_401_and_changes_nothing(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack
) -> None:
    application_id = await apply(pay_client)
    reference = await start(pay_client, application_id)
    paystack.complete(reference, "success")
    body = paystack.event(reference)
    assert await webhook(pay_client, paystack, body, paystack.sign(body, key="sk_test_someone_else")) == 401
    assert await webhook(pay_client, paystack, body, "") == 401
    tampered = body.replace(b'"amount":5000', b'"amount":5001')
    assert await webhook(pay_client, paystack, tampered, paystack.sign(body)) == 401
    response = await pay_client.post(WEBHOOK, content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 401
    assert (await payment_of(pay_app, application_id)).state is PaymentState.PENDING


async def test_a_wrong_amount_or_currency_is_not_paid(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack, sms_server: SmsGatewayServer
) -> None:
    application_id = await apply(pay_client)
    reference = await start(pay_client, application_id)
    paystack.behaviour.charged_amount = 100  # one dollar instead of fifty
    paystack.complete(reference, "success")
    assert await webhook(pay_client, paystack, paystack.event(reference)) == 200
    assert await webhook(pay_client, paystack, paystack.event(reference, amount=5000, currency="GHS")) == 200
    assert (await pay_client.get(f"/api/payments/{reference}")).json()["state"] == "pending"
    assert (await payment_of(pay_app, application_id)).state is PaymentState.PENDING
    assert "payment.mismatch" in await audit_actions(pay_app)
    await asyncio.sleep(0.2)
    assert receipts(sms_server) == []


async def test_out_of_order_deliveries_never_undo_a_payment(
    pay_client: Client, pay_app: Litestar, paystack: LocalPaystack, sms_server: SmsGatewayServer
) -> None:
    application_id = await apply(pay_client)
    sms_server.wait_for(5)
    first = await start(pay_client, application_id)
    second = await start(pay_client, application_id)
    paystack.complete(second, "success")
    paystack.complete(first, "failed")
    # the success of the second attempt arrives, then a stale failure event for the first
    assert await webhook(pay_client, paystack, paystack.event(second)) == 200
    assert await webhook(pay_client, paystack, paystack.event(first, event="charge.success", status="failed")) == 200
    assert (await pay_client.get(f"/api/payments/{second}")).json()["state"] == "paid"
    payment = await payment_of(pay_app, application_id)
    assert (payment.state, payment.reference) == (PaymentState.PAID, second)
    # other events and references that are not ours are acknowledged and ignored
    other = b'{"event":"transfer.success","data":{"reference":"x"}}'
    assert await webhook(pay_client, paystack, other) == 200
    sms_server.wait_for(6)
    await asyncio.sleep(0.2)
    assert len(receipts(sms_server)) == 1


@pytest.mark.usefixtures("paystack")
async def test_the_local_paystack_checkout_redirects_to_the_callback(pay_client: Client) -> None:
    application_id = await apply(pay_client)
    response = await post_start(pay_client, application_id)
    url = response.json()["authorizationUrl"]
    reference = response.json()["reference"]
    async with httpx.AsyncClient() as http:
        page = await http.get(url)
        assert "Pay USD 50.00" in page.text
        done = await http.get(f"{url}/complete?outcome=success")
    assert done.status_code == 302
    location = urlsplit(done.headers["location"])
    assert location.path == "/payment/callback"
    assert f"reference={reference}" in location.query


# -- settings ---------------------------------------------------------------------------------

PRODUCTION = production()


def test_production_refuses_paystack_test_keys() -> None:
    with pytest.raises(SettingsError, match="refuses Paystack test keys"):
        Settings.from_env({**PRODUCTION, "PAYSTACK_SECRET_KEY": "sk_test_abc"})
    with pytest.raises(SettingsError, match="refuses Paystack test keys"):
        Settings.from_env({**PRODUCTION, "PAYSTACK_SECRET_KEY": "sk_live_abc", "PAYSTACK_PUBLIC_KEY": "pk_test_abc"})
    live = Settings.from_env({**PRODUCTION, "PAYSTACK_SECRET_KEY": "sk_live_abc", "PAYSTACK_PUBLIC_KEY": "pk_live_x"})
    assert live.payments.enabled
    assert Settings.from_env({"PAYSTACK_SECRET_KEY": "sk_test_abc"}).payments.test_keys  # fine outside production
    with pytest.raises(SettingsError, match="PAYSTACK_SECRET_KEY must start with"):
        Settings.from_env({"PAYSTACK_SECRET_KEY": "pk_live_abc"})
    with pytest.raises(SettingsError, match="AGENCY_APPLICATION_FEE"):
        Settings.from_env({"AGENCY_APPLICATION_FEE": "fifty dollars"})
    assert not Settings.from_env({}).payments.enabled
