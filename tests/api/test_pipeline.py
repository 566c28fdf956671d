"""The deployment pipeline over HTTP: staff-only routes, a move with its SMS, e-mail and audit
entry, a correction that needs a reason, ten concurrent moves of one applicant keeping one history,
and /track's stage in plain words with nothing internal."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.pipeline.stages import NOT_APPROVED, REASON_REQUIRED, STAGE, StageKey
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from tests.api.conftest import APPLICATION, PDF, AppFactory, container_of
from tests.support.firestore_emulator import FirestoreEmulator

PIPELINE = "/api/admin/applications/{}/pipeline"
MOVES = PIPELINE + "/moves"


class Staff:
    def __init__(self, client: AsyncTestClient[Litestar]) -> None:
        self.client = client

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        return await self.client.post(path, json=body, headers={CSRF_HEADER: self.client.cookies[CSRF_COOKIE]})

    async def move(self, app_id: str, **body: Any) -> Any:
        return await self.post(MOVES.format(app_id), body)


@pytest.fixture
async def app(request: pytest.FixtureRequest, make_app: AppFactory) -> Litestar:
    """The demo app on SQLite, or on the Firestore emulator where a test asks for it (``indirect``)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        return make_app(AGENCY_DEMO="1")
    emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
    return make_app(AGENCY_DEMO="1", AGENCY_STORE="firestore", FIREBASE_PROJECT_ID=emulator.project_id)


@pytest.fixture
async def staff(client: AsyncTestClient[Litestar]) -> Staff:
    await client.get("/api/admin/session")
    signed = await client.post(
        "/api/admin/session",
        json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
    )
    assert signed.status_code == 200, signed.text
    return Staff(client)


async def applied(staff: Staff, email: str) -> str:
    made = await staff.client.post(
        "/api/applications", data={**APPLICATION, "email": email}, files={"cv": ("cv.pdf", PDF, "application/pdf")}
    )
    assert made.status_code == 201, made.text
    return str(made.json()["applicationId"])


async def approved(staff: Staff, email: str) -> str:
    app_id = await applied(staff, email)
    for status in ("processing", "approved"):
        moved = await staff.post(f"/api/admin/applications/{app_id}/status", {"status": status})
        assert moved.status_code == 200, moved.text
    return app_id


async def test_an_unknown_application_is_404_and_a_stranger_gets_nothing(staff: Staff) -> None:
    app_id = await approved(staff, "kwame.stranger@example.com")
    assert (await staff.client.get(PIPELINE.format("VA404"))).status_code == 404
    assert (await staff.move("VA404", to="selected", expectedVersion=0)).status_code == 404
    csrf = staff.client.cookies[CSRF_COOKIE]
    staff.client.cookies.clear()  # signed out: no session cookie
    assert (await staff.client.get(PIPELINE.format(app_id))).status_code == 401
    refused = await staff.client.post(
        MOVES.format(app_id), json={"to": "selected", "expectedVersion": 0}, headers={CSRF_HEADER: csrf}
    )
    assert refused.status_code in (401, 403)
    assert "history" not in refused.text


async def test_only_an_approved_application_enters_and_a_move_queues_its_sms_and_email(staff: Staff) -> None:
    waiting = await applied(staff, "kwame.waiting@example.com")
    before = (await staff.client.get(PIPELINE.format(waiting))).json()
    assert (before["stage"], before["version"], before["canEnter"], before["history"]) == (None, 0, False, [])
    refused = await staff.move(waiting, to="selected", expectedVersion=0)
    assert (refused.status_code, refused.json()) == (409, {"message": NOT_APPROVED})

    app_id = await approved(staff, "kwame.selected@example.com")
    assert (await staff.client.get(PIPELINE.format(app_id))).json()["canEnter"] is True
    moved = await staff.move(app_id, to="selected", expectedVersion=0)
    assert moved.status_code == 200, moved.text
    body = moved.json()
    assert (body["stage"], body["stageLabel"], body["version"]) == ("selected", "Selected by employer", 1)
    (entry,) = body["history"]
    assert (entry["kind"], entry["fromStage"], entry["toStage"], entry["actor"]) == (
        "move",
        None,
        "selected",
        DEMO_ADMIN_EMAIL,
    )
    queued = {m.id: m for m in await container_of(staff.client.app).store.outbox.list(app_id)}
    assert {f"{app_id}-stage-1-sms", f"{app_id}-stage-1-mail"} <= set(queued)
    assert "an employer has selected you" in queued[f"{app_id}-stage-1-sms"].text
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    assert any(e["action"] == "pipeline.move" and e["target"] == f"{app_id}: none -> selected (move)" for e in audit)


async def test_going_back_needs_a_reason_and_is_recorded_as_a_correction(staff: Staff) -> None:
    app_id = await approved(staff, "kwame.correction@example.com")
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    assert (await staff.move(app_id, to="visa", expectedVersion=1)).status_code == 200
    refused = await staff.move(app_id, to="medical", expectedVersion=2)
    assert (refused.status_code, refused.json()["errors"]) == (422, {"reason": REASON_REQUIRED})
    back = await staff.move(app_id, to="medical", expectedVersion=2, reason="Visa clicked by mistake")
    assert back.status_code == 200, back.text
    assert [(m["kind"], m["toStage"]) for m in back.json()["history"]] == [
        ("move", "selected"),
        ("move", "visa"),
        ("correction", "medical"),
    ]


@pytest.mark.parametrize("app", ["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)], indirect=True)
async def test_ten_concurrent_moves_of_one_applicant_keep_one_history(staff: Staff) -> None:
    app_id = await approved(staff, "kwame.race@example.com")
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    targets = [k.value for k in StageKey][1:11]
    answers = await asyncio.gather(*(staff.move(app_id, to=to, expectedVersion=1) for to in targets))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 9, [a.text for a in answers]
    winner = targets[[a.status_code for a in answers].index(200)]
    history = (await staff.client.get(PIPELINE.format(app_id))).json()["history"]
    assert [(m["version"], m["fromStage"], m["toStage"]) for m in history] == [
        (1, None, "selected"),
        (2, "selected", winner),
    ]


async def test_track_shows_the_stage_in_plain_words_and_nothing_internal(staff: Staff) -> None:
    app_id = await approved(staff, "kwame.track@example.com")
    track = {"applicationId": app_id, "contact": "kwame.track@example.com"}
    assert "stage" not in (await staff.client.post("/api/track", json=track)).json()
    for to, version in (("selected", 0), ("medical", 1)):
        assert (await staff.move(app_id, to=to, expectedVersion=version)).status_code == 200
    note = "Internal: clinic Dr Boateng said borderline"
    closed = await staff.move(app_id, to="closed", expectedVersion=2, closeReason="other", closeText=note)
    assert closed.status_code == 200, closed.text
    reopened = await staff.move(app_id, to="medical", expectedVersion=3, reason="Closed the wrong applicant")
    assert reopened.status_code == 200, reopened.text
    answer = await staff.client.post("/api/track", json=track)
    assert answer.status_code == 200
    medical = STAGE[StageKey.MEDICAL]
    assert answer.json()["stage"]["label"] == "Medical examination"
    assert answer.json()["stage"]["nextStep"] == medical.next_step
    raw = answer.text
    for internal in (note, "Closed the wrong applicant", DEMO_ADMIN_EMAIL, "correction", "other"):
        assert internal not in raw


async def test_the_stage_texts_are_staff_editable_templates_and_a_move_sends_the_saved_one(staff: Staff) -> None:
    listed = (await staff.client.get("/api/admin/templates")).json()["items"]
    keys = {t["key"] for t in listed}
    for stage in STAGE.values():
        assert {stage.sms_key, stage.subject_key, stage.body_key} <= keys
    preview = await staff.post("/api/admin/templates/sms.pipeline.ticketed/preview", {"text": "Hi {name}, flight!"})
    assert (preview.status_code, preview.json()["parts"]) == (200, 1)
    saved = await staff.client.put(
        "/api/admin/templates/sms.pipeline.selected",
        json={"text": "Hi {name}, an employer picked you ({application_id})."},
        headers={CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]},
    )
    assert saved.status_code == 200, saved.text
    app_id = await approved(staff, "kwame.template@example.com")
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    queued = {m.id: m for m in await container_of(staff.client.app).store.outbox.list(app_id)}
    assert queued[f"{app_id}-stage-1-sms"].text == f"Hi Kwame Mensah, an employer picked you ({app_id})."


async def test_a_data_request_finds_the_history_and_erasure_takes_it_with_the_application(staff: Staff) -> None:
    email = "kwame.erase@example.com"
    app_id = await approved(staff, email)
    for to, version in (("selected", 0), ("visa", 1)):
        assert (await staff.move(app_id, to=to, expectedVersion=version)).status_code == 200
    found = (await staff.client.get("/api/admin/data-requests", params={"q": email})).json()
    assert found["counts"]["pipelineMoves"] == 2
    assert [(m["applicationId"], m["version"], m["stage"]) for m in found["pipeline"]] == [
        (app_id, 1, "Selected by employer"),
        (app_id, 2, "Visa / work permit"),
    ]
    assert DEMO_ADMIN_EMAIL not in str(found["pipeline"])
    erased = await staff.post("/api/admin/data-requests/erase", {"q": email, "confirm": email})
    assert erased.status_code == 200, erased.text
    assert erased.json()["erased"]["pipelineMoves"] == 2
    assert await container_of(staff.client.app).backend.pipeline.history(app_id) == []
