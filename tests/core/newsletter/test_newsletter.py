"""The newsletter's rules: tokens, the e-mails, the draft checks, the throttle schedule, the send counts,
and double opt-in subscribing (one welcome per resend interval, nothing for a confirmed address)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.newsletter.emails import WELCOME_SUBJECT, digest_draft, newsletter_email, welcome_email
from agency_core.newsletter.issues import BODY_REQUIRED, SUBJECT_REQUIRED, SUBJECT_TOO_LONG, checked_draft, schedule
from agency_core.newsletter.model import IssueCounts
from agency_core.newsletter.subscriptions import RESEND_AFTER, NewsletterLinks, NewsletterSubscriptions
from agency_core.newsletter.tokens import (
    new_confirmation_token,
    token_hash,
    unsubscribe_token,
    unsubscribe_token_ok,
)
from agency_core.records import BlogPost, NewsletterSubscription, OutboxMessage, OutboxStatus
from agency_core.spec.forms import NewsletterForm, form_of

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
SITE = "https://vandy.example"


def test_a_confirmation_token_has_256_random_bits_and_only_its_hash_is_kept() -> None:
    tokens = {new_confirmation_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(t) >= 43 for t in tokens)  # 32 bytes, URL-safe base64
    token = tokens.pop()
    assert token_hash(token) == token_hash(token)
    assert token not in token_hash(token)
    assert len(token_hash(token)) == 64


@given(st.text(max_size=30), st.text(max_size=60))
def test_only_the_secret_makes_an_unsubscribe_token(subscription_id: str, forged: str) -> None:
    good = unsubscribe_token("s3cret", subscription_id)
    assert unsubscribe_token_ok("s3cret", subscription_id, good)
    assert not unsubscribe_token_ok("other", subscription_id, good)
    assert not unsubscribe_token_ok("s3cret", subscription_id + "x", good)
    if forged != good:
        assert not unsubscribe_token_ok("s3cret", subscription_id, forged)


def test_the_links_carry_their_tokens() -> None:
    links = NewsletterLinks(lambda: SITE, "s3cret")
    assert links.confirm("abc") == f"{SITE}/newsletter/confirm?token=abc"
    token = unsubscribe_token("s3cret", "VA1")
    assert links.unsubscribe_page("VA1") == f"{SITE}/newsletter/unsubscribe?s=VA1&token={token}"
    assert links.one_click("VA 1") == f"{SITE}/api/newsletter-subscriptions/VA%201/unsubscribe?token=" + (
        unsubscribe_token("s3cret", "VA 1")
    )


def test_the_newsletter_email_has_the_one_click_headers_and_a_visible_link() -> None:
    email = newsletter_email("Visa news", "Hello\n", "a@x.y", f"{SITE}/page", f"{SITE}/one-click")
    assert email.headers == (
        ("List-Unsubscribe", f"<{SITE}/one-click>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
    )
    assert f"Unsubscribe: {SITE}/page" in email.text
    assert email.text.startswith("Hello\n\n--\n")
    assert newsletter_email("S", "B", "a@x.y", f"{SITE}/page", "").headers == ()  # a test e-mail
    # through the outbox and back, headers and all
    assert (
        outbox_messages.email_of(outbox_messages.email(id="NL1-nl-VA1", source_id="NL1", mail=email, now=T0)) == email
    )


def test_the_welcome_email_links_to_the_confirmation() -> None:
    email = welcome_email("a@x.y", "Ama", f"{SITE}/newsletter/confirm?token=t")
    assert (email.subject, email.headers) == (WELCOME_SUBJECT, ())
    assert "Hello Ama," in email.text
    assert f"{SITE}/newsletter/confirm?token=t" in email.text


def post(pid: str, date: str) -> BlogPost:
    return BlogPost(
        pid, f"Title {pid}", f"Excerpt {pid}", "", "A", date, "<p>x</p>", "Visa", (), "2 min", False, True, T0
    )


def test_the_digest_lists_each_post_with_its_link() -> None:
    draft = digest_draft([post("7", "2026-11-01"), post("6", "2026-10-30")], SITE)
    assert draft.body.index("Title 7") < draft.body.index("Title 6")
    assert f"Read more: {SITE}/blog/6" in draft.body
    assert "Excerpt 7" in draft.body
    assert "No new blog posts" in digest_draft([], SITE).body


def test_a_draft_needs_a_one_line_subject_and_a_body() -> None:
    with pytest.raises(Rejected) as refused:
        checked_draft({"subject": "  ", "body": 3})
    assert refused.value.errors == {"subject": SUBJECT_REQUIRED, "body": BODY_REQUIRED}
    with pytest.raises(Rejected) as refused:
        checked_draft({"subject": "x" * 201, "body": "b"})
    assert refused.value.errors == {"subject": SUBJECT_TOO_LONG}
    assert checked_draft({"subject": " Visa\r\nBcc: x@y.z ", "body": " Hi \n"}).subject == "Visa Bcc: x@y.z"


def message(mid: str, status: OutboxStatus = OutboxStatus.PENDING) -> OutboxMessage:
    return replace(outbox_messages.email(id=mid, source_id="NL1", mail=Email("a@x.y", "", ""), now=T0), status=status)


@given(st.integers(min_value=0, max_value=250), st.integers(min_value=1, max_value=60))
def test_a_send_is_due_at_most_per_minute_a_minute_in_order(count: int, per_minute: int) -> None:
    planned = schedule([message(f"m{i}") for i in range(count)], T0, per_minute)
    assert [m.id for m in planned] == [f"m{i}" for i in range(count)]
    minutes = [int((m.next_attempt_at - T0).total_seconds() // 60) for m in planned]
    assert minutes == sorted(minutes)
    assert all(n <= per_minute for n in Counter(minutes).values())
    assert not planned or planned[0].next_attempt_at == T0
    assert not planned or minutes[-1] == (count - 1) // per_minute


def test_the_counts_are_the_outbox_states() -> None:
    messages = [message("a"), message("b", OutboxStatus.DELIVERED), message("c", OutboxStatus.DELIVERED)]
    messages.append(message("d", OutboxStatus.FAILED))
    assert IssueCounts.of(messages) == IssueCounts(queued=1, sent=2, failed=1)


# -- subscribing, with a store in memory --------------------------------------------------------


@dataclass
class MemoryStore:
    subscriptions: dict[str, NewsletterSubscription] = field(default_factory=dict)
    outbox: list[OutboxMessage] = field(default_factory=list)

    @property
    def newsletter(self) -> MemoryStore:
        return self

    async def get_by_email(self, email: str) -> NewsletterSubscription | None:
        return self.subscriptions.get(email.lower())

    def unit_of_work(self) -> MemoryUnit:
        return MemoryUnit(self)


@dataclass
class MemoryUnit:
    store: MemoryStore
    writes: list[Any] = field(default_factory=list)

    @property
    def newsletter(self) -> MemoryUnit:
        return self

    @property
    def outbox(self) -> MemoryUnit:
        return self

    async def put(self, sub: NewsletterSubscription, expected: NewsletterSubscription | None) -> None:
        assert self.store.subscriptions.get(sub.email.lower()) == expected
        self.writes.append(lambda: self.store.subscriptions.__setitem__(sub.email.lower(), sub))

    async def enqueue(self, messages: Sequence[OutboxMessage]) -> None:
        self.writes.append(lambda: self.store.outbox.extend(messages))

    async def __aenter__(self) -> MemoryUnit:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        for write in self.writes:
            write()


def welcomes(store: MemoryStore) -> list[Email]:
    return [outbox_messages.email_of(m) for m in store.outbox]


async def test_subscribing_again_resends_the_link_at_most_once_per_interval_and_never_when_confirmed() -> None:
    store = MemoryStore()
    now = [T0]
    woken: list[int] = []
    service = NewsletterSubscriptions(
        store,  # type: ignore[arg-type]
        IdGenerator(),
        NewsletterLinks(lambda: SITE, "s3cret"),
        lambda: now[0],
        lambda: woken.append(1),
    )
    values = {"name": "Ama", "email": "ama@x.y", "interests": ["Visa Updates", "Visa Updates"]}
    first = await service.subscribe(form_of(NewsletterForm, values))
    stored = store.subscriptions["ama@x.y"]
    assert (stored.id, stored.interests, stored.confirmed) == (first, ("Visa Updates",), False)
    assert len(welcomes(store)) == len(woken) == 1
    token = welcomes(store)[0].text.split("token=")[1].split()[0]
    assert stored.confirmation_hash == token_hash(token)

    now[0] = T0 + RESEND_AFTER - timedelta(seconds=1)
    second = await service.subscribe(form_of(NewsletterForm, {**values, "name": "Ama B"}))
    assert second != first
    assert len(welcomes(store)) == 1  # too soon: name updated, no new link
    assert store.subscriptions["ama@x.y"].name == "Ama B"

    now[0] = T0 + RESEND_AFTER
    await service.subscribe(form_of(NewsletterForm, values))
    assert len(welcomes(store)) == 2
    assert store.subscriptions["ama@x.y"].confirmation_hash != stored.confirmation_hash  # the old link is replaced

    confirmed = store.subscriptions["ama@x.y"] = replace(store.subscriptions["ama@x.y"], confirmed_at=T0)
    now[0] = T0 + 10 * RESEND_AFTER
    await service.subscribe(form_of(NewsletterForm, {**values, "name": "Someone"}))
    assert store.subscriptions["ama@x.y"] == confirmed
    assert len(welcomes(store)) == 2
