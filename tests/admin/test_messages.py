"""The contact inbox: unread first, then newest; mark read (audited once)."""

from __future__ import annotations

from datetime import timedelta

from tests.admin.area import T0, add_message, audit_actions, signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/messages"


async def test_unread_first_then_newest_and_mark_read(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    for i in range(3):
        await add_message(h, f"M{i}", T0 + timedelta(hours=i), subject=f"Subject {i}")
    assert [m["id"] for m in (await h.client.get(URL)).json()["items"]] == ["M2", "M1", "M0"]
    read = await h.unsafe("POST", f"{URL}/M2/read")
    assert read.status_code == 200
    body = read.json()
    assert (body["id"], body["read"], body["subject"], body["email"]) == ("M2", True, "Subject 2", "abena@example.com")
    assert set(body) >= {"id", "name", "email", "phone", "service", "subject", "message", "read", "createdAt"}
    listed = (await h.client.get(URL)).json()
    assert [(m["id"], m["read"]) for m in listed["items"]] == [("M1", False), ("M0", False), ("M2", True)]
    again = await h.unsafe("POST", f"{URL}/M2/read")
    assert again.json()["readAt"] == body["readAt"]
    assert [e["target"] for e in await audit_actions(h) if e["action"] == "message.read"] == ["M2"]
    page = (await h.client.get(URL, params={"page": 2, "pageSize": 2})).json()
    assert ([m["id"] for m in page["items"]], page["total"]) == (["M2"], 3)
    missing = await h.unsafe("POST", f"{URL}/M9/read")
    assert (missing.status_code, missing.json()) == (404, {"message": "Message not found"})
    assert (await h.client.get(URL, params={"page": "first"})).status_code == 422


async def test_messages_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(URL)).status_code == 401
    assert (await h.unsafe("POST", f"{URL}/M1/read")).status_code == 401
