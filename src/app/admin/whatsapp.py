"""``/api/admin/applications/{id}/whatsapp``: the applicant's WhatsApp opt-in and the channel their texts
go by (issue 48 item 1, the staff side). Replies by WhatsApp go through the thread's replies
(``app.admin.notes``)."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath

from agency_core.staff.whatsapp import WhatsAppOnRecords
from app.admin.schemas.whatsapp import ApplicationWhatsApp, application_whatsapp
from app.settings import Settings
from app.whatsapp.status import channel_status


@get(
    "/applications/{application_id:str}/whatsapp",
    summary="The applicant's WhatsApp opt-in (when, which form, which wording; stopped) and their channel",
)
async def application_whatsapp_line(
    whatsapp_on_records: NamedDependency[WhatsAppOnRecords],
    settings: NamedDependency[Settings],
    application_id: FromPath[str],
) -> ApplicationWhatsApp:
    on, _line = channel_status(settings)
    return application_whatsapp(await whatsapp_on_records.of(application_id, channel_on=on))
