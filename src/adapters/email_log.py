"""The e-mail sender of the embedded default (no ``AGENCY_SMTP_HOST``): every e-mail goes to the log."""

from __future__ import annotations

import logging

from agency_core.masking import mask_email
from agency_core.messaging.email import Email

logger = logging.getLogger(__name__)


class LoggingEmailSender:
    """Implements :class:`agency_core.jobs.alerts.EmailSender` by logging; always succeeds."""

    async def send(self, email: Email, message_id: str) -> None:
        logger.info("E-mail (no SMTP host configured) %s to %s: %s", message_id, mask_email(email.to), email.subject)
