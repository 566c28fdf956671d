"""The backup commands' adapters (:mod:`adapters.backup`) wired to the settings: the data directory,
the files key, the app's clock."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from adapters.backup import BackupError, BackupReport, backup, last_backup, read_last_backup, restore
from adapters.private_files import open_private, private_dir
from agency_core.operations import LastBackup
from app.composition.keys import build_files_cipher
from app.files_key import load_files_key
from app.settings import Settings

__all__ = ["BackupError", "BackupReport", "last_backup_at", "last_backup_record", "restore_backup", "write_backup"]


def write_backup(settings: Settings, to: Path, now: datetime) -> BackupReport:
    return backup(settings.data_dir, to, build_files_cipher(settings), now)


def restore_backup(settings: Settings, source: Path, key_text: str) -> tuple[int, str]:
    """Fill the empty data directory; without ``AGENCY_FILES_KEY`` the key is kept as its ``files.key``."""
    files, created_at = restore(source, settings.data_dir, load_files_key(key_text))
    if not settings.files_key:
        with open_private(private_dir(settings.data_dir) / "files.key", exclusive=True) as out:
            out.write(key_text.encode("ascii"))
    return files, created_at


def last_backup_at(settings: Settings) -> datetime | None:
    """When ``agency backup`` last wrote an archive of this data directory (None: never, or Firestore)."""
    return last_backup(settings.data_dir)


def last_backup_record(settings: Settings) -> LastBackup | None:
    """The last backup's time, size and files, for ``/metrics`` and the operations page (None: never, or Firestore)."""
    return read_last_backup(settings.data_dir)
