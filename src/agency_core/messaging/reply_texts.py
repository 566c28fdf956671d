"""The words of a staff reply to a contact message: the e-mail (from the agency's address, subject
"Re: ...") and the SMS. One function each, so they can become templates."""

from __future__ import annotations

from datetime import datetime

from agency_core.jobs.alerts import Email
from agency_core.spec import constants as c


def reply_subject(subject: str) -> str:
    """``Re: <subject>`` (once: a subject that already starts with "Re:" is kept)."""
    subject = " ".join(subject.split())
    if not subject:
        return f"Re: your message to {c.AGENCY_NAME}"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def reply_email(to: str, name: str, subject: str, text: str, original: str, received_at: datetime) -> Email:
    """The reply, signed by the agency, with the message it answers quoted below."""
    greeting = f"Dear {name.strip()}," if name.strip() else "Hello,"
    quoted = [f"> {line}" if line else ">" for line in original.strip().splitlines()]
    lines = [greeting, "", text, "", c.AGENCY_SIGN_OFF]
    if quoted:
        lines += ["", f"Your message of {received_at:%d %B %Y}:", *quoted]
    return Email(to, reply_subject(subject), "\n".join(lines))


def reply_sms(text: str) -> str:
    """The SMS: the staff member's words as written (the sender id names the agency)."""
    return text
