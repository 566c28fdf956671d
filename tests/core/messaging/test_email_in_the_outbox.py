"""An e-mail rides in an outbox message's text as JSON; one stored before attachments still reads."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

from agency_core.messaging.email import Attachment, Email, from_outbox, to_outbox

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


def test_an_email_round_trips_and_its_text_keeps_its_shape() -> None:
    email = Email(
        "a@example.com", "Hello", "Body", (("List-Unsubscribe", "<x>"),), (Attachment("a.ics", "text/calendar", "X"),)
    )
    message = to_outbox(email, "M1", "S1", T0)
    assert json.loads(message.text) == {
        "subject": "Hello",
        "text": "Body",
        "headers": [["List-Unsubscribe", "<x>"]],
        "attachments": [["a.ics", "text/calendar", "X"]],
    }
    assert from_outbox(message) == email


def test_an_email_stored_before_attachments_reads() -> None:
    message = to_outbox(Email("a@example.com", "Hello", "Body"), "M1", "S1", T0)
    old = json.dumps({"subject": "Hello", "text": "Body", "headers": []})
    assert from_outbox(replace(message, text=old)) == Email("a@example.com", "Hello", "Body")
