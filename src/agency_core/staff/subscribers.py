"""The admin area's subscribers: the newsletter's and the job alerts', listed and exported."""

from __future__ import annotations

from agency_core.paging import ALL, Page, PageRequest
from agency_core.records import JobAlert, NewsletterSubscription
from agency_core.staff.context import StaffContext


class SubscribersAdmin:
    def __init__(self, context: StaffContext) -> None:
        self.context = context

    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        return await self.context.store.newsletter(page)

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        return await self.context.store.job_alerts(page)

    async def export_newsletter(self, actor: str) -> list[NewsletterSubscription]:
        rows = (await self.context.store.newsletter(ALL)).items
        await self.context.record_export(actor, "newsletter", f"{len(rows)} rows")
        return rows

    async def export_job_alerts(self, actor: str) -> list[JobAlert]:
        rows = (await self.context.store.job_alerts(ALL)).items
        await self.context.record_export(actor, "jobAlerts", f"{len(rows)} rows")
        return rows


__all__ = ["SubscribersAdmin"]
