"""Newsletter issues as staff see them: the issue, its send counts and its preview."""

from __future__ import annotations

from datetime import datetime

from agency_core.messaging.email import Email
from agency_core.newsletter.emails import Draft
from agency_core.newsletter.issues import IssueView, SendResult
from agency_core.newsletter.model import IssueStatus
from app.admin.schemas.common import Body


class NewsletterIssueIn(Body):
    subject: str
    body: str


class EmailHeader(Body):
    name: str
    value: str


class EmailPreview(Body):
    """The e-mail as a subscriber gets it (a sample address and unsubscribe link)."""

    to: str
    subject: str
    text: str
    headers: list[EmailHeader]


class SendCounts(Body):
    """The issue's e-mails to subscribers in the outbox: waiting (throttled or retrying), sent, failed."""

    queued: int
    sent: int
    failed: int


class AdminNewsletterIssue(Body):
    id: str
    subject: str
    body: str
    status: IssueStatus
    created_by: str
    created_at: datetime
    updated_at: datetime
    sends: int
    sent_at: datetime | None
    sent_by: str
    recipients: int
    counts: SendCounts
    preview: EmailPreview


class NewsletterOverview(Body):
    issues: list[AdminNewsletterIssue]
    confirmed_subscribers: int
    per_minute: int
    """How many newsletter e-mails go out a minute (``AGENCY_NEWSLETTER_PER_MINUTE``)."""


class NewsletterDraft(Body):
    subject: str
    body: str


class NewsletterSent(Body):
    issue: AdminNewsletterIssue
    queued_now: int
    """E-mails this send queued: 0 when every confirmed subscriber had the issue already."""


def email_preview(email: Email) -> EmailPreview:
    headers = [EmailHeader(name=name, value=value) for name, value in email.headers]
    return EmailPreview(to=email.to, subject=email.subject, text=email.text, headers=headers)


def admin_issue(view: IssueView) -> AdminNewsletterIssue:
    i, c = view.issue, view.counts
    return AdminNewsletterIssue(
        id=i.id,
        subject=i.subject,
        body=i.body,
        status=i.status,
        created_by=i.created_by,
        created_at=i.created_at,
        updated_at=i.updated_at,
        sends=i.sends,
        sent_at=i.sent_at,
        sent_by=i.sent_by,
        recipients=i.recipients,
        counts=SendCounts(queued=c.queued, sent=c.sent, failed=c.failed),
        preview=email_preview(view.preview),
    )


def newsletter_draft(draft: Draft) -> NewsletterDraft:
    return NewsletterDraft(subject=draft.subject, body=draft.body)


def newsletter_sent(result: SendResult) -> NewsletterSent:
    return NewsletterSent(issue=admin_issue(result.issue), queued_now=result.queued_now)
