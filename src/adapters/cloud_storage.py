"""Uploads and blog media in one Cloud Storage bucket (``google-cloud-storage``), beside the local disk.

Objects are named as the local data directory lays them out: ``uploads/<key>`` for the
:class:`~agency_core.ports.FileStore`, ``media/blog/<name>`` for the
:class:`~agency_core.staff.ports.MediaStore`. Uploads are sealed with the files key before they
leave the process, exactly as on disk (:func:`adapters.files.seal`); nothing is ever served from a
bucket URL: every read goes through these stores and the app's own routes. The official client is
blocking, so each call runs on a worker thread; ``STORAGE_EMULATOR_HOST`` points it at an emulator
(which it then reaches with anonymous credentials).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Any, Final

from cryptography.fernet import Fernet

from adapters.files import new_key, seal, unseal
from adapters.media import NAME_PATTERN, new_name

UPLOADS_PREFIX: Final = "uploads/"
MEDIA_PREFIX: Final = "media/blog/"
_SAFE_KEY: Final = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$")
"""A key of the file store: relative, ``/``-separated, no empty, ``.`` or ``..`` part."""


def storage_client(project: str | None = None) -> Any:
    """The official client; its credentials are the environment's (on Cloud Run, the service
    account's), anonymous on an emulator."""
    from google.cloud.storage import Client  # the SDK only when a bucket is chosen

    return Client(project=project or None)


def object_name(prefix: str, key: str) -> str:
    """``prefix + key``; ``ValueError`` for a key that could name anything outside ``prefix``."""
    if not _SAFE_KEY.match(key) or ".." in key.split("/"):
        raise ValueError("key outside the upload folder")
    return prefix + key


def bucket_is_there(bucket: Any) -> bool:
    """Whether the bucket answers and exists, asked by listing at most one object: the app's account
    needs only object permissions (``roles/storage.objectUser``), not the bucket's metadata."""
    from google.api_core.exceptions import NotFound

    try:
        list(bucket.client.list_blobs(bucket, max_results=1, timeout=2.0))
    except NotFound:
        return False
    return True


def _download(bucket: Any, name: str) -> bytes | None:
    from google.api_core.exceptions import NotFound

    try:
        return bytes(bucket.blob(name).download_as_bytes())
    except NotFound:
        return None


def _upload(bucket: Any, name: str, data: bytes) -> None:
    bucket.blob(name).upload_from_string(data, content_type="application/octet-stream")


class CloudFileStore:
    """Implements :class:`agency_core.ports.FileStore` on a bucket; keys as
    :class:`adapters.files.LocalFileStore`'s."""

    def __init__(self, bucket: Any, cipher: Fernet | None = None, prefix: str = UPLOADS_PREFIX) -> None:
        self.bucket = bucket
        self.cipher = cipher
        self.prefix = prefix

    async def save(self, content: bytes, extension: str) -> str:
        key = new_key(extension)
        await asyncio.to_thread(_upload, self.bucket, object_name(self.prefix, key), seal(content, self.cipher))
        return key

    async def read(self, key: str) -> bytes | None:
        """The file's plaintext, or ``None`` when it is gone; ``ValueError`` for a key that is not
        one of this store's or content this files key cannot decrypt."""
        raw = await asyncio.to_thread(_download, self.bucket, object_name(self.prefix, key))
        return None if raw is None else unseal(raw, self.cipher, key)

    async def read_raw(self, key: str) -> bytes | None:
        """The object as kept (sealed), for ``agency files migrate``'s check."""
        return await asyncio.to_thread(_download, self.bucket, object_name(self.prefix, key))

    async def write_raw(self, key: str, kept: bytes) -> None:
        """Keep ``kept`` (already sealed) under ``key``: ``agency files migrate`` copies a disk's files."""
        await asyncio.to_thread(_upload, self.bucket, object_name(self.prefix, key), kept)

    async def delete(self, key: str) -> None:
        from google.api_core.exceptions import NotFound

        def delete() -> None:
            with contextlib.suppress(NotFound):
                self.bucket.blob(object_name(self.prefix, key)).delete()

        await asyncio.to_thread(delete)

    async def reachable(self) -> None:
        """Raises when the bucket does not answer, or is not there (the readiness check)."""
        if not await asyncio.to_thread(bucket_is_there, self.bucket):
            raise LookupError("the bucket is not there")


class CloudMediaStore:
    """Implements :class:`agency_core.staff.ports.MediaStore` on a bucket; names as
    :class:`adapters.media.LocalMediaStore`'s."""

    def __init__(self, bucket: Any, prefix: str = MEDIA_PREFIX) -> None:
        self.bucket = bucket
        self.prefix = prefix

    async def read(self, name: str) -> bytes | None:
        if not NAME_PATTERN.match(name):
            return None
        return await asyncio.to_thread(_download, self.bucket, self.prefix + name)

    async def save(self, content: bytes, extension: str) -> str:
        name = new_name(extension)
        await self.write(name, content)
        return name

    async def write(self, name: str, content: bytes) -> None:
        """Keep ``content`` under an existing public ``name`` (``agency files migrate``)."""
        if not NAME_PATTERN.match(name):
            raise ValueError(f"{name!r} is not a media name")
        await asyncio.to_thread(_upload, self.bucket, self.prefix + name, content)
