"""The legal facts served from settings, and the consent record kept with each submission."""

from __future__ import annotations

from datetime import datetime

import pytest
from litestar.testing import AsyncTestClient

from agency_core.spec.consent import PRIVACY_NOTICE_VERSION, consent_of
from app.settings import Settings, SettingsError
from tests.api.conftest import APPLICATION, APPOINTMENT, PDF, AppFactory, container_of
from tests.support.clock import NOW

LEGAL_ENV = {
    "AGENCY_LEGAL_NAME": "Vandy Travel and Recruitment Services Ltd",
    "AGENCY_LEGAL_ADDRESS": "Plot 12, Adum, Kumasi",
    "AGENCY_DPC_REGISTRATION": "DPC-0042-2026",
    "AGENCY_LABOUR_LICENCE": "LD/PEA/0315",
    "AGENCY_DATA_REQUEST_CONTACT": "dpo@vandytravel.com",
    "AGENCY_RETENTION_DOCUMENTS_DAYS": "180",
    "AGENCY_RETENTION_MESSAGES_DAYS": "90",
}


async def test_the_legal_facts_come_from_settings(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(**LEGAL_ENV)) as client:
        response = await client.get("/api/legal")
    assert response.status_code == 200
    assert response.json() == {
        "legalName": "Vandy Travel and Recruitment Services Ltd",
        "address": "Plot 12, Adum, Kumasi",
        "dataProtectionRegistration": "DPC-0042-2026",
        "labourLicence": "LD/PEA/0315",
        "dataRequestContact": "dpo@vandytravel.com",
        "privacyNoticeVersion": PRIVACY_NOTICE_VERSION,
        "retention": {"documentsDays": 180, "messagesDays": 90, "appointmentsDays": 365, "alertsDays": 730},
    }


def test_a_retention_period_must_be_whole_days() -> None:
    with pytest.raises(SettingsError, match="AGENCY_RETENTION_DOCUMENTS_DAYS"):
        Settings.from_env({"AGENCY_RETENTION_DOCUMENTS_DAYS": "a year"})
    with pytest.raises(SettingsError, match="AGENCY_SITE_URL"):
        Settings.from_env({"AGENCY_SITE_URL": "vandytravel.com"})


async def test_each_submission_keeps_the_notice_version_accepted_and_when(make_app: AppFactory) -> None:
    app = make_app()
    async with AsyncTestClient(app) as client:
        before = NOW  # the app's clock starts there (``make_app``)
        applied = await client.post(
            "/api/applications", data=APPLICATION, files={"cv": ("cv.pdf", PDF, "application/pdf")}
        )
        booked = await client.post("/api/appointments", json=APPOINTMENT)
        message = await client.post(
            "/api/contact-messages",
            json={"name": "Abena", "email": "abena@example.com", "subject": "Visa", "message": "How long?"},
        )
        alert = await client.post(
            "/api/job-alerts",
            json={"email": "kofi@example.com", "jobCategory": "Construction", "preferredCountry": "Qatar"},
        )
        newsletter = await client.post(
            "/api/newsletter-subscriptions", json={"email": "Yaa@Example.com", "name": "Yaa", "interests": []}
        )
        assert newsletter.status_code == 201, newsletter.text
        subscription = await container_of(app).store.newsletter.get_by_email("yaa@example.com")
        assert subscription is not None
        assert subscription.privacy_notice_version == PRIVACY_NOTICE_VERSION
        assert subscription.privacy_accepted_at == subscription.updated_at
        for response in (applied, booked, message, alert):
            assert response.status_code == 201, response.text
        store = container_of(app).store
        application = await store.applications.get(applied.json()["applicationId"])
        appointment = await store.appointments.get(booked.json()["reference"])
        contact = await store.contact_messages.get(message.json()["id"])
        job_alert = await store.job_alerts.get(alert.json()["id"])
    for record in (application, appointment, contact, job_alert):
        assert record is not None
        consent = consent_of(record.data)
        assert consent is not None
        version, at = consent
        assert version == PRIVACY_NOTICE_VERSION
        assert datetime.fromisoformat(at) == record.created_at
        assert record.created_at >= before
