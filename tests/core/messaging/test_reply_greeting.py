"""A staff reply e-mail greets the reader once: the frame's "Dear <full name>," unless the staff
member's own words already open with a greeting."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from agency_core.messaging.reply_texts import opens_with_greeting, reply_email

RECEIVED = datetime(2026, 11, 2, 9, tzinfo=UTC)


def test_a_reply_without_a_greeting_of_its_own_opens_with_the_products() -> None:
    mail = reply_email("ama@example.com", "Ama Owusu", "Visa", "Your visa is ready.", "When?", RECEIVED)
    assert mail.text.startswith("Dear Ama Owusu,\n\nYour visa is ready.\n")


@pytest.mark.parametrize(
    "own", ["Dear Ama,", "Hello Ama,", "hi Ama!", "Good morning Mrs Owusu,", "  Good  afternoon,", "Greetings,"]
)
def test_a_reply_that_opens_with_its_own_greeting_is_greeted_once(own: str) -> None:
    mail = reply_email("ama@example.com", "Ama Owusu", "Visa", f"{own}\n\nYour visa is ready.", "When?", RECEIVED)
    assert "Dear Ama Owusu" not in mail.text
    assert mail.text.startswith(f"{own}\n\nYour visa is ready.")  # the reply as written
    assert mail.text.endswith("> When?")


@pytest.mark.parametrize("text", ["Highly likely: yes.", "Hiring starts Monday.", "Dearest news: approved."])
def test_words_that_only_begin_like_a_greeting_are_not_one(text: str) -> None:
    assert not opens_with_greeting(text)
    assert reply_email("a@example.com", "Kofi", "", text, "", RECEIVED).text.startswith("Dear Kofi,\n\n")
