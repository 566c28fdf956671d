"""Staff write a newsletter issue (or start from a digest of recent blog posts), preview it, send a
test to themselves, then send it to every confirmed subscriber through the outbox.

Sending is throttled by scheduling: the n-th e-mail of a send is due ``n // per_minute`` minutes
after the press, so the outbox worker sends at most ``per_minute`` a minute. Each e-mail's outbox id
is ``<issue>-nl-<subscription>``: pressing Send again queues only the subscribers confirmed since,
and nobody gets an issue twice. Every write is audited.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from agency_core.audit import AuditEntry
from agency_core.clock import Clock
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts
from agency_core.newsletter.emails import TEST_PREFIX, Draft, digest_draft, newsletter_email
from agency_core.newsletter.model import IssueCounts, IssueStatus, NewsletterIssue
from agency_core.newsletter.subscriptions import NewsletterLinks
from agency_core.ports import Store
from agency_core.records import NewsletterSubscription, OutboxMessage
from agency_core.spec import constants as c
from agency_core.spec.inputs import input_of
from agency_core.unit_of_work import PreconditionFailed

MAX_SUBJECT: Final = 200
MAX_BODY: Final = 50_000
SUBJECT_REQUIRED: Final = "Subject is required"
BODY_REQUIRED: Final = "Body is required"
SUBJECT_TOO_LONG: Final = f"Subject must be at most {MAX_SUBJECT} characters"
BODY_TOO_LONG: Final = f"Body must be at most {MAX_BODY} characters"
ALREADY_SENT: Final = "This newsletter was sent: it can no longer be edited."
CHANGED_MEANWHILE: Final = "This newsletter was changed meanwhile: reload it and try again."
PREVIEW_ADDRESS: Final = "subscriber@example.com"
PREVIEW_ID: Final = "PREVIEW"


@dataclass(frozen=True, slots=True)
class IssueView:
    issue: NewsletterIssue
    counts: IssueCounts
    preview: Email
    """The e-mail as a subscriber gets it (a sample address and unsubscribe link)."""


@dataclass(frozen=True, slots=True)
class SendResult:
    issue: IssueView
    queued_now: int
    """E-mails this press queued (0 when every confirmed subscriber had it already)."""


def message_id(issue_id: str, subscription_id: str) -> str:
    return f"{issue_id}-nl-{subscription_id}"


def schedule(messages: list[OutboxMessage], now: datetime, per_minute: int) -> list[OutboxMessage]:
    """At most ``per_minute`` of ``messages`` due in each minute from ``now``, in order."""
    rate = max(1, per_minute)
    return [m.not_before(now + timedelta(minutes=i // rate)) for i, m in enumerate(messages)]


@dataclass(frozen=True, slots=True)
class DraftInput:
    """An issue as staff send it: ``{subject, body}``."""

    subject: object = None
    body: object = None


def checked_draft(data: Mapping[str, object]) -> Draft:
    """Subject and body from a request, or :class:`Rejected` with one message per field."""
    sent = input_of(DraftInput, data)
    subject, body = sent.subject, sent.body
    # A subject is one header line: any line break or run of spaces becomes one space.
    subject = " ".join(subject.split()) if isinstance(subject, str) else ""
    body = body.strip() if isinstance(body, str) else ""
    errors: dict[str, str] = {}
    if not subject:
        errors["subject"] = SUBJECT_REQUIRED
    elif len(subject) > MAX_SUBJECT:
        errors["subject"] = SUBJECT_TOO_LONG
    if not body:
        errors["body"] = BODY_REQUIRED
    elif len(body) > MAX_BODY:
        errors["body"] = BODY_TOO_LONG
    if errors:
        raise Rejected(errors)
    return Draft(subject, body)


class NewsletterIssues:
    def __init__(
        self,
        store: Store,
        ids: IdGenerator,
        links: NewsletterLinks,
        clock: Clock,
        per_minute: Callable[[], int],
        on_enqueue: Callable[[], None] = lambda: None,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.store = store
        self.ids = ids
        self.links = links
        self.clock = clock
        self.per_minute = per_minute
        self.on_enqueue = on_enqueue
        self.templates = templates

    # -- reads ----------------------------------------------------------------------------

    async def all(self) -> list[IssueView]:
        return [await self._view(issue) for issue in await self.store.newsletter_issues.all()]

    async def get(self, issue_id: str) -> IssueView:
        return await self._view(await self._issue(issue_id))

    async def confirmed_subscribers(self) -> int:
        return len(await self.store.newsletter.confirmed())

    async def digest(self) -> Draft:
        """A draft of the blog posts published since the last newsletter was first sent (all, before any)."""
        sent = [i.sent_at for i in await self.store.newsletter_issues.all() if i.sent_at is not None]
        since = max(sent).date().isoformat() if sent else ""
        posts = [p for p in await self.store.blog_posts.published() if p.date >= since]
        return digest_draft(posts, self.links.site_url())

    # -- writes ---------------------------------------------------------------------------

    async def create(self, actor: str, draft: Draft) -> IssueView:
        """Save ``draft`` (checked by :func:`checked_draft`) as a new issue."""
        now = self.clock()
        issue = NewsletterIssue("NL" + self._serial(), draft.subject, draft.body, actor, now, now)
        async with self.store.unit_of_work() as uow:
            await uow.newsletter_issues.put(issue, None)
            await uow.audit.add(self._audit(actor, "newsletter.create", issue.id))
        return await self._view(issue)

    async def update(self, actor: str, issue_id: str, draft: Draft) -> IssueView:
        issue = await self._issue(issue_id)
        if issue.status is not IssueStatus.DRAFT:
            raise Conflict(ALREADY_SENT)
        edited = replace(issue, subject=draft.subject, body=draft.body, updated_at=self.clock())
        await self._commit(edited, issue, self._audit(actor, "newsletter.edit", issue.id))
        return await self._view(edited)

    async def send_test(self, actor: str, issue_id: str) -> IssueView:
        """The issue to ``actor`` (the signed-in address) only, subject marked, without one-click headers."""
        issue = await self._issue(issue_id)
        now = self.clock()
        page = self.links.unsubscribe_page(PREVIEW_ID)
        texts = await self.templates.texts()
        email = newsletter_email(TEST_PREFIX + issue.subject, issue.body, actor, page, "", texts)
        message = outbox_messages.email(
            id=f"{issue.id}-test-{self._serial()}", source_id=f"{issue.id}-test", mail=email, now=now
        )
        async with self.store.unit_of_work() as uow:
            await uow.outbox.enqueue([message])
            await uow.audit.add(self._audit(actor, "newsletter.test", f"{issue.id} to {actor}"))
        self.on_enqueue()
        return await self._view(issue)

    async def send(self, actor: str, issue_id: str) -> SendResult:
        issue = await self._issue(issue_id)
        queued = {m.id for m in await self.store.outbox.list(issue.id)}
        subscribers = [s for s in await self.store.newsletter.confirmed() if message_id(issue.id, s.id) not in queued]
        now = self.clock()
        texts = await self.templates.texts()
        messages = schedule([self._message(issue, s, now, texts) for s in subscribers], now, self.per_minute())
        sent = replace(
            issue,
            status=IssueStatus.SENT,
            sends=issue.sends + 1,
            sent_at=issue.sent_at or now,
            sent_by=issue.sent_by or actor,
            recipients=issue.recipients + len(messages),
            updated_at=now,
        )
        audit = self._audit(actor, "newsletter.send", f"{issue.id}: {len(messages)} queued")
        await self._commit(sent, issue, audit, messages)
        if messages:
            self.on_enqueue()
        return SendResult(await self._view(sent), len(messages))

    # -- helpers --------------------------------------------------------------------------

    def _message(
        self, issue: NewsletterIssue, subscriber: NewsletterSubscription, now: datetime, texts: Texts
    ) -> OutboxMessage:
        email = newsletter_email(
            issue.subject,
            issue.body,
            subscriber.email,
            self.links.unsubscribe_page(subscriber.id),
            self.links.one_click(subscriber.id),
            texts,
        )
        return outbox_messages.email(id=message_id(issue.id, subscriber.id), source_id=issue.id, mail=email, now=now)

    async def _commit(
        self,
        issue: NewsletterIssue,
        expected: NewsletterIssue,
        audit: AuditEntry,
        messages: list[OutboxMessage] | None = None,
    ) -> None:
        try:
            async with self.store.unit_of_work() as uow:
                await uow.newsletter_issues.put(issue, expected)
                if messages:
                    await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict(CHANGED_MEANWHILE) from None

    async def _issue(self, issue_id: str) -> NewsletterIssue:
        issue = await self.store.newsletter_issues.get(issue_id)
        if issue is None:
            raise NotFound("Newsletter")
        return issue

    async def _view(self, issue: NewsletterIssue) -> IssueView:
        counts = IssueCounts.of(await self.store.outbox.list(issue.id))
        preview = newsletter_email(
            issue.subject,
            issue.body,
            PREVIEW_ADDRESS,
            self.links.unsubscribe_page(PREVIEW_ID),
            self.links.one_click(PREVIEW_ID),
            await self.templates.texts(),
        )
        return IssueView(issue, counts, preview)

    def _serial(self) -> str:
        return self.ids.next_id().removeprefix(c.ID_PREFIX)

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self._serial(), actor, action, target, self.clock())
