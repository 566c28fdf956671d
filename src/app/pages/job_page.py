"""The HTML head of ``/jobs/{id}``: title, description, canonical, Open Graph and the
``JobPosting`` JSON-LD, put into the built ``index.html`` the server sends.

Pure functions (no I/O) so they are tested on their own. Kept apart on purpose: when the
general mechanism for server-filled record pages lands (issue 10), ``job_head`` moves onto it
and ``inject_head`` goes away. No executable inline script: only a JSON-LD data block.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, Final

from agency_core import constants as c
from agency_core.admin import Job
from agency_core.job_posting import LOGO_PATH, job_posting
from agency_core.jobs import JOB_CLOSED_NOTICE

DESCRIPTION_LENGTH: Final = 160
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_DESCRIPTION = re.compile(r"""<meta\s+name=["']description["'][^>]*>\s*""", re.S)


def page_title(job: Job) -> str:
    place = f"{job.city}, {job.country}" if job.city else job.country
    return f"{job.title} in {place} | {c.AGENCY_NAME}"


def page_description(job: Job, closed: bool) -> str:
    text = " ".join(job.description.split())
    lead = f"{JOB_CLOSED_NOTICE}. " if closed else ""
    salary = f"{job.salary}. " if job.salary else ""
    full = f"{lead}{job.category} job in {job.country}. {salary}{text}"
    return full if len(full) <= DESCRIPTION_LENGTH else full[: DESCRIPTION_LENGTH - 3].rstrip() + "..."


def json_ld_block(data: dict[str, Any]) -> str:
    """A ``<script type="application/ld+json">`` data block; ``<`` is escaped so no text can end it."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/ld+json">{body}</script>'


def job_head(job: Job, site_url: str, *, closed: bool) -> str:
    """The head tags of a job's page. A closed job keeps its page, without the ``JobPosting``."""
    url = f"{site_url}/jobs/{job.id}"
    title = html.escape(page_title(job))
    description = html.escape(page_description(job, closed))
    tags = [
        f"<title>{title}</title>",
        f'<meta name="description" content="{description}" />',
        f'<link rel="canonical" href="{html.escape(url)}" />',
        '<meta property="og:type" content="website" />',
        f'<meta property="og:title" content="{title}" />',
        f'<meta property="og:description" content="{description}" />',
        f'<meta property="og:url" content="{html.escape(url)}" />',
        f'<meta property="og:image" content="{html.escape(site_url + LOGO_PATH)}" />',
        f'<meta property="og:site_name" content="{html.escape(c.AGENCY_NAME)}" />',
    ]
    if not closed:
        tags.append(json_ld_block(job_posting(job, site_url)))
    return "\n    ".join(tags)


def inject_head(index_html: str, head: str) -> str:
    """``index_html`` with its own title and description replaced by ``head`` (before ``</head>``)."""
    without = _DESCRIPTION.sub("", _TITLE.sub("", index_html, count=1), count=1)
    return without.replace("</head>", f"    {head}\n  </head>", 1)
