"""``/employer/packs/<token>``: the employer's page of a CV pack (issue 46 items 3 to 5).

Plain HTML from the server, phone first, that works without JavaScript: the pack's anonymised
profiles (a code per candidate, trade, experience, education, languages, age band, nationality,
availability), and per candidate a form to answer Interview, Select or Reject with a comment and
up to three proposed interview times in the employer's zone (shown beside Accra's). A candidate's
CV downloads from ``/employer/packs/<token>/cv/<code>`` once staff released it for this pack.

A wrong, expired or revoked link, or a code the pack does not hold, gets one neutral 404 page.
Every answer is ``Cache-Control: no-store`` and ``X-Robots-Tag: noindex``; the routes are counted
by the public rate limit (``employer`` group). Views, downloads and answers are audited by the core.
"""

from __future__ import annotations

from html import escape
from typing import Annotated, Any, Final

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency
from litestar.enums import MediaType, RequestEncodingType
from litestar.params import Body, FromPath, SkipValidation

from agency_core.employers.packs_employer import EmployerPacks, PackPage, time_label
from agency_core.employers.packs_model import DECISION_LABELS, Decision, DecisionKind, Profile
from agency_core.errors import NotFound, Rejected
from agency_core.ports import FileStore
from agency_core.spec import constants as c
from app.admin.common import private_file
from app.client_address import client_address
from app.rate_limit import shared_rate_limit
from app.settings import Settings

PAGE_HEADERS: Final = {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
}
NOT_FOUND_TEXT: Final = (
    "This link does not open a page. It may be mistyped, expired or withdrawn: ask the agency for a new one."
)
SAVED: Final = "Your answer on {code} is saved. Thank you."
_STYLE: Final = (
    "body{font-family:system-ui,sans-serif;margin:0;color:#1f2937;background:#f4f4f5}"
    "header{background:#1e3a8a;color:#fff;padding:1rem}header p{margin:.25rem 0 0;opacity:.9}"
    "main{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;margin:0}"
    "article{background:#fff;border-radius:.5rem;padding:1rem;margin:1rem 0;box-shadow:0 1px 3px rgba(0,0,0,.12)}"
    "h2{font-size:1.15rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}"
    "dt{font-weight:600}dd{margin:0}fieldset{border:0;padding:0;margin:.5rem 0}"
    "label{display:block;padding:.4rem 0}textarea,input{font:inherit;width:100%;box-sizing:border-box;"
    "min-height:44px;padding:.4rem}input[type=radio]{width:auto;min-height:auto;margin-right:.5rem}"
    "button{font:inherit;min-height:44px;padding:.6rem 1.4rem;border:0;border-radius:.5rem;background:#1e3a8a;"
    "color:#fff}a{color:#1e3a8a}.answer{border-left:4px solid #1e3a8a;padding-left:.75rem}"
    "[role=alert]{color:#b91c1c;font-weight:600}[role=status]{color:#166534;font-weight:600}"
)


class DecisionForm(msgspec.Struct):
    decision: str = ""
    comment: str = ""
    time1: str = ""
    time2: str = ""
    time3: str = ""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _document(title: str, body: str, status: int = 200) -> Response[str]:
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{_e(title)} | {_e(c.AGENCY_NAME)}</title>'
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )
    return Response(document, status_code=status, media_type=MediaType.HTML, headers=PAGE_HEADERS)


def not_found_page() -> Response[str]:
    """The one neutral page of every link that opens nothing."""
    body = f"<main><article><h1>Page not found</h1><p>{_e(NOT_FOUND_TEXT)}</p></article></main>"
    return _document("Page not found", body, 404)


def _profile(profile: Profile) -> str:
    rows = (
        ("Trade", profile.trade),
        ("Experience", profile.experience),
        ("Education", profile.education),
        ("Languages", profile.languages),
        ("Age", profile.age_band),
        ("Nationality", profile.nationality),
        ("Availability", profile.availability),
    )
    return "<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in rows) + "</dl>"


def _answer(decision: Decision | None, zone: str) -> str:
    if decision is None:
        return "<p>Not answered yet.</p>"
    times = "".join(f"<li>{_e(time_label(t, zone))}</li>" for t in decision.times)
    comment = f"<p>{_e(decision.comment)}</p>" if decision.comment else ""
    return (
        f'<div class="answer"><p>Your answer: <strong>{_e(DECISION_LABELS[decision.kind])}</strong></p>'
        f"{comment}{f'<ul>{times}</ul>' if times else ''}</div>"
    )


def _form(token: str, profile: Profile, zone: str) -> str:
    choices = "".join(
        f'<label><input type="radio" name="decision" value="{k.value}" required>{_e(DECISION_LABELS[k])}</label>'
        for k in DecisionKind
    )
    place = zone.rsplit("/", 1)[-1].replace("_", " ")
    times = "".join(
        f'<label>Interview time {n} ({_e(place)} time)<input type="datetime-local" name="time{n}"></label>'
        for n in (1, 2, 3)
    )
    return (
        f'<form method="post" action="/employer/packs/{_e(token)}/candidates/{_e(profile.code)}">'
        f"<fieldset><legend>Your answer on {_e(profile.code)}</legend>{choices}</fieldset>"
        f'<label>Comment<textarea name="comment" maxlength="1000" rows="3"></textarea></label>'
        f"<details><summary>Propose interview times</summary>{times}</details>"
        "<p><button>Send answer</button></p></form>"
    )


def pack_html(page: PackPage, token: str, notice: str = "", problem: tuple[str, str] | None = None) -> str:
    pack = page.pack
    positions = ", ".join(f"{p.trade} ({p.head_count})" for p in page.order.positions)
    header = (
        f"<header><h1>Candidates for {_e(page.employer.company)}</h1>"
        f"<p>Order {_e(pack.order_id)}: {_e(positions)}</p>"
        f"<p>From {_e(c.AGENCY_NAME)} · this link is personal to {_e(pack.contact_name)}</p></header>"
    )
    parts = [f'<p role="status">{_e(notice)}</p>' if notice else ""]
    for profile in page.profiles:
        error = f'<p role="alert">{_e(problem[1])}</p>' if problem and problem[0] == profile.code else ""
        cv = (
            f'<p><a href="/employer/packs/{_e(token)}/cv/{_e(profile.code)}">Download the full CV</a></p>'
            if profile.released
            else "<p>The full CV is shared once the agency releases it.</p>"
        )
        parts.append(
            f'<article id="{_e(profile.code)}"><h2>Candidate {_e(profile.code)}</h2>{_profile(profile)}{cv}'
            f"{_answer(page.decisions.get(profile.code), page.zone)}{error}{_form(token, profile, page.zone)}</article>"
        )
    return header + "<main>" + "".join(parts) + "</main>"


@get("/employer/packs/{token:str}", include_in_schema=False)
async def pack_page(
    request: Request[Any, Any, Any], employer_packs: NamedDependency[EmployerPacks], token: FromPath[str]
) -> Response[str]:
    try:
        page = await employer_packs.page(token, client_address(request))
    except NotFound:
        return not_found_page()
    saved = request.query_params.get("saved", "")
    notice = SAVED.format(code=saved) if page.pack.candidate(saved) is not None else ""
    return _document(f"Candidates for {page.employer.company}", pack_html(page, token, notice))


@get("/employer/packs/{token:str}/cv/{code:str}", include_in_schema=False)
async def pack_cv(
    request: Request[Any, Any, Any],
    employer_packs: NamedDependency[EmployerPacks],
    files: NamedDependency[SkipValidation[FileStore]],
    token: FromPath[str],
    code: FromPath[str],
) -> Response[Any]:
    try:
        found = await employer_packs.cv(token, code, client_address(request))
        response: Response[Any] = await private_file(files, found.key, found.content_type, found.download_name)
    except NotFound:
        return not_found_page()
    response.headers.update(PAGE_HEADERS)
    return response


@post("/employer/packs/{token:str}/candidates/{code:str}", include_in_schema=False, status_code=303)
async def pack_decision(
    request: Request[Any, Any, Any],
    employer_packs: NamedDependency[EmployerPacks],
    token: FromPath[str],
    code: FromPath[str],
    data: Annotated[DecisionForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
) -> Response[str]:
    address = client_address(request)
    sent = {"decision": data.decision, "comment": data.comment, "times": [data.time1, data.time2, data.time3]}
    try:
        await employer_packs.decide(token, code, sent, address)
    except NotFound:
        return not_found_page()
    except Rejected as refused:
        try:
            page = await employer_packs.page(token, address)
        except NotFound:
            return not_found_page()
        problem = (code, "; ".join(refused.errors.values()))
        return _document(f"Candidates for {page.employer.company}", pack_html(page, token, problem=problem), 422)
    location = f"/employer/packs/{token}?saved={code}#{code}"
    return Response("", status_code=303, headers={**PAGE_HEADERS, "Location": location})


def build_employer_router(settings: Settings) -> Router:
    """The employer's pages, counted by the public rate limit (as the forms are) when it is on."""
    limited = settings.api.rate_limit_per_minute > 0
    return Router(
        path="/",
        route_handlers=[pack_page, pack_cv, pack_decision],
        middleware=[shared_rate_limit("employer")] if limited else [],
    )
