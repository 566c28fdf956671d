"""One contract for the file and media stores: the local disk and a Cloud Storage bucket (on the emulator).

Every test runs on both: keys and names the same shape, uploads sealed with the files key where they
are kept (never plaintext in the folder or the bucket), a file written before encryption read as it
is, keys outside the store refused, and the readiness check failing when the place is gone.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.cloud_storage import UPLOADS_PREFIX, CloudFileStore, CloudMediaStore
from adapters.files import LocalFileStore
from adapters.media import LocalMediaStore
from tests.support.storage_emulator import StorageEmulator

PLACES = ["disk", pytest.param("cloud-storage", marks=pytest.mark.emulator)]
KEY = re.compile(r"^\d{4}/\d{2}/[0-9a-f]{32}\.pdf$")
CONTENT = b"%PDF-1.4 the applicant's CV, personal data"


@dataclass
class Place:
    files: LocalFileStore | CloudFileStore
    media: LocalMediaStore | CloudMediaStore
    cipher: Fernet
    kept: Callable[[str], bytes | None]
    """The bytes kept for an upload key, as they lie in the folder or the bucket."""
    put: Callable[[str, bytes], None]
    """Lay bytes under an upload key directly (a file from before encryption)."""
    remove_place: Callable[[], None]
    """Take the folder or the bucket away."""
    reopen: Callable[[Fernet], LocalFileStore | CloudFileStore]
    """Another store on the same place with another key (a second instance, or a wrong key)."""


def _disk(tmp_path: Path, cipher: Fernet) -> Place:
    root = tmp_path / "uploads"

    def put(key: str, data: bytes) -> None:
        (root / key).parent.mkdir(parents=True, exist_ok=True)
        (root / key).write_bytes(data)

    def remove_place() -> None:
        shutil.rmtree(tmp_path)
        tmp_path.write_bytes(b"not a folder")  # so it cannot be made again either

    return Place(
        LocalFileStore(root, cipher),
        LocalMediaStore(tmp_path / "media" / "blog"),
        cipher,
        kept=lambda key: (root / key).read_bytes() if (root / key).is_file() else None,
        put=put,
        remove_place=remove_place,
        reopen=lambda other: LocalFileStore(root, other),
    )


def _bucket(emulator: StorageEmulator, cipher: Fernet) -> Place:
    bucket = emulator.new_bucket()

    def kept(key: str) -> bytes | None:
        blob = bucket.get_blob(UPLOADS_PREFIX + key)
        return None if blob is None else bytes(blob.download_as_bytes())

    def remove_place() -> None:
        for blob in list(bucket.list_blobs()):
            blob.delete()
        bucket.delete()

    return Place(
        CloudFileStore(bucket, cipher),
        CloudMediaStore(bucket),
        cipher,
        kept=kept,
        put=lambda key, data: bucket.blob(UPLOADS_PREFIX + key).upload_from_string(data),
        remove_place=remove_place,
        reopen=lambda other: CloudFileStore(emulator.client().bucket(bucket.name), other),
    )


@pytest.fixture(params=PLACES)
async def place(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Place]:
    cipher = Fernet(Fernet.generate_key())
    if request.param == "disk":
        yield _disk(tmp_path, cipher)
    else:
        yield _bucket(request.getfixturevalue("storage_emulator"), cipher)


async def test_an_upload_is_kept_sealed_and_read_back_as_it_was_sent(place: Place) -> None:
    key = await place.files.save(CONTENT, ".pdf")
    assert KEY.match(key)
    kept = place.kept(key)
    assert kept is not None
    assert CONTENT not in kept
    assert place.cipher.decrypt(kept) == CONTENT
    assert await place.files.read(key) == CONTENT


async def test_each_upload_gets_a_key_of_its_own(place: Place) -> None:
    keys = {await place.files.save(CONTENT, ".pdf") for _ in range(5)}
    assert len(keys) == 5


async def test_a_second_instance_on_the_same_place_reads_the_first_ones_files(place: Place) -> None:
    key = await place.files.save(CONTENT, ".pdf")
    assert await place.reopen(place.cipher).read(key) == CONTENT


async def test_a_missing_or_deleted_file_reads_as_none_and_deleting_twice_is_fine(place: Place) -> None:
    key = await place.files.save(CONTENT, ".pdf")
    await place.files.delete(key)
    assert await place.files.read(key) is None
    assert place.kept(key) is None
    await place.files.delete(key)
    assert await place.files.read("2026/11/" + "0" * 32 + ".pdf") is None


async def test_a_file_from_before_encryption_is_read_as_it_is(place: Place) -> None:
    key = "2025/01/" + "a" * 32 + ".pdf"
    place.put(key, CONTENT)
    assert await place.files.read(key) == CONTENT


async def test_another_files_key_cannot_read_an_upload(place: Place) -> None:
    key = await place.files.save(CONTENT, ".pdf")
    with pytest.raises(ValueError, match="cannot be decrypted with AGENCY_FILES_KEY"):
        await place.reopen(Fernet(Fernet.generate_key())).read(key)


@pytest.mark.parametrize("key", ["../files.key", "2026/../../files.key", "/etc/passwd"])
async def test_a_key_outside_the_uploads_is_refused(place: Place, key: str) -> None:
    with pytest.raises(ValueError, match="outside"):
        await place.files.read(key)


async def test_an_extension_no_upload_rule_allows_is_refused(place: Place) -> None:
    with pytest.raises(ValueError, match="unexpected extension"):
        await place.files.save(CONTENT, ".exe")


async def test_blog_media_is_kept_as_sent_under_a_public_name(place: Place) -> None:
    image = b"\x89PNG\r\n\x1a\n a blog image"
    name = await place.media.save(image, ".png")
    assert re.fullmatch(r"[0-9a-f]{32}\.png", name)
    assert await place.media.read(name) == image
    assert await place.media.read("0" * 32 + ".png") is None
    assert await place.media.read("../files.key") is None
    with pytest.raises(ValueError, match="unexpected extension"):
        await place.media.save(image, ".svg")


async def test_the_readiness_check_fails_once_the_place_is_gone(place: Place) -> None:
    await place.files.reachable()
    place.remove_place()
    with pytest.raises((OSError, LookupError)):  # no folder can be made there; the bucket is not there
        await place.files.reachable()
