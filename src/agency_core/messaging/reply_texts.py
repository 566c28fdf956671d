"""The words of a staff reply to a contact message: the e-mail (from the agency's address, subject
"Re: ...") and the SMS. The e-mail's frame (subject, greeting, the quoted original) is made of message
templates (``email.reply.*``); the reply itself is what staff wrote."""

from __future__ import annotations

from datetime import datetime

from agency_core.messaging.email import Email
from agency_core.messaging.templates import DEFAULTS, Texts, render


def reply_subject(subject: str, texts: Texts = DEFAULTS) -> str:
    """``Re: <subject>`` (once: a subject that already starts with "Re:" is kept)."""
    subject = " ".join(subject.split())
    if not subject:
        return render("email.reply.subject_blank", {}, texts)
    return subject if subject.lower().startswith("re:") else render("email.reply.subject", {"subject": subject}, texts)


def _greeting(name: str, texts: Texts) -> str:
    name = name.strip()
    return (
        render("email.reply.greeting", {"name": name}, texts)
        if name
        else render("email.reply.greeting_no_name", {}, texts)
    )


def reply_email(
    to: str, name: str, subject: str, text: str, original: str, received_at: datetime, texts: Texts = DEFAULTS
) -> Email:
    """The reply, signed by the agency, with the message it answers quoted below."""
    quoted = "\n".join(f"> {line}" if line else ">" for line in original.strip().splitlines())
    values = {
        "greeting": _greeting(name, texts),
        "reply": text,
        "received_on": f"{received_at:%d %B %Y}" if quoted else "",
        "quoted": quoted,
    }
    return Email(to, reply_subject(subject, texts), render("email.reply.body", values, texts))


def reply_sms(text: str) -> str:
    """The SMS: the staff member's words as written (the sender id names the agency)."""
    return text
