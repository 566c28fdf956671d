"""What staff's side gives the WhatsApp inbox: the applications a sender's phone belongs to.

:class:`ApplicantsFromAdmin` implements :class:`agency_core.whatsapp.inbound.ApplicantsByPhone` on the
admin store's search (which finds a phone in any format) narrowed to the exact E.164 number.
"""

from __future__ import annotations

from agency_core.paging import PageRequest
from agency_core.staff.ports import AdminStore
from agency_core.staff.query import ApplicationQuery
from agency_core.whatsapp.inbound import Applicant

MATCHES: int = 20
"""At most this many applications are named for one phone (newest first)."""


class ApplicantsFromAdmin:
    def __init__(self, admin: AdminStore) -> None:
        self.admin = admin

    async def by_phone(self, phone: str) -> list[Applicant]:
        if not phone:
            return []
        found = await self.admin.applications(ApplicationQuery(q=phone), PageRequest(1, MATCHES))
        return [
            Applicant(r.id, r.application.data.applicant_name, r.application.data.email, r.owner_name)
            for r in found.items
            if r.application.data.phone == phone
        ]
