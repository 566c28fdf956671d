"""``agency files migrate``: a local data directory's uploads and blog media copied into the bucket.

Each file keeps its key (``uploads/<key>``, ``media/blog/<name>``), so the records that name it need
no change. An upload is copied as it is kept, sealed; one from before encryption (plaintext on the
disk) is sealed with the files key first, so nothing reaches the bucket in the clear. The copy is
idempotent: a file whose object already holds the same content (the same plaintext, for an upload)
is left alone, and one that differs is copied again. Every copy is read back and compared; a file
that does not compare, or that this files key cannot read, is reported as failed and the run fails.
Nothing on the disk is changed or removed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

from adapters.cloud_storage import CloudFileStore, CloudMediaStore
from adapters.files import is_sealed, seal, unseal
from adapters.media import NAME_PATTERN

PARTIAL_SUFFIX = ".part"
"""A write the local store never finished: not a file of the store."""


@dataclass
class MigrationReport:
    copied: list[str] = field(default_factory=list)
    """Object names copied (and verified) by this run."""
    already: list[str] = field(default_factory=list)
    """Object names whose object already held the same content."""
    failed: list[tuple[str, str]] = field(default_factory=list)
    """``(object name, why)`` of each file not copied, or not read back as it was."""
    ignored: list[str] = field(default_factory=list)
    """Paths under the folders that are no file of the stores (unfinished writes, foreign names)."""

    @property
    def ok(self) -> bool:
        return not self.failed


def _files_under(root: Path) -> list[Path]:
    return sorted(path for path in root.rglob("*") if path.is_file()) if root.is_dir() else []


async def _upload(path: Path, key: str, files: CloudFileStore, cipher: Fernet, report: MigrationReport) -> None:
    name = files.prefix + key
    raw = await asyncio.to_thread(path.read_bytes)
    try:
        plaintext = unseal(raw, cipher, key)
    except ValueError as exc:
        report.failed.append((name, str(exc)))
        return
    existing = await files.read_raw(key)
    if existing is not None and _plaintext_or_none(existing, cipher, key) == plaintext:
        report.already.append(name)
        return
    kept = raw if is_sealed(raw) else seal(plaintext, cipher)
    await files.write_raw(key, kept)
    back = await files.read_raw(key)
    if back != kept or _plaintext_or_none(back, cipher, key) != plaintext:
        report.failed.append((name, "the copy read back differs from the file on disk"))
        return
    report.copied.append(name)


def _plaintext_or_none(raw: bytes | None, cipher: Fernet, key: str) -> bytes | None:
    if raw is None:
        return None
    try:
        return unseal(raw, cipher, key)
    except ValueError:
        return None


async def _image(path: Path, media: CloudMediaStore, report: MigrationReport) -> None:
    name = media.prefix + path.name
    content = await asyncio.to_thread(path.read_bytes)
    if await media.read(path.name) == content:
        report.already.append(name)
        return
    await media.write(path.name, content)
    if await media.read(path.name) != content:
        report.failed.append((name, "the copy read back differs from the file on disk"))
        return
    report.copied.append(name)


async def migrate_files(
    data_dir: Path, files: CloudFileStore, media: CloudMediaStore, cipher: Fernet
) -> MigrationReport:
    """Copy ``data_dir/uploads/**`` and ``data_dir/media/blog/*`` into the stores' bucket, one file at a time."""
    report = MigrationReport()
    uploads = data_dir / "uploads"
    for path in _files_under(uploads):
        key = path.relative_to(uploads).as_posix()
        if path.name.endswith(PARTIAL_SUFFIX):
            report.ignored.append(str(path))
            continue
        try:
            await _upload(path, key, files, cipher, report)
        except ValueError as exc:  # a key the bucket store refuses (a name the local store never makes)
            report.ignored.append(f"{path}: {exc}")
    blog = data_dir / "media" / "blog"
    for path in _files_under(blog):
        if path.parent != blog or not NAME_PATTERN.match(path.name):
            report.ignored.append(str(path))
            continue
        await _image(path, media, report)
    return report
