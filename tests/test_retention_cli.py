"""``agency retention --dry-run`` prints what a run would remove, as one JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def test_retention_dry_run_prints_the_counts(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "retention", "--dry-run"],
        capture_output=True,
        text=True,
        env=os.environ | {"AGENCY_DATA_DIR": str(tmp_path), "AGENCY_ENV": "development", "AGENCY_DEMO": ""},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["dryRun"] is True
    assert report["counts"] == {
        "applications": 0,
        "files": 0,
        "contact_messages": 0,
        "appointments": 0,
        "job_alerts": 0,
    }
