"""Subscribing with double opt-in, confirming, and unsubscribing (the public side of the newsletter).

Subscribing stores the subscription unconfirmed with its consent, and queues the welcome e-mail with a
confirmation link (a random token, only its hash stored) in the same unit of work. Subscribing again
before confirming updates name and interests and sends a new link, at most once per
:data:`RESEND_AFTER`; subscribing a confirmed address changes nothing. The answer is the same in every
case (a fresh receipt id), so it tells a stranger nothing about the address.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Final
from urllib.parse import quote, urlencode

from agency_core.clock import Clock
from agency_core.ids import IdGenerator
from agency_core.masking import mask_email
from agency_core.messaging import outbox_messages
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.newsletter.emails import welcome_email
from agency_core.newsletter.tokens import (
    new_confirmation_token,
    token_hash,
    unsubscribe_token,
    unsubscribe_token_ok,
)
from agency_core.ports import Store
from agency_core.records import NewsletterSubscription, OutboxMessage
from agency_core.spec.consent import PRIVACY_NOTICE_VERSION
from agency_core.spec.forms import NewsletterForm
from agency_core.unit_of_work import PreconditionFailed

RESEND_AFTER: Final = timedelta(minutes=10)
"""Subscribing again before confirming sends a new link at most this often."""
CONFIRM_PAGE_PATH: Final = "/newsletter/confirm"
UNSUBSCRIBE_PAGE_PATH: Final = "/newsletter/unsubscribe"
ONE_CLICK_PATH: Final = "/api/newsletter-subscriptions/{id}/unsubscribe"

logger = logging.getLogger("agency.newsletter")


class NewsletterLinks:
    """The links the newsletter's e-mails carry, on the public origin."""

    def __init__(self, site_url: Callable[[], str], secret: str) -> None:
        self.site_url = site_url
        self.secret = secret

    def confirm(self, token: str) -> str:
        return f"{self.site_url()}{CONFIRM_PAGE_PATH}?{urlencode({'token': token})}"

    def unsubscribe_page(self, subscription_id: str) -> str:
        """The visible link: a page with a button (a mail scanner following links unsubscribes nobody)."""
        query = urlencode({"s": subscription_id, "token": unsubscribe_token(self.secret, subscription_id)})
        return f"{self.site_url()}{UNSUBSCRIBE_PAGE_PATH}?{query}"

    def one_click(self, subscription_id: str) -> str:
        """``List-Unsubscribe``: the RFC 8058 one-click POST."""
        path = ONE_CLICK_PATH.format(id=quote(subscription_id, safe=""))
        return f"{self.site_url()}{path}?token={unsubscribe_token(self.secret, subscription_id)}"

    def unsubscribe_ok(self, subscription_id: str, token: str) -> bool:
        return unsubscribe_token_ok(self.secret, subscription_id, token)


class NewsletterSubscriptions:
    def __init__(
        self,
        store: Store,
        ids: IdGenerator,
        links: NewsletterLinks,
        clock: Clock,
        on_enqueue: Callable[[], None] = lambda: None,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.store = store
        self.ids = ids
        self.links = links
        self.clock = clock
        self.on_enqueue = on_enqueue
        self.templates = templates

    async def subscribe(self, form: NewsletterForm) -> str:
        """``form`` is the newsletter form, validated. Returns a receipt id (the same kind of answer
        whatever the address's state)."""
        email, name = form.email.strip(), form.name.strip()
        wanted = tuple(dict.fromkeys(form.interests))
        receipt = self.ids.next_id()
        try:
            queued = await self._subscribe(receipt, email, name, wanted)
        except PreconditionFailed:
            # Another request for the same address committed first: once more, on what it wrote.
            queued = await self._subscribe(receipt, email, name, wanted)
        if queued:
            self.on_enqueue()
        logger.info("newsletter subscription", extra={"email": mask_email(email), "welcome_queued": queued})
        return receipt

    async def _subscribe(self, new_id: str, email: str, name: str, interests: tuple[str, ...]) -> bool:
        now = self.clock()
        existing = await self.store.newsletter.get_by_email(email)
        if existing is not None and existing.confirmed:
            return False
        if existing is None:
            fresh = NewsletterSubscription(new_id, email, name, interests, now, now, PRIVACY_NOTICE_VERSION, now)
            return await self._write(fresh, None, send_link=True)
        updated = replace(
            existing,
            name=name,
            interests=interests,
            updated_at=now,
            privacy_notice_version=PRIVACY_NOTICE_VERSION,
            privacy_accepted_at=now,
        )
        last = existing.confirmation_sent_at
        return await self._write(updated, existing, send_link=last is None or now - last >= RESEND_AFTER)

    async def _write(
        self, subscription: NewsletterSubscription, expected: NewsletterSubscription | None, *, send_link: bool
    ) -> bool:
        messages: list[OutboxMessage] = []
        if send_link:
            token = new_confirmation_token()
            digest = token_hash(token)
            now = subscription.updated_at
            subscription = replace(subscription, confirmation_hash=digest, confirmation_sent_at=now)
            texts = await self.templates.texts()
            email = welcome_email(subscription.email, subscription.name, self.links.confirm(token), texts)
            messages.append(
                outbox_messages.email(
                    id=f"{subscription.id}-welcome-{digest[:16]}", source_id=subscription.id, mail=email, now=now
                )
            )
        async with self.store.unit_of_work() as uow:
            await uow.newsletter.put(subscription, expected)
            if messages:
                await uow.outbox.enqueue(messages)
        return bool(messages)

    async def confirm(self, token: str) -> bool:
        """True when ``token`` confirmed its subscription now; False for an unknown, replaced or used one."""
        found = await self.store.newsletter.by_confirmation(token_hash(token)) if token else None
        if found is None or found.confirmed:
            return False
        now = self.clock()
        confirmed = replace(found, confirmed_at=now, confirmation_hash="", updated_at=now)
        try:
            async with self.store.unit_of_work() as uow:
                await uow.newsletter.put(confirmed, found)
        except PreconditionFailed:
            return False
        logger.info("newsletter subscription confirmed", extra={"email": mask_email(found.email)})
        return True

    async def unsubscribe(self, subscription_id: str, token: str) -> bool:
        """True when a valid token removed the subscription; False for a forged token or a second use."""
        if not self.links.unsubscribe_ok(subscription_id, token):
            return False
        found = await self.store.newsletter.get(subscription_id)
        if found is None:
            return False
        try:
            async with self.store.unit_of_work() as uow:
                await uow.newsletter.remove(found)
        except PreconditionFailed:
            return False
        logger.info("newsletter unsubscribed", extra={"email": mask_email(found.email)})
        return True
