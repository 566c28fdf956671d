"""``agency files migrate`` on the Cloud Storage emulator: a local data directory copied into the bucket,
sealed, verified, and idempotently (a second run copies nothing; a changed object is copied again)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet

from adapters.cloud_storage import CloudFileStore, CloudMediaStore
from adapters.files import LocalFileStore
from adapters.media import LocalMediaStore
from tests.support.storage_emulator import StorageEmulator

pytestmark = pytest.mark.emulator

FILES_KEY = Fernet.generate_key()
CV = b"%PDF-1.4 a CV"
LEGACY = b"%PDF-1.4 uploaded before encryption was turned on"
IMAGE = b"\x89PNG\r\n\x1a\n a blog image"


def agency_files_migrate(data_dir: Path, bucket: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {
        "AGENCY_DATA_DIR": str(data_dir),
        "AGENCY_FILES_KEY": FILES_KEY.decode(),
        "AGENCY_FILES_BUCKET": bucket,
        "GOOGLE_CLOUD_PROJECT": "demo-agency",
    }
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "files", "migrate"], capture_output=True, text=True, env=env, timeout=120
    )


def local_data(data_dir: Path) -> tuple[list[str], str, str]:
    """Three sealed uploads, one from before encryption, an unfinished write and a blog image."""
    files = LocalFileStore(data_dir / "uploads", Fernet(FILES_KEY))

    async def save() -> tuple[list[str], str]:
        keys = [await files.save(CV + bytes([i]), ".pdf") for i in range(3)]
        image = await LocalMediaStore(data_dir / "media" / "blog").save(IMAGE, ".png")
        return keys, image

    keys, image = asyncio.run(save())
    legacy = "2025/01/" + "b" * 32 + ".pdf"
    (data_dir / "uploads" / "2025" / "01").mkdir(parents=True)
    (data_dir / "uploads" / legacy).write_bytes(LEGACY)
    (data_dir / "uploads" / "2025" / "01" / ("c" * 32 + ".pdf.part")).write_bytes(b"half")
    return keys, legacy, image


def read_back(bucket: Any, key: str) -> bytes | None:
    return asyncio.run(CloudFileStore(bucket, Fernet(FILES_KEY)).read(key))


def test_migrate_copies_seals_and_verifies_then_copies_nothing_twice(
    storage_emulator: StorageEmulator, tmp_path: Path
) -> None:
    bucket = storage_emulator.new_bucket()
    keys, legacy, image = local_data(tmp_path)

    first = agency_files_migrate(tmp_path, bucket.name)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "5 copied and verified, 0 already in the bucket, 0 failed, 1 ignored"
    assert [read_back(bucket, key) for key in keys] == [CV + bytes([i]) for i in range(3)]
    assert read_back(bucket, legacy) == LEGACY
    kept = bucket.blob("uploads/" + legacy).download_as_bytes()
    assert LEGACY not in kept  # sealed on the way: nothing reaches the bucket in the clear
    assert asyncio.run(CloudMediaStore(bucket).read(image)) == IMAGE
    assert sorted(blob.name for blob in bucket.list_blobs()) == sorted(
        [*(f"uploads/{key}" for key in [*keys, legacy]), f"media/blog/{image}"]
    )

    second = agency_files_migrate(tmp_path, bucket.name)
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip() == "0 copied and verified, 5 already in the bucket, 0 failed, 1 ignored"

    bucket.blob("uploads/" + keys[0]).upload_from_string(b"something else")
    third = agency_files_migrate(tmp_path, bucket.name)
    assert third.stdout.strip() == "1 copied and verified, 4 already in the bucket, 0 failed, 1 ignored"
    assert read_back(bucket, keys[0]) == CV + bytes([0])


def test_a_file_the_files_key_cannot_read_fails_the_run_naming_it(
    storage_emulator: StorageEmulator, tmp_path: Path
) -> None:
    bucket = storage_emulator.new_bucket()
    stranger = LocalFileStore(tmp_path / "uploads", Fernet(Fernet.generate_key()))
    key = asyncio.run(stranger.save(CV, ".pdf"))
    done = agency_files_migrate(tmp_path, bucket.name)
    assert done.returncode == 1
    assert f"failed uploads/{key}: {key} cannot be decrypted with AGENCY_FILES_KEY" in done.stderr
    assert done.stdout.strip() == "0 copied and verified, 0 already in the bucket, 1 failed, 0 ignored"
    assert list(bucket.list_blobs()) == []


@pytest.mark.usefixtures("storage_emulator")
def test_a_bucket_that_is_not_there_stops_the_run_with_one_line(tmp_path: Path) -> None:
    done = agency_files_migrate(tmp_path, "no-such-bucket-here")
    assert done.returncode == 1
    assert done.stderr.strip().endswith(
        "agency: the bucket 'no-such-bucket-here' of AGENCY_FILES_BUCKET is not there: create it first"
    )


@pytest.mark.usefixtures("storage_emulator")
def test_without_a_bucket_setting_the_run_stops_naming_it(tmp_path: Path) -> None:
    done = agency_files_migrate(tmp_path, "")
    assert done.returncode == 1
    assert done.stderr.strip().endswith(
        "agency: agency files migrate needs AGENCY_FILES_BUCKET: the bucket to copy the files into"
    )
