"""A data directory's backup: one encrypted archive of the SQLite database and the files.

The database is copied with SQLite's online backup (``sqlite3.Connection.backup``), which reads a
consistent snapshot while the app goes on writing; the files under ``uploads/`` and ``media/`` are
added as they are kept (uploads stay sealed with the files key). The tar archive is then encrypted
in chunks of :data:`CHUNK` bytes, each a Fernet token under the files key whose plaintext starts
with its index and a last-chunk flag, so a reordered, cut or altered archive is refused. A
``manifest.json`` inside names every member with its SHA-256; :func:`restore` checks each one
before the data directory is filled.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sqlite3
import struct
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from cryptography.fernet import Fernet, InvalidToken

from adapters.private_files import open_private, private_dir, private_file
from agency_core.operations import LastBackup

MAGIC = b"agency-backup v1\n"
CHUNK = 1 << 20
DATABASE_NAME = "agency.sqlite3"
FILE_FOLDERS = ("uploads", "media")
MANIFEST = "manifest.json"
LAST_BACKUP = "last-backup.json"
"""Beside the database: when the last backup was written (the dashboard reads it)."""
_HEADER = struct.Struct(">QB")
_LENGTH = struct.Struct(">I")


class BackupError(ValueError):
    """The archive cannot be written or restored (one line saying why)."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    path: Path
    files: int
    database_bytes: int
    created_at: datetime


def _kept_files(data_dir: Path) -> Iterator[tuple[str, Path]]:
    for folder in FILE_FOLDERS:
        root = data_dir / folder
        if not root.is_dir():
            continue
        for directory, _subdirs, names in os.walk(root):
            for name in sorted(names):
                if name.endswith(".part"):  # a write in progress: its file is not saved yet
                    continue
                path = Path(directory) / name
                yield path.relative_to(data_dir).as_posix(), path


def _snapshot(database: Path, into: Path) -> None:
    source = sqlite3.connect(database, timeout=30)
    try:
        target = sqlite3.connect(into)
        try:
            source.backup(target, pages=256)
        finally:
            target.close()
    finally:
        source.close()


def _add(archive: tarfile.TarFile, name: str, content: bytes, digests: dict[str, str]) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(content)
    info.mode = 0o600
    archive.addfile(info, io.BytesIO(content))
    digests[name] = hashlib.sha256(content).hexdigest()


def _write_sealed(plain: BinaryIO, out: BinaryIO, cipher: Fernet) -> None:
    out.write(MAGIC)
    index = 0
    chunk = plain.read(CHUNK)
    while True:
        following = plain.read(CHUNK)
        token = cipher.encrypt(_HEADER.pack(index, 0 if following else 1) + chunk)
        out.write(_LENGTH.pack(len(token)) + token)
        if not following:
            return
        chunk, index = following, index + 1


def _read_sealed(source: BinaryIO, out: BinaryIO, cipher: Fernet) -> None:
    if source.read(len(MAGIC)) != MAGIC:
        raise BackupError("not an agency backup")
    index = 0
    while True:
        length = source.read(_LENGTH.size)
        if len(length) != _LENGTH.size:
            raise BackupError("the backup is cut short")
        size = _LENGTH.unpack(length)[0]
        token = source.read(size)
        if len(token) != size:
            raise BackupError("the backup is cut short")
        try:
            plain = cipher.decrypt(token)
        except InvalidToken as exc:
            raise BackupError("the backup cannot be opened with this files key, or it was altered") from exc
        got, last = _HEADER.unpack_from(plain)
        if got != index:
            raise BackupError("the backup's parts are out of order")
        out.write(plain[_HEADER.size :])
        if last:
            if source.read(1):
                raise BackupError("the backup has data after its end")
            return
        index += 1


def backup(data_dir: Path, to: Path, cipher: Fernet, now: datetime) -> BackupReport:
    """Write the archive of ``data_dir`` to ``to`` (created 0600; an existing file is refused)."""
    database = data_dir / DATABASE_NAME
    if not database.is_file():
        raise BackupError(f"no database at {database}")
    if to.exists():
        raise BackupError(f"{to} exists: name a new file")
    digests: dict[str, str] = {}
    files = 0
    with tempfile.TemporaryDirectory(prefix="agency-backup-") as scratch:
        snapshot = Path(scratch) / DATABASE_NAME
        _snapshot(database, snapshot)
        database_bytes = snapshot.stat().st_size
        tar_path = Path(scratch) / "archive.tar"
        with tarfile.open(tar_path, "w") as archive:
            _add(archive, DATABASE_NAME, snapshot.read_bytes(), digests)
            for name, path in _kept_files(data_dir):
                with contextlib.suppress(FileNotFoundError):  # erased since the snapshot
                    _add(archive, name, path.read_bytes(), digests)
                    files += 1
            manifest = {"createdAt": now.isoformat(), "members": digests}
            _add(archive, MANIFEST, json.dumps(manifest, sort_keys=True).encode(), {})
        partial = to.with_name(to.name + ".part")
        with tar_path.open("rb") as plain, open_private(partial) as out:
            _write_sealed(plain, out, cipher)
        partial.replace(to)
    record_backup(data_dir, now, size_bytes=to.stat().st_size, files=files)
    return BackupReport(path=to, files=files, database_bytes=database_bytes, created_at=now)


def record_backup(data_dir: Path, at: datetime, *, size_bytes: int | None = None, files: int | None = None) -> None:
    path = data_dir / LAST_BACKUP
    partial = path.with_name(path.name + ".part")
    with open_private(partial) as out:
        out.write(json.dumps({"at": at.isoformat(), "bytes": size_bytes, "files": files}).encode())
    partial.replace(path)


def read_last_backup(data_dir: Path) -> LastBackup | None:
    """The last backup of ``data_dir``, or None (none yet, or unreadable)."""
    try:
        data = json.loads((data_dir / LAST_BACKUP).read_bytes())
        size, files = data.get("bytes"), data.get("files")
        return LastBackup(
            datetime.fromisoformat(data["at"]),
            size if isinstance(size, int) else None,
            files if isinstance(files, int) else None,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def last_backup(data_dir: Path) -> datetime | None:
    """When the last backup of ``data_dir`` was written, or None (none yet, or unreadable)."""
    found = read_last_backup(data_dir)
    return found.at if found is not None else None


def _member_path(data_dir: Path, name: str) -> Path:
    parts = PurePosixPath(name).parts
    allowed = name == DATABASE_NAME or (len(parts) > 1 and parts[0] in FILE_FOLDERS)
    if not allowed or any(part in ("", ".", "..") for part in parts) or name.startswith("/"):
        raise BackupError(f"the backup holds an unexpected member {name!r}")
    return data_dir.joinpath(*parts)


def _verified_members(archive: tarfile.TarFile) -> tuple[dict[str, bytes], str]:
    members: dict[str, bytes] = {}
    for info in archive.getmembers():
        if not info.isfile():
            raise BackupError(f"the backup holds an unexpected member {info.name!r}")
        handle = archive.extractfile(info)
        members[info.name] = handle.read() if handle is not None else b""
    try:
        manifest = json.loads(members.pop(MANIFEST))
        digests: dict[str, str] = manifest["members"]
        created_at = str(manifest["createdAt"])
    except (KeyError, ValueError, TypeError) as exc:
        raise BackupError("the backup has no readable manifest") from exc
    if set(digests) != set(members) or DATABASE_NAME not in members:
        raise BackupError("the backup's members do not match its manifest")
    for name, content in members.items():
        if hashlib.sha256(content).hexdigest() != digests[name]:
            raise BackupError(f"{name} does not match its checksum")
    return members, created_at


def _is_empty(data_dir: Path) -> bool:
    return not data_dir.exists() or (data_dir.is_dir() and not any(data_dir.iterdir()))


def restore(source: Path, data_dir: Path, cipher: Fernet) -> tuple[int, str]:
    """Fill the empty ``data_dir`` from the archive at ``source``: (files restored, the backup's time).
    Everything is decrypted and checked before the first file is written."""
    if not _is_empty(data_dir):
        raise BackupError(f"{data_dir} is not empty: restore fills an empty data directory only")
    with tempfile.TemporaryDirectory(prefix="agency-restore-") as scratch:
        tar_path = Path(scratch) / "archive.tar"
        try:
            with source.open("rb") as sealed, open_private(tar_path) as plain:
                _read_sealed(sealed, plain, cipher)
        except OSError as exc:
            raise BackupError(f"cannot read {source}: {exc.strerror}") from exc
        try:
            with tarfile.open(tar_path, "r") as archive:
                members, created_at = _verified_members(archive)
        except tarfile.TarError as exc:
            raise BackupError("the backup's archive is damaged") from exc
        _check_database(members[DATABASE_NAME], Path(scratch))
    targets = {name: _member_path(data_dir, name) for name in members}
    private_dir(data_dir)
    for name, content in members.items():
        path = targets[name]
        private_dir(path.parent)
        with open_private(path, exclusive=True) as out:
            out.write(content)
        private_file(path)
    return len(members) - 1, created_at


def _check_database(content: bytes, scratch: Path) -> None:
    probe = scratch / "probe.sqlite3"
    probe.write_bytes(content)
    conn = sqlite3.connect(probe)
    try:
        result = conn.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError("the backup's database is not a SQLite database") from exc
    finally:
        conn.close()
    if result is None or result[0] != "ok":
        raise BackupError("the backup's database fails SQLite's integrity check")
