"""The admin settings' read-only WhatsApp line: on with the Cloud API settings, the log in demo mode, off
otherwise (issue 48 item 5)."""

from __future__ import annotations

from datetime import timedelta

from app.settings import Settings
from app.whatsapp.status import DEMO_LINE, channel_status
from app.whatsapp_settings import WhatsAppSettings
from tests.admin.area import signed_in
from tests.admin.conftest import MakeHarness

ON = WhatsAppSettings("106540352242922", "EAAG-token", "app-secret", "verify-token", timedelta(minutes=20))


async def test_the_settings_page_says_whether_whatsapp_is_on(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, whatsapp=ON)
    answer = await h.client.get("/api/admin/settings/whatsapp")
    assert answer.status_code == 200
    assert answer.json() == {
        "on": True,
        "line": "On (phone number ID 106540352242922; SMS fallback after 20 min)",
    }


def test_off_without_settings_outside_demo_mode() -> None:
    assert channel_status(Settings.from_env({})) == (False, "Off (no AGENCY_WHATSAPP_* settings)")
    partial = Settings.from_env({"AGENCY_WHATSAPP_PHONE_NUMBER_ID": "1"})
    assert channel_status(partial)[0] is False
    assert "AGENCY_WHATSAPP_ACCESS_TOKEN" in channel_status(partial)[1]


async def test_the_log_in_demo_mode(make_harness: MakeHarness) -> None:
    demo = await signed_in(make_harness)
    assert (await demo.client.get("/api/admin/settings/whatsapp")).json() == {"on": True, "line": DEMO_LINE}


async def test_the_line_is_for_signed_in_staff_only(make_harness: MakeHarness) -> None:
    h = await make_harness(whatsapp=ON)
    assert (await h.client.get("/api/admin/settings/whatsapp")).status_code == 401
