"""Jobs stored before postings grew (SQLite migration ``admin_0002_job_postings``, Firestore read defaults)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from adapters.firestore.documents import job_of
from adapters.sqlite.admin_store import MIGRATIONS, SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS as RECORD_MIGRATIONS
from agency_core.records import JobStatus
from tests.support.sealing import new_sealer

T0 = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


async def test_existing_sqlite_jobs_migrate(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    await db.migrate([*RECORD_MIGRATIONS, MIGRATIONS[0]])

    def old_rows(conn: object) -> None:
        for job_id, status in (("JB1", "open"), ("JB2", "closed")):
            conn.execute(  # type: ignore[attr-defined]
                "INSERT INTO jobs VALUES (?, 'Nurse', 'Qatar', 'Healthcare & Medical', '$2,000-$3,000', 'd', ?, ?, ?)",
                (job_id, status, T0.isoformat(), T0.isoformat()),
            )

    await db.run(old_rows)
    store = SqliteAdminStore(db, new_sealer())
    await store.start()
    opened, closed = await store.job("JB1"), await store.job("JB2")
    assert opened is not None
    assert closed is not None
    assert (opened.status, opened.published_at, opened.salary, opened.positions) == (
        JobStatus.OPEN,
        T0,
        "$2,000-$3,000",
        1,
    )
    assert (closed.published_at, closed.benefits, closed.closing_date, closed.city) == (None, (), None, "")
    await db.close()


def test_old_firestore_job_documents_read_with_defaults() -> None:
    doc = {
        "id": "JB1",
        "title": "Nurse",
        "country": "Qatar",
        "category": "Healthcare & Medical",
        "salary_range": "Negotiable",
        "description": "d",
        "status": "open",
        "created_at": T0,
        "updated_at": T0,
    }
    job = job_of(doc)
    assert (job.published_at, job.employment_type, job.salary, job.benefits) == (T0, "Full-time", "Negotiable", ())
    assert job_of({**doc, "status": "closed"}).published_at is None
