"""One-click unsubscribe from job alerts (the link and ``List-Unsubscribe`` of each alert e-mail)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath, FromQuery

from agency_core.jobs.alerts import JobAlertMailer

UNSUBSCRIBED = "You are unsubscribed: you will get no more job alert e-mails."
INVALID_LINK = "This unsubscribe link is not valid or was already used."


class JobAlertUnsubscribe(Controller):
    path = "/api/job-alerts/{alert_id:str}/unsubscribe"
    tags = ["job alerts"]  # noqa: RUF012 - Litestar reads it per class

    async def _unsubscribe(self, job_alerts: JobAlertMailer, alert_id: str, token: str | None) -> dict[str, Any]:
        if not await job_alerts.unsubscribe(alert_id, token or ""):
            raise NotFoundException(detail=INVALID_LINK)
        return {"message": UNSUBSCRIBED}

    @get("/", summary="Unsubscribe from job alerts (the link in the e-mail)")
    async def by_link(
        self, job_alerts: NamedDependency[JobAlertMailer], alert_id: FromPath[str], token: FromQuery[str | None] = None
    ) -> dict[str, Any]:
        return await self._unsubscribe(job_alerts, alert_id, token)

    @post("/", status_code=200, summary="One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)")
    async def one_click(
        self, job_alerts: NamedDependency[JobAlertMailer], alert_id: FromPath[str], token: FromQuery[str | None] = None
    ) -> dict[str, Any]:
        return await self._unsubscribe(job_alerts, alert_id, token)
