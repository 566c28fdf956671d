"""``GET /api/admin/operations``: the operations page's figures (issue 47 item 8), read fresh through
the same :class:`app.operations.Operations` that answers ``/metrics``. Admins only, as every route of
the admin area (:mod:`app.admin.security`)."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from agency_core.operations import SEEN_WITHIN
from app.admin.schemas.operations import OperationsPage, operations_body
from app.operations import Operations


@get("/operations", summary="Outbox, deliveries today, last backup and instances seen (the figures of /metrics)")
async def operations_page(operations: NamedDependency[Operations]) -> OperationsPage:
    figures = await operations.figures(fresh=True)
    return operations_body(figures, int(SEEN_WITHIN.total_seconds() // 60))
