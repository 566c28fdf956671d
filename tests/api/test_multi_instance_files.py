"""Three app processes on one Firestore emulator and one Cloud Storage emulator bucket: one set of
files (issue 47 item 2). A CV uploaded through one instance downloads byte-identical through the
other two, a blog image saved through one is served by all three, and an erasure through one takes
the files away for all. Each instance has a data directory of its own: nothing is shared on disk."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import httpx
import pytest
from cryptography.fernet import Fernet

from tests.api.conftest import APPLICATION, PDF, PNG
from tests.api.test_multi_instance import PASSWORD, Cluster, firestore_client, own_cluster
from tests.support.app_process import AppProcess
from tests.support.firebase_auth_emulator import FirebaseAuthEmulator
from tests.support.storage_emulator import StorageEmulator

pytestmark = pytest.mark.emulator

FILES_KEY = Fernet.generate_key().decode()
"""The one files key the instances share (as ``AGENCY_FILES_KEY`` does in production)."""


@pytest.fixture(scope="module")
def files_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    yield from own_cluster(tmp_path_factory, "files-cluster")


def sign_in(app: AppProcess, email: str) -> tuple[dict[str, str], dict[str, str]]:
    """The session cookie and the CSRF header of an admin signed in on ``app``."""
    csrf = httpx.get(f"{app.base_url}/api/admin/session", timeout=10).cookies["csrftoken"]
    signed_in = httpx.post(
        f"{app.base_url}/api/admin/session",
        json={"email": email, "password": PASSWORD},
        headers={"X-CSRF-Token": csrf, "Cookie": f"csrftoken={csrf}"},
        timeout=20,
    )
    assert signed_in.status_code == 200, signed_in.text
    csrf = signed_in.cookies.get("csrftoken") or csrf
    cookie = {"Cookie": f"agency_session={signed_in.cookies['agency_session']}; csrftoken={csrf}"}
    return cookie, {**cookie, "X-CSRF-Token": csrf}


def test_three_instances_share_one_set_of_files(
    files_cluster: Cluster, firebase_auth_emulator: FirebaseAuthEmulator, storage_emulator: StorageEmulator
) -> None:
    bucket = storage_emulator.new_bucket()
    email = f"files-{uuid.uuid4().hex[:8]}@vandytravel.com"
    uid = firebase_auth_emulator.create_user(email, PASSWORD)
    firestore_client(files_cluster).collection("users").document(uid).set({"name": "Abena Owusu", "role": "admin"})  # type: ignore[attr-defined]
    shared = {
        "AGENCY_IDENTITY": "firebase",
        "AGENCY_ROLES": "firestore",
        "FIREBASE_API_KEY": firebase_auth_emulator.api_key,
        "FIREBASE_AUTH_EMULATOR_HOST": firebase_auth_emulator.host,
        "AGENCY_FILE_STORAGE": "cloud-storage",
        "AGENCY_FILES_BUCKET": bucket.name,
        "STORAGE_EMULATOR_HOST": storage_emulator.host,
        "AGENCY_FILES_KEY": FILES_KEY,
    }
    apps = files_cluster.start(["fa", "fb", "fc"], None, **shared)
    a, b, c = apps
    try:
        cv = PDF + uuid.uuid4().bytes  # bytes no other test uploads
        applicant = {**APPLICATION, "email": f"files-{uuid.uuid4().hex[:8]}@example.com"}
        submitted = httpx.post(
            f"{a.base_url}/api/applications",
            data=applicant,
            files={"cv": ("cv.pdf", cv, "application/pdf")},
            timeout=30,
        )
        assert submitted.status_code == 201, submitted.text
        application_id = submitted.json()["applicationId"]
        uploads = [blob.name for blob in bucket.list_blobs(prefix="uploads/")]
        assert len(uploads) == 1  # in the bucket, sealed (not on any instance's disk)
        assert not any((files_cluster.tmp / name / "uploads").exists() for name in ("fa", "fb", "fc"))

        cookie, guarded = sign_in(a, email)
        for app in (b, c):
            download = httpx.get(
                f"{app.base_url}/api/admin/applications/{application_id}/files/cv", headers=cookie, timeout=20
            )
            assert download.status_code == 200, download.text
            assert download.content == cv

        image = PNG + uuid.uuid4().bytes
        saved = httpx.post(
            f"{a.base_url}/api/admin/blog-posts/images",
            files={"image": ("photo.png", image, "image/png")},
            headers=guarded,
            timeout=20,
        )
        assert saved.status_code == 201, saved.text
        url = saved.json()["url"]
        for app in apps:
            served = httpx.get(f"{app.base_url}{url}", timeout=20)
            assert served.status_code == 200, served.text
            assert served.content == image

        erased = httpx.post(
            f"{a.base_url}/api/admin/data-requests/erase",
            json={"q": applicant["email"], "confirm": applicant["email"]},
            headers=guarded,
            timeout=30,
        )
        assert erased.status_code in (200, 201), erased.text
        assert [blob.name for blob in bucket.list_blobs(prefix="uploads/")] == []
        for app in (b, c):
            gone = httpx.get(
                f"{app.base_url}/api/admin/applications/{application_id}/files/cv", headers=cookie, timeout=20
            )
            assert gone.status_code == 404, gone.text
    finally:
        for app in apps:
            app.stop()
