"""``agency backup`` while the SQLite store takes writes, then ``agency restore`` into an empty data
directory: the restored database is the live one as it was after one of the writes (every table, every
row), and every restored file is byte for byte the live one. A restore refuses a data directory that
is not empty, another key, and an altered archive."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.backup import BackupError, last_backup, restore
from agency_core.submissions.service import Upload
from agency_core.submitted import Accepted
from app.container import Container
from app.settings import Settings
from tests.api.conftest import APPLICATION, PDF
from tests.support.clock import NOW, NOW_ISO

FILES_KEY = Fernet.generate_key().decode()
Dump = dict[str, list[tuple[object, ...]]]


def env_for(data_dir: Path, key: str = FILES_KEY) -> dict[str, str]:
    return os.environ | {
        "AGENCY_DATA_DIR": str(data_dir),
        "AGENCY_ENV": "development",
        "AGENCY_DEMO": "",
        "AGENCY_NOW": NOW_ISO,
        "AGENCY_FILES_KEY": key,
    }


def agency(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], capture_output=True, text=True, env=env, timeout=120
    )


def dump(database: Path) -> Dump:
    """Every table's rows, sorted, read through a connection of its own (committed state only)."""
    conn = sqlite3.connect(database)
    try:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: sorted(conn.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr) for table in tables}
    finally:
        conn.close()


def files_of(data_dir: Path) -> dict[str, bytes]:
    return {
        path.relative_to(data_dir).as_posix(): path.read_bytes()
        for folder in ("uploads", "media")
        for path in (data_dir / folder).rglob("*")
        if path.is_file()
    }


async def submit(container: Container, i: int) -> None:
    data = {**APPLICATION, "email": f"applicant{i}@example.com", "phone": f"020{i:07d}"}
    outcome = await container.agency.submit_application(data, {"cv": Upload("cv.pdf", PDF + str(i).encode())})
    assert isinstance(outcome, Accepted)


async def backup_during_writes(live: Path, archive: Path) -> tuple[list[Dump], int, int, str]:
    """Writes in a loop (a dump of the database after each) while ``agency backup`` runs in another process."""
    container = Container.build(Settings.from_env(env_for(live), serving=False))
    await container.start_for_cli()
    dumps: list[Dump] = []
    try:
        for i in range(3):
            await submit(container, i)
        dumps.append(dump(live / "agency.sqlite3"))
        stop = asyncio.Event()

        async def writer() -> None:
            i = 3
            while not stop.is_set():
                await submit(container, i)
                dumps.append(dump(live / "agency.sqlite3"))
                i += 1

        task = asyncio.create_task(writer())
        before = len(dumps)
        done = await asyncio.to_thread(agency, "backup", "--to", str(archive), env=env_for(live))
        after = len(dumps)
        await asyncio.sleep(0.3)  # writes go on after the backup
        stop.set()
        await task
    finally:
        await container.close()
    assert done.returncode == 0, done.stderr
    return dumps, before, after, done.stdout


def test_a_backup_taken_during_writes_restores_every_row_and_file(tmp_path: Path) -> None:
    live, restored, archive = tmp_path / "live", tmp_path / "restored", tmp_path / "site.agency-backup"
    dumps, before, after, said = asyncio.run(backup_during_writes(live, archive))
    assert after > before, "no write happened while the backup ran"
    assert "backup written to" in said
    assert archive.stat().st_mode & 0o777 == 0o600
    assert PDF[:8] not in archive.read_bytes()  # encrypted: not even the sealed uploads' tar headers show
    recorded = last_backup(live)  # for the dashboard, on the clock AGENCY_NOW starts
    assert recorded is not None
    assert NOW <= recorded < NOW + timedelta(minutes=2)

    done = agency("restore", "--from", str(archive), env=env_for(restored))
    assert done.returncode == 0, done.stderr

    state = dump(restored / "agency.sqlite3")
    assert state["applications"], "the restored database holds no application"
    assert state in dumps, "the restored database is no state the live one was in after a write"
    assert dumps.index(state) >= 1  # a state from the writes in the loop, not only the first three
    live_files, restored_files = files_of(live), files_of(restored)
    assert restored_files, "no file restored"
    for name, content in restored_files.items():
        assert live_files[name] == content, name
    uploads = {name for name in restored_files if name.startswith("uploads/")}
    assert len(uploads) >= len(state["applications"])  # each restored application's CV came too


def test_restore_refuses_a_used_data_directory_another_key_and_an_altered_archive(tmp_path: Path) -> None:
    live, archive = tmp_path / "live", tmp_path / "b.agency-backup"

    async def some_data() -> None:
        container = Container.build(Settings.from_env(env_for(live), serving=False))
        await container.start_for_cli()
        try:
            await submit(container, 1)
        finally:
            await container.close()

    asyncio.run(some_data())
    assert agency("backup", "--to", str(archive), env=env_for(live)).returncode == 0
    again = agency("backup", "--to", str(archive), env=env_for(live))
    assert again.returncode == 1
    assert "exists" in again.stderr

    used = tmp_path / "used"
    used.mkdir()
    (used / "something").write_text("x")
    refused = agency("restore", "--from", str(archive), env=env_for(used))
    assert refused.returncode == 1
    assert "not empty" in refused.stderr

    with pytest.raises(BackupError, match="cannot be opened with this files key"):
        restore(archive, tmp_path / "a", Fernet(Fernet.generate_key()))
    raw = bytearray(archive.read_bytes())
    raw[len(raw) // 2] ^= 0x01
    altered = tmp_path / "altered.agency-backup"
    altered.write_bytes(bytes(raw))
    with pytest.raises(BackupError):
        restore(altered, tmp_path / "b", Fernet(FILES_KEY))
    cut = tmp_path / "cut.agency-backup"
    cut.write_bytes(archive.read_bytes()[: len(raw) // 2])
    with pytest.raises(BackupError, match="cut short"):
        restore(cut, tmp_path / "c", Fernet(FILES_KEY))
    assert not any((tmp_path / name).exists() for name in "abc")  # nothing written before every check passed


@pytest.mark.parametrize("store", ["firestore"])
def test_backup_on_firestore_points_to_its_scheduled_backups(tmp_path: Path, store: str) -> None:
    env = env_for(tmp_path) | {"AGENCY_STORE": store, "FIREBASE_PROJECT_ID": "demo-agency"}
    done = agency("backup", "--to", str(tmp_path / "x"), env=env)
    assert done.returncode == 1
    assert "Firestore" in done.stderr
    assert not (tmp_path / "x").exists()
