"""Unsubscribing from job alerts.

- The link in each alert e-mail opens a page (``GET /job-alerts/unsubscribe?alert=&token=``) that
  changes nothing: mail scanners and link previews follow links, so a GET must unsubscribe nobody.
  Its button POSTs the same alert and token (a plain HTML form: it works without JavaScript).
- ``List-Unsubscribe`` names ``POST /api/job-alerts/{id}/unsubscribe?token=`` for the mail client's
  RFC 8058 one-click unsubscribe (``List-Unsubscribe-Post``). A GET there (a link in an e-mail sent
  before the page existed) is sent on to the page.
"""

from __future__ import annotations

import html
from typing import Annotated
from urllib.parse import urlencode

import msgspec
from litestar import Controller, MediaType, Response, get, post
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.exceptions import NotFoundException
from litestar.params import Body, FromPath, FromQuery
from litestar.response import Redirect

from agency_core.jobs.alerts import UNSUBSCRIBE_PAGE_PATH, JobAlertMailer
from app.api.schemas import Notice

UNSUBSCRIBED = "You are unsubscribed: you will get no more job alert e-mails."
INVALID_LINK = "This unsubscribe link is not valid or was already used."
PAGE_TITLE = "Unsubscribe from job alerts"
ASK = "Press the button to stop the job alert e-mails to your address. Nothing changes until you do."
BUTTON = "Unsubscribe"
PAGE_HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"}


class JobAlertUnsubscribe(Controller):
    path = "/api/job-alerts/{alert_id:str}/unsubscribe"
    tags = ["job alerts"]  # noqa: RUF012 - Litestar reads it per class

    @get("/", summary="The old e-mail link: sent on to the unsubscribe page (changes nothing)", status_code=303)
    async def by_link(self, alert_id: FromPath[str], token: FromQuery[str | None] = None) -> Redirect:
        query = urlencode({"alert": alert_id, "token": token or ""})
        return Redirect(f"{UNSUBSCRIBE_PAGE_PATH}?{query}", status_code=303)

    @post("/", status_code=200, summary="One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)")
    async def one_click(
        self, job_alerts: NamedDependency[JobAlertMailer], alert_id: FromPath[str], token: FromQuery[str | None] = None
    ) -> Notice:
        if not await job_alerts.unsubscribe(alert_id, token or ""):
            raise NotFoundException(detail=INVALID_LINK)
        return Notice(UNSUBSCRIBED)


class UnsubscribeForm(msgspec.Struct):
    alert: str = ""
    token: str = ""


def _page(body: str, status: int) -> Response[str]:
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{PAGE_TITLE} | Vandy Travel</title>'
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
        "<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}"
        "main{max-width:32rem;margin:0 auto}button{font:inherit;padding:.75rem 1.5rem;border:0;"
        "border-radius:.5rem;background:#1e3a8a;color:#fff;cursor:pointer}a{color:#1e3a8a}</style>"
        f"</head><body><main><h1>{PAGE_TITLE}</h1>{body}"
        '<p><a href="/jobs">See the open jobs</a></p></main></body></html>'
    )
    return Response(document, status_code=status, media_type=MediaType.HTML, headers=PAGE_HEADERS)


def _message(text: str) -> str:
    return f'<p role="status">{html.escape(text)}</p>'


class UnsubscribePage(Controller):
    path = UNSUBSCRIBE_PAGE_PATH
    include_in_schema = False

    @get("/")
    async def ask(
        self, job_alerts: NamedDependency[JobAlertMailer], alert: FromQuery[str] = "", token: FromQuery[str] = ""
    ) -> Response[str]:
        if not job_alerts.link_ok(alert, token):
            return _page(_message(INVALID_LINK), 404)
        form = (
            f'<form method="post" action="{UNSUBSCRIBE_PAGE_PATH}">'
            f'<input type="hidden" name="alert" value="{html.escape(alert)}">'
            f'<input type="hidden" name="token" value="{html.escape(token)}">'
            f'<button type="submit">{BUTTON}</button></form>'
        )
        return _page(f"<p>{html.escape(ASK)}</p>{form}", 200)

    @post("/", status_code=200)
    async def confirm(
        self,
        job_alerts: NamedDependency[JobAlertMailer],
        data: Annotated[UnsubscribeForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Response[str]:
        if not await job_alerts.unsubscribe(data.alert, data.token):
            return _page(_message(INVALID_LINK), 404)
        return _page(_message(UNSUBSCRIBED), 200)
