"""``agency retention [--dry-run]``: one retention run from the shell, its report as one JSON line."""

from __future__ import annotations

import json

from app.container import Container
from app.settings import Settings


async def run_retention(settings: Settings, *, dry_run: bool) -> int:
    container = Container.build(settings)
    try:
        await container.start_for_cli()
        report = await container.retention.run(dry_run=dry_run)
    finally:
        await container.close()
    print(
        json.dumps(
            {
                "dryRun": report.dry_run,
                "at": report.at.isoformat(),
                "counts": report.counts(),
                "applications": report.documents,
                "removed": report.removed,
            }
        )
    )
    return 0
