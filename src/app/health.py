from __future__ import annotations

from litestar import get


@get("/api/health", tags=["health"], summary="Liveness", sync_to_thread=False)
def health() -> dict[str, str]:
    return {"status": "ok"}
