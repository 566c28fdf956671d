"""``/jobs/{id}`` as the server sends it: head tags and ``JobPosting`` JSON-LD, closed and draft jobs."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from datetime import UTC, date, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.jobs.posting import LOGO_PATH
from agency_core.records import JobStatus
from agency_core.spec.constants import APPLICATION_COUNTRIES, APPLICATION_JOB_CATEGORIES
from app.pages import job as job_record
from app.pages.document import head_html
from tests.admin.area import container, signed_in
from tests.admin.conftest import MakeHarness
from tests.support.writes import save_job

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
INDEX = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Vandy Travel and Recruitment Services</title>
    <meta name="description" content="Overseas recruitment." />
  </head>
  <body><div id="root"></div></body>
</html>
"""
JOB = Job(
    "JB1",
    "Registered Nurse </script><b>",
    "Qatar",
    "Healthcare & Medical",
    "",
    "Ward nurses for a private hospital.\n\nNight shifts.",
    JobStatus.OPEN,
    T0,
    T0,
    city="Doha",
    employment_type="Contract",
    positions=4,
    salary_min=2000,
    salary_max=3200,
    salary_currency="USD",
    salary_period="month",
    requirements="Two years",
    benefits=("Accommodation", "Visa paid"),
    closing_date=date(2099, 6, 30),
    published_at=T0,
)


class Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ld: list[str] = []
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.titles: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            self.scripts.append(a)
            self._in = "ld" if a.get("type") == "application/ld+json" else "script"
        elif tag == "title":
            self._in = "title"
        elif tag == "meta":
            key = a.get("name") or a.get("property")
            if key:
                self.meta[key] = a.get("content") or ""
        elif tag == "link" and a.get("rel"):
            self.links[str(a["rel"])] = a.get("href") or ""

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "ld":
            self.ld.append(data)
        elif self._in == "title":
            self.titles.append(data)


def parse(page: str) -> Head:
    head = Head()
    head.feed(page)
    return head


def check_job_posting(data: dict[str, Any], site: str) -> None:
    """Every property Google requires, with its type, and the recommended ones the job has."""
    assert data["@context"] == "https://schema.org/"
    assert data["@type"] == "JobPosting"
    assert isinstance(data["title"], str)
    assert data["title"]
    assert isinstance(data["description"], str)
    assert data["description"].startswith("<p>")
    assert datetime.fromisoformat(data["datePosted"]).tzinfo is not None
    org = data["hiringOrganization"]
    assert org["@type"] == "Organization"
    assert org["name"] == "Vandy Travel and Recruitment Services"
    assert org["logo"].startswith(site + "/")
    address = data["jobLocation"]["address"]
    assert (data["jobLocation"]["@type"], address["@type"]) == ("Place", "PostalAddress")
    assert isinstance(address["addressLocality"], str)
    assert address["addressLocality"]
    assert isinstance(address["addressCountry"], str)
    assert len(address["addressCountry"]) == 2
    assert datetime.fromisoformat(data["validThrough"]) > datetime.fromisoformat(data["datePosted"])
    assert data["employmentType"] in {"FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "OTHER"}
    assert data["directApply"] is True
    salary = data["baseSalary"]
    assert (salary["@type"], salary["value"]["@type"]) == ("MonetaryAmount", "QuantitativeValue")
    assert isinstance(salary["currency"], str)
    assert len(salary["currency"]) == 3
    assert isinstance(salary["value"]["minValue"], int)
    assert isinstance(salary["value"]["maxValue"], int)
    assert salary["value"]["unitText"] in {"HOUR", "DAY", "WEEK", "MONTH", "YEAR"}


def job_page_head(job: Job, site: str, *, closed: bool) -> str:
    return "<head>" + head_html(job_record.head(job, site, closed=closed), site) + "</head>"


def test_the_head_has_title_description_canonical_and_json_ld() -> None:
    page = job_page_head(JOB, "https://www.vandytravel.com", closed=False)
    head = parse(page)
    assert head.titles == ["Registered Nurse </script><b> in Doha, Qatar | Vandy Travel and Recruitment Services"]
    assert page.count('name="description"') == 1
    assert head.meta["og:title"] == head.meta["twitter:title"] == head.titles[0]
    assert head.links["canonical"] == head.meta["og:url"] == "https://www.vandytravel.com/jobs/JB1"
    assert head.meta["og:image"] == "https://www.vandytravel.com" + LOGO_PATH
    assert head.meta["description"].startswith("Healthcare & Medical job in Qatar. USD 2,000-3,200 / month.")
    assert len(head.meta["description"]) <= 160
    # the only script is a data block, and the title's "</script>" could not end it early
    assert [s.get("type") for s in head.scripts] == ["application/ld+json"]
    assert page.count("</script") == 1
    (block,) = head.ld
    data = json.loads(block)
    check_job_posting(data, "https://www.vandytravel.com")
    assert (data["jobLocation"]["address"]["addressLocality"], data["jobLocation"]["address"]["addressCountry"]) == (
        "Doha",
        "QA",
    )
    assert data["baseSalary"]["value"]["minValue"] == 2000
    assert data["totalJobOpenings"] == 4
    assert "<li>Visa paid</li>" in data["description"]


def test_a_closed_job_page_says_so_and_has_no_job_posting() -> None:
    head = parse(job_page_head(JOB, "https://x.example", closed=True))
    assert head.ld == []
    assert head.meta["description"].startswith("This position is closed.")


def root_of(page: str) -> str:
    return page[page.index('<div id="root">') :]


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def route_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="route-data">(.*?)</script>', page, re.DOTALL)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


SITE = "https://www.vandytravel.com"


async def test_the_server_sends_job_pages_with_content_head_and_json_ld(make_harness: MakeHarness) -> None:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    h = await signed_in(make_harness, client_dist=DIST, site_url=SITE)
    await save_job(container(h).store, JOB, AuditEntry("AU1", "t", "job.create", "t", T0))
    await save_job(
        container(h).store,
        replace(JOB, id="JB2", status=JobStatus.DRAFT, published_at=None),
        AuditEntry("AU2", "t", "x", "t", T0),
    )
    await save_job(
        container(h).store, replace(JOB, id="JB3", status=JobStatus.CLOSED), AuditEntry("AU3", "t", "x", "t", T0)
    )
    bare = replace(
        JOB,
        id="JB4",
        title="Driver & <Courier>",
        city="",
        salary_min=None,
        salary_max=None,
        requirements="",
        benefits=(),
        closing_date=None,
    )
    await save_job(container(h).store, bare, AuditEntry("AU4", "t", "x", "t", T0))

    response = await h.client.get("/jobs/JB1")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    root = root_of(page)
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", root, re.DOTALL)
    assert h1 is not None
    assert text_of(h1.group(1)) == JOB.title
    body = text_of(root)
    for text in ("Doha, Qatar", "Healthcare & Medical", "Contract", "USD 2,000-3,200 / month", "2099-06-30"):
        assert text in body
    for text in ("Ward nurses for a private hospital.", "Two years", "Accommodation", "Visa paid"):
        assert text in body
    assert "Apply for this job" in body
    assert 'href="/apply?job=JB1"' in root
    assert "This position is closed" not in body
    assert "__RECORD_" not in page
    # the AGENCY_SITE_URL, not the request's origin, in every absolute URL
    head = parse(page[: page.index("</head>")])
    assert head.links["canonical"] == head.meta["og:url"] == f"{SITE}/jobs/JB1"
    assert head.meta["twitter:card"] == "summary_large_image"
    assert page.count("<title>") == 1
    (block,) = head.ld
    check_job_posting(json.loads(block), SITE)
    data = route_data(page)
    assert (data["kind"], data["path"], data["url"]) == ("job", "/jobs/JB1", f"{SITE}/jobs/JB1")
    assert data["record"] == (await h.client.get("/api/jobs/JB1")).json()

    closed = await h.client.get("/jobs/JB3")
    assert closed.status_code == 200
    assert parse(closed.text[: closed.text.index("</head>")]).ld == []
    closed_body = text_of(root_of(closed.text))
    assert "This position is closed" in closed_body
    assert "Apply for this job" not in closed_body
    assert re.search(r"<title>Registered Nurse", closed.text)
    assert route_data(closed.text)["record"]["status"] == "closed"

    for missing in ("/jobs/JB2", "/jobs/nope"):
        answer = await h.client.get(missing)
        assert answer.status_code == 404
        assert "Job Not Found" in text_of(root_of(answer.text))
        assert "This job does not exist or is no longer advertised." in answer.text
        assert '<meta name="robots" content="noindex" />' in answer.text
        assert route_data(answer.text)["record"] is None
        assert "application/ld+json" not in answer.text

    # a job without the optional facts: their rows and sections are left out, as the page does
    page = (await h.client.get("/jobs/JB4")).text
    body = text_of(root_of(page))
    assert "Driver & <Courier>" in body
    for absent in ("Salary", "Closing date", "Requirements", "Benefits", "__RECORD_"):
        assert absent not in body
    assert "<ul></ul>" not in page
    assert route_data(page)["record"] == (await h.client.get("/api/jobs/JB4")).json()

    board = await h.client.get("/jobs")
    assert board.status_code == 200
    root = root_of(board.text)
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", root, re.DOTALL)
    assert h1 is not None
    assert text_of(h1.group(1)) == "Jobs Abroad"
    api = (await h.client.get("/api/jobs")).json()
    assert route_data(board.text)["record"] == api
    listed = text_of(root)
    assert JOB.title in listed
    assert ("1 open job" if api["total"] == 1 else f"{api['total']} open jobs") in listed
    assert f"Qatar ({api['countries']['Qatar']})" in listed
    assert f"Healthcare & Medical ({api['categories']['Healthcare & Medical']})" in listed
    assert 'href="/jobs/JB1"' in root
    assert 'href="/jobs/JB4"' in root
    assert root.count('<li class="card job-card">') == api["total"]
    assert "__RECORD_" not in board.text
    assert 'href="/jobs/JB3"' not in root
    assert 'href="/jobs/JB2"' not in root
    assert parse(board.text[: board.text.index("</head>")]).links["canonical"] == f"{SITE}/jobs"
    # a filtered view is served ready too (tests/admin/test_filtered_pages.py has the details)
    filtered = await h.client.get("/jobs?country=Qatar")
    assert filtered.status_code == 200
    assert 'href="/jobs/JB1"' in root_of(filtered.text)

    sitemap = (await h.client.get("/sitemap.xml")).text
    assert f"<loc>{SITE}/jobs/JB1</loc><lastmod>{T0.date().isoformat()}</lastmod>" in sitemap
    assert f"<loc>{SITE}/jobs</loc>" in sitemap
    assert "/jobs/JB2<" not in sitemap
    assert "/jobs/JB3<" not in sitemap
    assert "/payment/callback" not in sitemap


async def test_the_payment_return_page_is_served_noindex(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, client_dist=DIST, site_url=SITE)
    response = await h.client.get("/payment/callback?reference=VA1-abcdef")
    assert response.status_code == 200
    assert response.headers["x-robots-tag"] == "noindex"
    assert '<meta name="robots" content="noindex" />' in response.text
    assert '<div id="root"></div>' in response.text
    assert "<title>Payment | Vandy Travel and Recruitment Services</title>" in response.text
    # the e-mail's payment link (its key in the fragment, never sent here): served the same way
    start = await h.client.get("/payment/start?application=VA1")
    assert start.status_code == 200
    assert start.headers["x-robots-tag"] == "noindex"
    assert "<title>Pay the processing fee | Vandy Travel and Recruitment Services</title>" in start.text
    assert "/payment/start" not in (await h.client.get("/sitemap.xml")).text


async def test_every_filter_option_of_the_served_board_counts_its_open_jobs(make_harness: MakeHarness) -> None:
    # The first country and category carry jobs: a count pattern that swallowed the first option
    # (after "All countries") showed "(0)" there whatever the records said.
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    h = await signed_in(make_harness, client_dist=DIST, site_url=SITE)
    first_country, first_category = APPLICATION_COUNTRIES[0], APPLICATION_JOB_CATEGORIES[0]
    records = [
        replace(JOB, id="JB1", country=first_country, category=first_category),
        replace(JOB, id="JB2", country=first_country, category="Hospitality & Tourism"),
        replace(JOB, id="JB3", country="Qatar", category=first_category),
        replace(JOB, id="JB4", country="Other", category="Other"),
        replace(JOB, id="JB5", country=first_country, category=first_category, status=JobStatus.DRAFT),
        replace(JOB, id="JB6", country="Oman", category="Other", status=JobStatus.CLOSED),
    ]
    for n, record in enumerate(records):
        await save_job(container(h).store, record, AuditEntry(f"AU{n}", "t", "job.create", "t", T0))
    open_jobs = [r for r in records if r.status is JobStatus.OPEN]

    root = root_of((await h.client.get("/jobs")).text)
    for select_id, choices, key in (
        ("jobs-country", APPLICATION_COUNTRIES, "country"),
        ("jobs-category", APPLICATION_JOB_CATEGORIES, "category"),
    ):
        select = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', root, re.DOTALL)
        assert select is not None
        options = [text_of(o) for o in re.findall(r"<option[^>]*>(.*?)</option>", select.group(1), re.DOTALL)]
        expected = [f"{c} ({sum(1 for r in open_jobs if getattr(r, key) == c)})" for c in choices]
        assert options[1:] == expected
        assert options[0] in ("All countries", "All categories")
    assert f"{first_country} (2)" in text_of(root)
    assert f"{len(open_jobs)} open jobs" in text_of(root)
