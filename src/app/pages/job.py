"""Record pages of kind ``job`` (``/jobs/{id}``): head tags, the filled template, the data block.

The build renders ``JobPage`` with a placeholder job whose fields are ``__RECORD_*__`` tokens,
once open (``found``), once closed (``closed``: "This position is closed", no Apply) and once with
no job (``missing``: "Job Not Found", served with 404 for a draft or an unknown id). The head has
the ``JobPosting`` JSON-LD of :mod:`agency_core.jobs.posting` while the job is open.
"""

from __future__ import annotations

import html
import re
from typing import Any

from agency_core.jobs.model import Job
from agency_core.jobs.posting import LOGO_PATH, job_posting
from app.pages.blog_post import encode_uri_component
from app.pages.document import AGENCY_NAME, Head, absolute
from app.pages.job_page import page_description, page_title

KIND = "job"
NOT_FOUND_TITLE = "Job Not Found"
NOT_FOUND_DESCRIPTION = "This job does not exist or is no longer advertised."


def path_of(job_id: str) -> str:
    return f"/jobs/{encode_uri_component(job_id)}"


def head(job: Job, origin: str, *, closed: bool) -> Head:
    """Title, description, canonical, Open Graph/Twitter; ``JobPosting`` only while open."""
    return Head(
        title=page_title(job),
        description=page_description(job, closed),
        path=path_of(job.id),
        image=LOGO_PATH,
        json_ld=[] if closed else [job_posting(job, origin)],
    )


def not_found_head(path: str) -> Head:
    return Head(
        title=f"{NOT_FOUND_TITLE} | {AGENCY_NAME}", description=NOT_FOUND_DESCRIPTION, path=path, robots="noindex"
    )


def place(job: Job) -> str:
    """``[city, country].filter(Boolean).join(', ')`` of the page."""
    return ", ".join(part for part in (job.city, job.country) if part)


def _optional(text: str, pattern: str, present: bool) -> str:
    return text if present else re.sub(pattern, "", text, count=1)


_BENEFITS = re.compile(r"(<h2>Benefits</h2><ul>)(<li>__RECORD_BENEFIT__</li>)(</ul>)")


def fill(template: str, job: Job) -> str:
    """The template (a job page, or one card of the job list) with ``job``'s fields, escaped."""
    e = html.escape
    text = _optional(template, r"<dt>Salary</dt><dd>__RECORD_SALARY__</dd>", bool(job.salary))
    text = _optional(text, r'<p class="job-card__salary">__RECORD_SALARY__</p>', bool(job.salary))
    closing = None if job.closing_date is None else job.closing_date.isoformat()
    text = _optional(text, r"<dt>Closing date</dt><dd>__RECORD_CLOSINGDATE__</dd>", closing is not None)
    text = _optional(text, r'<p class="muted">Closes <!-- -->__RECORD_CLOSINGDATE__</p>', closing is not None)
    text = _optional(
        text, r'<h2>Requirements</h2><p class="job-text">__RECORD_REQUIREMENTS__</p>', bool(job.requirements)
    )
    if job.benefits:
        text = _BENEFITS.sub(
            lambda m: (
                m.group(1) + "".join(m.group(2).replace("__RECORD_BENEFIT__", e(b)) for b in job.benefits) + m.group(3)
            ),
            text,
            count=1,
        )
    else:
        text = _BENEFITS.sub("", text, count=1)
    text = text.replace("/apply?job=__RECORD_ID__", "/apply?job=" + e(encode_uri_component(job.id)))
    text = text.replace('href="/jobs/__RECORD_ID__"', f'href="{e(path_of(job.id))}"')
    text = text.replace("__RECORD_CITY__, __RECORD_COUNTRY__", e(place(job)))
    values = {
        "__RECORD_ID__": e(job.id),
        "__RECORD_TITLE__": e(job.title),
        "__RECORD_COUNTRY__": e(job.country),
        "__RECORD_CITY__": e(job.city),
        "__RECORD_CATEGORY__": e(job.category),
        "__RECORD_EMPLOYMENTTYPE__": e(job.employment_type),
        "__RECORD_POSITIONS__": str(job.positions),
        "__RECORD_SALARY__": e(job.salary),
        "__RECORD_CLOSINGDATE__": e(closing or ""),
        "__RECORD_DESCRIPTION__": e(job.description),
        "__RECORD_REQUIREMENTS__": e(job.requirements),
    }
    return re.sub(r"__RECORD_[A-Z]+__", lambda m: values.get(m.group(0), m.group(0)), text)


def data(path: str, origin: str, record: dict[str, Any] | None) -> dict[str, Any]:
    return {"kind": KIND, "path": path, "url": absolute(origin, path), "record": record}
