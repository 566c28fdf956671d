"""``/welfare/<token>``: the worker's check-in page after arrival (the link of the day 7, 30 and 90 SMS).

Plain HTML from the server with one form, so it works on any phone without JavaScript. Opening it
changes nothing (link previews follow links); only its buttons POST, to the same address. The form
needs no cookie and no CSRF token: the token in the address is the proof, and a cross-site POST
without it changes nothing. A token that is wrong, expired or already answered gets one neutral page
that says nothing about anyone. Personal: ``Cache-Control: no-store``, ``noindex``, no referrer.
Counted by the public rate limit, as the forms are.
"""

from __future__ import annotations

from html import escape
from typing import Annotated, Final

import msgspec
from litestar import MediaType, Response, Router, get, post
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath

from agency_core.pipeline.welfare import MESSAGE_MAX, CheckIns
from agency_core.pipeline.welfare_ports import Answer
from agency_core.spec import constants as c
from app.composition.welfare import WelfareArea
from app.rate_limit import shared_rate_limit
from app.settings import Settings

PAGE_TITLE: Final = "How are you?"
QUESTION: Final = "We hope you are settling in well at your new job. How are you?"
ALL_GOOD: Final = "All good"
NEED_HELP: Final = "I need help"
MESSAGE_LABEL: Final = "Anything you want to tell us (optional)"
THANKS_GOOD: Final = "Thank you. We are glad you are well. Keep this number: you can always call us."
THANKS_HELP: Final = "Thank you for telling us. A member of our staff will contact you as soon as possible."
LINK_UNUSABLE: Final = (
    "This link does not work any more. If you need help, call or message us on the number that texted you."
)
PAGE_HEADERS: Final = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"}

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem 1rem;color:#1f2937;background:#fff}"
    "main{max-width:30rem;margin:0 auto}h1{color:#1e3a8a;font-size:1.5rem}"
    "button{font:inherit;width:100%;min-height:48px;margin:.5rem 0;padding:.75rem 1rem;border:0;border-radius:.5rem;"
    "background:#1e3a8a;color:#fff;cursor:pointer}button.help{background:#b91c1c}"
    "label{display:block;margin:1rem 0 .25rem;font-weight:600}"
    "textarea{font:inherit;width:100%;box-sizing:border-box;min-height:6rem;padding:.5rem;border:1px solid #9ca3af;"
    "border-radius:.5rem}.brand{font-weight:700;color:#1e3a8a}"
)


class AnswerForm(msgspec.Struct):
    answer: str = ""
    message: str = ""


def page(body: str, status: int = 200) -> Response[str]:
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{PAGE_TITLE} | {escape(c.AGENCY_NAME)}</title>'
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
        f"<style>{_STYLE}</style></head><body><main>"
        f'<p class="brand">{escape(c.AGENCY_NAME)}</p><h1>{PAGE_TITLE}</h1>{body}</main></body></html>'
    )
    return Response(document, status_code=status, media_type=MediaType.HTML, headers=PAGE_HEADERS)


def question_html(token: str) -> str:
    action = escape(f"/welfare/{token}", quote=True)
    return (
        f"<p>{QUESTION}</p>"
        f'<form method="post" action="{action}">'
        f'<button type="submit" name="answer" value="{Answer.ALL_GOOD.value}">{ALL_GOOD}</button>'
        f'<label for="message">{MESSAGE_LABEL}</label>'
        f'<textarea id="message" name="message" maxlength="{MESSAGE_MAX}"></textarea>'
        f'<button class="help" type="submit" name="answer" value="{Answer.NEED_HELP.value}">{NEED_HELP}</button>'
        "</form>"
    )


def unusable() -> Response[str]:
    return page(f'<p role="status">{escape(LINK_UNUSABLE)}</p>', 404)


@get("/welfare/{token:str}", include_in_schema=False)
async def welfare_page(welfare: NamedDependency[WelfareArea], token: FromPath[str]) -> Response[str]:
    check_ins: CheckIns = welfare.check_ins
    if await check_ins.find(token) is None:
        return unusable()
    return page(question_html(token))


@post("/welfare/{token:str}", include_in_schema=False, status_code=200)
async def welfare_answer(
    welfare: NamedDependency[WelfareArea],
    token: FromPath[str],
    data: Annotated[AnswerForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
) -> Response[str]:
    answered = await welfare.check_ins.answer(token, data.answer, data.message)
    if answered is None:
        return unusable()
    thanks = THANKS_HELP if answered.answer is Answer.NEED_HELP else THANKS_GOOD
    return page(f'<p role="status">{escape(thanks)}</p>')


def build_welfare_router(settings: Settings) -> Router:
    """The check-in page, counted by the public rate limit (as the forms are) when it is on."""
    limited = settings.api.rate_limit_per_minute > 0
    return Router(
        path="/",
        route_handlers=[welfare_page, welfare_answer],
        middleware=[shared_rate_limit("welfare")] if limited else [],
    )


__all__ = ["build_welfare_router"]
