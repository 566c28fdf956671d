"""An e-mail rides in an outbox message's text as JSON; one stored before attachments still reads."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Attachment, Email

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


def test_an_email_round_trips_and_its_text_keeps_its_shape() -> None:
    email = Email(
        "a@example.com", "Hello", "Body", (("List-Unsubscribe", "<x>"),), (Attachment("a.ics", "text/calendar", "X"),)
    )
    message = outbox_messages.email(id="M1", source_id="S1", mail=email, now=T0)
    assert json.loads(message.text) == {
        "subject": "Hello",
        "text": "Body",
        "headers": [["List-Unsubscribe", "<x>"]],
        "attachments": [["a.ics", "text/calendar", "X"]],
    }
    assert outbox_messages.email_of(message) == email


def test_an_email_stored_before_attachments_reads() -> None:
    message = outbox_messages.email(id="M1", source_id="S1", mail=Email("a@example.com", "Hello", "Body"), now=T0)
    old = json.dumps({"subject": "Hello", "text": "Body", "headers": []})
    assert outbox_messages.email_of(replace(message, text=old)) == Email("a@example.com", "Hello", "Body")
