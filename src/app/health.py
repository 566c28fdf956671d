"""Health routes, unauthenticated and fast, saying nothing a stranger can use.

- ``/api/health`` (kept for the tests and scripts that wait on it) and ``/livez``: the process answers.
- ``/readyz``: the database or Firestore answers, the folder or bucket of the files answers, and the
  outbox worker runs. 200 ``{"status": "ok"}`` or 503 ``{"status": "unavailable"}``, never which
  check failed (that goes to the log). All checks run at once, bounded by :data:`READY_WITHIN_S`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

import msgspec
from litestar import Response, get
from litestar.di import NamedDependency

from app.api.schemas import OK, StatusOk

log = logging.getLogger("agency.health")

READY_WITHIN_S: Final = 2.0
"""A check that has not answered by then counts as failed: a probe must not hang on a dead peer."""

Check = Callable[[], Awaitable[None]]
"""Returns when its part is ready; raises (anything) when it is not."""


class Unavailable(msgspec.Struct, frozen=True):
    status: Literal["unavailable"] = "unavailable"


UNAVAILABLE: Final = Unavailable()


@dataclass(frozen=True, slots=True)
class Readiness:
    """The named checks of ``/readyz`` (:meth:`app.container.Container.readiness_checks`)."""

    checks: Mapping[str, Check]

    async def failing(self) -> list[str]:
        """The names of the checks that raised or did not answer in time, sorted (empty: ready)."""

        async def passes(check: Check) -> bool:
            try:
                await asyncio.wait_for(check(), READY_WITHIN_S)
            except Exception:
                return False
            return True

        names = list(self.checks)
        results = await asyncio.gather(*(passes(self.checks[name]) for name in names))
        return sorted(name for name, ok in zip(names, results, strict=True) if not ok)


@get("/api/health", tags=["health"], summary="Liveness", sync_to_thread=False)
def health() -> StatusOk:
    return OK


@get("/livez", include_in_schema=False, sync_to_thread=False)
def livez() -> StatusOk:
    """The process answers: nothing else is looked at, so a busy store never restarts the instance."""
    return OK


@get("/readyz", include_in_schema=False)
async def readyz(readiness: NamedDependency[Readiness]) -> Response[StatusOk | Unavailable]:
    failing = await readiness.failing()
    if failing:
        log.warning("not ready: %s", ", ".join(failing))
        return Response(UNAVAILABLE, status_code=503, headers={"Cache-Control": "no-store"})
    return Response(OK, headers={"Cache-Control": "no-store"})
