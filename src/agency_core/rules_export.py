"""The rules and constants the client needs, as one JSON document.

``python -m agency_core.rules_export > client/src/generated/rules.json`` writes it; a test fails
when the committed file is not what this module prints.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Any

from agency_core import admin_settings
from agency_core.jobs import rules as jobs
from agency_core.messaging import templates
from agency_core.payments import fees
from agency_core.spec import constants as c
from agency_core.spec import phone_numbers, uploads
from agency_core.spec import validation as v
from agency_core.whatsapp.optins import WHATSAPP_OPT_IN_WORDING


def _field(field: v.Field) -> dict[str, Any]:
    out: dict[str, Any] = {"name": field.name, "kind": field.kind, "maxLength": field.max_length}
    if field.required is not None:
        out["required"] = field.required
    if field.options:
        out["options"] = list(field.options)
    if field.must_be_true:
        out["mustBeTrue"] = True
    if field.not_before_today:
        out["notBeforeToday"] = True
    if field.only_when is not None:
        out["onlyWhen"] = field.only_when
    if field.region is not None:
        out["region"] = field.region
    if field.kind == "region":
        out["default"] = phone_numbers.DEFAULT_PHONE_REGION
    if field.upload is not None:
        rule = c.UPLOAD_RULES[field.upload]
        out["upload"] = {
            "extensions": list(rule.extensions),
            "maxBytes": rule.max_bytes,
            "maxMegabytes": rule.max_megabytes,
            "typeMessage": uploads.type_message(rule),
            "sizeMessage": uploads.size_message(rule),
        }
    return out


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _records(items: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [{_camel(k): val for k, val in asdict(item).items()} for item in items]


def export() -> dict[str, Any]:
    """What every page needs from section 9 (the entry carries it): patterns, messages, constants.
    The forms' own rules are :func:`export_forms`."""
    return {
        "patterns": {"email": v.EMAIL_PATTERN, "phone": v.PHONE_PATTERN},
        "messages": {
            "invalidEmail": v.INVALID_EMAIL,
            "invalidPhone": v.INVALID_PHONE,
            "invalidOption": v.INVALID_OPTION,
            "invalidDate": v.INVALID_DATE,
            "dateInPast": v.DATE_IN_PAST,
            "tooLong": v.TOO_LONG,
        },
        "constants": {
            "agencyName": c.AGENCY_NAME,
            "agencyTitle": c.AGENCY_TITLE,
            "agencySubtitle": c.AGENCY_SUBTITLE,
            "agencyTagline": c.AGENCY_TAGLINE,
            "timeZone": c.AGENCY_TIME_ZONE,
            "officeLocation": c.OFFICE_LOCATION,
            "officeHours": c.OFFICE_HOURS,
            "emergencySupport": c.EMERGENCY_SUPPORT,
            "contactEmail": c.CONTACT_EMAIL,
            "ghanaPhones": list(c.GHANA_PHONES),
            "uaePhones": list(c.UAE_PHONES),
            "whatsappPhone": c.WHATSAPP_PHONE,
            "whatsappOptIn": WHATSAPP_OPT_IN_WORDING,
            "splashMs": c.SPLASH_MS,
            "newsletterPopupDelayMs": c.NEWSLETTER_POPUP_DELAY_MS,
            "newsletterPopupFlag": c.NEWSLETTER_POPUP_FLAG,
            "chatReplyDelayMinMs": c.CHAT_REPLY_DELAY_MIN_MS,
            "chatReplyDelayMaxMs": c.CHAT_REPLY_DELAY_MAX_MS,
            "wizardSteps": c.WIZARD_STEPS,
            "processingFeeUsd": c.PROCESSING_FEE_USD,
            "promises": {
                "applicationReplyWithin": c.APPLICATION_REPLY_WITHIN,
                "processingTime": c.PROCESSING_TIME,
                "approvalCallWithin": c.APPROVAL_CALL_WITHIN,
                "appointmentReminderBefore": c.APPOINTMENT_REMINDER_BEFORE,
                "appointmentReplyWithin": c.APPOINTMENT_REPLY_WITHIN,
            },
            "claims": {
                "placements": c.CLAIM_PLACEMENTS,
                "countries": c.CLAIM_COUNTRIES,
                "successRate": c.CLAIM_SUCCESS_RATE,
                "years": c.CLAIM_YEARS,
            },
            "chatQuickOptions": list(c.CHAT_QUICK_OPTIONS),
            "chatJobCountries": list(c.CHAT_JOB_COUNTRIES),
            "chatStudyDestinations": list(c.CHAT_STUDY_DESTINATIONS),
            "newsletterInterests": list(c.NEWSLETTER_INTERESTS),
            "jobAlertCategories": list(c.JOB_ALERT_CATEGORIES),
            "jobAlertCountries": list(c.JOB_ALERT_COUNTRIES),
            "salaryRanges": list(c.SALARY_RANGES),
            "jobAlertExperienceLevels": list(c.JOB_ALERT_EXPERIENCE_LEVELS),
            "applicationCountries": list(c.APPLICATION_COUNTRIES),
            "applicationJobCategories": list(c.APPLICATION_JOB_CATEGORIES),
            "applicationExperienceLevels": list(c.APPLICATION_EXPERIENCE_LEVELS),
            "educationLevels": list(c.EDUCATION_LEVELS),
            "availability": list(c.AVAILABILITY),
            "appointmentTimeSlots": list(c.APPOINTMENT_TIME_SLOTS),
            "appointmentServiceTypes": list(c.APPOINTMENT_SERVICE_TYPES),
            "serviceTypeLabels": dict(c.SERVICE_TYPE_LABELS),
            "appointmentCountries": list(c.APPOINTMENT_COUNTRIES),
            "contactServices": list(c.CONTACT_SERVICES),
            "applicationStatuses": list(c.APPLICATION_STATUSES),
            "homeCountryCards": _records(c.HOME_COUNTRY_CARDS),
            "countryPackages": _records(c.COUNTRY_PACKAGES),
            "packageCard": {
                "features": c.PACKAGE_CARD_FEATURES,
                "industries": c.PACKAGE_CARD_INDUSTRIES,
                "inclusions": c.PACKAGE_CARD_INCLUSIONS,
            },
            "studyDestinations": _records(c.STUDY_DESTINATIONS),
            "blogCategories": _records(c.BLOG_CATEGORIES),
        },
    }


def export_forms() -> dict[str, Any]:
    """The forms' rules, a document of their own (``client/src/generated/form-rules.json``): the bundle
    puts a JSON module in one chunk, so only the chunks of the forms and the job pages carry these,
    never the entry that every public page loads."""
    return {
        "forms": {name: [_field(f) for f in form.fields] for name, form in v.FORMS.items()},
        "applicationSteps": [
            {"title": title, "form": step.name, "fields": list(step.names)}
            for title, step in zip(c.WIZARD_STEP_TITLES, v.APPLICATION_STEPS, strict=True)
        ],
        "jobForm": jobs.export_rules(),
    }


def export_admin() -> dict[str, Any]:
    """The admin forms' rules, a document of their own (``client/src/generated/admin-rules.json``):
    the bundle puts all of ``rules.json`` in one chunk, which every public page loads."""
    return {
        "settingsForm": admin_settings.export_rules(),
        "feePolicyForm": fees.export_rules(),
        "templateForm": templates.export_rules(),
    }


def export_phone_regions() -> dict[str, Any]:
    """The phone country list, a document of its own (``client/src/generated/phone-regions.json``):
    only the forms' phone field loads it, never the entry that carries ``rules.json``."""
    return {
        "listedFirst": len(phone_numbers.LISTED_FIRST),
        "regions": [[r.code, r.name, r.dial_code] for r in phone_numbers.phone_regions()],
    }


EXPORTS = {"admin": export_admin, "forms": export_forms, "phone-regions": export_phone_regions}
"""``python -m agency_core.rules_export <name>``: the other generated documents."""


def render(document: dict[str, Any] | None = None) -> str:
    return json.dumps(export() if document is None else document, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(EXPORTS[sys.argv[1]]() if sys.argv[1:] else None), end="")
