"""Confirming and unsubscribing from the newsletter: server-rendered pages that work without JavaScript.

- The welcome e-mail links to ``GET /newsletter/confirm?token=``: a page with a Confirm button that
  changes nothing (mail scanners follow links); the button POSTs the token, which confirms.
- Every newsletter links to ``GET /newsletter/unsubscribe?s=&token=``, a page with an Unsubscribe
  button that POSTs; ``List-Unsubscribe`` names ``POST /api/newsletter-subscriptions/{id}/unsubscribe?token=``
  for the mail client's RFC 8058 one-click unsubscribe, which acts at once.
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

from agency_core.newsletter.subscriptions import CONFIRM_PAGE_PATH, UNSUBSCRIBE_PAGE_PATH, NewsletterSubscriptions
from app.api.job_alerts import PAGE_HEADERS
from app.api.schemas import Notice

CONFIRM_TITLE = "Confirm your newsletter subscription"
CONFIRM_ASK = "Press the button to confirm that you want the Vandy Travel newsletter at this address."
CONFIRM_BUTTON = "Confirm"
CONFIRMED = "Thank you: your subscription is confirmed. You will receive our newsletter."
CONFIRM_INVALID = "This confirmation link is not valid, was replaced by a newer one, or was already used."
UNSUBSCRIBE_TITLE = "Unsubscribe from the newsletter"
UNSUBSCRIBE_ASK = "Press the button to stop the newsletter e-mails to your address. Nothing changes until you do."
UNSUBSCRIBE_BUTTON = "Unsubscribe"
UNSUBSCRIBED = "You are unsubscribed: you will get no more newsletter e-mails."
UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid or was already used."


def _page(title: str, body: str, status: int) -> Response[str]:
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{title} | Vandy Travel</title>'
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
        "<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}"
        "main{max-width:32rem;margin:0 auto}button{font:inherit;padding:.75rem 1.5rem;border:0;"
        "border-radius:.5rem;background:#1e3a8a;color:#fff;cursor:pointer}a{color:#1e3a8a}</style>"
        f"</head><body><main><h1>{title}</h1>{body}"
        '<p><a href="/blog">Read our blog</a></p></main></body></html>'
    )
    return Response(document, status_code=status, media_type=MediaType.HTML, headers=PAGE_HEADERS)


def _status(text: str) -> str:
    return f'<p role="status">{html.escape(text)}</p>'


def _form(action: str, button: str, fields: dict[str, str]) -> str:
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{html.escape(value)}">' for name, value in fields.items()
    )
    return f'<form method="post" action="{action}">{hidden}<button type="submit">{button}</button></form>'


class ConfirmForm(msgspec.Struct):
    token: str = ""


class UnsubscribeForm(msgspec.Struct):
    s: str = ""
    token: str = ""


class ConfirmPage(Controller):
    path = CONFIRM_PAGE_PATH
    include_in_schema = False

    @get("/")
    async def ask(self, token: FromQuery[str] = "") -> Response[str]:
        # Says nothing of the token: whether it is valid is only told to the one who presses Confirm.
        form = _form(CONFIRM_PAGE_PATH, CONFIRM_BUTTON, {"token": token})
        return _page(CONFIRM_TITLE, f"<p>{html.escape(CONFIRM_ASK)}</p>{form}", 200)

    @post("/", status_code=200)
    async def confirm(
        self,
        newsletter: NamedDependency[NewsletterSubscriptions],
        data: Annotated[ConfirmForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Response[str]:
        if not await newsletter.confirm(data.token):
            return _page(CONFIRM_TITLE, _status(CONFIRM_INVALID), 404)
        return _page(CONFIRM_TITLE, _status(CONFIRMED), 200)


class NewsletterUnsubscribePage(Controller):
    path = UNSUBSCRIBE_PAGE_PATH
    include_in_schema = False

    @get("/")
    async def ask(
        self, newsletter: NamedDependency[NewsletterSubscriptions], s: FromQuery[str] = "", token: FromQuery[str] = ""
    ) -> Response[str]:
        if not newsletter.links.unsubscribe_ok(s, token):
            return _page(UNSUBSCRIBE_TITLE, _status(UNSUBSCRIBE_INVALID), 404)
        form = _form(UNSUBSCRIBE_PAGE_PATH, UNSUBSCRIBE_BUTTON, {"s": s, "token": token})
        return _page(UNSUBSCRIBE_TITLE, f"<p>{html.escape(UNSUBSCRIBE_ASK)}</p>{form}", 200)

    @post("/", status_code=200)
    async def unsubscribe(
        self,
        newsletter: NamedDependency[NewsletterSubscriptions],
        data: Annotated[UnsubscribeForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Response[str]:
        if not await newsletter.unsubscribe(data.s, data.token):
            return _page(UNSUBSCRIBE_TITLE, _status(UNSUBSCRIBE_INVALID), 404)
        return _page(UNSUBSCRIBE_TITLE, _status(UNSUBSCRIBED), 200)


class NewsletterOneClick(Controller):
    path = "/api/newsletter-subscriptions/{subscription_id:str}/unsubscribe"
    tags = ["newsletter"]  # noqa: RUF012 - Litestar reads it per class

    @get("/", summary="A link to the one-click URL: sent on to the unsubscribe page (changes nothing)", status_code=303)
    async def to_page(self, subscription_id: FromPath[str], token: FromQuery[str | None] = None) -> Redirect:
        query = urlencode({"s": subscription_id, "token": token or ""})
        return Redirect(f"{UNSUBSCRIBE_PAGE_PATH}?{query}", status_code=303)

    @post("/", status_code=200, summary="One-click unsubscribe from the newsletter (RFC 8058 List-Unsubscribe-Post)")
    async def one_click(
        self,
        newsletter: NamedDependency[NewsletterSubscriptions],
        subscription_id: FromPath[str],
        token: FromQuery[str | None] = None,
    ) -> Notice:
        if not await newsletter.unsubscribe(subscription_id, token or ""):
            raise NotFoundException(detail=UNSUBSCRIBE_INVALID)
        return Notice(UNSUBSCRIBED)
