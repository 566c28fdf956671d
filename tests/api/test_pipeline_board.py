"""The pipeline board and the stage-time report over HTTP (issue 45 item 5): staff-only (401 signed
out, 403 for a signed-in member who is not an admin), the board's counts and filters, the report's
figures on a known history and its CSV's header, rows and date (the app's clock, ``NOW``). The
history is written through the app's own store, at known times before ``NOW``."""

from __future__ import annotations

from datetime import timedelta

from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.pipeline.board import UNKNOWN_STAGE
from agency_core.pipeline.report import DATE_FORMAT
from agency_core.pipeline.stages import MoveKind, StageKey, StageMove
from agency_core.records import Application
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from agency_core.spec.forms import ApplicationForm, form_of
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from tests.api import test_pipeline
from tests.api.conftest import container_of
from tests.api.test_pipeline import Staff, approved
from tests.support.clock import NOW
from tests.support.writes import add_application, commits

app = test_pipeline.app
staff = test_pipeline.staff

BOARD = "/api/admin/pipeline/board"
REPORT = "/api/admin/pipeline/report"
REPORT_CSV = "/api/admin/pipeline/report.csv"


async def seeded(
    client: AsyncTestClient[Litestar], app_id: str, country: str, job: str, stays: list[float], current: float
) -> None:
    """An application to ``country`` and job ``job`` that moved on through the stages in order after
    each of its ``stays`` (days), and has been in its last stage for ``current`` days at ``NOW``."""
    store = container_of(client.app).store
    data = {"firstName": app_id.title(), "lastName": "Boateng", "email": f"{app_id.lower()}@example.com"}
    form = form_of(ApplicationForm, {**data, "preferredCountry": country, "jobId": job, "jobTitle": job.title()})
    await add_application(store, Application(app_id, form, (), NOW - timedelta(days=400)))
    at, before = NOW - timedelta(days=sum(stays) + current), None
    stages = [StageKey.SELECTED, StageKey.MEDICAL, StageKey.POLICE_CLEARANCE]
    for n, stay in enumerate([*stays, 0], start=1):
        to = stages[n - 1]
        move = StageMove(f"PM-{app_id}-{n}", app_id, n, MoveKind.MOVE, before, to, DEMO_ADMIN_EMAIL, at)
        assert await commits(store, lambda uow, m=move: [uow.pipeline.add(m)])  # type: ignore[misc]
        at, before = at + timedelta(days=stay), to


async def history(staff: Staff) -> None:
    """Qatar: selected for 2, 4 and 10 days, then medical for 1 and 3; Oman: selected for 6 days."""
    client = staff.client
    await seeded(client, "VQA1", "Qatar", "mason", [2, 1], current=5)  # now at police clearance
    await seeded(client, "VQA2", "Qatar", "driver", [4, 3], current=1)  # now at police clearance
    await seeded(client, "VQA3", "Qatar", "mason", [10], current=10)  # now at medical
    await seeded(client, "VOM1", "Oman", "mason", [6], current=6)  # now at medical
    store = container_of(client.app).store
    assert await commits(store, lambda uow: [uow.owners.set("VQA3", "U9", "Efua Owner")])


async def test_a_stranger_gets_401_and_a_member_who_is_not_an_admin_403(staff: Staff) -> None:
    client = staff.client
    await history(staff)
    await client.delete("/api/admin/session", headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]})
    client.cookies.clear()
    for path in (BOARD, REPORT, REPORT_CSV):
        answer = await client.get(path)
        assert (answer.status_code, answer.json()) == (401, {"message": "Not signed in"}), path
    sign_in = container_of(client.app).sign_in
    for path in (BOARD, REPORT, REPORT_CSV):  # a refusal ends the member's sessions: sign in for each
        await client.get("/api/admin/session")
        signed = await client.post(
            "/api/admin/session",
            json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
            headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
        )
        uid = signed.json()["id"]
        await sign_in.roles.put(uid, "Admin User", "viewer")
        sign_in.role_cache.forget(uid)  # the role is read again at once, not after the cache's seconds
        answer = await client.get(path)
        assert (answer.status_code, answer.json()) == (403, {"message": "User not authorized"}), path
        assert "VQA1" not in answer.text
        await sign_in.roles.put(uid, "Admin User", "admin")


async def test_the_board_counts_each_stage_and_filters(staff: Staff) -> None:
    await history(staff)
    entered = await approved(staff, "kwame.board@example.com")
    assert (await staff.move(entered, to="selected", expectedVersion=0)).status_code == 200
    answer = await staff.client.get(BOARD)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    counts = {c["stage"]: c["count"] for c in body["columns"]}
    assert counts == {s.value: 0 for s in StageKey} | {"selected": 1, "medical": 2, "police_clearance": 2}
    assert body["total"] == 5
    medical = next(c for c in body["columns"] if c["stage"] == "medical")
    assert medical["label"] == "Medical examination"
    assert [(c["applicationId"], c["daysInStage"]) for c in medical["cards"]] == [("VQA3", 10), ("VOM1", 6)]
    assert medical["cards"][0] == {
        "applicationId": "VQA3",
        "name": "Vqa3 Boateng",
        "destination": "Qatar",
        "jobTitle": "Mason",
        "ownerName": "Efua Owner",
        "since": (NOW - timedelta(days=10)).isoformat().replace("+00:00", "Z"),
        "daysInStage": 10,
    }

    async def shown(**params: str) -> list[str]:
        found = await staff.client.get(BOARD, params=params)
        assert found.status_code == 200, found.text
        return sorted(c["applicationId"] for col in found.json()["columns"] for c in col["cards"])

    assert await shown(destination="Oman") == ["VOM1"]
    assert await shown(destination="Qatar", job="mason") == ["VQA1", "VQA3"]
    assert await shown(owner="U9") == ["VQA3"]
    assert await shown(employer="EMP-NONE") == []  # an employer without linked jobs
    one = (await staff.client.get(BOARD, params={"stage": "police_clearance"})).json()["columns"]
    assert [(c["stage"], c["count"]) for c in one] == [("police_clearance", 2)]
    bad = await staff.client.get(BOARD, params={"stage": "approved"})
    assert (bad.status_code, bad.json()["errors"]) == (422, {"stage": UNKNOWN_STAGE})


def row(destination: str, stage: str, label: str, stays: int, median: float, p90: float) -> dict[str, object]:
    return {
        "destination": destination,
        "stage": stage,
        "stageLabel": label,
        "stays": stays,
        "medianDays": median,
        "p90Days": p90,
    }


async def test_the_report_gives_median_and_90th_percentile_days_per_destination_and_stage(staff: Staff) -> None:
    await history(staff)
    answer = await staff.client.get(REPORT, params={"from": "2026-08-01", "to": "2026-11-28"})
    assert answer.status_code == 200, answer.text
    selected, medical = "Selected by employer", "Medical examination"
    assert answer.json() == {
        "from": "2026-08-01",
        "to": "2026-11-28",
        "rows": [
            row("Oman", "selected", selected, 1, 6.0, 6.0),
            row("Qatar", "selected", selected, 3, 4.0, 8.8),  # 2, 4 and 10 days
            row("Qatar", "medical", medical, 2, 2.0, 2.8),  # 1 and 3 days
        ],
    }
    # A range that ends before any stay did: nothing.
    assert (await staff.client.get(REPORT, params={"from": "2026-08-01", "to": "2026-11-15"})).json()["rows"] == []
    bad = await staff.client.get(REPORT, params={"from": "28/11/2026"})
    assert (bad.status_code, bad.json()["errors"]) == (422, {"from": DATE_FORMAT})


async def test_the_report_downloads_as_csv_dated_by_the_app_clock(staff: Staff) -> None:
    await history(staff)
    answer = await staff.client.get(REPORT_CSV, params={"from": "2026-08-01", "to": "2026-11-28"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert answer.headers["content-disposition"] == f'attachment; filename="stage-times-{NOW:%Y%m%d}.csv"'
    lines = answer.content.decode("utf-8-sig").splitlines()
    assert lines == [
        "destination,stage,stageLabel,stays,medianDays,p90Days",
        "Oman,selected,Selected by employer,1,6.0,6.0",
        "Qatar,selected,Selected by employer,3,4.0,8.8",
        "Qatar,medical,Medical examination,2,2.0,2.8",
    ]
