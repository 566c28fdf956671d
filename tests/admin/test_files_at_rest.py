"""Documents are encrypted at rest and decrypted only on an admin's download; reads are audited."""

from __future__ import annotations

import pytest
from cryptography.fernet import Fernet

from adapters.files import LocalFileStore
from agency_core.submissions.service import Accepted, Upload
from app.settings import Settings, SettingsError
from tests.admin.area import audit_actions, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPLICATION, JPEG, PDF

LIST = "/api/admin/applications"
KEY = Fernet.generate_key().decode()


async def test_files_on_disk_are_not_the_plaintext_and_download_decrypts(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, files_key=KEY)
    c = container(h)
    cv = PDF + b"Kwame Mensah, passport G1234567"
    outcome = await c.agency.submit_application(
        APPLICATION, {"cv": Upload("cv.pdf", cv), "photo": Upload("me.jpg", JPEG)}
    )
    assert isinstance(outcome, Accepted)
    stored = await c.store.applications.get(outcome.id)
    assert stored is not None
    for item in stored.files:
        on_disk = c.files.path_of(item.key).read_bytes()
        assert b"%PDF" not in on_disk
        assert b"G1234567" not in on_disk
        assert b"\xff\xd8\xff" not in on_disk
        # Unreadable without the key: another key cannot open it.
        other = LocalFileStore(c.files.root, Fernet(Fernet.generate_key()))
        with pytest.raises(ValueError, match="cannot be decrypted"):
            await other.read(item.key)
        # With the key it is the upload.
        assert Fernet(KEY.encode()).decrypt(on_disk) in (cv, JPEG)

    response = await h.client.get(f"{LIST}/{outcome.id}/files/cv")
    assert response.status_code == 200
    assert response.content == cv
    assert response.headers["content-disposition"] == f'attachment; filename="{outcome.id}-cv.pdf"'
    assert response.headers["content-type"].startswith("application/pdf")


async def test_opening_and_downloading_are_audited(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    outcome = await container(h).agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    assert (await h.client.get(f"{LIST}/{outcome.id}")).status_code == 200
    assert (await h.client.get(f"{LIST}/{outcome.id}/files/cv")).status_code == 200
    entries = [(e["action"], e["target"], e["actor"]) for e in await audit_actions(h)]
    assert ("application.view", outcome.id, "admin@vandytravel.com") in entries
    assert ("application.file.download", f"{outcome.id}: cv", "admin@vandytravel.com") in entries


async def test_without_a_key_outside_production_a_local_key_file_is_made_once(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    key_file = c.settings.data_dir / "files.key"
    assert key_file.is_file()
    assert key_file.stat().st_mode & 0o077 == 0
    key = await c.files.save(PDF, ".pdf")
    assert c.files.path_of(key).read_bytes().startswith(b"gAAAAA")
    assert await c.files.read(key) == PDF


def test_a_malformed_files_key_stops_start_up() -> None:
    with pytest.raises(SettingsError, match="AGENCY_FILES_KEY must be a Fernet key"):
        Settings.from_env({"AGENCY_FILES_KEY": "not-a-key"})


async def test_passport_numbers_are_sealed_in_the_database_file_and_shown_to_staff(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, files_key=KEY)
    c = container(h)
    outcome = await c.agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    number = str(APPLICATION["passportNumber"]).encode()

    detail = await h.client.get(f"{LIST}/{outcome.id}")
    assert detail.status_code == 200
    assert detail.json()["passportNumber"] == APPLICATION["passportNumber"]
    found = await h.client.get("/api/admin/data-requests", params={"q": str(APPLICATION["passportNumber"]).lower()})
    assert found.status_code == 200, found.text
    assert found.json()["counts"]["applications"] == 1

    path = c.settings.database_path
    stored = b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal")) if p.is_file())
    assert str(APPLICATION["email"]).encode() in stored  # the application is in these bytes ...
    assert number not in stored  # ... and its passport number is not
