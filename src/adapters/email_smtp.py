"""E-mail over SMTP with aiosmtplib: implements :class:`agency_core.jobs.alerts.EmailSender`.

Each send opens a connection (STARTTLS when asked, login when a user is set) and raises on any
failure, so the outbox retries. The outbox id goes out as the ``Message-ID``.
"""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.utils import formatdate

import aiosmtplib

from agency_core.messaging.email import Attachment, Email, check_recipient


def _attach(msg: EmailMessage, attachment: Attachment) -> None:
    """A text part with its type's parameters (``text/calendar; method=REQUEST``), as a named attachment."""
    kind, *parameters = (part.strip() for part in attachment.content_type.split(";"))
    subtype = kind.split("/", 1)[-1]
    params = dict(p.split("=", 1) for p in parameters if "=" in p and not p.startswith("charset="))
    msg.add_attachment(attachment.content, subtype=subtype, filename=attachment.filename, params=params)


class SmtpEmailSender:
    def __init__(
        self,
        host: str,
        port: int,
        sender: str,
        *,
        username: str = "",
        password: str = "",
        starttls: bool = False,
        timeout_s: float = 10.0,
    ) -> None:
        self.host = host
        self.port = port
        self.sender = sender
        self.username = username
        self.password = password
        self.starttls = starttls
        self.timeout_s = timeout_s

    def message(self, email: Email, message_id: str) -> EmailMessage:
        # long URLs (List-Unsubscribe) stay plain text on one line instead of being encoded
        msg = EmailMessage(policy=policy.SMTP.clone(max_line_length=998))
        msg["From"] = self.sender
        msg["To"] = check_recipient(email.to)  # never a list: the outbox stored one address per message
        msg["Subject"] = email.subject
        msg["Date"] = formatdate(usegmt=True)
        domain = self.sender.rsplit("@", 1)[-1].strip("> ") or "localhost"
        msg["Message-ID"] = f"<{message_id}@{domain}>"
        for name, value in email.headers:
            msg[name] = value
        msg.set_content(email.text)
        for attachment in email.attachments:
            _attach(msg, attachment)
        return msg

    async def send(self, email: Email, message_id: str) -> None:
        await aiosmtplib.send(
            self.message(email, message_id),
            hostname=self.host,
            port=self.port,
            username=self.username or None,
            password=self.password or None,
            start_tls=self.starttls,
            timeout=self.timeout_s,
        )
