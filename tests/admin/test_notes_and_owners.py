"""Notes on an applicant and its owner, through the admin API on both backends: every add, edit,
delete and owner change audited; the "mine" view; the CSV's owner and last note date."""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from adapters.firestore.store import FirestoreStore
from agency_core.ports import Store
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.notes import NOTE_CHANGED, NOTE_MAX_LENGTH, NOTE_REQUIRED, NOTE_TOO_LONG, OWNER_MUST_BE_STAFF
from app.api_settings import ApiSettings
from tests.admin.area import T0, application_data, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support import writes
from tests.support.firestore_emulator import FirestoreEmulator

LIST = "/api/admin/applications"


@dataclass
class Ctx:
    h: AdminHarness
    records: Store
    """Where the test writes applications: the app's store, or on Firestore a client on the test's
    own event loop (the app's client lives on the app's loop)."""


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def ctx(request: pytest.FixtureRequest, make_harness: MakeHarness) -> AsyncIterator[Ctx]:
    if request.param == "sqlite":
        h = await signed_in(make_harness)
        yield Ctx(h, container(h).store)
        return
    emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
    api = replace(ApiSettings(), store="firestore", firestore_project_id=emulator.project_id)
    h = await signed_in(make_harness, api=api)
    records = FirestoreStore.connect(emulator.project_id, sealer=container(h).store.sealer)  # type: ignore[attr-defined]
    yield Ctx(h, records)
    await records.close()


async def add_application(ctx: Ctx, app_id: str, **changes: Any) -> None:
    data = application_data(**{"email": f"{app_id.lower()}@example.com", **changes})
    application = Application(app_id, form_of(ApplicationForm, data), (), T0)
    assert await writes.add_application(ctx.records, application) is None


def new_id() -> str:
    """Application ids unique across tests (the Firestore emulator's collections are shared)."""
    return "VN" + secrets.token_hex(5).upper()


async def me(h: AdminHarness) -> dict[str, str]:
    session = (await h.client.get("/api/admin/session")).json()
    return {"id": session["id"], "name": session["name"]}


async def test_notes_are_written_edited_and_deleted_with_audit(ctx: Ctx) -> None:
    h = ctx.h
    app_id = new_id()
    await add_application(ctx, app_id)
    url = f"{LIST}/{app_id}/notes"
    assert (await h.client.get(url)).json() == {"items": []}

    added = await h.unsafe("POST", url, json={"text": "  Passport expires in March <b>soon</b>  "})
    assert added.status_code == 201, added.text
    note = added.json()
    assert (note["text"], note["author"], note["authorName"], note["version"]) == (
        "Passport expires in March <b>soon</b>",
        "admin@vandytravel.com",
        "Admin User",
        1,
    )
    assert note["editedAt"] is None
    listed = await h.client.get(url)
    assert [n["id"] for n in listed.json()["items"]] == [note["id"]]
    assert "no-store" in listed.headers["cache-control"]

    edited = await h.unsafe("PUT", f"{url}/{note['id']}", json={"text": "Passport renewed"})
    assert edited.status_code == 200, edited.text
    assert (edited.json()["text"], edited.json()["version"], edited.json()["editedBy"]) == (
        "Passport renewed",
        2,
        "admin@vandytravel.com",
    )
    assert edited.json()["editedAt"] is not None

    second = (await h.unsafe("POST", url, json={"text": "Called, no answer"})).json()
    deleted = await h.unsafe("DELETE", f"{url}/{note['id']}")
    assert deleted.status_code == 204
    assert [n["id"] for n in (await h.client.get(url)).json()["items"]] == [second["id"]]
    again = await h.unsafe("DELETE", f"{url}/{note['id']}")
    assert (again.status_code, again.json()) == (404, {"message": "Note not found"})

    actions = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].startswith("application.note")]
    assert actions == [
        ("application.note.delete", f"{app_id}: {note['id']}"),
        ("application.note.add", f"{app_id}: {second['id']}"),
        ("application.note.edit", f"{app_id}: {note['id']}"),
        ("application.note.add", f"{app_id}: {note['id']}"),
    ]


async def test_notes_are_checked_and_scoped_to_their_applicant(ctx: Ctx) -> None:
    h = ctx.h
    first, other = new_id(), new_id()
    await add_application(ctx, first)
    await add_application(ctx, other)
    url = f"{LIST}/{first}/notes"
    for body, message in (({}, NOTE_REQUIRED), ({"text": "   "}, NOTE_REQUIRED), ({"text": 5}, NOTE_REQUIRED)):
        refused = await h.unsafe("POST", url, json=body)
        assert (refused.status_code, refused.json()) == (422, {"errors": {"text": message}})
    long = await h.unsafe("POST", url, json={"text": "x" * (NOTE_MAX_LENGTH + 1)})
    assert (long.status_code, long.json()) == (422, {"errors": {"text": NOTE_TOO_LONG}})
    note = (await h.unsafe("POST", url, json={"text": "Mine"})).json()
    # A note's id under another applicant finds nothing, and leaks no id.
    elsewhere = await h.unsafe("PUT", f"{LIST}/{other}/notes/{note['id']}", json={"text": "x"})
    assert (elsewhere.status_code, elsewhere.json()) == (404, {"message": "Note not found"})
    missing = await h.unsafe("POST", f"{LIST}/VN404/notes", json={"text": "x"})
    assert (missing.status_code, missing.json()) == (404, {"message": "Application not found"})
    assert (await h.client.get(f"{LIST}/VN404/notes")).status_code == 404
    assert (await h.client.post(url, json={"text": "no CSRF"})).status_code == 403
    assert NOTE_CHANGED.endswith("reload it.")


async def test_an_owner_is_set_audited_and_gives_the_mine_view(ctx: Ctx) -> None:
    h = ctx.h
    first, second = new_id(), new_id()
    await add_application(ctx, first)
    await add_application(ctx, second)
    await container(h).identity.roles.put("staff-kofi", "Kofi Mensah", "admin")
    await container(h).identity.roles.put("staff-former", "Former", "viewer")
    staff = (await h.client.get("/api/admin/staff")).json()["items"]
    admin = await me(h)
    assert staff == sorted([admin, {"id": "staff-kofi", "name": "Kofi Mensah"}], key=lambda m: m["name"])

    mine = await h.unsafe("PUT", f"{LIST}/{first}/owner", json={"ownerId": admin["id"]})
    assert mine.json() == {"applicationId": first, "ownerId": admin["id"], "ownerName": "Admin User"}
    assert (await h.unsafe("PUT", f"{LIST}/{second}/owner", json={"ownerId": "staff-kofi"})).status_code == 200
    view = (await h.client.get(LIST, params={"owner": "me", "pageSize": 100})).json()
    assert [a["applicationId"] for a in view["items"]] == [first]
    assert (view["items"][0]["ownerId"], view["items"][0]["ownerName"]) == (admin["id"], "Admin User")
    kofi = (await h.client.get(LIST, params={"owner": "staff-kofi", "pageSize": 100})).json()
    assert [a["applicationId"] for a in kofi["items"]] == [second]
    detail = (await h.client.get(f"{LIST}/{second}")).json()
    assert (detail["ownerId"], detail["ownerName"]) == ("staff-kofi", "Kofi Mensah")

    for who in ("staff-former", "nobody-at-all", 7):
        refused = await h.unsafe("PUT", f"{LIST}/{first}/owner", json={"ownerId": who})
        assert (refused.status_code, refused.json()) == (422, {"errors": {"ownerId": OWNER_MUST_BE_STAFF}})
    missing = await h.unsafe("PUT", f"{LIST}/VN404/owner", json={"ownerId": "staff-kofi"})
    assert (missing.status_code, missing.json()) == (404, {"message": "Application not found"})
    cleared = await h.unsafe("PUT", f"{LIST}/{first}/owner", json={"ownerId": ""})
    assert cleared.json()["ownerId"] == ""
    assert (await h.client.get(LIST, params={"owner": "me"})).json()["total"] == 0

    owners = [e["target"] for e in await audit_actions(h) if e["action"] == "application.owner"]
    assert owners == [
        f"{first}: Admin User -> nobody",
        f"{second}: nobody -> Kofi Mensah",
        f"{first}: nobody -> Admin User",
    ]


async def test_next_and_previous_walk_only_the_owner_filtered_list(ctx: Ctx) -> None:
    h = ctx.h
    first, between, last = new_id(), new_id(), new_id()
    for app_id in (first, between, last):
        await add_application(ctx, app_id)
    await container(h).identity.roles.put("staff-kofi", "Kofi Mensah", "admin")
    admin = await me(h)
    for app_id, owner in ((first, admin["id"]), (between, "staff-kofi"), (last, admin["id"])):
        assert (await h.unsafe("PUT", f"{LIST}/{app_id}/owner", json={"ownerId": owner})).status_code == 200
    listed = (await h.client.get(LIST, params={"owner": "me", "pageSize": 100})).json()["items"]
    mine = [a["applicationId"] for a in listed]
    assert sorted(mine) == sorted([first, last])

    around = (await h.client.get(f"{LIST}/{mine[0]}/neighbours", params={"owner": "me"})).json()
    assert (around["position"], around["total"], around["previous"], around["next"]) == (1, 2, None, mine[1])
    by_id = (await h.client.get(f"{LIST}/{mine[1]}/neighbours", params={"owner": admin["id"]})).json()
    assert (by_id["position"], by_id["total"], by_id["previous"], by_id["next"]) == (2, 2, mine[0], None)
    # Kofi's applicant is not in "My applications": position 0 and no neighbours.
    outside = (await h.client.get(f"{LIST}/{between}/neighbours", params={"owner": "me"})).json()
    assert (outside["position"], outside["previous"], outside["next"]) == (0, None, None)
    # Without the filter the whole list is walked (and has more than these two).
    assert (await h.client.get(f"{LIST}/{between}/neighbours")).json()["position"] > 0


async def test_the_csv_has_the_owner_and_the_last_note_date(ctx: Ctx) -> None:
    h = ctx.h
    first, second = new_id(), new_id()
    await add_application(ctx, first)
    await add_application(ctx, second)
    admin = await me(h)
    await h.unsafe("PUT", f"{LIST}/{first}/owner", json={"ownerId": admin["id"]})
    await h.unsafe("POST", f"{LIST}/{first}/notes", json={"text": "one"})
    latest = (await h.unsafe("POST", f"{LIST}/{first}/notes", json={"text": "two"})).json()
    response = await h.client.get(f"{LIST}/export.csv", params={"owner": "me"})
    rows = list(csv.DictReader(io.StringIO(response.text.lstrip("\ufeff"))))
    assert [(r["applicationId"], r["owner"]) for r in rows] == [(first, "Admin User")]
    assert rows[0]["lastNoteAt"] == latest["createdAt"].replace("Z", "+00:00")[:19] + "+00:00"
    everyone = await h.client.get(f"{LIST}/export.csv")
    by_id = {r["applicationId"]: r for r in csv.DictReader(io.StringIO(everyone.text.lstrip("\ufeff")))}
    assert (by_id[second]["owner"], by_id[second]["lastNoteAt"]) == ("", "")
