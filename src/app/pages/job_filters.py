"""A filtered ``/jobs`` (``?country=Qatar&category=...&q=...``) served ready, like the unfiltered board.

The filtered page is the ``job-list`` template filled as :mod:`app.pages.job_list` fills it, then
set to the filters exactly as ``JobsPage`` renders them from the URL: the words in the search box,
the chosen option of each menu, the "N open jobs · Healthcare jobs in Qatar" line and, with no
match, the "No open jobs in ... right now" heading (and the link to every open job when there are
some). The data block carries the board and the filters it was served for, so the client hydrates
the same markup without a request.

Head: one country (a country of the menu, nothing else) is a page of its own, indexed with its
canonical URL; any other filter (a category, words, an unknown country) only narrows a page that
exists, so it is ``noindex`` with the canonical of the page it narrows (that country, else ``/jobs``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from agency_core.jobs.rules import JobSearch, country_name
from agency_core.spec.constants import APPLICATION_COUNTRIES
from app.pages.document import AGENCY_NAME, Head, absolute
from app.pages.job_list import KIND, PATH

_SEARCH_VALUE = re.compile(r'(<input id="jobs-q"[^>]*? value=")[^"]*(")')
_SELECT = re.compile(r'(<select id="jobs-(country|category)"[^>]*>)(.*?)(</select>)', re.DOTALL)
_COUNT_LINE = re.compile(r'(<p class="muted" aria-live="polite" data-testid="jobs-count">[^<]*)(</p>)')
_EMPTY_HEADING = re.compile(r'(<div class="card jobs-empty"><h2>).*?(</h2>)', re.DOTALL)
TOTAL_OPEN = "987654321"
"""The number of open jobs in the ``empty-more`` template (``client/scripts/prerender.mjs``)."""


@dataclass(frozen=True, slots=True)
class JobFilters:
    """The filters as ``JobsPage`` reads them from the URL (the country through its alias)."""

    country: str = ""
    category: str = ""
    q: str = ""

    @classmethod
    def of(cls, query: Mapping[str, str]) -> JobFilters:
        return cls(country_name(query.get("country") or ""), query.get("category") or "", query.get("q") or "")

    def __bool__(self) -> bool:
        return bool(self.country or self.category or self.q)

    def search(self) -> JobSearch:
        return JobSearch(self.country, self.category, self.q)

    def json(self) -> dict[str, str]:
        return {"country": self.country, "category": self.category, "q": self.q}

    @property
    def own_page(self) -> bool:
        """Only a known country: a page of its own (indexed)."""
        return self.country in APPLICATION_COUNTRIES and not self.category and not self.q

    def where(self) -> str:
        """``JobsPage``'s ``where``: "Healthcare jobs in Qatar", "Healthcare", "in Qatar" or ""."""
        return " jobs ".join(part for part in (self.category, f"in {self.country}" if self.country else "") if part)

    def empty_heading(self) -> str:
        text = "No open jobs"
        text += f" in {self.category}" if self.category else ""
        text += f" in {self.country}" if self.country else ""
        text += f' matching "{self.q}"' if self.q else ""
        return text + " right now"


def _choose(select: re.Match[str], value: str) -> str:
    """The menu with the option of ``value`` selected (none when no option has it), as React renders it."""
    options = select.group(3).replace(' selected=""', "")
    chosen = f'<option value="{html.escape(value)}"'
    if chosen in options:
        options = options.replace(chosen, chosen + ' selected=""', 1)
    return select.group(1) + options + select.group(4)


def set_filters(template: str, filters: JobFilters, total_open: int) -> str:
    """The ``job-list`` template (before :func:`app.pages.job_list.fill`) as ``filters`` render it."""
    values = {"country": filters.country, "category": filters.category}
    text = _SEARCH_VALUE.sub(lambda m: m.group(1) + html.escape(filters.q) + m.group(2), template, count=1)
    text = _SELECT.sub(lambda m: _choose(m, values[m.group(2)]), text)
    where = filters.where()
    if where:
        # React writes the two parts of the line as two text nodes, with a comment between them.
        text = _COUNT_LINE.sub(lambda m: f"{m.group(1)}<!-- --> · {html.escape(where)}{m.group(2)}", text, count=1)
    text = _EMPTY_HEADING.sub(lambda m: m.group(1) + html.escape(filters.empty_heading()) + m.group(2), text, count=1)
    return text.replace(TOTAL_OPEN, str(total_open))


def head(entry: Mapping[str, Any], filters: JobFilters) -> Head:
    country_path = f"{PATH}?{urlencode({'country': filters.country})}"
    known_country = filters.country in APPLICATION_COUNTRIES
    return Head(
        title=f"Jobs in {filters.country} | {AGENCY_NAME}" if filters.country else entry.get("title") or AGENCY_NAME,
        description=entry.get("description") or "",
        path=country_path if known_country else PATH,
        extra=entry.get("head") or "",
        robots=None if filters.own_page else "noindex",
    )


def data(board: dict[str, Any], filters: JobFilters, origin: str) -> dict[str, Any]:
    url = f"{PATH}?{urlencode({k: v for k, v in filters.json().items() if v})}"
    return {"kind": KIND, "path": PATH, "url": absolute(origin, url), "record": board, "query": filters.json()}
