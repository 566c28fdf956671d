"""The WhatsApp line of an application's page and of a message thread (issue 48, the staff side)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from agency_core.staff.whatsapp import RecordChannel
from agency_core.whatsapp.replies import ThreadWindow
from app.admin.schemas.common import Body


class WhatsAppOptInShown(Body):
    opted_in_at: datetime
    source: str
    """The form it was ticked on: ``apply``, ``book`` or ``contact``."""
    wording_version: str
    wording: str
    """The sentence the applicant ticked ("" for a version this code no longer knows)."""
    opted_out_at: datetime | None
    """When STOP (or /track's button) ended it."""


class ApplicationWhatsApp(Body):
    """The applicant's WhatsApp opt-in (``null``: never opted in) and the channel their texts go by."""

    opt_in: WhatsAppOptInShown | None
    channel: Literal["whatsapp", "sms"]


class ThreadWhatsApp(Body):
    """A WhatsApp thread's reply box: free text inside the 24-hour window, else only the template."""

    last_inbound_at: datetime
    window_closes_at: datetime
    window_open: bool
    opted_in: bool
    """The phone's opt-in stands: the template message may go."""
    template_text: str
    """The template message's text (staff edit it among the templates)."""


def application_whatsapp(shown: RecordChannel) -> ApplicationWhatsApp:
    view = shown.opt_in
    opt_in = (
        None
        if view is None
        else WhatsAppOptInShown(
            opted_in_at=view.opted_in_at,
            source=view.source,
            wording_version=view.wording_version,
            wording=view.wording,
            opted_out_at=view.opted_out_at,
        )
    )
    return ApplicationWhatsApp(opt_in=opt_in, channel="whatsapp" if shown.channel == "whatsapp" else "sms")


def thread_whatsapp(window: ThreadWindow | None, template_text: str) -> ThreadWhatsApp | None:
    if window is None:
        return None
    return ThreadWhatsApp(
        last_inbound_at=window.last_inbound,
        window_closes_at=window.closes_at,
        window_open=window.open,
        opted_in=window.opted_in,
        template_text=template_text,
    )
