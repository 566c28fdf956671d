"""Filtered and listing pages as the server sends them, read without JavaScript: ``/jobs?country=...``,
``/blog/category/{slug}`` and ``/blog/tag/{tag}`` carry their content, head tags and data block."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from agency_core.audit import AuditEntry
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.admin.test_job_page import JOB, T0, container, parse, route_data
from tests.support.writes import save_job

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
SITE = "https://www.vandytravel.com"


def root_of(page: str) -> str:
    return page[page.index('<div id="root">') : page.index('<script type="application/json" id="route-data">')]


def text_of(markup: str) -> str:
    """The visible text; React's ``<!-- -->`` between two text nodes is no space."""
    text = re.sub(r"<[^>]+>", " ", markup.replace("<!-- -->", ""))
    return " ".join(html.unescape(text).split())


def head_of(page: str) -> Any:
    return parse(page[: page.index("</head>")])


def selected(page: str, select_id: str) -> list[str]:
    found = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.DOTALL)
    assert found is not None
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)" selected=""', found.group(1))]


@pytest.fixture
async def site(make_harness: MakeHarness) -> AdminHarness:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    h = await make_harness(demo=True, client_dist=DIST, site_url=SITE)
    nurse = replace(JOB, title="Registered Nurse")
    driver = replace(JOB, id="JB2", title="Bus Driver", country="United Arab Emirates", category="Transportation")
    for job in (nurse, driver):
        await save_job(container(h).store, job, AuditEntry(f"AU{job.id}", "t", "job.create", job.id, T0))
    return h


async def test_a_country_filter_is_served_with_its_jobs_and_its_own_canonical(site: AdminHarness) -> None:
    response = await site.client.get("/jobs?country=Qatar")
    assert response.status_code == 200
    page = response.text
    body = text_of(root_of(page))
    assert "Registered Nurse" in body
    assert "Bus Driver" not in body
    assert "1 open job · in Qatar" in body
    assert selected(page, "jobs-country") == ["Qatar"]
    assert selected(page, "jobs-category") == [""]
    assert "__RECORD_" not in page
    head = head_of(page)
    assert head.titles == ["Jobs in Qatar | Vandy Travel and Recruitment Services"]
    assert head.links["canonical"] == f"{SITE}/jobs?country=Qatar"
    assert "robots" not in head.meta
    assert "x-robots-tag" not in response.headers
    data = route_data(page)
    assert (data["kind"], data["path"]) == ("job-list", "/jobs")
    assert data["query"] == {"country": "Qatar", "category": "", "q": ""}
    assert data["record"] == (await site.client.get("/api/jobs?country=Qatar")).json()


async def test_the_uae_alias_and_a_category_narrow_the_board_and_are_not_indexed(site: AdminHarness) -> None:
    page = (await site.client.get("/jobs?country=UAE&category=Transportation&q=bus")).text
    body = text_of(root_of(page))
    assert "Bus Driver" in body
    assert "1 open job · Transportation jobs in United Arab Emirates" in body
    assert selected(page, "jobs-country") == ["United Arab Emirates"]
    assert selected(page, "jobs-category") == ["Transportation"]
    assert re.search(r'<input id="jobs-q"[^>]* value="bus"', page)
    head = head_of(page)
    assert head.meta["robots"] == "noindex"
    assert head.links["canonical"] == f"{SITE}/jobs?country=United+Arab+Emirates"


async def test_a_filter_without_a_match_says_so_and_links_to_every_open_job(site: AdminHarness) -> None:
    response = await site.client.get('/jobs?category=Education&q=<b>"x"')
    body = text_of(root_of(response.text))
    assert 'No open jobs in Education matching "<b>"x"" right now' in body
    assert "0 open jobs · Education" in body
    assert "see all 2 open jobs" in body
    assert "<b>" not in root_of(response.text)
    assert response.headers["x-robots-tag"] == "noindex"
    assert head_of(response.text).links["canonical"] == f"{SITE}/jobs"


def _cards(html_text: str) -> list[str]:
    return re.findall(r'<article class="(card blog-card[^"]*)">', html_text)


def _as_listed(count: int) -> list[str]:
    """``BlogListingPage``'s cards: the first on a phone's first screen, the others laid out later."""
    return ["card blog-card"] + ["card blog-card later-on-phone"] * (count - 1)


async def test_a_blog_category_is_served_with_its_posts(site: AdminHarness) -> None:
    response = await site.client.get("/blog/category/career-advice")
    assert response.status_code == 200
    page = response.text
    root = root_of(page)
    assert re.search(r"<h1[^>]*>Category: Career Advice</h1>", root)
    posts = (await site.client.get("/api/blog-posts")).json()["items"]
    mine = [p for p in posts if p["category"] == "Career Advice"]
    assert len(mine) >= 2
    for post in mine:
        assert html.escape(post["title"]) in root
        assert f'href="/blog/{post["id"]}"' in root
    assert _cards(root) == _as_listed(len(mine))
    assert "__RECORD_" not in page
    head = head_of(page)
    assert head.titles == ["Category: Career Advice | Vandy Travel and Recruitment Services"]
    assert head.links["canonical"] == f"{SITE}/blog/category/career-advice"
    assert "robots" not in head.meta
    data = route_data(page)
    assert (data["kind"], data["path"]) == ("blog-category", "/blog/category/career-advice")
    assert [p["id"] for p in data["record"]] == [p["id"] for p in mine]
    assert [p for p in data["record"] if "content" in p] == []


async def test_a_blog_tag_is_served_with_its_posts_and_indexed_under_one_url(site: AdminHarness) -> None:
    response = await site.client.get("/blog/tag/Saudi%20Arabia")
    page = response.text
    root = root_of(page)
    assert re.search(r"<h1[^>]*>Tag: Saudi Arabia</h1>", root)
    posts = (await site.client.get("/api/blog-posts")).json()["items"]
    mine = [p for p in posts if "saudi arabia" in (t.lower() for t in p["tags"])]
    assert mine
    assert _cards(root) == _as_listed(len(mine))
    assert "x-robots-tag" not in response.headers
    assert "robots" not in head_of(page).meta
    assert head_of(page).links["canonical"] == f"{SITE}/blog/tag/Saudi%20Arabia"
    assert json.dumps(route_data(page)["record"][0]["title"])
    # Another spelling shows the same posts and names the one URL to index.
    for other in ("/blog/tag/saudi%20arabia", "/blog/tag/SAUDI%20ARABIA"):
        again = await site.client.get(other)
        assert _cards(root_of(again.text)) == _as_listed(len(mine))
        assert head_of(again.text).links["canonical"] == f"{SITE}/blog/tag/Saudi%20Arabia"
    upper = await site.client.get("/blog/category/Career-Advice")
    assert head_of(upper.text).links["canonical"] == f"{SITE}/blog/category/career-advice"


async def test_a_listing_without_posts_says_so(site: AdminHarness) -> None:
    response = await site.client.get("/blog/tag/nothing-here")
    assert response.status_code == 200
    body = text_of(root_of(response.text))
    assert "No articles here yet. Browse all articles on the blog ." in body
    assert _cards(response.text) == []
    assert head_of(response.text).meta["robots"] == "noindex, follow"
