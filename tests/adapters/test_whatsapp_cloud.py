"""The Cloud API sender against the local Cloud API: a free-form text and a template as Meta takes
them, the ``wamid`` kept from the answer, an outage and a refused number as failed results."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.whatsapp_cloud import CloudWhatsAppSender, LoggingWhatsAppSender, message_body, wamid_of
from agency_core.whatsapp.channel import Template, WhatsAppOut
from tests.support.whatsapp_cloud import ACCESS_TOKEN, PHONE_NUMBER_ID, WhatsAppCloudServer

PHONE = "+233241234567"


@pytest.fixture
def cloud() -> Iterator[WhatsAppCloudServer]:
    with WhatsAppCloudServer() as server:
        yield server


def sender_for(cloud: WhatsAppCloudServer, token: str = ACCESS_TOKEN) -> CloudWhatsAppSender:
    return CloudWhatsAppSender(cloud.base_url, "v21.0", PHONE_NUMBER_ID, token)


async def test_a_free_form_text_is_sent_and_its_wamid_kept(cloud: WhatsAppCloudServer) -> None:
    sender = sender_for(cloud)
    result = await sender.send(WhatsAppOut(PHONE, text="Your status: Shortlisted"), "app-1-0")
    await sender.aclose()
    assert result.success
    assert result.gateway_id == "wamid.local000001"
    [sent] = cloud.sends
    assert sent.path == f"/v21.0/{PHONE_NUMBER_ID}/messages"
    assert sent.body["to"] == "233241234567"
    assert sent.body["type"] == "text"
    assert sent.text == "Your status: Shortlisted"


async def test_a_template_carries_the_text_as_its_body_parameter(cloud: WhatsAppCloudServer) -> None:
    sender = sender_for(cloud)
    out = WhatsAppOut(PHONE, template=Template("agency_update", "en", ("Your appointment is at 10:00",)))
    assert (await sender.send(out, "apt-1")).success
    await sender.aclose()
    [sent] = cloud.sends
    assert sent.template == "agency_update"
    assert sent.body["template"]["language"] == {"code": "en"}
    assert sent.text == "Your appointment is at 10:00"


async def test_an_outage_and_a_refused_number_are_failed_results(cloud: WhatsAppCloudServer) -> None:
    sender = sender_for(cloud)
    cloud.behaviour.down = True
    down = await sender.send(WhatsAppOut(PHONE, text="x"), "a")
    cloud.behaviour.down = False
    cloud.behaviour.fail_phones = {PHONE}
    refused = await sender.send(WhatsAppOut(PHONE, text="x"), "b")
    wrong_token = await sender_for(cloud, "bad").send(WhatsAppOut("+233201234567", text="x"), "c")
    await sender.aclose()
    assert not down.success
    assert down.gateway_status == 503
    assert "temporarily unavailable" in down.message
    assert not refused.success
    assert "not in allowed list" in refused.message
    assert not wrong_token.success
    assert wrong_token.gateway_status == 401
    assert cloud.accepted() == []


async def test_no_server_is_a_failed_result_not_an_exception() -> None:
    sender = CloudWhatsAppSender("http://127.0.0.1:9", "v21.0", PHONE_NUMBER_ID, ACCESS_TOKEN, timeout_s=2)
    result = await sender.send(WhatsAppOut(PHONE, text="x"), "a")
    await sender.aclose()
    assert not result.success


def test_bodies_and_answers_read_as_meta_writes_them() -> None:
    assert message_body(WhatsAppOut(PHONE, text="hi"))["text"] == {"preview_url": False, "body": "hi"}
    assert wamid_of({"messages": [{"id": "wamid.X"}]}) == "wamid.X"
    assert wamid_of({"messages": []}) is None
    assert wamid_of([1]) is None


async def test_demo_mode_logs_the_send_without_its_text(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="adapters.whatsapp_cloud")
    result = await LoggingWhatsAppSender().send(WhatsAppOut(PHONE, text="secret link"), "app-9")
    assert result.success
    assert result.gateway_id == "wamid.log-app-9"
    assert "app-9" in caplog.text
    assert "secret link" not in caplog.text
    assert "233241234567" not in caplog.text
