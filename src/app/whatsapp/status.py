"""Whether the WhatsApp channel is on, as the admin settings page shows it (read-only)."""

from __future__ import annotations

from app.settings import Settings

DEMO_LINE = "Demo: WhatsApp sends are written to the log (no AGENCY_WHATSAPP_* settings)"


def channel_status(settings: Settings) -> tuple[bool, str]:
    """``(on, the line staff read)``: on with the Cloud API settings, or in demo mode with the log sender."""
    whatsapp = settings.whatsapp
    if whatsapp.enabled:
        return True, whatsapp.status_line
    if settings.demo and not settings.production:
        return True, DEMO_LINE
    return False, whatsapp.status_line
