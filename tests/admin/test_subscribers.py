"""Newsletter subscriptions and job alerts: pages and CSV exports (audited, formula-safe)."""

from __future__ import annotations

import csv
import io
import re

from tests.admin.area import add_subscribers, audit_actions, signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/subscribers"


async def test_pages_of_subscriptions_and_alerts(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_subscribers(h)
    newsletter = (await h.client.get(f"{URL}/newsletter")).json()
    assert [s["email"] for s in newsletter["items"]] == ["yaw@example.com", "=cmd@example.com"]
    assert newsletter["items"][1]["interests"] == ["Visa Updates", "Study Abroad"]
    page = (await h.client.get(f"{URL}/newsletter", params={"page": 2, "pageSize": 1})).json()
    assert (page["total"], [s["id"] for s in page["items"]]) == (2, ["N1"])
    alerts = (await h.client.get(f"{URL}/job-alerts")).json()
    assert alerts["items"] == [
        {
            "id": "J1",
            "email": "kofi@example.com",
            "jobCategory": "Healthcare & Medical",
            "preferredCountry": "Qatar",
            "salaryRange": None,
            "experienceLevel": None,
            "createdAt": "2026-03-02T09:30:00Z",
        }
    ]
    assert (await h.client.get(f"{URL}/job-alerts", params={"pageSize": 0})).status_code == 422


async def test_csv_exports_are_attachments_and_audited(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_subscribers(h)
    newsletter = await h.client.get(f"{URL}/newsletter/export.csv")
    assert newsletter.status_code == 200
    assert newsletter.headers["content-type"].startswith("text/csv")
    assert re.fullmatch(r'attachment; filename="newsletter-\d{8}\.csv"', newsletter.headers["content-disposition"])
    rows = list(csv.reader(io.StringIO(newsletter.content.decode("utf-8-sig"))))
    assert rows[0] == ["id", "email", "name", "interests", "createdAt", "updatedAt"]
    assert [r[1] for r in rows[1:]] == ["yaw@example.com", "'=cmd@example.com"]
    assert rows[2][3] == "Visa Updates, Study Abroad"
    alerts = await h.client.get(f"{URL}/job-alerts/export.csv")
    assert re.fullmatch(r'attachment; filename="job-alerts-\d{8}\.csv"', alerts.headers["content-disposition"])
    assert list(csv.reader(io.StringIO(alerts.content.decode("utf-8-sig"))))[1][:4] == [
        "J1",
        "kofi@example.com",
        "Healthcare & Medical",
        "Qatar",
    ]
    exports = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].endswith(".export")]
    assert exports == [("jobAlerts.export", "1 rows"), ("newsletter.export", "2 rows")]


async def test_subscriber_routes_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    for path in ("newsletter", "job-alerts", "newsletter/export.csv", "job-alerts/export.csv"):
        assert (await h.client.get(f"{URL}/{path}")).status_code == 401
