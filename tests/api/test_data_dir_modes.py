"""The data directory and everything in it are the owner's only (0700 / 0600), on a fresh start of
the real process and after a start on a directory an older version left world-readable."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import running_app


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def usual_umask() -> Iterator[None]:
    """The common 022, so a file made without an explicit mode would be world-readable."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def apply_with_a_cv(base_url: str) -> None:
    response = httpx.post(
        f"{base_url}/api/applications",
        data={**APPLICATION, "email": "modes@example.com"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=30,
    )
    assert response.status_code == 201, response.text


def assert_owner_only(data_dir: Path) -> None:
    assert mode(data_dir) == 0o700
    database = data_dir / "agency.sqlite3"
    for name in ("agency.sqlite3", "agency.sqlite3-wal", "agency.sqlite3-shm", "files.key"):
        assert (data_dir / name).is_file(), name
    uploads = [p for p in (data_dir / "uploads").rglob("*") if p.is_file()]
    assert uploads
    for path in [database, *data_dir.rglob("*")]:
        if path.name == "app.log":
            continue  # the test's own log of the process
        assert mode(path) == (0o700 if path.is_dir() else 0o600), (path, oct(mode(path)))


def test_a_fresh_start_creates_the_data_directory_owner_only() -> None:
    with usual_umask(), tempfile.TemporaryDirectory(prefix="agency-modes-") as parent:
        data_dir = Path(parent) / "data" / "var"
        with running_app("agency-modes-", env={"AGENCY_DATA_DIR": str(data_dir)}) as app:
            apply_with_a_cv(app.base_url)
            assert_owner_only(data_dir)


def test_a_world_readable_data_directory_is_tightened_at_start() -> None:
    with usual_umask(), tempfile.TemporaryDirectory(prefix="agency-modes-") as parent:
        data_dir = Path(parent) / "var"
        (data_dir / "uploads" / "2026" / "01").mkdir(parents=True, mode=0o755)
        data_dir.chmod(0o755)
        old_upload = data_dir / "uploads" / "2026" / "01" / "old.pdf"
        old_upload.write_bytes(PDF)
        old_upload.chmod(0o644)
        (data_dir / "agency.sqlite3").touch(mode=0o644)
        with running_app("agency-modes-", env={"AGENCY_DATA_DIR": str(data_dir)}) as app:
            apply_with_a_cv(app.base_url)
            assert_owner_only(data_dir)
            assert mode(old_upload) == 0o600
