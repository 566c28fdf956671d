"""Links come from ``AGENCY_SITE_URL`` only: a request that says ``Host: evil.example`` finds no
evil.example in any page, the sitemap, robots.txt, the Paystack ``callback_url``, the SMS or the
e-mail (the app as a real production process, against the local Paystack, SMS gateway and SMTP)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import FAST_OUTBOX, RunningApp, running_app
from tests.support.paystack import LocalPaystack
from tests.support.production import SITE_URL, production
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.smtp_server import SmtpServer

EVIL = "evil.example"
PAGES = ["/", "/jobs", "/blog", "/privacy", "/terms", "/track", "/country-packages", "/payment/callback", "/nope"]


@dataclass
class Site:
    app: RunningApp
    paystack: LocalPaystack
    sms: SmsGatewayServer
    smtp: SmtpServer


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    paystack = LocalPaystack(secret_key="sk_live_localpaystack0000000000000000").start()
    sms = SmsGatewayServer().start()
    smtp = SmtpServer().start()
    env = production(
        AGENCY_DEMO="",
        PAYSTACK_SECRET_KEY=paystack.secret_key,
        PAYSTACK_BASE_URL=paystack.base_url,
        AGENCY_SMS_BASE_URL=sms.base_url,
        AGENCY_SMS_API_KEY="test-key",
        AGENCY_SMS_REPORT_SECRET="Wq7Zk2Vn9Xc4Lr1Tb8Hs5Jd0Mf3Gp6Ya",
        AGENCY_SMTP_HOST="127.0.0.1",
        AGENCY_SMTP_PORT=str(smtp.port),
        AGENCY_SMTP_STARTTLS="0",
        **FAST_OUTBOX,
    )
    try:
        with running_app("agency-origin-", env=env) as app:
            yield Site(app, paystack, sms, smtp)
    finally:
        paystack.stop()
        sms.stop()
        smtp.stop()


def evil_client(site: Site) -> httpx.Client:
    return httpx.Client(base_url=site.app.base_url, headers={"Host": EVIL, "X-Forwarded-Host": EVIL})


def assert_no_evil(response: httpx.Response) -> None:
    assert EVIL not in response.text, response.request.url
    assert all(EVIL not in value for value in response.headers.values()), response.request.url


def test_pages_sitemap_and_robots_use_the_configured_origin_whatever_the_host(site: Site) -> None:
    with evil_client(site) as client:
        for path in PAGES:
            response = client.get(path)
            assert response.status_code in (200, 404), path
            assert_no_evil(response)
        home = client.get("/").text
        assert f'<link rel="canonical" href="{SITE_URL}/"' in home
        sitemap = client.get("/sitemap.xml")
        assert f"<loc>{SITE_URL}/jobs</loc>" in sitemap.text
        assert_no_evil(sitemap)
        robots = client.get("/robots.txt")
        assert f"Sitemap: {SITE_URL}/sitemap.xml" in robots.text
        assert_no_evil(robots)


def test_the_paystack_callback_sms_and_email_links_use_the_configured_origin(site: Site) -> None:
    with evil_client(site) as client:
        applied = client.post(
            "/api/applications",
            data={**APPLICATION, "email": "origin@example.com"},
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
        )
        assert applied.status_code == 201, applied.text
        application_id = applied.json()["applicationId"]
        payment_key = applied.json()["paymentKey"]
        started = client.post(f"/api/applications/{application_id}/payment", json={"paymentKey": payment_key})
        assert started.status_code == 201, started.text
        assert_no_evil(started)
    callback = (site.paystack.initialized()[-1].body or {})["callback_url"]
    assert callback == f"{SITE_URL}/payment/callback"
    texts = [sms.message for sms in site.sms.wait_for(2) if application_id in sms.message]
    assert all(EVIL not in text and "127.0.0.1" not in text for text in texts)
    reports_to = {sms.callback_url for sms in site.sms.delivered()}
    assert reports_to
    assert all((url or "").startswith(f"{SITE_URL}/api/sms/delivery-reports?key=") for url in reports_to)
    mails = [m for m in site.smtp.wait_for(1) if application_id in str(m["Subject"])]
    assert mails
    body = mails[0].get_body(preferencelist=("plain",))
    assert body is not None
    text = body.get_content()
    assert f"{SITE_URL}/track" in text
    assert EVIL not in text
    assert "127.0.0.1" not in text
