"""The newsletter's e-mails: the welcome with its confirmation link, an issue as a subscriber gets it,
and the digest draft of recent blog posts (the words of the newsletter live here, in one place)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from agency_core.jobs.alerts import Email
from agency_core.records import BlogPost
from agency_core.spec import constants as c

WELCOME_SUBJECT: Final = "Welcome to the Vandy Travel newsletter: please confirm your address"
DIGEST_SUBJECT: Final = "New on the Vandy Travel blog"
TEST_PREFIX: Final = "[Test] "
ONE_CLICK: Final = ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")


@dataclass(frozen=True, slots=True)
class Draft:
    subject: str
    body: str


def welcome_email(to: str, name: str, confirm_url: str) -> Email:
    """Sent on subscribing (and again, rate-limited, on subscribing again before confirming)."""
    lines = [
        f"Hello {name}," if name else "Hello,",
        "",
        "Thank you for subscribing to the Vandy Travel & Recruitment newsletter: job opportunities,",
        "visa updates, study abroad and travel tips.",
        "",
        "Please confirm that this is your address (until you do, we send you no newsletter):",
        confirm_url,
        "",
        "If you did not subscribe, ignore this e-mail: without a confirmation you get nothing more from us.",
        "",
        c.AGENCY_SIGN_OFF,
    ]
    return Email(to, WELCOME_SUBJECT, "\n".join(lines))


def newsletter_email(subject: str, body: str, to: str, unsubscribe_page: str, one_click_url: str) -> Email:
    """An issue as one subscriber gets it: the body, a visible unsubscribe link (a page with a
    button) and the RFC 8058 headers naming ``one_click_url``. A test e-mail has no one-click URL."""
    text = f"{body.rstrip()}\n\n--\nYou get this because you subscribed to the Vandy Travel newsletter.\n"
    text += f"Unsubscribe: {unsubscribe_page}\n\n{c.AGENCY_SIGN_OFF}"
    headers = (("List-Unsubscribe", f"<{one_click_url}>"), ONE_CLICK) if one_click_url else ()
    return Email(to, subject, text, headers)


def digest_draft(posts: Sequence[BlogPost], site: str) -> Draft:
    """A draft listing ``posts`` (newest first) with their excerpts and links, for staff to edit."""
    if not posts:
        return Draft(DIGEST_SUBJECT, "No new blog posts were published since the last newsletter.")
    lines = ["Here is what we published on our blog since our last newsletter:", ""]
    for post in posts:
        lines += [post.title, post.excerpt, f"Read more: {site}/blog/{post.id}", ""]
    lines.append("Questions? Reply to this e-mail or visit our office.")
    return Draft(DIGEST_SUBJECT, "\n".join(lines))
