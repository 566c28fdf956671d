"""Newsletter subscriptions and job alerts: pages and CSV exports (audited, formula-safe)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from tests.admin.area import add_subscribers, audit_actions, signed_in
from tests.admin.conftest import MakeHarness
from tests.support.clock import clock

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
    # dated by the app's clock (the harness's starts at tests.support.clock.NOW, 2026-11-28 12:00 UTC)
    assert newsletter.headers["content-disposition"] == 'attachment; filename="newsletter-20261128.csv"'
    rows = list(csv.reader(io.StringIO(newsletter.content.decode("utf-8-sig"))))
    assert rows[0] == ["id", "email", "name", "interests", "createdAt", "updatedAt"]
    assert [r[1] for r in rows[1:]] == ["yaw@example.com", "'=cmd@example.com"]
    assert rows[2][3] == "Visa Updates, Study Abroad"
    alerts = await h.client.get(f"{URL}/job-alerts/export.csv")
    assert alerts.headers["content-disposition"] == 'attachment; filename="job-alerts-20261128.csv"'
    assert list(csv.reader(io.StringIO(alerts.content.decode("utf-8-sig"))))[1][:4] == [
        "J1",
        "kofi@example.com",
        "Healthcare & Medical",
        "Qatar",
    ]
    exports = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].endswith(".export")]
    assert exports == [("jobAlerts.export", "1 rows"), ("newsletter.export", "2 rows")]


async def test_a_csv_is_dated_by_the_apps_clock_not_the_machines(make_harness: MakeHarness) -> None:
    """Five seconds into 2027 by the app's clock, whatever the machine's date and hour: each export's
    name says 20270101 (UTC)."""
    h = await signed_in(make_harness, clock=clock(datetime(2027, 1, 1, 0, 0, 5, tzinfo=UTC)))
    for path, name in (
        ("/api/admin/subscribers/newsletter/export.csv", "newsletter"),
        ("/api/admin/subscribers/job-alerts/export.csv", "job-alerts"),
        ("/api/admin/applications/export.csv", "applications"),
        ("/api/admin/appointments/export.csv", "appointments"),
    ):
        exported = await h.client.get(path)
        assert exported.status_code == 200, (path, exported.text)
        assert exported.headers["content-disposition"] == f'attachment; filename="{name}-20270101.csv"'


async def test_subscriber_routes_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    for path in ("newsletter", "job-alerts", "newsletter/export.csv", "job-alerts/export.csv"):
        assert (await h.client.get(f"{URL}/{path}")).status_code == 401
