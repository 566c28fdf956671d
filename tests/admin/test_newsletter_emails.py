"""The newsletter, end to end against a real local SMTP server (aiosmtpd): subscribing sends the welcome
e-mail with a confirmation link, the link's page confirms only on its button, staff send an issue that
reaches confirmed subscribers only (with RFC 8058 one-click unsubscribe), and sending again sends nothing twice."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import pytest

from agency_core.newsletter.emails import WELCOME_SUBJECT
from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.api.newsletter import CONFIRM_BUTTON, CONFIRM_INVALID, CONFIRMED, UNSUBSCRIBE_INVALID, UNSUBSCRIBED
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmtpSettings
from tests.admin.area import container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support.smtp_server import SmtpServer

FAST = OutboxSettings(lease_s=5, retry_base_s=0.05, retry_cap_s=0.2, max_attempts=50, poll_s=0.05)
SITE = "http://127.0.0.1:8000"


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


async def harness(make_harness: MakeHarness, smtp: SmtpServer) -> AdminHarness:
    return await signed_in(
        make_harness,
        smtp=SmtpSettings(host="127.0.0.1", port=smtp.port, starttls=False),
        api=replace(ApiSettings(), rate_limit_per_minute=0, outbox=FAST),
    )


async def subscribe(h: AdminHarness, email: str, name: str = "Ama") -> dict[str, Any]:
    response = await h.client.post("/api/newsletter-subscriptions", json={"name": name, "email": email})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def wait_for(smtp: SmtpServer, count: int) -> list[Any]:
    for _ in range(300):
        got = smtp.received()
        if len(got) >= count:
            await asyncio.sleep(0.3)  # and nothing more
            assert len(smtp.received()) == count, [m["To"] for m in smtp.received()]
            return got
        await asyncio.sleep(0.05)
    raise AssertionError(f"expected {count} e-mails, got {len(smtp.received())}")


def body(mail: Any) -> str:
    text: str = mail.get_payload(decode=True).decode()
    return text


def confirm_token(mail: Any) -> str:
    found = re.search(rf"{SITE}/newsletter/confirm\?token=([A-Za-z0-9_-]+)", body(mail))
    assert found is not None, body(mail)
    return found.group(1)


async def confirm(h: AdminHarness, token: str) -> Any:
    return await h.client.post("/newsletter/confirm", data={"token": token})


async def test_double_opt_in_then_a_newsletter_to_confirmed_subscribers_only(
    make_harness: MakeHarness, smtp: SmtpServer
) -> None:
    h = await harness(make_harness, smtp)
    answers = [await subscribe(h, e) for e in ("ama@example.com", "kofi@example.com", "yaw@example.com")]
    welcomes = {str(m["To"]): m for m in await wait_for(smtp, 3)}
    assert all(set(a) == {"id"} for a in answers)
    ama = welcomes["ama@example.com"]
    assert ama["Subject"] == WELCOME_SUBJECT
    assert "Hello Ama," in body(ama)
    token = confirm_token(ama)
    assert len(token) >= 22  # 128 bits and more, URL-safe
    stored = await container(h).store.newsletter.get_by_email("ama@example.com")
    assert stored is not None
    assert token not in stored.confirmation_hash
    assert stored.confirmation_hash  # only its hash is kept
    assert stored.privacy_notice_version
    assert stored.privacy_accepted_at is not None
    assert not stored.confirmed

    # subscribing again before confirming: same answer, no second welcome within the resend interval
    again = await subscribe(h, "AMA@example.com", "Ama B")
    assert set(again) == {"id"}
    assert again["id"] != answers[0]["id"]

    # the link's page asks; only the button confirms (a scanner following the link confirms nothing)
    page = await h.client.get(f"/newsletter/confirm?token={token}")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    assert f'<button type="submit">{CONFIRM_BUTTON}</button>' in page.text
    assert '<form method="post" action="/newsletter/confirm">' in page.text
    assert not (await container(h).store.newsletter.get_by_email("ama@example.com")).confirmed  # type: ignore[union-attr]
    done = await confirm(h, token)
    assert (done.status_code, CONFIRMED in done.text) == (200, True)
    assert CONFIRM_INVALID in (await confirm(h, token)).text  # used
    assert (await confirm(h, "forged")).status_code == 404
    assert (await confirm(h, confirm_token(welcomes["kofi@example.com"]))).status_code == 200
    confirmed = await container(h).store.newsletter.get_by_email("ama@example.com")
    assert confirmed is not None
    assert confirmed.confirmed_at is not None
    assert confirmed.privacy_accepted_at is not None
    assert confirmed.name == "Ama B"

    listed = (await h.client.get("/api/admin/subscribers/newsletter")).json()["items"]
    shown = {item["email"]: item["confirmedAt"] is not None for item in listed}
    assert shown == {"ama@example.com": True, "kofi@example.com": True, "yaw@example.com": False}

    # a confirmed address subscribing again: same answer, nothing changes, nothing is sent
    assert set(await subscribe(h, "ama@example.com", "Someone Else")) == {"id"}
    assert await container(h).store.newsletter.get_by_email("ama@example.com") == confirmed

    # staff write, test and send
    issue = (
        await h.unsafe("POST", "/api/admin/newsletter/issues", json={"subject": "Visa news", "body": "Qatar"})
    ).json()
    assert issue["preview"]["text"].startswith("Qatar\n\n--\n")
    tested = await h.unsafe("POST", f"/api/admin/newsletter/issues/{issue['id']}/test")
    assert tested.status_code == 200, tested.text
    test_mail = (await wait_for(smtp, 4))[3]
    assert (str(test_mail["To"]), str(test_mail["Subject"])) == (DEMO_ADMIN_EMAIL, "[Test] Visa news")
    sent = await h.unsafe("POST", f"/api/admin/newsletter/issues/{issue['id']}/send")
    assert sent.json()["queuedNow"] == 2
    news = {str(m["To"]): m for m in (await wait_for(smtp, 6))[4:]}
    assert sorted(news) == ["ama@example.com", "kofi@example.com"]  # yaw never confirmed
    kofi = news["kofi@example.com"]
    assert kofi["Subject"] == "Visa news"
    assert kofi["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"Unsubscribe: {SITE}/newsletter/unsubscribe?s=" in body(kofi)

    # sending again sends nothing twice
    assert (await h.unsafe("POST", f"/api/admin/newsletter/issues/{issue['id']}/send")).json()["queuedNow"] == 0
    await asyncio.sleep(0.5)
    assert len(smtp.received()) == 6

    # one-click unsubscribe, at once, once
    link = urlsplit(kofi["List-Unsubscribe"].strip("<>"))
    assert link.path.startswith("/api/newsletter-subscriptions/")
    assert (await h.client.post(f"{link.path}?token=forged")).status_code == 404
    one_click = await h.client.post(f"{link.path}?{link.query}", data={"List-Unsubscribe": "One-Click"})
    assert one_click.json() == {"message": UNSUBSCRIBED}
    assert (await h.client.post(f"{link.path}?{link.query}")).json()["message"] == UNSUBSCRIBE_INVALID
    assert await container(h).store.newsletter.get_by_email("kofi@example.com") is None

    # yaw confirms late: the next send reaches yaw only
    assert (await confirm(h, confirm_token(welcomes["yaw@example.com"]))).status_code == 200
    assert (await h.unsafe("POST", f"/api/admin/newsletter/issues/{issue['id']}/send")).json()["queuedNow"] == 1
    assert [str(m["To"]) for m in (await wait_for(smtp, 7))[6:]] == ["yaw@example.com"]
    shown = (await h.client.get(f"/api/admin/newsletter/issues/{issue['id']}")).json()
    assert (shown["status"], shown["recipients"], shown["counts"]) == ("sent", 3, {"queued": 0, "sent": 3, "failed": 0})
    actions = [e["action"] for e in (await h.client.get("/api/admin/audit-log")).json()["items"]]
    assert {"newsletter.create", "newsletter.test", "newsletter.send"} <= set(actions)
    assert (
        await h.unsafe("PUT", f"/api/admin/newsletter/issues/{issue['id']}", json={"subject": "S", "body": "B"})
    ).status_code == 409
