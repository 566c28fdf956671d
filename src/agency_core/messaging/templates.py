"""Message templates: every SMS and e-mail text the product sends, with named ``{placeholders}``.

Each template has a key, the placeholders it may use and its default text (the spec's words,
exactly as sent before staff could edit them). Staff edit a template in the admin area; the
senders render the current text (:func:`render`) or, when none was saved, the default.

Rendering rules, the same for every template:

- ``{name}`` is replaced by the placeholder's value; a ``{`` or ``}`` is only allowed as part of a
  placeholder (validation refuses unbalanced braces and unknown names).
- A line holding an *optional* placeholder (the ``/track`` link, the payment link...) that is empty
  is left out; blank lines left next to each other become one; spaces at a line's end are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from agency_core.messaging.gsm import Encoding, encoding, sms_parts
from agency_core.spec import constants as c


class Channel(StrEnum):
    SMS = "sms"
    EMAIL = "email"


@dataclass(frozen=True, slots=True)
class Placeholder:
    name: str
    longest: str
    """The longest plausible value: what the preview renders with."""
    optional: bool = False
    """When empty, the line that holds it is left out."""
    required: bool = False
    """A text without it cannot be saved: the message would lose what it is for (a confirmation or
    unsubscribe link, the reply staff wrote)."""


@dataclass(frozen=True, slots=True)
class TemplateSpec:
    key: str
    label: str
    channel: Channel
    placeholders: tuple[Placeholder, ...]
    default: str
    one_line: bool = False
    """An e-mail subject: a mail header, which a line break breaks."""

    @property
    def names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.placeholders)


NAME = Placeholder("name", "Nana Akosua Frimpomaa Ofori-Atta")
TRACK = Placeholder("track_url", "www.vandytravelrecruitment.com/track", optional=True)
APPLICATION_ID = Placeholder("application_id", "VA1795479503425")
ID_LINE = Placeholder("application_id", APPLICATION_ID.longest, optional=True)
"""The ID in the first SMS, on a line of its own (left out when a status text is sent without one)."""
JOB_TITLE = Placeholder("job_title", "Housekeeping Supervisor (5-star Hote...")
SERVICE = Placeholder("service", "Travel Arrangements")
DATE = Placeholder("date", "Wed 30 Sep 2026")
"""An appointment's date with its weekday (:func:`agency_core.appointments.slots.appointment_date`)."""
TIME = Placeholder("time", "10:00 AM GMT+04:00")
REFERENCE = Placeholder("reference", "VA1795479503425")
PROMISE = Placeholder("reminder_promise", f"We will send a reminder {c.APPOINTMENT_REMINDER_BEFORE} before.")
MAIL_TRACK = Placeholder("track_url", "https://www.vandytravelrecruitment.com/track", optional=True)
CHANGE_LINK = Placeholder(
    "change_link", "https://www.vandytravelrecruitment.com/appointment?token=Xq7Zt2mK9vR4pY8wLs3nB6", optional=True
)
SMS_CHANGE_LINK = Placeholder(
    "change_link", "www.vandytravelrecruitment.com/appointment?token=Xq7Zt2mK9vR4pY8wLs3nB6", optional=True
)

SIGN = c.AGENCY_SIGN_OFF
_THANKS = "Dear {name}, thank you for applying with Vandy Travel"
_RECEIVED = f"Your application has been received and we will reply within {c.APPLICATION_REPLY_WITHIN}."
_QUOTE = "Please quote it whenever you contact us."
_ID = "Application ID: {application_id}"
"""The first SMS carries the ID (issue 43): with the phone or e-mail it opens ``/track``."""


def _sms(key: str, label: str, default: str, *placeholders: Placeholder) -> TemplateSpec:
    return TemplateSpec(key, label, Channel.SMS, placeholders, default)


def _mail(key: str, label: str, default: str, *placeholders: Placeholder) -> TemplateSpec:
    return TemplateSpec(key, label, Channel.EMAIL, placeholders, default)


def _subject(key: str, label: str, default: str, *placeholders: Placeholder) -> TemplateSpec:
    return TemplateSpec(key, label, Channel.EMAIL, placeholders, default, one_line=True)


_SPECS: Final = (
    _sms(
        "sms.status.received",
        "SMS: application received",
        f"{_THANKS}. {_RECEIVED}\n{_ID}\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        ID_LINE,
        TRACK,
    ),
    _sms(
        "sms.status.processing",
        "SMS: application processing",
        "Dear {name}, your application is now being processed. This takes "
        f"{c.PROCESSING_TIME}; we will keep you updated.\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        TRACK,
    ),
    _sms(
        "sms.status.approved",
        "SMS: application approved",
        "Congratulations {name}! Your application has been approved. Our team will call you "
        f"within {c.APPROVAL_CALL_WITHIN} with the next steps.\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        TRACK,
    ),
    _sms(
        "sms.status.rejected",
        "SMS: application rejected",
        "Dear {name}, thank you for your interest. We cannot take your application further "
        f"this time, but we will contact you about future openings.\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        TRACK,
    ),
    _sms(
        "sms.received_for_job",
        "SMS: application received for a job",
        f"{_THANKS} for the job {{job_title}}. We will reply within {c.APPLICATION_REPLY_WITHIN}."
        f"\n{_ID}\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        JOB_TITLE,
        ID_LINE,
        TRACK,
    ),
    _sms(
        "sms.admin_alert",
        "SMS to staff: new application",
        "NEW JOB APPLICATION\nName: {applicant_name}\nEmail: {email}\nPhone: {phone}\nJob: {job}\n"
        f"Country: {{country}}\nID: {{application_id}}\nLogin to admin panel to review.\n{SIGN}",
        Placeholder("applicant_name", "Nana Akosua Frimpomaa Ofori-Atta"),
        Placeholder("email", "nana.akosua.ofori-atta@example.com"),
        Placeholder("phone", "+233241234567"),
        Placeholder("job", "Housekeeping Supervisor (5-star Hote... (Hospitality & Tourism)"),
        Placeholder("country", "United Arab Emirates"),
        APPLICATION_ID,
    ),
    _sms(
        "sms.appointment.confirmation",
        "SMS: appointment booked",
        "Your {service} appointment with Vandy Travel is booked for {date} at {time}. "
        f"Ref: {{reference}}. {{reminder_promise}}\n{SIGN}\nChange or cancel: {{change_link}}",
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        PROMISE,
        SMS_CHANGE_LINK,
    ),
    _sms(
        "sms.appointment.reminder",
        "SMS: appointment reminder",
        "Reminder: your {service} appointment with Vandy Travel is on {date} at {time}. "
        f"Ref: {{reference}}.\n{SIGN}\nChange or cancel: {{change_link}}",
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        SMS_CHANGE_LINK,
    ),
    _sms(
        "appointment.reminder_promise",
        "Appointment reminder promise (in the booking SMS and e-mail)",
        f"We will send a reminder {c.APPOINTMENT_REMINDER_BEFORE} before.",
    ),
    _sms(
        "sms.id_reminder",
        "SMS: application ID sent again",
        "Dear {name}, we already have your application with Vandy Travel. Your application ID is "
        "{application_id}. If you did not just apply again, you can ignore this message."
        f"\n{SIGN}\nTrack: {{track_url}}",
        NAME,
        APPLICATION_ID,
        TRACK,
    ),
    _sms(
        "sms.payment_receipt",
        "SMS: processing fee received",
        "Dear {name}, we have received your processing fee of {amount} for application "
        f"{{application_id}}. Ref: {{reference}}. Our team will now review your documents.\n{SIGN}",
        NAME,
        Placeholder("amount", "USD 1,000.00"),
        APPLICATION_ID,
        Placeholder("reference", "VA1795479503425-1795479503425"),
    ),
    _subject(
        "email.application.subject",
        "E-mail subject: application received",
        "Your application {application_id}",
        APPLICATION_ID,
    ),
    _mail(
        "email.application.body",
        "E-mail: application received",
        f"Dear {{name}},\n\nThank you for applying with {c.AGENCY_NAME}{{for_the_job}}.\n"
        f"Your application ID is {{application_id}}. {_QUOTE}\n"
        f"We review every application and will reply within {c.APPLICATION_REPLY_WITHIN}.\n\n"
        "Your payment key is {payment_key}. Keep it private: it lets you pay the processing fee.\n"
        "Pay the processing fee: {payment_link}\n\n"
        f"Follow your application: {{track_url}}\n\n{SIGN}",
        NAME,
        Placeholder("for_the_job", " for the job Housekeeping Supervisor (5-star Hotel, Doha)"),
        APPLICATION_ID,
        Placeholder("payment_key", "k7Qp2mX9vR4tY8wZ", optional=True),
        Placeholder(
            "payment_link",
            "https://www.vandytravelrecruitment.com/payment/start?application=VA1795479503425#key=k7Qp2mX9vR4tY8wZ",
            optional=True,
        ),
        MAIL_TRACK,
    ),
    _subject(
        "email.id_reminder.subject",
        "E-mail subject: application ID sent again",
        "Your application {application_id}",
        APPLICATION_ID,
    ),
    _mail(
        "email.id_reminder.body",
        "E-mail: application ID sent again",
        f"Dear {{name}},\n\nSomeone (perhaps you) has just submitted the same application to {c.AGENCY_NAME} again.\n"
        f"We already have it: your application ID is {{application_id}}. {_QUOTE}\n"
        "If it was not you, you can ignore this e-mail: nothing was changed.\n\n"
        f"Follow your application: {{track_url}}\n\n{SIGN}",
        NAME,
        APPLICATION_ID,
        MAIL_TRACK,
    ),
    _subject(
        "email.appointment.subject", "E-mail subject: appointment booked", "Your appointment {reference}", REFERENCE
    ),
    _mail(
        "email.appointment.body",
        "E-mail: appointment booked",
        f"Dear {{name}},\n\nYour {{service}} appointment with {c.AGENCY_NAME} is booked for {{date}} at {{time}}.\n"
        f"Your reference is {{reference}}. {_QUOTE}\n{{reminder_promise}}\n\n"
        f"Change or cancel your appointment: {{change_link}}\n\n{SIGN}",
        NAME,
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        Placeholder(PROMISE.name, PROMISE.longest, optional=True),
        CHANGE_LINK,
    ),
    _subject(
        "email.appointment_reminder.subject",
        "E-mail subject: appointment reminder",
        "Reminder: your appointment {reference}",
        REFERENCE,
    ),
    _mail(
        "email.appointment_reminder.body",
        "E-mail: appointment reminder",
        "Dear {name},\n\nThis is a reminder of your {service} appointment with "
        f"{c.AGENCY_NAME} on {{date}} at {{time}}.\n"
        f"Your reference is {{reference}}. {_QUOTE}\n\n"
        f"Change or cancel your appointment: {{change_link}}\n\n{SIGN}",
        NAME,
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        CHANGE_LINK,
    ),
)

_SIGN_LINE = f"\n\n{SIGN}"
BEFORE = Placeholder("before", "Wed 30 Sep 2026 at 10:00 AM GMT+04:00")
STAFF_NAME = Placeholder("name", "Nana Akosua Frimpomaa Ofori-Atta")
PAID_REFERENCE = Placeholder("reference", "VA1795479503425-1795479503425")
MONEY = Placeholder("amount", "USD 1,000.00")

_CHANGE_SPECS: Final = (
    _sms(
        "sms.appointment.moved",
        "SMS: appointment moved by the applicant",
        "Your {service} appointment with Vandy Travel is moved to {date} at {time}. "
        f"Ref: {{reference}}. {{reminder_promise}}\n{SIGN}\nChange or cancel: {{change_link}}",
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        PROMISE,
        SMS_CHANGE_LINK,
    ),
    _sms(
        "sms.appointment.cancelled",
        "SMS: appointment cancelled",
        "Your {service} appointment with Vandy Travel on {date} at {time} is cancelled. "
        f"Ref: {{reference}}.\n{SIGN}",
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
    ),
    _sms(
        "sms.admin.appointment_moved",
        "SMS to staff: appointment moved by the applicant",
        "Appointment {reference} ({name}, {service}) moved by the applicant from {before} to {date} at {time}.",
        REFERENCE,
        STAFF_NAME,
        SERVICE,
        BEFORE,
        DATE,
        TIME,
    ),
    _sms(
        "sms.admin.appointment_cancelled",
        "SMS to staff: appointment cancelled by the applicant",
        "Appointment {reference} ({name}, {service}) on {date} at {time} cancelled by the applicant.",
        REFERENCE,
        STAFF_NAME,
        SERVICE,
        DATE,
        TIME,
    ),
    _subject(
        "email.appointment_moved.subject",
        "E-mail subject: appointment moved",
        "Your appointment {reference} is moved",
        REFERENCE,
    ),
    _mail(
        "email.appointment_moved.body",
        "E-mail: appointment moved",
        f"Dear {{name}},\n\nYour {{service}} appointment with {c.AGENCY_NAME} is moved to {{date}} at {{time}}.\n"
        f"Your reference is {{reference}}. {_QUOTE}\n{{reminder_promise}}\n\n"
        f"Change or cancel: {{change_link}}{_SIGN_LINE}",
        NAME,
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
        Placeholder(PROMISE.name, PROMISE.longest, optional=True),
        CHANGE_LINK,
    ),
    _subject(
        "email.appointment_cancelled.subject",
        "E-mail subject: appointment cancelled",
        "Your appointment {reference} is cancelled",
        REFERENCE,
    ),
    _mail(
        "email.appointment_cancelled.body",
        "E-mail: appointment cancelled",
        f"Dear {{name}},\n\nYour {{service}} appointment with {c.AGENCY_NAME} on {{date}} at {{time}} is cancelled.\n"
        f"Your reference is {{reference}}. You are welcome to book again at any time.{_SIGN_LINE}",
        NAME,
        SERVICE,
        DATE,
        TIME,
        REFERENCE,
    ),
)

_PAYMENT_SPECS: Final = (
    _subject(
        "email.receipt.subject",
        "E-mail subject: receipt of the processing fee",
        "Receipt {receipt_number} for application {application_id}",
        Placeholder("receipt_number", "000042"),
        APPLICATION_ID,
    ),
    _mail(
        "email.receipt.body",
        "E-mail: receipt of the processing fee",
        "Dear {name},\n\nThank you: we have received your processing fee for application {application_id}.\n\n"
        "Receipt number: {receipt_number}\nAmount: {amount}\nPaid by: {channel}\nDate: {paid_at}\n"
        f"Reference: {{reference}}\n\nYour receipt (to print or keep): {{receipt_link}}{_SIGN_LINE}",
        NAME,
        APPLICATION_ID,
        Placeholder("receipt_number", "000042"),
        MONEY,
        Placeholder("channel", "mobile_money"),
        Placeholder("paid_at", "30 September 2026, 11:59 PM GMT"),
        PAID_REFERENCE,
        Placeholder(
            "receipt_link",
            "https://www.vandytravelrecruitment.com/receipt/VA1795479503425?token=0123456789abcdef0123456789abcdef",
            optional=True,
        ),
    ),
    _sms(
        "sms.refund",
        "SMS: processing fee refunded",
        "Dear {name}, we have refunded {amount} of the processing fee for application {application_id}. "
        f"It goes back to the card or mobile money account that paid.\n{SIGN}",
        NAME,
        MONEY,
        APPLICATION_ID,
    ),
    _subject(
        "email.refund.subject",
        "E-mail subject: processing fee refunded",
        "Refund of your processing fee ({application_id})",
        APPLICATION_ID,
    ),
    _mail(
        "email.refund.body",
        "E-mail: processing fee refunded",
        "Dear {name},\n\nWe have refunded {amount} of the processing fee for application {application_id}.\n"
        "Reason: {reason}\nIt goes back to the card or mobile money account that paid, through Paystack, and usually "
        f"arrives within 5 to 10 working days.{_SIGN_LINE}",
        NAME,
        MONEY,
        APPLICATION_ID,
        Placeholder("reason", "The applicant withdrew before the documents were reviewed. " * 8),
    ),
)

_NEWSLETTER_SPECS: Final = (
    _subject(
        "email.newsletter_welcome.subject",
        "E-mail subject: newsletter welcome",
        "Welcome to the Vandy Travel newsletter: please confirm your address",
    ),
    _mail(
        "email.newsletter_welcome.body",
        "E-mail: newsletter welcome with the confirmation link",
        "Hello{name_if_known},\n\n"
        "Thank you for subscribing to the Vandy Travel & Recruitment newsletter: job opportunities,\n"
        "visa updates, study abroad and travel tips.\n\n"
        "Please confirm that this is your address (until you do, we send you no newsletter):\n{confirm_url}\n\n"
        "If you did not subscribe, ignore this e-mail: without a confirmation you get nothing more from us."
        f"{_SIGN_LINE}",
        Placeholder("name_if_known", " Nana Akosua Frimpomaa Ofori-Atta"),
        Placeholder(
            "confirm_url",
            "https://www.vandytravelrecruitment.com/newsletter/confirm?token=Xq7Zt2mK9vR4pY8wLs3nB6",
            required=True,
        ),
    ),
    _mail(
        "email.newsletter.footer",
        "E-mail: the newsletter's footer (below the text staff write)",
        "--\nYou get this because you subscribed to the Vandy Travel newsletter.\n"
        f"Unsubscribe: {{unsubscribe_url}}{_SIGN_LINE}",
        Placeholder(
            "unsubscribe_url",
            "https://www.vandytravelrecruitment.com/newsletter/unsubscribe?token=Xq7Zt2mK9vR4pY8wLs3nB6",
            required=True,
        ),
    ),
)

_REPLY_SPECS: Final = (
    _subject(
        "email.reply.subject",
        "E-mail subject: staff reply to a contact message",
        "Re: {subject}",
        Placeholder("subject", "Question about the Housekeeping Supervisor job in Doha and my passport renewal"),
    ),
    _subject(
        "email.reply.subject_blank",
        "E-mail subject: staff reply to a contact message without a subject",
        f"Re: your message to {c.AGENCY_NAME}",
    ),
    _sms(
        "sms.whatsapp.reply_template",
        "WhatsApp: staff's answer outside the 24-hour window (sent as the approved template)",
        f"Hello from {c.AGENCY_NAME}. We have an answer to your WhatsApp message: please reply to this message"
        f" and we will send it to you here. {SIGN}",
    ),
    _mail("email.reply.greeting", "E-mail: reply greeting", "Dear {name},", NAME),
    _mail("email.reply.greeting_no_name", "E-mail: reply greeting without a name", "Hello,"),
    _mail(
        "email.reply.body",
        "E-mail: staff reply frame (the reply itself is written by staff)",
        f"{{greeting}}\n\n{{reply}}{_SIGN_LINE}\n\nYour message of {{received_on}}:\n{{quoted}}",
        Placeholder("greeting", "Dear Nana Akosua Frimpomaa Ofori-Atta,", optional=True),
        Placeholder("reply", "Thank you for your message. " * 20, required=True),
        Placeholder("received_on", "30 September 2026", optional=True),
        Placeholder("quoted", "> " + "I would like to know more about the job. " * 10, optional=True),
    ),
)

_PIPELINE_TEXTS: Final = (
    # (stage key, its label, the SMS's sentence, the e-mail's news, what the applicant does next)
    (
        "selected",
        "Selected by employer",
        "good news: an employer has selected you. Keep your phone on: we will call you to sign your contract.",
        "Good news: an employer has selected you.",
        "Keep your phone on: we will call you to sign your contract.",
    ),
    (
        "contract_signed",
        "Contract signed",
        "your contract is signed. Next is the medical examination: we will tell you where and when.",
        "Your contract is signed.",
        "Next is the medical examination: we will tell you where and when.",
    ),
    (
        "medical",
        "Medical examination",
        "please go to the medical examination on the day we gave you and bring your passport and national ID card.",
        "Your medical examination is booked.",
        "Go to the medical examination on the day we gave you and bring your passport and national ID card.",
    ),
    (
        "police_clearance",
        "Police clearance",
        "please get your police clearance certificate and bring it to our office with your passport.",
        "The next step is your police clearance.",
        "Get your police clearance certificate and bring it to our office with your passport and national ID card.",
    ),
    (
        "visa",
        "Visa / work permit",
        "your visa or work permit is being processed. Keep your phone on: we will tell you when it is ready.",
        "Your visa or work permit is being processed.",
        "Keep your phone on: we will tell you when it is ready.",
    ),
    (
        "contract_registered",
        "Contract registered",
        "your contract is registered. Next is the pre-departure orientation: we will tell you the date.",
        "Your contract is registered.",
        "Next is the pre-departure orientation: we will tell you the date.",
    ),
    (
        "orientation",
        "Orientation",
        "please attend the pre-departure orientation on the date we gave you with your passport.",
        "Your pre-departure orientation is planned.",
        "Attend the orientation on the date we gave you and bring your passport and national ID card.",
    ),
    (
        "ticketed",
        "Ticketed",
        "your flight is booked. Check the date and time we sent you and keep your documents in your hand luggage.",
        "Your flight is booked.",
        "Check the date and time we sent you and keep your documents in your hand luggage.",
    ),
    (
        "departed",
        "Departed",
        "safe journey! Keep your documents with you and your phone charged.",
        "You are on your way: safe journey!",
        "Keep your documents with you and your phone charged.",
    ),
    (
        "arrived",
        "Arrived",
        "welcome: you have arrived. Follow your employer's instructions and tell us that you are well.",
        "You have arrived.",
        "Follow your employer's instructions and tell us that you are well.",
    ),
    (
        "settled",
        "Settled",
        "you are settled with your employer. Contact us whenever you need help.",
        "You are settled with your employer.",
        "Contact us whenever you need help.",
    ),
    (
        "closed",
        "Closed",
        "your recruitment process with us has ended. Contact us if you have any question.",
        "Your recruitment process with us has ended.",
        "Contact us if you have any question.",
    ),
)
"""The default texts of each stage of the deployment pipeline (:mod:`agency_core.pipeline.stages`)."""


def _pipeline_specs(key: str, label: str, sms: str, news: str, next_step: str) -> tuple[TemplateSpec, ...]:
    stem = f"pipeline.{key}"
    return (
        _sms(
            f"sms.{stem}",
            f"SMS: pipeline stage {label}",
            f"Dear {{name}}, {sms}\n{_ID}\n{SIGN}\nTrack: {{track_url}}",
            NAME,
            APPLICATION_ID,
            TRACK,
        ),
        _subject(
            f"email.{stem}.subject",
            f"E-mail subject: pipeline stage {label}",
            f"Your application {{application_id}}: {label}",
            APPLICATION_ID,
        ),
        _mail(
            f"email.{stem}.body",
            f"E-mail: pipeline stage {label}",
            f"Dear {{name}},\n\n{news}\nYour application ID is {{application_id}}. {_QUOTE}\n\n"
            f"What to do next: {next_step}\n\nFollow your application: {{track_url}}{_SIGN_LINE}",
            NAME,
            APPLICATION_ID,
            MAIL_TRACK,
        ),
    )


_PIPELINE_SPECS: Final = tuple(spec for texts in _PIPELINE_TEXTS for spec in _pipeline_specs(*texts))

PACK_LINK = Placeholder(
    "link", "https://www.vandytravelrecruitment.com/employer/packs/Xq7Zt2mK9vR4pY8wLs3nB6aQ1eD5", required=True
)
COMPANY = Placeholder("company", "Al Noor Facilities Management and General Contracting LLC")
ORDER_ID = Placeholder("order_id", "JO1795479503425")
PACK_ID = Placeholder("pack_id", "PK1795479503425")
CONTACT_NAME = Placeholder("contact_name", "Mariam Abdullah Al Nuaimi")
PACK_CODE = Placeholder("code", "C50")
PACK_DECISION = Placeholder("decision", "Interview")

_PACK_SPECS: Final = (
    _subject(
        "email.employer_pack.subject",
        "E-mail subject: CV pack to an employer",
        f"Candidates for your order {{order_id}} from {c.AGENCY_NAME}",
        ORDER_ID,
    ),
    _mail(
        "email.employer_pack.body",
        "E-mail: CV pack to an employer (the personal link to the candidates)",
        "Dear {contact_name},\n\nWe have {count} candidates for {company} to review for your order {order_id}.\n"
        "Open them with your personal link (do not forward it; it works until {expires}):\n{link}\n\n"
        f"For each candidate you can ask for an interview, select or reject, with a comment.{_SIGN_LINE}",
        CONTACT_NAME,
        Placeholder("count", "50"),
        COMPANY,
        ORDER_ID,
        Placeholder("expires", "Wed 30 Sep 2026"),
        PACK_LINK,
    ),
    _subject(
        "email.employer_pack_answer.subject",
        "E-mail subject: an employer answered a CV pack (to staff)",
        "{company} answered on {code} ({application_id}): {decision}",
        COMPANY,
        PACK_CODE,
        APPLICATION_ID,
        PACK_DECISION,
    ),
    _mail(
        "email.employer_pack_answer.body",
        "E-mail: an employer answered a CV pack (to staff)",
        "{company} answered {decision} on candidate {code} ({application_id}) of pack {pack_id}, order {order_id}.\n"
        "Comment: {comment}\nInterview times: {times}\n{stage}",
        COMPANY,
        PACK_DECISION,
        PACK_CODE,
        APPLICATION_ID,
        PACK_ID,
        ORDER_ID,
        Placeholder("comment", "We would like to meet this candidate. " * 20, optional=True),
        Placeholder("times", "Tue 1 Dec 2026 10:00 Asia/Dubai (06:00 Accra)", optional=True),
        Placeholder("stage", "Moved to Selected by employer.", optional=True),
    ),
    _subject(
        "email.employer_pack_unanswered.subject",
        "E-mail subject: a CV pack is unanswered (to its sender)",
        "No answer yet from {company} on pack {pack_id}",
        COMPANY,
        PACK_ID,
    ),
    _mail(
        "email.employer_pack_unanswered.body",
        "E-mail: a CV pack is unanswered (to its sender)",
        "The pack {pack_id} you sent to {contact_name} of {company} for order {order_id} on {sent_on} "
        "has no answer yet.\nCall them, or revoke it and send a new pack.",
        PACK_ID,
        CONTACT_NAME,
        COMPANY,
        ORDER_ID,
        Placeholder("sent_on", "Wed 30 Sep 2026"),
    ),
)
"""The e-mails of CV packs (:mod:`agency_core.employers.packs`)."""

WELFARE_LINK = Placeholder("link", "https://www.vandytravelrecruitment.com/welfare/" + "x" * 22, required=True)
"""A check-in's personal link (``secrets.token_urlsafe(16)``: 22 characters)."""
_WELFARE_SPECS: Final = (
    _sms(
        "sms.welfare.checkin",
        "SMS: welfare check-in after arrival (day 7, 30 and 90)",
        f"Dear {{name}}, how are you at your new job? Tell us in one tap, it is private: {{link}} {SIGN}",
        NAME,
        WELFARE_LINK,
    ),
    _sms(
        "sms.expiry.passport",
        "SMS: the applicant's passport needs renewing",
        "Dear {name}, your passport expires on {date}. Please renew it and bring the new one to our office"
        f" (application {{application_id}}). {SIGN}",
        NAME,
        Placeholder("date", "30 Sep 2026"),
        APPLICATION_ID,
    ),
)

TEMPLATES: Final[Mapping[str, TemplateSpec]] = {
    spec.key: spec
    for spec in (
        *_SPECS,
        *_CHANGE_SPECS,
        *_PAYMENT_SPECS,
        *_NEWSLETTER_SPECS,
        *_REPLY_SPECS,
        *_PIPELINE_SPECS,
        *_PACK_SPECS,
        *_WELFARE_SPECS,
    )
}

Texts = Mapping[str, str]
"""The texts staff saved, by key (a key not in it uses its default)."""
DEFAULTS: Final[Texts] = {}

MAX_LENGTH: Final = {Channel.SMS: 1000, Channel.EMAIL: 10_000}
WARN_PARTS: Final = 2
TEXT_REQUIRED: Final = "Enter the text of the message"
TOO_LONG: Final = "The text must be at most {max} characters"
UNKNOWN_TEMPLATE: Final = "There is no message template {key}"
UNCLOSED: Final = 'The "{{" at character {at} has no closing "}}"'
UNOPENED: Final = 'The "}}" at character {at} has no opening "{{"'
UNKNOWN_PLACEHOLDER: Final = "Unknown placeholder {{{name}}}: this message can use {allowed}"
NO_PLACEHOLDERS: Final = "Unknown placeholder {{{name}}}: this message has no placeholders"
MISSING_PLACEHOLDER: Final = "This message must keep {{{name}}}: without it, it cannot do its job"
SUBJECT_ONE_LINE: Final = "A subject must be one line: remove the line break"
TOO_MANY_PARTS: Final = (
    "This text takes {parts} SMS parts (more than {warn}): every part is billed and some phones show it split"
)

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def brace_error(text: str) -> str | None:
    """Why the braces of ``text`` do not pair up (each ``{`` closed by a ``}`` before the next), or ``None``."""
    open_at: int | None = None
    for at, ch in enumerate(text, start=1):
        if ch == "{":
            if open_at is not None:
                return UNCLOSED.format(at=open_at)
            open_at = at
        elif ch == "}":
            if open_at is None:
                return UNOPENED.format(at=at)
            open_at = None
    return UNCLOSED.format(at=open_at) if open_at is not None else None


def placeholders_in(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)


def export_rules() -> dict[str, object]:
    """The template editor's own rules for the client (``admin-rules.json`` -> ``templateForm``); the
    placeholder and brace checks stay with the server's preview."""
    return {
        "maxLength": {channel.value: limit for channel, limit in MAX_LENGTH.items()},
        "messages": {"required": TEXT_REQUIRED, "tooLong": TOO_LONG},
    }


def check(spec: TemplateSpec, text: str) -> str | None:
    """The first reason ``text`` cannot be saved for ``spec``, or ``None``."""
    if not text.strip():
        return TEXT_REQUIRED
    if len(text) > MAX_LENGTH[spec.channel]:
        return TOO_LONG.format(max=MAX_LENGTH[spec.channel])
    if spec.one_line and ("\n" in text or "\r" in text):
        return SUBJECT_ONE_LINE
    brace = brace_error(text)
    if brace is not None:
        return brace
    for name in placeholders_in(text):
        if name not in spec.names:
            allowed = ", ".join(f"{{{p.name}}}" for p in spec.placeholders)
            return (
                UNKNOWN_PLACEHOLDER.format(name=name, allowed=allowed) if allowed else NO_PLACEHOLDERS.format(name=name)
            )
    used = set(placeholders_in(text))
    missing = next((p.name for p in spec.placeholders if p.required and p.name not in used), None)
    return None if missing is None else MISSING_PLACEHOLDER.format(name=missing)


def spec_of(key: str) -> TemplateSpec:
    """Raises ``KeyError`` for a key that is not a template."""
    return TEMPLATES[key]


def text_of(key: str, texts: Texts = DEFAULTS) -> str:
    """The text in force: the saved one when it is still valid, else the default."""
    spec = TEMPLATES[key]
    saved = texts.get(key)
    return saved if saved is not None and check(spec, saved) is None else spec.default


def _line(spec: TemplateSpec, line: str, values: Mapping[str, str]) -> str | None:
    names = placeholders_in(line)
    optional = {p.name for p in spec.placeholders if p.optional}
    if any(name in optional and not values.get(name) for name in names):
        return None
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), ""), line).rstrip(" ")


def render_text(spec: TemplateSpec, text: str, values: Mapping[str, str]) -> str:
    """``text`` with each placeholder replaced by its value, by the rules of this module's docstring."""
    lines: list[str] = []
    for raw in text.split("\n"):
        line = _line(spec, raw, values)
        if line is None or (not line and lines and not lines[-1]):
            continue
        lines.append(line)
    return "\n".join(lines).strip("\n")


def render(key: str, values: Mapping[str, str], texts: Texts = DEFAULTS) -> str:
    """The message ``key`` as sent: the text in force (:func:`text_of`) rendered with ``values``."""
    return render_text(TEMPLATES[key], text_of(key, texts), values)


@dataclass(frozen=True, slots=True)
class Preview:
    text: str
    """Rendered at every placeholder's longest plausible value."""
    characters: int
    encoding: Encoding | None
    """SMS only."""
    parts: int | None
    warning: str = ""


def longest_values(spec: TemplateSpec) -> dict[str, str]:
    return {p.name: p.longest for p in spec.placeholders}


def preview(spec: TemplateSpec, text: str) -> Preview:
    """What ``text`` looks like at its longest (call :func:`check` first: a refused text previews as written)."""
    rendered = render_text(spec, text, longest_values(spec))
    if spec.channel is not Channel.SMS:
        return Preview(rendered, len(rendered), None, None)
    parts = sms_parts(rendered)
    warning = TOO_MANY_PARTS.format(parts=parts, warn=WARN_PARTS) if parts > WARN_PARTS else ""
    return Preview(rendered, len(rendered), encoding(rendered), parts, warning)
