"""Script sends ask for delivery reports like the app's worker (the callback URL naming the outbox
message, the gateway id kept), so a text whose answer was lost is settled by its report, never resent,
even by a gateway that ignores ``Idempotency-Key``."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs, urlsplit

from agency_core.records import OutboxStatus, ReportedDelivery
from agency_scripts import AsyncStatusClient
from tests.scripts.records import T0, DataDir, env_for
from tests.support.sms_gateway import SmsGatewayServer

SITE = "https://www.vandytravel.example"
SECRET = "a-report-secret-of-forty-random-chars-0042"


def client_for(data: DataDir, sms_server: SmsGatewayServer) -> AsyncStatusClient:
    env = env_for(data.path, sms_server.base_url, AGENCY_SITE_URL=SITE, AGENCY_SMS_REPORT_SECRET=SECRET)
    return AsyncStatusClient.from_env(env)


async def test_a_script_send_asks_for_a_report_at_the_apps_url_and_keeps_the_gateway_id(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    async with client_for(data, sms_server) as client:
        await client.change_status("VA1", "processing")
    (request,) = sms_server.delivered()
    (sms,) = await data.sms("VA1")
    url = urlsplit(request.callback_url or "")
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{SITE}/api/sms/delivery-reports"
    assert parse_qs(url.query) == {"key": [SECRET], "message": [sms.id]}
    assert (sms.status, sms.gateway_id) == (OutboxStatus.DELIVERED, request.gateway_id)


async def test_a_script_send_whose_answer_was_lost_is_settled_by_its_report_and_never_resent(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    sms_server.behaviour.honour_idempotency_key = False
    sms_server.behaviour.lose_answers = 1
    async with client_for(data, sms_server) as client:
        lost = await client.change_status("VA1", "processing")
        (request,) = await asyncio.to_thread(sms_server.wait_for, 1)
        held = await client.change_status("VA1", "processing")
        (sms,) = await data.sms("VA1")
        # The report as the app's route applies it (the gateway names its own id, unknown to us so far).
        assert await data.store.outbox.record_report(sms.id, ReportedDelivery.DELIVERED, "DELIVRD", "msg-1", T0)
        settled = await client.change_status("VA1", "processing")
    assert request.answer_lost
    assert (lost.outcome.state, held.outcome.state, settled.outcome.state) == ("unknown", "unknown", "replayed")
    assert len(sms_server.requests) == 1
    (sms,) = await data.sms("VA1")
    assert (sms.status, sms.gateway_id, sms.delivery_report) == (
        OutboxStatus.DELIVERED,
        "msg-1",
        ReportedDelivery.DELIVERED,
    )
