"""Seeding the pipeline benchmarks: applicants and their stage moves written straight into the app's
SQLite file (after the app migrated it), and the demo admin's signed-in HTTP client.

The rows are what the stores write (``applications`` with its JSON ``data``, ``pipeline_moves`` one
row per move, version 1 the entry); the applicants' destinations, jobs and owners vary so the
board's filters have something to cut.
"""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from _common import AppProcess

from agency_core.pipeline.stages import STAGES, StageKey
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD

DESTINATIONS = ("Qatar", "United Arab Emirates", "Saudi Arabia", "Oman", "Kuwait", "Bahrain")
JOBS = (("J1", "Mason"), ("J2", "Driver"), ("J3", "Caregiver"), ("J4", "Electrician"))
OWNERS = (("", ""), ("U1", "Ama Owusu"), ("U2", "Kofi Asante"))
NOW = datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def seed(db_path: Path, applicants: int, moves_each: int | None, seed_value: int = 7) -> int:
    """``applicants`` applications, each with ``moves_each`` moves (None: 1 to 11 at random, so they
    spread over the stages), 1 to 20 days apart, ending before now; returns the moves written."""
    rng = random.Random(seed_value)
    conn = sqlite3.connect(db_path)
    apps, moves = [], []
    for n in range(applicants):
        app_id = f"VB{n:06d}"
        destination, (job_id, title) = DESTINATIONS[n % len(DESTINATIONS)], JOBS[n % len(JOBS)]
        data = {
            "firstName": f"Applicant{n}",
            "lastName": "Bench",
            "email": f"bench{n}@example.com",
            "preferredCountry": destination,
            "jobCategory": "Construction",
            "jobId": job_id,
            "jobTitle": title,
        }
        count = moves_each if moves_each is not None else rng.randint(1, len(STAGES))
        gaps = [rng.uniform(1, 20) for _ in range(count)]
        at = NOW - timedelta(days=sum(gaps))
        created = at - timedelta(days=30)
        apps.append((app_id, f"bench{n}|construction|{destination}", json.dumps(data), "[]", _stamp(created)))
        before: str | None = None
        for version in range(1, count + 1):
            to = STAGES[(version - 1) % len(STAGES)].key.value if version <= len(STAGES) else StageKey.CLOSED.value
            moves.append((f"PB{n:06d}-{version}", app_id, version, "move", before, to, DEMO_ADMIN_EMAIL, _stamp(at)))
            at += timedelta(days=gaps[version - 1])
            before = to
    conn.executemany(
        "INSERT INTO applications (id, duplicate_key, data, files, created_at, status) "
        "VALUES (?, ?, ?, ?, ?, 'approved')",
        apps,
    )
    conn.executemany(
        "INSERT INTO pipeline_moves (id, application_id, version, kind, from_stage, to_stage, actor, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        moves,
    )
    for n, (owner_id, owner_name) in ((n, OWNERS[n % len(OWNERS)]) for n in range(applicants)):
        if owner_id:
            conn.execute(
                "UPDATE applications SET owner_id = ?, owner_name = ? WHERE id = ?",
                (owner_id, owner_name, f"VB{n:06d}"),
            )
    conn.commit()
    conn.close()
    return len(moves)


def seeded_app(data_dir: Path, applicants: int, moves_each: int | None) -> tuple[AppProcess, int]:
    """The app started once to migrate its file, stopped, seeded, and started again (demo admin)."""
    env = {"AGENCY_DATA_DIR": str(data_dir), "AGENCY_DEMO": "1", "AGENCY_RATE_LIMIT": "0", "AGENCY_SMS_BASE_URL": ""}
    AppProcess(env).start().stop()
    written = seed(data_dir / "agency.sqlite3", applicants, moves_each)
    return AppProcess(env).start(), written


def signed_in(base_url: str) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=60)
    client.get("/api/admin/session")
    answer = client.post(
        "/api/admin/session",
        json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={"X-CSRF-Token": client.cookies["csrftoken"]},
    )
    answer.raise_for_status()
    return client
