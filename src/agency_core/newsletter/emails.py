"""The newsletter's e-mails: the welcome with its confirmation link, an issue as a subscriber gets it,
and the digest draft of recent blog posts. The welcome and the issue's footer are message templates
(``email.newsletter_welcome.*``, ``email.newsletter.footer``); ``texts`` are the ones staff saved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from agency_core.messaging.email import Email
from agency_core.messaging.templates import DEFAULTS, Texts, render, spec_of
from agency_core.records import BlogPost

WELCOME_SUBJECT: Final = spec_of("email.newsletter_welcome.subject").default
"""The default subject of the welcome (staff may change it: the template ``email.newsletter_welcome.subject``)."""
DIGEST_SUBJECT: Final = "New on the Vandy Travel blog"
TEST_PREFIX: Final = "[Test] "
ONE_CLICK: Final = ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")


@dataclass(frozen=True, slots=True)
class Draft:
    subject: str
    body: str


def welcome_email(to: str, name: str, confirm_url: str, texts: Texts = DEFAULTS) -> Email:
    """Sent on subscribing (and again, rate-limited, on subscribing again before confirming)."""
    values = {"name_if_known": f" {name}" if name else "", "confirm_url": confirm_url}
    subject = render("email.newsletter_welcome.subject", values, texts)
    return Email(to, subject, render("email.newsletter_welcome.body", values, texts))


def newsletter_email(
    subject: str, body: str, to: str, unsubscribe_page: str, one_click_url: str, texts: Texts = DEFAULTS
) -> Email:
    """An issue as one subscriber gets it: the body, the footer with a visible unsubscribe link (a page
    with a button) and the RFC 8058 headers naming ``one_click_url``. A test e-mail has no one-click URL."""
    footer = render("email.newsletter.footer", {"unsubscribe_url": unsubscribe_page}, texts)
    headers = (("List-Unsubscribe", f"<{one_click_url}>"), ONE_CLICK) if one_click_url else ()
    return Email(to, subject, f"{body.rstrip()}\n\n{footer}", headers)


def digest_draft(posts: Sequence[BlogPost], site: str) -> Draft:
    """A draft listing ``posts`` (newest first) with their excerpts and links, for staff to edit."""
    if not posts:
        return Draft(DIGEST_SUBJECT, "No new blog posts were published since the last newsletter.")
    lines = ["Here is what we published on our blog since our last newsletter:", ""]
    for post in posts:
        lines += [post.title, post.excerpt, f"Read more: {site}/blog/{post.id}", ""]
    lines.append("Questions? Reply to this e-mail or visit our office.")
    return Draft(DIGEST_SUBJECT, "\n".join(lines))
