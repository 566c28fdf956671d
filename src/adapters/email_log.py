"""The e-mail sender without ``AGENCY_SMTP_HOST``: no e-mail leaves the process.

Each e-mail is logged as a line with its outbox id and the masked address: never its subject or
text, which may hold a name or a link with a token. Staff read it in the admin area's outbox."""

from __future__ import annotations

import logging

from agency_core.masking import mask_email
from agency_core.messaging.email import Email

logger = logging.getLogger(__name__)


class LoggingEmailSender:
    """Implements :class:`agency_core.jobs.alerts.EmailSender` by logging; always succeeds."""

    async def send(self, email: Email, message_id: str) -> None:
        logger.info("E-mail (no SMTP host configured, not sent) %s to %s", message_id, mask_email(email.to))
