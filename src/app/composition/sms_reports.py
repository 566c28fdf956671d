"""The delivery reports' secret: ``AGENCY_SMS_REPORT_SECRET``, or (outside production) a random one
kept in the data directory, so demo and development runs need no setting and keep one URL across
restarts (reports for texts sent before a restart still find the route)."""

from __future__ import annotations

import secrets

from adapters.private_files import open_private, private_dir
from app.settings import Settings, SettingsError

SECRET_FILE = "sms-report.secret"  # noqa: S105 - a file name, not a secret


def report_secret(settings: Settings) -> str:
    """The secret; in production never one made here (settings built without ``from_env`` included):
    with a gateway that is a refusal, without one no report can come, so none matches."""
    if settings.sms_reports.secret:
        return settings.sms_reports.secret
    if settings.production:
        if settings.sms.base_url is not None:
            raise SettingsError("AGENCY_ENV=production needs AGENCY_SMS_REPORT_SECRET when AGENCY_SMS_BASE_URL is set")
        return ""
    path = private_dir(settings.data_dir) / SECRET_FILE
    if not path.is_file():
        try:
            with open_private(path, exclusive=True) as handle:
                handle.write(secrets.token_urlsafe(32).encode("ascii"))
        except FileExistsError:
            pass  # another process made it first: read theirs
    return path.read_text(encoding="ascii").strip()
