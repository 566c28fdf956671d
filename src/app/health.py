from __future__ import annotations

from litestar import get

from app.api.schemas import OK, StatusOk


@get("/api/health", tags=["health"], summary="Liveness", sync_to_thread=False)
def health() -> StatusOk:
    return OK
