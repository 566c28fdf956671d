"""``/api/admin/templates``: list, preview, save (refusals with their message), restore, audit, and
the status SMS sent with the saved words; on SQLite and on Firestore (emulator)."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

import pytest

from agency_core.messaging.templates import TEMPLATES
from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.api_settings import ApiSettings
from tests.admin.area import audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import APPLICATION, PDF
from tests.support.firestore_emulator import FirestoreEmulator

KEY = "sms.status.approved"
URL = f"/api/admin/templates/{KEY}"
EDITED = "Great news {name}! You are approved. We will call you soon.\nTrack: {track_url}"


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def h(request: pytest.FixtureRequest, make_harness: MakeHarness) -> AdminHarness:
    if request.param == "sqlite":
        return await signed_in(make_harness)
    emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
    # A project of its own: the app's collections are not prefixed.
    api = replace(
        ApiSettings(), store="firestore", firestore_project_id=f"{emulator.project_id}-{secrets.token_hex(4)}"
    )
    return await signed_in(make_harness, api=api)


async def outbox_text(h: AdminHarness, message_id: str) -> str | None:
    """The stored text of one outbox message, read from the backend itself."""
    api = container(h).settings.api
    if api.store == "firestore":
        from google.cloud import firestore

        snap = firestore.Client(project=api.firestore_project_id).collection("outbox").document(message_id).get()
        return str(snap.to_dict()["text"]) if snap.exists else None
    message = await container(h).store.outbox.get(message_id)
    return message.text if message is not None else None


async def test_every_template_is_listed_with_its_default(h: AdminHarness) -> None:
    response = await h.client.get("/api/admin/templates")
    assert response.status_code == 200
    items = {item["key"]: item for item in response.json()["items"]}
    assert set(items) == set(TEMPLATES)
    approved = items[KEY]
    assert approved["text"] == TEMPLATES[KEY].default
    assert (approved["edited"], approved["version"], approved["channel"]) == (False, 0, "sms")
    detail = (await h.client.get(URL)).json()
    assert [p["name"] for p in detail["placeholders"]] == ["name", "track_url"]
    assert detail["versions"] == []


async def test_preview_reports_encoding_parts_and_the_warning(h: AdminHarness) -> None:
    short = await h.unsafe("POST", f"{URL}/preview", json={"text": "Hi {name}"})
    assert short.status_code == 200
    assert short.json() == {
        "text": "Hi Nana Akosua Frimpomaa Ofori-Atta",
        "characters": 35,
        "encoding": "GSM-7",
        "parts": 1,
        "warning": "",
        "error": "",
    }
    long = (await h.unsafe("POST", f"{URL}/preview", json={"text": "Akwaaba ɛ {name} " * 4})).json()
    assert (long["encoding"], long["parts"]) == ("UCS-2", 3)
    assert long["warning"].startswith("This text takes 3 SMS parts (more than 2)")
    bad = (await h.unsafe("POST", f"{URL}/preview", json={"text": "Hi {nmae"})).json()
    assert bad["error"] == 'The "{" at character 4 has no closing "}"'


async def test_save_refuses_unknown_placeholders_and_unbalanced_braces(h: AdminHarness) -> None:
    unknown = await h.unsafe("PUT", URL, json={"text": "Hi {first_name}"})
    assert unknown.status_code == 422
    assert unknown.json() == {
        "errors": {"text": "Unknown placeholder {first_name}: this message can use {name}, {track_url}"}
    }
    unbalanced = await h.unsafe("PUT", URL, json={"text": "Hi name}"})
    assert unbalanced.status_code == 422
    assert unbalanced.json() == {"errors": {"text": 'The "}" at character 8 has no opening "{"'}}
    assert (await h.client.get(URL)).json()["versions"] == []
    missing = await h.unsafe("PUT", "/api/admin/templates/sms.nothing", json={"text": "x"})
    assert missing.status_code == 404


async def test_saved_words_are_sent_and_restore_is_a_new_version_all_audited(h: AdminHarness) -> None:
    saved = await h.unsafe("PUT", URL, json={"text": EDITED})
    assert saved.status_code == 200, saved.text
    body = saved.json()
    assert (body["text"], body["edited"], body["version"], body["updatedBy"]) == (EDITED, True, 1, DEMO_ADMIN_EMAIL)
    files = {"cv": ("cv.pdf", PDF, "application/pdf")}
    applied = await h.client.post("/api/applications", data=APPLICATION, files=files)
    assert applied.status_code == 201, applied.text
    app_id = applied.json()["applicationId"]
    for status in ("processing", "approved"):
        moved = await h.unsafe("POST", f"/api/admin/applications/{app_id}/status", json={"status": status})
        assert moved.status_code == 200, moved.text
    sent = await outbox_text(h, f"{app_id}-status-approved")
    assert (
        sent == "Great news Kwame Mensah! You are approved. We will call you soon.\nTrack: http://127.0.0.1:8000/track"
    )

    restored = await h.unsafe("POST", f"{URL}/restore", json={"version": 0})
    assert restored.status_code == 200
    detail: dict[str, Any] = restored.json()
    assert (detail["text"], detail["version"]) == (TEMPLATES[KEY].default, 2)
    assert [(v["version"], v["restoredFrom"]) for v in detail["versions"]] == [(2, 0), (1, 0)]
    again = await h.unsafe("POST", f"{URL}/restore", json={"version": 1})
    assert again.json()["text"] == EDITED
    assert (await h.unsafe("POST", f"{URL}/restore", json={"version": 7})).status_code == 404
    targets = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].startswith("template.")]
    assert targets == [
        ("template.restore", f"{KEY}: version 3 (restores version 1)"),
        ("template.restore", f"{KEY}: version 2 (restores version 0)"),
        ("template.save", f"{KEY}: version 1"),
    ]


async def test_strangers_get_nothing(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get("/api/admin/templates")).status_code == 401
    assert (await h.unsafe("PUT", URL, json={"text": "x"})).status_code == 401
    assert (await h.client.post(f"{URL}/preview", json={"text": "x"})).status_code in (401, 403)
