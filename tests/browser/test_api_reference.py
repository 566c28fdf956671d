"""The API reference in Debian's chromium: Swagger UI renders the served OpenAPI document with
every file from this origin (no CDN: the machine is offline) and no CSP violation (collected by
``conftest.new_page``)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Request, expect

pytestmark = pytest.mark.browser


def test_swagger_ui_renders_the_served_document_from_this_origin(page: Page, live_server: str) -> None:
    hosts: set[str] = set()

    def record(request: Request) -> None:
        hosts.add(urlsplit(request.url).netloc)

    page.on("request", record)
    page.goto("/schema")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Vandy Travel API")
    # The document is long enough for Swagger UI to render only the operations in view: the filter
    # (by tag) brings the jobs' ones into it.
    page.locator(".operation-filter-input").fill("jobs")
    jobs = page.locator(".opblock-summary-path", has_text="/api/jobs/{job_id}")
    expect(jobs.first).to_be_visible()
    jobs.first.click()
    expect(page.get_by_text("Job Not Found").first).to_be_visible()
    expect(page.get_by_role("link", name="/schema/openapi.json")).to_be_visible()
    assert hosts == {urlsplit(live_server).netloc}
