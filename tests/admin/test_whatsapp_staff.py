"""Issue 48, the staff side (in-process, demo mode: the WhatsApp channel is on with the log sender):
an application's page shows the applicant's opt-in and channel; an inbound WhatsApp message tells the
owner by a note on the record; staff answer a WhatsApp thread in free text only inside the 24-hour
window (409 outside it, where only the template goes), audited; a stranger learns nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from agency_core.clock import running_from
from agency_core.records import Channel
from agency_core.whatsapp.inbound import OUTSIDE_WINDOW
from agency_core.whatsapp.model import InboundMessage, OptIn
from agency_core.whatsapp.optins import WHATSAPP_OPT_IN_VERSION, WHATSAPP_OPT_IN_WORDING
from agency_core.whatsapp.replies import NOT_OPTED_IN
from tests.admin.area import add_application, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support.clock import NOW

PHONE = "+233201234567"
"""The phone ``add_application`` stores."""
MESSAGES = "/api/admin/messages"


class MovableClock:
    """The tests' clock (``NOW``, then at the real pace), which a test can move a day on."""

    def __init__(self) -> None:
        self.base = running_from(NOW)
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return self.base() + self.ahead


async def staff(make_harness: MakeHarness, clock: MovableClock | None = None) -> AdminHarness:
    return await signed_in(make_harness, clock=clock or MovableClock())


async def inbound(h: AdminHarness, wa_id: str, text: str, at: datetime = NOW, phone: str = PHONE) -> str:
    """The webhook's hand-over of one inbound message; the id of the inbox message it became."""
    await container(h).whatsapp_optins.inbox.received(InboundMessage(wa_id, phone, at, "text", text))
    listed = (await h.client.get(MESSAGES, params={"pageSize": 50})).json()["items"]
    found = [m["id"] for m in listed if m["message"].startswith(text.strip())]
    assert len(found) == 1
    return str(found[0])


async def opt_in(h: AdminHarness, at: datetime = NOW) -> None:
    await container(h).whatsapp_optins.store.record(OptIn(PHONE, at, "apply", WHATSAPP_OPT_IN_VERSION))


async def reply(h: AdminHarness, message_id: str, **body: Any) -> Any:
    return await h.unsafe("POST", f"{MESSAGES}/{message_id}/replies", json=body)


async def test_the_application_page_shows_the_opt_in_and_the_channel(make_harness: MakeHarness) -> None:
    h = await staff(make_harness)
    await add_application(h, "VA1")
    url = "/api/admin/applications/VA1/whatsapp"
    assert (await h.client.get(url)).json() == {"optIn": None, "channel": "sms"}

    await opt_in(h, NOW - timedelta(days=2))
    shown = (await h.client.get(url)).json()
    assert shown["channel"] == "whatsapp"
    assert shown["optIn"]["source"] == "apply"
    assert shown["optIn"]["wordingVersion"] == WHATSAPP_OPT_IN_VERSION
    assert shown["optIn"]["wording"] == WHATSAPP_OPT_IN_WORDING
    assert datetime.fromisoformat(shown["optIn"]["optedInAt"]) == NOW - timedelta(days=2)
    assert shown["optIn"]["optedOutAt"] is None

    await inbound(h, "wamid.stop", " stop ")
    stopped = (await h.client.get(url)).json()
    assert stopped["channel"] == "sms"
    assert stopped["optIn"]["optedOutAt"] is not None

    assert (await h.client.get("/api/admin/applications/VA404/whatsapp")).status_code == 404
    await h.sign_out()
    signed_out = await h.client.get(url)
    assert signed_out.status_code == 401
    assert PHONE not in signed_out.text
    assert "apply" not in signed_out.text


async def test_an_inbound_message_tells_the_owner_by_a_note_on_the_record(make_harness: MakeHarness) -> None:
    h = await staff(make_harness)
    await add_application(h, "VA1")
    message_id = await inbound(h, "wamid.q1", "When is my interview?")
    notes = (await h.client.get("/api/admin/applications/VA1/notes")).json()["items"]
    assert len(notes) == 1
    assert notes[0]["authorName"] == "WhatsApp"
    assert "When is my interview?" in notes[0]["text"]
    assert f"/admin/messages/{message_id}" in notes[0]["text"]

    await container(h).whatsapp_optins.inbox.received(InboundMessage("wamid.q1", PHONE, NOW, "text", "again"))
    assert len((await h.client.get("/api/admin/applications/VA1/notes")).json()["items"]) == 1


async def test_staff_answer_in_the_window_and_only_the_template_after_it(make_harness: MakeHarness) -> None:
    clock = MovableClock()
    h = await staff(make_harness, clock)
    await add_application(h, "VA1")
    await opt_in(h)
    message_id = await inbound(h, "wamid.q1", "Is my visa ready?")

    thread = (await h.client.get(f"{MESSAGES}/{message_id}")).json()
    assert thread["whatsapp"]["windowOpen"] is True
    assert thread["whatsapp"]["optedIn"] is True
    assert datetime.fromisoformat(thread["whatsapp"]["windowClosesAt"]) == NOW + timedelta(hours=24)

    sent = await reply(h, message_id, channel="whatsapp", text="Yes, come on Monday.")
    assert sent.status_code == 201, sent.text
    replies = sent.json()["replies"]
    assert [(r["channel"], r["recipient"], r["text"]) for r in replies] == [("whatsapp", PHONE, "Yes, come on Monday.")]
    rows = await container(h).store.outbox.list(message_id)
    assert [(m.channel, m.address, m.text) for m in rows] == [(Channel.WHATSAPP, PHONE, "Yes, come on Monday.")]

    clock.ahead = timedelta(hours=24, minutes=1)
    late = await reply(h, message_id, channel="whatsapp", text="And bring your passport.")
    assert late.status_code == 409
    assert OUTSIDE_WINDOW in late.text
    assert len(await container(h).store.outbox.list(message_id)) == 1
    closed = (await h.client.get(f"{MESSAGES}/{message_id}")).json()["whatsapp"]
    assert closed["windowOpen"] is False
    template = await reply(h, message_id, channel="whatsapp-template")
    assert template.status_code == 201, template.text
    last = template.json()["replies"][-1]
    assert (last["channel"], last["text"]) == ("whatsapp-template", closed["templateText"])
    assert "reply to this message" in closed["templateText"]
    assert [a["action"] for a in await audit_actions(h)].count("message.reply") == 2

    await inbound(h, "wamid.stop", "STOP", at=NOW + timedelta(hours=24))
    stopped = await reply(h, message_id, channel="whatsapp-template")
    assert stopped.status_code == 409
    assert NOT_OPTED_IN in stopped.text


async def test_a_stranger_gets_401_or_404_and_nothing_personal(make_harness: MakeHarness) -> None:
    h = await staff(make_harness)
    await add_application(h, "VA1")
    await opt_in(h)
    message_id = await inbound(h, "wamid.q1", "Private question")
    missing = await reply(h, "VA404", channel="whatsapp", text="Hello")
    assert missing.status_code == 404
    assert "Private" not in missing.text
    assert PHONE not in missing.text
    await h.sign_out()
    for response in (
        await h.client.get(f"{MESSAGES}/{message_id}"),
        await reply(h, message_id, channel="whatsapp", text="Hello"),
    ):
        assert response.status_code in (401, 403)
        assert "Private" not in response.text
        assert PHONE not in response.text
    assert await container(h).store.outbox.list(message_id) == []
