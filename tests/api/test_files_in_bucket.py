"""The app on a bucket (``AGENCY_FILE_STORAGE=cloud-storage``, on the storage emulator): an application's CV
goes into the bucket sealed with the files key, is read back through the app's store, and nothing is
left on the disk."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from tests.api.conftest import APPLICATION, PDF, AppFactory, container_of
from tests.support.storage_emulator import StorageEmulator

pytestmark = pytest.mark.emulator


async def test_an_application_on_a_bucket_keeps_its_cv_sealed_there_and_nothing_on_disk(
    make_app: AppFactory, storage_emulator: StorageEmulator
) -> None:
    bucket = storage_emulator.new_bucket()
    app = make_app(AGENCY_FILE_STORAGE="cloud-storage", AGENCY_FILES_BUCKET=bucket.name)
    async with AsyncTestClient(app) as client:
        answer = await client.post(
            "/api/applications", data=APPLICATION, files={"cv": ("cv.pdf", PDF, "application/pdf")}
        )
        assert answer.status_code == 201, answer.text
        (blob,) = list(bucket.list_blobs())
        assert blob.name.startswith("uploads/")
        assert blob.name.endswith(".pdf")
        assert PDF not in blob.download_as_bytes()
        assert await container_of(app).files.read(blob.name.removeprefix("uploads/")) == PDF
        uploads = container_of(app).settings.data_dir / "uploads"
        assert not uploads.exists() or not any(path.is_file() for path in uploads.rglob("*"))
