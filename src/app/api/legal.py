"""``GET /api/legal``: the facts the privacy notice, the terms and the footer show, from settings."""

from __future__ import annotations

from dataclasses import dataclass

from litestar import get
from litestar.di import NamedDependency

from agency_core.spec.consent import PRIVACY_NOTICE_VERSION
from app.settings import Settings
from app.site_settings import SiteSettings


@dataclass
class RetentionOut:
    documentsDays: int
    messagesDays: int
    appointmentsDays: int
    alertsDays: int


@dataclass
class LegalOut:
    legalName: str
    address: str
    dataProtectionRegistration: str
    """Data Protection Commission registration number."""
    labourLicence: str
    """Labour Department private employment agency licence number."""
    dataRequestContact: str
    privacyNoticeVersion: str
    retention: RetentionOut


@get("/api/legal", tags=["site"], summary="Legal facts of the privacy notice, terms and footer", sync_to_thread=False)
def legal(settings: NamedDependency[Settings]) -> LegalOut:
    return legal_facts(settings.site)


def legal_facts(site: SiteSettings) -> LegalOut:
    """The facts as ``GET /api/legal`` answers them; the public pages carry the same in their HTML."""
    facts, keep = site.legal, site.retention
    return LegalOut(
        legalName=facts.legal_name,
        address=facts.address,
        dataProtectionRegistration=facts.dpc_registration,
        labourLicence=facts.labour_licence,
        dataRequestContact=facts.data_request_contact,
        privacyNoticeVersion=PRIVACY_NOTICE_VERSION,
        retention=RetentionOut(keep.documents_days, keep.messages_days, keep.appointments_days, keep.alerts_days),
    )
