"""The record page of kind ``job-list`` (``/jobs``): the open jobs in the HTML, unfiltered.

The build renders ``JobsPage`` with a placeholder board of one job card (``found``) and with an
empty board (``empty``: "No open jobs right now"); every country and category count in the filter
menus is the token ``__RECORD_COUNT__``. Here the counts are filled per option from the board, and
the card is repeated per open job with :func:`app.pages.job.fill`. A filtered view (``?country=``)
is this template set to its filters by :mod:`app.pages.job_filters`.
"""

from __future__ import annotations

import html
import re
from typing import Any

from agency_core.jobs.model import Job
from app.pages import job
from app.pages.document import absolute

KIND = "job-list"
PATH = "/jobs"
FILTERS = ("country", "category", "q")

_CARD = re.compile(r'<li class="card job-card">.*?</li>', re.DOTALL)
_SELECT = re.compile(r'(<select id="jobs-(country|category)"[^>]*>)(.*?)(</select>)', re.DOTALL)
# An option's text holds no tag: the count token is matched inside its own option, never across
# the "All countries" option (which has none) into the next one.
_OPTION = re.compile(r'(<option value="([^"]*)"[^>]*>[^<]*?)__RECORD_COUNT__')


def total_text(total: int) -> str:
    return "1 open job" if total == 1 else f"{total} open jobs"


def fill(template: str, jobs: list[Job], by_country: dict[str, int], by_category: dict[str, int]) -> str:
    def counts(select: re.Match[str]) -> str:
        table = by_country if select.group(2) == "country" else by_category
        options = _OPTION.sub(lambda o: o.group(1) + str(table.get(html.unescape(o.group(2)), 0)), select.group(3))
        return select.group(1) + options + select.group(4)

    text = _SELECT.sub(counts, template)
    text = text.replace("__RECORD_TOTAL__ open jobs", total_text(len(jobs)), 1)
    return _CARD.sub(lambda m: "".join(job.fill(m.group(0), j) for j in jobs), text, count=1)


def data(board: dict[str, Any], origin: str) -> dict[str, Any]:
    return {"kind": KIND, "path": PATH, "url": absolute(origin, PATH), "record": board}
