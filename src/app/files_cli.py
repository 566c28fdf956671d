"""``agency files migrate``: copy the data directory's uploads and blog media into the bucket.

One line per file not copied (its object name and why), then a summary line; exit 0 when every
file is in the bucket and read back as it is on the disk, 1 otherwise. A second run copies nothing
that is already there, so an interrupted run is simply run again.
"""

from __future__ import annotations

import sys

from app.composition.outside import NoBucketError, migrate_to_bucket
from app.settings import Settings

EXIT_FAILED = 1


async def run_files_migrate(settings: Settings) -> int:
    try:
        report = await migrate_to_bucket(settings)
    except NoBucketError as exc:
        print(f"agency: {exc}", file=sys.stderr)
        return EXIT_FAILED
    for name, why in report.failed:
        print(f"failed {name}: {why}", file=sys.stderr)
    for path in report.ignored:
        print(f"ignored {path}", file=sys.stderr)
    print(
        f"{len(report.copied)} copied and verified, {len(report.already)} already in the bucket, "
        f"{len(report.failed)} failed, {len(report.ignored)} ignored"
    )
    return 0 if report.ok else EXIT_FAILED
