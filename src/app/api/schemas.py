"""Request and response bodies of the public API, as documented in the OpenAPI schema.

Field names are the camelCase names of spec section 3. The public forms' request bodies are made
from the forms' rules (:func:`lenient_body`), so their fields are declared once, in
:mod:`agency_core.spec.validation`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

import msgspec
from litestar.datastructures import UploadFile

from agency_core.spec.validation import APPLICATION, APPOINTMENT, CONTACT, JOB_ALERT, NEWSLETTER, Field, Form
from agency_core.submissions.service import JOB_FIELD
from agency_core.submitted import HONEYPOT_FIELD
from app.api.fee_schemas import FeeDueOut

# Re-exported: the public handlers import these bodies from here.
from app.blog_post_body import BlogPostOut as BlogPostOut
from app.blog_post_body import BlogPostSummaryOut as BlogPostSummaryOut
from app.error_bodies import ErrorMessage as ErrorMessage
from app.error_bodies import ValidationErrors as ValidationErrors


class SentBody:
    """The base of the public forms' bodies: the core reads one by spec name through :meth:`get`
    (:class:`agency_core.spec.validation.Sent`), so the decoded body is handed over as it is."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    def get(self, name: str, /) -> object:
        """The field ``name`` as sent (``None``: absent); a name the body has no field for is absent."""
        return getattr(self, name) if name in self.__dataclass_fields__ else None


def _lenient(field: Field, multipart: bool) -> Any:
    """A field's type as a client sends it: a checkbox is ``"true"`` in a multipart form, a file is a file."""
    if field.kind == "file":
        return UploadFile | None
    if field.kind == "multiselect":
        return list[str] | None
    if field.kind == "checkbox" and not multipart:
        return bool | None
    return str | None


def lenient_body(name: str, form: Form, doc: str | None = None, *, multipart: bool = False) -> type[SentBody]:
    """The request body of the public ``form``, made from its rules (``agency_core.spec.validation``):
    each of its fields, then the honeypot (``website``), then, in a multipart form, the job applied for
    (``jobId``) and the files. Every field is optional and typed as a client sends it: a missing one gets
    the spec's own message from the core (422), a value of the wrong JSON type is refused with a 400.
    What ``/schema`` publishes for it is written from the same rules (``app/request_contract.py``)."""
    files = [f for f in form.fields if f.kind == "file"]
    names = [(f.name, _lenient(f, multipart)) for f in form.fields if f.kind != "file"]
    names.append((HONEYPOT_FIELD, str | None))
    if multipart:
        names += [(JOB_FIELD, str | None), *((f.name, _lenient(f, multipart)) for f in files)]
    fields = [(name, kind, dataclasses.field(default=None)) for name, kind in names]
    namespace = {"__doc__": doc, "__module__": __name__}
    body: type[SentBody] = dataclasses.make_dataclass(name, fields, bases=(SentBody,), namespace=namespace)
    return body


# The handlers' annotations name these classes; mypy sees each as the SentBody it is (the fields are made at import).
if TYPE_CHECKING:
    ApplicationForm = SentBody
    AppointmentIn = SentBody
    ContactMessageIn = SentBody
    NewsletterSubscriptionIn = SentBody
    JobAlertIn = SentBody
else:
    ApplicationForm = lenient_body(
        "ApplicationForm",
        APPLICATION,
        """multipart/form-data: checkboxes as ``"true"``/``"false"``, files ``cv``, ``passport``, ``photo``.""",
        multipart=True,
    )
    AppointmentIn = lenient_body("AppointmentIn", APPOINTMENT)
    ContactMessageIn = lenient_body("ContactMessageIn", CONTACT)
    NewsletterSubscriptionIn = lenient_body("NewsletterSubscriptionIn", NEWSLETTER)
    JobAlertIn = lenient_body("JobAlertIn", JOB_ALERT)


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
