"""The words of a staff reply to a contact message: the e-mail (from the agency's address, subject
"Re: ...") and the SMS. The e-mail's frame (subject, greeting, the quoted original) is made of message
templates (``email.reply.*``); the reply itself is what staff wrote.

One greeting: when staff open their reply with their own ("Dear Ama,", "Good morning Mr Mensah"),
the frame's "Dear <full name>," is left out, as the staff member's words are the more personal."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Final

from agency_core.messaging.email import Email
from agency_core.messaging.templates import DEFAULTS, Texts, render


def reply_subject(subject: str, texts: Texts = DEFAULTS) -> str:
    """``Re: <subject>`` (once: a subject that already starts with "Re:" is kept)."""
    subject = " ".join(subject.split())
    if not subject:
        return render("email.reply.subject_blank", {}, texts)
    return subject if subject.lower().startswith("re:") else render("email.reply.subject", {"subject": subject}, texts)


_OWN_GREETING: Final = re.compile(
    r"(?:dear|hello|hi|hey|greetings|good\s+(?:morning|afternoon|evening|day))\b", re.IGNORECASE
)


def opens_with_greeting(text: str) -> bool:
    """Whether the reply's first words greet the reader."""
    return _OWN_GREETING.match(text.lstrip()) is not None


def _greeting(name: str, text: str, texts: Texts) -> str:
    if opens_with_greeting(text):
        return ""
    name = name.strip()
    return (
        render("email.reply.greeting", {"name": name}, texts)
        if name
        else render("email.reply.greeting_no_name", {}, texts)
    )


def reply_email(
    to: str, name: str, subject: str, text: str, original: str, received_at: datetime, texts: Texts = DEFAULTS
) -> Email:
    """The reply, signed by the agency, with the message it answers quoted below; greeted once."""
    quoted = "\n".join(f"> {line}" if line else ">" for line in original.strip().splitlines())
    values = {
        "greeting": _greeting(name, text, texts),
        "reply": text,
        "received_on": f"{received_at:%d %B %Y}" if quoted else "",
        "quoted": quoted,
    }
    return Email(to, reply_subject(subject, texts), render("email.reply.body", values, texts))


def reply_sms(text: str) -> str:
    """The SMS: the staff member's words as written (the sender id names the agency)."""
    return text
