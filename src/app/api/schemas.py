"""Request and response bodies of the public API, as documented in the OpenAPI schema.

Field names are the camelCase names of spec section 3. Every request field is optional here
so that a missing one gets the spec's own message from :mod:`agency_core.spec.validation` (422),
not a framework message; a value of the wrong JSON type is refused with a 400.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

import msgspec
from litestar.datastructures import UploadFile

from app.api.fee_schemas import FeeDueOut

# Re-exported: the public handlers import these bodies from here.
from app.blog_post_body import BlogPostOut as BlogPostOut
from app.blog_post_body import BlogPostSummaryOut as BlogPostSummaryOut
from app.error_bodies import ErrorMessage as ErrorMessage
from app.error_bodies import ValidationErrors as ValidationErrors


@dataclass
class ApplicationForm:
    """multipart/form-data: checkboxes as ``"true"``/``"false"``, files ``cv``, ``passport``, ``photo``."""

    firstName: str | None = None
    lastName: str | None = None
    email: str | None = None
    phone: str | None = None
    phoneRegion: str | None = None
    """The phone's country (``AE``); without it a local number of more than one served country is refused."""
    country: str | None = None
    city: str | None = None
    dateOfBirth: str | None = None
    nationality: str | None = None
    preferredCountry: str | None = None
    jobCategory: str | None = None
    experience: str | None = None
    education: str | None = None
    languages: str | None = None
    availability: str | None = None
    salary: str | None = None
    hasPassport: str | None = None
    passportNumber: str | None = None
    passportExpiry: str | None = None
    additionalInfo: str | None = None
    terms: str | None = None
    website: str | None = None
    jobId: str | None = None
    """The id of the open job applied for (from ``/jobs/{id}``); 422 when it is not open."""
    cv: UploadFile | None = None
    passport: UploadFile | None = None
    photo: UploadFile | None = None


@dataclass
class AppointmentIn:
    fullName: str | None = None
    email: str | None = None
    phone: str | None = None
    phoneRegion: str | None = None
    countryOfInterest: str | None = None
    serviceType: str | None = None
    preferredDate: str | None = None
    """``YYYY-MM-DD``, today (Africa/Accra) or later."""
    preferredTime: str | None = None
    message: str | None = None
    consent: bool | None = None
    website: str | None = None
    """Honeypot: leave empty."""


@dataclass
class ContactMessageIn:
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    phoneRegion: str | None = None
    service: str | None = None
    subject: str | None = None
    message: str | None = None
    website: str | None = None


@dataclass
class NewsletterSubscriptionIn:
    name: str | None = None
    email: str | None = None
    interests: list[str] | None = None
    website: str | None = None


@dataclass
class JobAlertIn:
    email: str | None = None
    jobCategory: str | None = None
    preferredCountry: str | None = None
    salaryRange: str | None = None
    experienceLevel: str | None = None
    website: str | None = None


@dataclass
class ApplicationCreated:
    applicationId: str
    paymentKey: str
    """The secret that starts paying this application's fee (also in the confirmation e-mail)."""
    fee: FeeDueOut | None = None
    """The fee decided by the fee policy, with its reason (``due: false``: no payment step)."""


@dataclass
class AppointmentCreated:
    reference: str
    calendarUrl: str = ""
    """The booking's calendar file (``/appointment/calendar.ics?token=...``, its change token): the
    confirmation's "Add to calendar"."""


@dataclass
class RecordCreated:
    id: str


@dataclass
class DuplicateApplication:
    """409: the same e-mail, job category and preferred country within 24 hours. Nothing of the
    first application: its ID is sent again to the phone and e-mail on record."""

    message: str


class StatusOk(msgspec.Struct, frozen=True):
    """The health check's answer, and the webhook's when an event is accepted."""

    status: Literal["ok"] = "ok"


OK: Final = StatusOk()
"""The one instance (the health check is the hot path's baseline: nothing built per request)."""


@dataclass
class Notice:
    """A short confirmation for the visitor (e.g. "You are unsubscribed: ...")."""

    message: str


@dataclass
class PaymentStartIn:
    paymentKey: str
    """The application's payment key, from the submission's answer or the confirmation e-mail."""


@dataclass
class BlogPostList:
    items: list[BlogPostSummaryOut] = field(default_factory=list)
