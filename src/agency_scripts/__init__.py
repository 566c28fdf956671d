"""Status changes from internal scripts: the admin area's status change, with its SMS sent exactly once.

Install without the server (``pip install .``), set the app's ``AGENCY_*`` settings, then::

    from agency_scripts import StatusClient

    with StatusClient.from_env() as client:
        report = client.change_status("VA1732312345678", "approved")
        print(report.outcome.state)   # sent, replayed, refused, not_sent, unknown, no_sms, queued or dry_run

The docs' "Scripts" page has a complete nightly CSV job. The package logs through a
``logging.NullHandler`` (as do the core and the adapters): nothing is printed unless the
script configures logging.
"""

import logging

from agency_core.errors import (
    AmbiguousPhone,
    Conflict,
    InvalidPhone,
    Rejected,
    UnknownApplication,
    UnknownStatus,
    UseCaseError,
)
from agency_core.messaging.outcomes import DryRun, NoSms, NotSent, Outcome, Queued, Refused, Sent, Unknown
from agency_core.records import ApplicationStatus
from agency_scripts.client import AsyncStatusClient, StatusClient
from agency_scripts.reports import (
    ApplicationLookup,
    BatchRejected,
    BatchReport,
    GatewayNotConfigured,
    StatusReport,
    StatusRow,
    StatusText,
)
from agency_scripts.settings import SettingsMissing
from app.settings import SettingsError

for _logger in ("agency_scripts", "adapters"):  # the core adds its own (agency_core/__init__.py)
    logging.getLogger(_logger).addHandler(logging.NullHandler())

__all__ = [
    "AmbiguousPhone",
    "ApplicationLookup",
    "ApplicationStatus",
    "AsyncStatusClient",
    "BatchRejected",
    "BatchReport",
    "Conflict",
    "DryRun",
    "GatewayNotConfigured",
    "InvalidPhone",
    "NoSms",
    "NotSent",
    "Outcome",
    "Queued",
    "Refused",
    "Rejected",
    "Sent",
    "SettingsError",
    "SettingsMissing",
    "StatusClient",
    "StatusReport",
    "StatusRow",
    "StatusText",
    "Unknown",
    "UnknownApplication",
    "UnknownStatus",
    "UseCaseError",
]
