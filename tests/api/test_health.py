"""/livez and /readyz: unauthenticated, fast, and saying nothing but ok or unavailable.

/readyz answers 503 when the store is gone, when the files' folder or bucket is gone, and when the
outbox worker has stopped; /livez answers as long as the process does.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.health import READY_WITHIN_S, Readiness
from tests.api.conftest import AppFactory, container_of
from tests.support.firestore_emulator import (
    PROJECT_ID,
    REPO_ROOT,
    SCRIPT,
    FirestoreEmulator,
    _wait_for_port,
    free_port,
)
from tests.support.storage_emulator import StorageEmulator

BACK_WITHIN_S = 30.0
"""How long /readyz may take to answer 200 again once the emulator is back (gRPC's reconnect backoff)."""


def start_emulator(port: int) -> subprocess.Popen[bytes]:
    node = shutil.which("node")
    assert node is not None, "the Firestore emulator needs node"
    process = subprocess.Popen(
        [node, str(SCRIPT), str(port)], cwd=REPO_ROOT / "tools", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _wait_for_port(port, process)
    return process


def stop_emulator(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


READY = {"status": "ok"}
UNAVAILABLE = {"status": "unavailable"}


async def test_livez_and_readyz_answer_ok_without_a_session_and_are_not_cached(
    client: AsyncTestClient[Litestar],
) -> None:
    live = await client.get("/livez")
    assert (live.status_code, live.json()) == (200, READY)
    ready = await client.get("/readyz")
    assert (ready.status_code, ready.json()) == (200, READY)
    assert ready.headers["cache-control"] == "no-store"
    assert (await client.get("/api/health")).status_code == 200  # the old route stays


async def test_readyz_answers_503_when_the_store_is_gone_and_livez_still_answers(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    await container_of(app).database.close()
    ready = await client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == UNAVAILABLE  # no word of which part failed
    assert (await client.get("/livez")).status_code == 200


async def test_readyz_answers_503_while_the_database_directory_is_gone_and_200_once_it_is_back(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    """A lost volume: the data directory moved away under the running app (its open connection still
    answers ``SELECT 1`` from the moved file), then put back."""
    container = container_of(app)
    data_dir = container.settings.data_dir
    assert (await client.get("/readyz")).status_code == 200
    away = data_dir.with_name("data-unmounted")
    data_dir.rename(away)
    try:
        ready = await client.get("/readyz")
        assert (ready.status_code, ready.json()) == (503, UNAVAILABLE)
        assert ready.headers["cache-control"] == "no-store"
        assert "store" in await Readiness(container.readiness_checks()).failing()
    finally:
        # The volume mounted again over its mount point: what the files' check made there meanwhile
        # (an empty upload folder) is covered, as a mount covers it.
        shutil.rmtree(data_dir, ignore_errors=True)
        away.rename(data_dir)
    back = await client.get("/readyz")
    assert (back.status_code, back.json()) == (200, READY)


async def test_readyz_answers_503_when_the_database_file_was_replaced_by_another(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    """A file put where the database was is not the database the app writes to: not ready."""
    container = container_of(app)
    assert (await client.get("/readyz")).status_code == 200
    path = container.database.path
    kept = path.with_name("kept.db")
    path.rename(kept)
    path.write_bytes(kept.read_bytes())
    assert (await client.get("/readyz")).status_code == 503
    assert await Readiness(container.readiness_checks()).failing() == ["store"]
    path.unlink()
    kept.rename(path)
    assert (await client.get("/readyz")).status_code == 200


async def test_readyz_answers_503_when_the_upload_folder_is_gone(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    data_dir = container_of(app).settings.data_dir
    shutil.rmtree(data_dir / "uploads", ignore_errors=True)
    (data_dir / "uploads").write_bytes(b"a file where the folder was")
    ready = await client.get("/readyz")
    assert (ready.status_code, ready.json()) == (503, UNAVAILABLE)


async def test_readyz_answers_503_once_the_outbox_worker_has_stopped(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    assert (await client.get("/readyz")).status_code == 200
    task = container_of(app)._outbox_task
    assert task is not None
    task.get_loop().call_soon_threadsafe(task.cancel)  # the app runs on the test client's own loop
    for _ in range(100):
        if task.done():
            break
        await asyncio.sleep(0.01)
    ready = await client.get("/readyz")
    assert (ready.status_code, ready.json()) == (503, UNAVAILABLE)


async def test_a_check_that_hangs_fails_within_the_bound_and_the_others_still_count() -> None:
    async def hangs() -> None:
        await asyncio.sleep(3600)

    async def fine() -> None:
        return None

    started = time.monotonic()
    failing = await Readiness({"store": hangs, "files": fine}).failing()
    assert failing == ["store"]
    assert time.monotonic() - started < READY_WITHIN_S + 1.0


def test_the_health_probes_are_not_in_the_published_api(app: Litestar) -> None:
    paths = set(app.openapi_schema.paths or {})
    assert "/api/health" in paths
    assert not {"/livez", "/readyz"} & paths


@pytest.mark.emulator
async def test_readyz_on_a_bucket_answers_503_once_the_bucket_is_gone(
    make_app: AppFactory, storage_emulator: StorageEmulator
) -> None:
    bucket = storage_emulator.new_bucket()
    app = make_app(AGENCY_FILE_STORAGE="cloud-storage", AGENCY_FILES_BUCKET=bucket.name)
    async with AsyncTestClient(app) as client:
        assert (await client.get("/readyz")).status_code == 200
        bucket.delete()
        ready = await client.get("/readyz")
        assert (ready.status_code, ready.json()) == (503, UNAVAILABLE)


@pytest.mark.emulator
async def test_readyz_on_firestore_answers_503_while_its_emulator_is_stopped_and_200_once_it_is_back(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An emulator of the test's own (never the session's shared one), stopped and started again on
    the same port under the running app."""
    port = free_port()
    emulator = start_emulator(port)
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", f"127.0.0.1:{port}")  # the client reads it there
    monkeypatch.setenv("GOOGLE_CLOUD_PROJECT", PROJECT_ID)
    try:
        app = make_app(
            AGENCY_STORE="firestore", FIRESTORE_EMULATOR_HOST=f"127.0.0.1:{port}", GOOGLE_CLOUD_PROJECT=PROJECT_ID
        )
        async with AsyncTestClient(app) as client:
            assert (await client.get("/readyz")).status_code == 200
            stop_emulator(emulator)
            ready = await client.get("/readyz")
            assert (ready.status_code, ready.json()) == (503, UNAVAILABLE)
            assert "store" in await Readiness(container_of(app).readiness_checks()).failing()
            assert (await client.get("/livez")).status_code == 200
            emulator = start_emulator(port)
            answers = []
            deadline = time.monotonic() + BACK_WITHIN_S  # the client's channel reconnects with a backoff
            while time.monotonic() < deadline:
                answers.append((await client.get("/readyz")).status_code)
                if answers[-1] == 200:
                    break
                await asyncio.sleep(0.5)
            assert answers[-1] == 200, f"/readyz answered {answers} in the {BACK_WITHIN_S:.0f} s after the restart"
    finally:
        stop_emulator(emulator)


@pytest.mark.emulator
async def test_readyz_on_firestore_reads_from_firestore_and_answers_ok(
    make_app: AppFactory, firestore_emulator: FirestoreEmulator
) -> None:
    app = make_app(
        AGENCY_STORE="firestore",
        FIRESTORE_EMULATOR_HOST=firestore_emulator.host,
        GOOGLE_CLOUD_PROJECT=firestore_emulator.project_id,
    )
    async with AsyncTestClient(app) as client:
        ready = await client.get("/readyz")
        assert (ready.status_code, ready.json()) == (200, READY)
