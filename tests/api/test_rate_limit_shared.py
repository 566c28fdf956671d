"""The public rate limit counts in the store, not in process memory: two app objects on one
SQLite file (as two processes would) share one limit, and the 429 says when to come back."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.api.conftest import AppFactory


async def test_two_apps_on_one_store_share_the_limit_and_the_429_carries_retry_after(make_app: AppFactory) -> None:
    first, second = make_app(AGENCY_RATE_LIMIT="3"), make_app(AGENCY_RATE_LIMIT="3")
    async with AsyncTestClient(first) as one, AsyncTestClient(second) as two:
        allowed = [await one.post("/api/job-alerts", json={}), await two.post("/api/contact-messages", json={})]
        allowed.append(await one.post("/api/appointments", json={}))
        refused = await two.post("/api/job-alerts", json={})
    assert [r.status_code for r in allowed] == [422, 422, 422]
    assert [r.headers["RateLimit-Remaining"] for r in allowed] == ["2", "1", "0"]
    assert allowed[0].headers["RateLimit-Limit"] == "3"
    assert refused.status_code == 429
    assert refused.json() == {
        "message": "Too many requests: at most 3 submissions a minute from one address. "
        "Please wait a minute and try again."
    }
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["RateLimit-Remaining"] == "0"
