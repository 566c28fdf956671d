"""``/api/admin/newsletter``: write an issue (or start from the blog digest), preview it, send a test to
oneself, send it to every confirmed subscriber; each write audited (docs/newsletter.md)."""

from __future__ import annotations

from litestar import Controller, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.newsletter.issues import NewsletterIssues, checked_draft
from agency_core.signin.identity import AdminUser
from app.admin.common import CONFLICT
from app.admin.schemas.common import to_core
from app.admin.schemas.newsletter import (
    AdminNewsletterIssue,
    NewsletterDraft,
    NewsletterIssueIn,
    NewsletterOverview,
    NewsletterSent,
    admin_issue,
    newsletter_draft,
    newsletter_sent,
)
from app.checked_body import CoreChecked
from app.settings import Settings


class NewsletterController(Controller):
    path = "/newsletter"

    @get("/", summary="Newsletter issues (newest first) with their send counts, and the confirmed subscribers")
    async def overview(
        self, newsletter_issues: NamedDependency[NewsletterIssues], settings: NamedDependency[Settings]
    ) -> NewsletterOverview:
        return NewsletterOverview(
            issues=[admin_issue(view) for view in await newsletter_issues.all()],
            confirmed_subscribers=await newsletter_issues.confirmed_subscribers(),
            per_minute=settings.newsletter.per_minute,
        )

    @get("/digest", summary="A draft listing the blog posts published since the last newsletter")
    async def digest(self, newsletter_issues: NamedDependency[NewsletterIssues]) -> NewsletterDraft:
        return newsletter_draft(await newsletter_issues.digest())

    @post(
        "/issues",
        status_code=201,
        summary="Write a newsletter issue (a draft, audited)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def create(
        self,
        newsletter_issues: NamedDependency[NewsletterIssues],
        admin: NamedDependency[AdminUser],
        data: JSONBody[NewsletterIssueIn],
    ) -> AdminNewsletterIssue:
        return admin_issue(await newsletter_issues.create(admin.email, checked_draft(to_core(data))))

    @get("/issues/{issue_id:str}", summary="One newsletter issue with its preview and send counts")
    async def issue(
        self, newsletter_issues: NamedDependency[NewsletterIssues], issue_id: FromPath[str]
    ) -> AdminNewsletterIssue:
        return admin_issue(await newsletter_issues.get(issue_id))

    @put(
        "/issues/{issue_id:str}",
        summary="Edit a draft (audited; a sent issue is not edited: 409)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def update(
        self,
        newsletter_issues: NamedDependency[NewsletterIssues],
        admin: NamedDependency[AdminUser],
        issue_id: FromPath[str],
        data: JSONBody[NewsletterIssueIn],
    ) -> AdminNewsletterIssue:
        return admin_issue(await newsletter_issues.update(admin.email, issue_id, checked_draft(to_core(data))))

    @post("/issues/{issue_id:str}/test", status_code=200, summary="Send the issue to the signed-in address only")
    async def send_test(
        self,
        newsletter_issues: NamedDependency[NewsletterIssues],
        admin: NamedDependency[AdminUser],
        issue_id: FromPath[str],
    ) -> AdminNewsletterIssue:
        return admin_issue(await newsletter_issues.send_test(admin.email, issue_id))

    @post(
        "/issues/{issue_id:str}/send",
        status_code=200,
        summary="Send the issue to every confirmed subscriber who has not had it (throttled, audited)",
        responses={409: CONFLICT},
    )
    async def send(
        self,
        newsletter_issues: NamedDependency[NewsletterIssues],
        admin: NamedDependency[AdminUser],
        issue_id: FromPath[str],
    ) -> NewsletterSent:
        return newsletter_sent(await newsletter_issues.send(admin.email, issue_id))
