"""The SMS parts cap staff set: a template that can render past it (at the longest values the part
counter uses) is refused on save, previewed with the reason, and refused on restore; the cap is an
admin setting (3 by default, 1 to 10), audited, and read again as saved."""

from __future__ import annotations

from agency_core.messaging.gsm import sms_parts
from agency_core.messaging.templates import longest_values, render_text, spec_of
from tests.admin.area import audit_actions, signed_in
from tests.admin.conftest import MakeHarness

KEY = "sms.status.approved"
URL = f"/api/admin/templates/{KEY}"
SETTINGS = "/api/admin/settings"
# Four sentences about the call: four parts at the longest name and link.
LONG = (
    "Congratulations {name}! Your application has been approved. "
    + "Our team will call you within two working days with the next steps, so keep your phone on. " * 4
    + "\nTrack: {track_url}"
)
OVER = (
    "This text takes 4 SMS parts at its longest, more than the 3 the settings allow:"
    " shorten it, or raise the limit in Settings"
)


def test_the_long_text_takes_four_parts_at_its_longest() -> None:
    spec = spec_of(KEY)
    assert sms_parts(render_text(spec, LONG, longest_values(spec))) == 4


async def test_a_template_over_the_cap_is_refused_with_a_clear_message(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    assert (await h.client.get(SETTINGS)).json()["smsMaxParts"] == 3
    preview = (await h.unsafe("POST", f"{URL}/preview", json={"text": LONG})).json()
    assert (preview["parts"], preview["error"]) == (4, OVER)
    saved = await h.unsafe("PUT", URL, json={"text": LONG})
    assert (saved.status_code, saved.json()) == (422, {"errors": {"text": OVER}})
    assert (await h.client.get(URL)).json()["versions"] == []


async def test_staff_raise_the_cap_and_then_the_template_saves_but_not_restores_after_lowering_it(
    make_harness: MakeHarness,
) -> None:
    h = await signed_in(make_harness)
    current = (await h.client.get(SETTINGS)).json()
    for wrong in (0, 11, "4", True):
        refused = await h.unsafe("PUT", SETTINGS, json={**current, "smsMaxParts": wrong})
        assert (refused.status_code, refused.json()) == (
            422,
            {"errors": {"smsMaxParts": "SMS parts must be a whole number from 1 to 10"}},
        ), wrong
    raised = await h.unsafe("PUT", SETTINGS, json={**current, "smsMaxParts": 4})
    assert raised.json()["smsMaxParts"] == 4
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "settings.update"]
    assert entry["target"] == "smsMaxParts"
    saved = await h.unsafe("PUT", URL, json={"text": LONG})
    assert saved.status_code == 200, saved.text
    assert (await h.unsafe("PUT", URL, json={"text": "Approved {name}"})).status_code == 200
    left_out = {k: v for k, v in current.items() if k != "smsMaxParts"}
    kept = await h.unsafe("PUT", SETTINGS, json=left_out)
    assert kept.json()["smsMaxParts"] == 4  # left out: unchanged
    await h.unsafe("PUT", SETTINGS, json={**current, "smsMaxParts": 3})
    restore = await h.unsafe("POST", f"{URL}/restore", json={"version": 1})
    assert (restore.status_code, restore.json()) == (422, {"errors": {"version": OVER}})
    default = await h.unsafe("POST", f"{URL}/restore", json={"version": 0})
    assert default.status_code == 200  # the spec's own words are always allowed back
