"""``/jobs/{id}`` as the server sends it: head tags and ``JobPosting`` JSON-LD, closed and draft jobs."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import UTC, date, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from agency_core.admin import AuditEntry, Job, JobStatus
from app.pages.job_page import inject_head, job_head, json_ld_block
from tests.admin.area import container, signed_in
from tests.admin.conftest import MakeHarness

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


def test_the_head_replaces_title_and_description_and_carries_json_ld() -> None:
    page = inject_head(INDEX, job_head(JOB, "https://www.vandytravel.com", closed=False))
    head = parse(page)
    assert head.titles == ["Registered Nurse </script><b> in Doha, Qatar | Vandy Travel and Recruitment Services"]
    assert page.count('name="description"') == 1
    assert head.meta["og:title"] == head.titles[0]
    assert head.links["canonical"] == head.meta["og:url"] == "https://www.vandytravel.com/jobs/JB1"
    assert head.meta["description"].startswith("Healthcare & Medical job in Qatar. USD 2,000-3,200 / month.")
    assert len(head.meta["description"]) <= 160
    # the only script is a data block, and the title's "</script>" could not end it early
    assert [s.get("type") for s in head.scripts] == ["application/ld+json"]
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
    assert json_ld_block(data).count("</script") == 1


def test_a_closed_job_page_says_so_and_has_no_job_posting() -> None:
    head = parse(inject_head(INDEX, job_head(JOB, "https://x.example", closed=True)))
    assert head.ld == []
    assert head.meta["description"].startswith("This position is closed.")


async def test_the_server_sends_the_job_posting_in_the_html(make_harness: MakeHarness, tmp_path: Path) -> None:
    h = await signed_in(make_harness)
    dist = container(h).settings.client_dist
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "index.html").write_text(INDEX, encoding="utf-8")
    store = container(h).admin_store
    await store.save_job(JOB, AuditEntry("AU1", "t", "job.create", "t", T0))
    await store.save_job(
        replace(JOB, id="JB2", status=JobStatus.DRAFT, published_at=None), AuditEntry("AU2", "t", "x", "t", T0)
    )
    await store.save_job(replace(JOB, id="JB3", status=JobStatus.CLOSED), AuditEntry("AU3", "t", "x", "t", T0))

    response = await h.client.get("/jobs/JB1")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    (block,) = parse(response.text).ld
    check_job_posting(json.loads(block), "http://testserver.local")

    closed = await h.client.get("/jobs/JB3")
    assert closed.status_code == 200
    assert parse(closed.text).ld == []
    assert re.search(r"<title>Registered Nurse", closed.text)
    assert (await h.client.get("/jobs/JB2")).status_code == 404
    assert (await h.client.get("/jobs/nope")).status_code == 404
    # the job board itself is the client's page
    assert (await h.client.get("/jobs")).status_code == 200
