"""Status changes from internal scripts: the admin area's status change, with its SMS sent exactly once.

Install without the server (``pip install .``), set the app's ``AGENCY_*`` settings, then::

    from agency_scripts import StatusClient

    with StatusClient.from_env() as client:
        report = client.change_status("VA1732312345678", "approved")
        print(report.outcome.state)   # sent, refused, not_sent, unknown, no_sms, queued or dry_run

The README's "For scripts" section has a complete nightly CSV job.
"""

from agency_core.errors import AmbiguousPhone, Conflict, InvalidPhone, UnknownApplication, UnknownStatus, UseCaseError
from agency_core.messaging.outcomes import DryRun, NoSms, NotSent, Outcome, Queued, Refused, Sent, Unknown
from agency_core.records import ApplicationStatus
from agency_scripts.client import AsyncStatusClient, StatusClient
from agency_scripts.reports import BatchRejected, BatchReport, GatewayNotConfigured, StatusReport, StatusRow
from app.settings import SettingsError

__all__ = [
    "AmbiguousPhone",
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
    "Sent",
    "SettingsError",
    "StatusClient",
    "StatusReport",
    "StatusRow",
    "Unknown",
    "UnknownApplication",
    "UnknownStatus",
    "UseCaseError",
]
