"""``agency backup --to PATH`` and ``agency restore --from PATH``: the data directory's database and
files in one archive encrypted with the files key (:mod:`adapters.backup`).

The archive is sealed with ``AGENCY_FILES_KEY`` (outside production without it: the data
directory's ``files.key``), the key the uploads inside are sealed with already, so a restore needs
that one key and nothing more. ``restore`` reads the key from ``AGENCY_FILES_KEY`` or
``--key-file`` (the old data directory's ``files.key``); without ``AGENCY_FILES_KEY`` it writes the
key it used into the new data directory's ``files.key``, so the restored uploads open.
"""

from __future__ import annotations

import sys
from pathlib import Path

from app.composition.backups import BackupError, restore_backup, write_backup
from app.container import app_clock
from app.files_key import FileKeyError
from app.settings import Settings

EXIT_FAILED = 1


def _fail(message: str) -> int:
    print(f"agency: {message}", file=sys.stderr)
    return EXIT_FAILED


def run_backup(settings: Settings, to: Path) -> int:
    if settings.api.store == "firestore":
        return _fail(
            "agency backup copies the SQLite database: on Firestore use its scheduled backups "
            "(docs/operations.md, Backups and restore)"
        )
    try:
        report = write_backup(settings, to, app_clock(settings)())
    except (BackupError, OSError) as exc:
        return _fail(str(exc))
    print(
        f"backup written to {report.path}: the database ({report.database_bytes} bytes) and {report.files} files, "
        f"at {report.created_at.isoformat()}"
    )
    return 0


def run_restore(settings: Settings, source: Path, key_file: Path | None) -> int:
    try:
        key_text = settings.files_key or (key_file.read_text(encoding="ascii").strip() if key_file else "")
    except OSError as exc:
        return _fail(f"cannot read {key_file}: {exc.strerror}")
    if not key_text:
        return _fail("agency restore needs the backup's files key: set AGENCY_FILES_KEY or pass --key-file")
    try:
        files, created_at = restore_backup(settings, source, key_text)
    except (BackupError, FileKeyError) as exc:
        return _fail(str(exc))
    print(f"restored {settings.data_dir} from the backup of {created_at}: the database and {files} files")
    return 0
