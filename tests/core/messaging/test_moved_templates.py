"""The texts that were Python literals and are now message templates: each key is in the table (its
default validates; an SMS fits two GSM-7 parts at its longest), the defaults are the old words, and
a text staff saved is the one sent."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from agency_core.appointments.change_texts import (
    cancelled_email,
    cancelled_message,
    moved_email,
    moved_message,
    staff_cancel_message,
    staff_change_message,
)
from agency_core.messaging.bulk_texts import check_bulk_message, render_bulk_message
from agency_core.messaging.email import Attachment
from agency_core.messaging.gsm import Encoding
from agency_core.messaging.reply_texts import reply_email, reply_subject
from agency_core.messaging.sms_texts import AppointmentDetails
from agency_core.messaging.templates import TEMPLATES, Channel, check, preview, text_of
from agency_core.newsletter.emails import newsletter_email, welcome_email
from agency_core.payments.receipts import Receipt, receipt_email
from agency_core.payments.refunds import Refund, refund_email, refund_sms_text

MOVED_KEYS = [
    "sms.appointment.moved",
    "sms.appointment.cancelled",
    "sms.admin.appointment_moved",
    "sms.admin.appointment_cancelled",
    "email.appointment_moved.subject",
    "email.appointment_moved.body",
    "email.appointment_cancelled.subject",
    "email.appointment_cancelled.body",
    "email.receipt.subject",
    "email.receipt.body",
    "sms.refund",
    "email.refund.subject",
    "email.refund.body",
    "email.newsletter_welcome.subject",
    "email.newsletter_welcome.body",
    "email.newsletter.footer",
    "email.reply.subject",
    "email.reply.subject_blank",
    "email.reply.greeting",
    "email.reply.greeting_no_name",
    "email.reply.body",
]
DETAILS = AppointmentDetails("recruitment", "2026-12-01", "10:00 AM GMT", "VA1")
ICS = Attachment("invite.ics", "text/calendar", "BEGIN:VCALENDAR")
NOW = datetime(2026, 9, 30, 14, 5, tzinfo=UTC)


@pytest.mark.parametrize("key", MOVED_KEYS)
def test_each_moved_text_is_a_template_whose_default_validates_and_fits(key: str) -> None:
    spec = TEMPLATES[key]
    assert check(spec, spec.default) is None
    if spec.channel is Channel.SMS:
        shown = preview(spec, spec.default)
        assert (shown.encoding, (shown.parts or 0) <= 2) == (Encoding.GSM7, True)


def test_the_appointment_change_defaults_are_the_old_words() -> None:
    assert moved_message(DETAILS) == (
        "Your Recruitment appointment with Vandy Travel is moved to 2026-12-01 at 10:00 AM GMT. Ref: VA1.\n"
        "- Vandy Travel & Recruitment"
    )
    assert staff_cancel_message(DETAILS, " Ama Owusu ") == (
        "Appointment VA1 (Ama Owusu, Recruitment) on 2026-12-01 at 10:00 AM GMT cancelled by the applicant."
    )
    mail = moved_email("a@x.y", "Ama", DETAILS, "", ICS, promise_reminder=False)
    assert mail.text.endswith("Please quote it whenever you contact us.\n\n- Vandy Travel & Recruitment")
    assert (mail.subject, mail.attachments) == ("Your appointment VA1 is moved", (ICS,))


def test_saved_appointment_change_texts_are_the_ones_sent() -> None:
    texts = {
        "sms.appointment.moved": "Moved: {reference} {date}",
        "sms.appointment.cancelled": "Cancelled: {reference}",
        "sms.admin.appointment_moved": "{reference} {before} -> {date}",
        "sms.admin.appointment_cancelled": "{reference} off ({name})",
        "email.appointment_cancelled.subject": "Off: {reference}",
    }
    assert moved_message(DETAILS, texts=texts) == "Moved: VA1 2026-12-01"
    assert cancelled_message(DETAILS, texts) == "Cancelled: VA1"
    assert staff_change_message(DETAILS, "Ama", "2026-11-30 at 9:00 AM GMT", texts) == (
        "VA1 2026-11-30 at 9:00 AM GMT -> 2026-12-01"
    )
    assert staff_cancel_message(DETAILS, "Ōfori", texts) == "VA1 off (Ofori)"  # values in GSM-7
    assert cancelled_email("a@x.y", "Ama", DETAILS, ICS, texts).subject == "Off: VA1"


def test_saved_payment_texts_are_the_ones_sent() -> None:
    receipt = Receipt(42, "VA1", "Ama Owusu", "USD 50", "$50", "USD", "card", NOW, "VA1-1")
    texts = {
        "email.receipt.subject": "Receipt no. {receipt_number}",
        "email.receipt.body": "Paid {amount} on {paid_at}.\nSee {receipt_link}",
        "sms.refund": "Refunded {amount}, {name}",
        "email.refund.body": "Because: {reason}",
    }
    mail = receipt_email("a@x.y", receipt, "", texts)
    assert (mail.subject, mail.text) == ("Receipt no. 000042", "Paid USD 50 on 30 September 2026, 02:05 PM GMT.")
    assert refund_sms_text("Ama", "VA1", "USD 20", texts) == "Refunded USD 20, Ama"
    refund = Refund("VA1-refund-1", "VA1", 2000, "USD", "withdrawn", "staff", NOW)
    refunded = refund_email("a@x.y", "Ama", "VA1", refund, texts)
    assert (refunded.subject, refunded.text) == ("Refund of your processing fee (VA1)", "Because: withdrawn")


def test_saved_newsletter_and_reply_frames_are_the_ones_sent() -> None:
    texts = {
        "email.newsletter_welcome.body": "Hi{name_if_known}! Confirm: {confirm_url}",
        "email.newsletter.footer": "Leave: {unsubscribe_url}",
        "email.reply.subject": "Answer: {subject}",
        "email.reply.greeting_no_name": "Good day,",
    }
    assert welcome_email("a@x.y", "", "https://x/c", texts).text == "Hi! Confirm: https://x/c"
    assert newsletter_email("S", "News\n", "a@x.y", "https://x/u", "", texts).text == "News\n\nLeave: https://x/u"
    assert reply_subject("Visa", texts) == "Answer: Visa"
    reply = reply_email("a@x.y", " ", "", "We can help.", "", NOW, texts)
    assert reply.text == "Good day,\n\nWe can help.\n\n- Vandy Travel & Recruitment"  # no original: no quote


def test_the_bulk_message_renders_by_the_template_rules() -> None:
    template, error = check_bulk_message("Hello {name},\n\n\nSee you Monday.   ")
    assert error == ""
    assert render_bulk_message(template, "Ama Owusu") == "Hello Ama Owusu,\n\nSee you Monday."


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("email.newsletter_welcome.body", "confirm_url"),
        ("email.newsletter.footer", "unsubscribe_url"),
        ("email.reply.body", "reply"),
    ],
)
def test_a_text_without_its_required_link_or_reply_cannot_be_saved(key: str, name: str) -> None:
    spec = TEMPLATES[key]
    without = spec.default.replace(f"{{{name}}}", "")
    assert check(spec, without) == f"This message must keep {{{name}}}: without it, it cannot do its job"
    assert check(spec, spec.default) is None
    assert text_of(key, {key: without}) == spec.default
