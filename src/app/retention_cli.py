"""``agency retention [--dry-run]``: one retention run from the shell, its report as one JSON line."""

from __future__ import annotations

import json

from app.container import Container
from app.settings import Settings


async def run_retention(settings: Settings, *, dry_run: bool) -> int:
    container = Container.build(settings)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    await container.store.start()
    await container.admin_store.start()
    try:
        report = await container.retention.run(dry_run=dry_run)
    finally:
        await container.store.close()
        await container.sms.aclose()
        await container.database.close()
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
