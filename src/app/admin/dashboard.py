"""``GET /api/admin/dashboard``: the four cards, the latest applications, the SMS outbox health."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.di import NamedDependency

from agency_core.admin_service import AdminService
from app.admin.applications import summary_json


@get("/dashboard", summary="Dashboard figures counted from the records")
async def dashboard(area: NamedDependency[AdminService]) -> dict[str, Any]:
    board = await area.dashboard()
    return {
        "totalApplications": board.counts.total_applications,
        "activeJobs": board.counts.active_jobs,
        "newMessages": board.counts.new_messages,
        "blogPosts": board.counts.blog_posts,
        "latestApplications": [summary_json(r) for r in board.latest],
        "outbox": {"pending": board.outbox.pending, "failedLast24h": board.outbox.failed_last_24h},
    }
