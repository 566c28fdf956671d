"""The agency's domain core: rules, messages, IDs and notifications, free of any framework.

The public API, for internal scripts: any :class:`SmsGateway` will do (the HTTP one is
``adapters.sms_http.HttpSmsGateway``; docs/scripts.md shows the full five lines)::

    result = await send_status_sms(gateway, "+233241234567", "Ama Owusu", ApplicationStatus.APPROVED)
    assert result.message == "Application status SMS sent successfully"

``send_status_sms`` never raises: it returns a typed outcome (:class:`Sent`, :class:`Refused`,
:class:`NotSent`, :class:`Unknown`) with the idempotency key it sent. To change an application's
status (and text it exactly once) from a script, use ``agency_scripts.StatusClient``.
"""

import logging

from agency_core.ids import IdGenerator
from agency_core.messaging.notifications import (
    ApplicationNotification,
    OutgoingSms,
    SmsKind,
    application_messages,
    appointment_messages,
    deliver,
    notify_application,
    send_status_sms,
    status_messages,
)
from agency_core.messaging.outcomes import DryRun, NoSms, NotSent, Outcome, Queued, Refused, Sent, Unknown
from agency_core.messaging.phones import phone_for_sms
from agency_core.messaging.sms_texts import ApplicationAlert, AppointmentDetails
from agency_core.ports import SendResult, SmsGateway
from agency_core.records import ApplicationStatus
from agency_core.spec.validation import Cleaned, Form, normalise_phone, validate

for _logger in (__name__, "agency"):  # the core's loggers: silent unless the caller configures logging
    logging.getLogger(_logger).addHandler(logging.NullHandler())

__all__ = [
    "ApplicationAlert",
    "ApplicationNotification",
    "ApplicationStatus",
    "AppointmentDetails",
    "Cleaned",
    "DryRun",
    "Form",
    "IdGenerator",
    "NoSms",
    "NotSent",
    "Outcome",
    "OutgoingSms",
    "Queued",
    "Refused",
    "SendResult",
    "Sent",
    "SmsGateway",
    "SmsKind",
    "Unknown",
    "application_messages",
    "appointment_messages",
    "deliver",
    "normalise_phone",
    "notify_application",
    "phone_for_sms",
    "send_status_sms",
    "status_messages",
    "validate",
]
