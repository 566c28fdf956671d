"""The text of a message staff send to many applicants: rendered and checked by the message
templates' rules (:mod:`agency_core.messaging.templates`: the same ``{placeholder}`` syntax, brace
and placeholder checks, rendering), with ``{name}`` its one placeholder; parts counted by
:mod:`agency_core.messaging.gsm`."""

from __future__ import annotations

from typing import Final

from agency_core.messaging.gsm import MULTI_PART, gsm7_name, is_gsm7, sms_parts
from agency_core.messaging.templates import (
    Channel,
    Placeholder,
    TemplateSpec,
    brace_error,
    longest_values,
    placeholders_in,
    render_text,
)

NAME_PLACEHOLDER: Final = "{name}"
MAX_PARTS: Final = 3
MAX_SEPTETS: Final = MAX_PARTS * MULTI_PART
"""Three parts at most (3 x 153 septets), placeholders filled in."""
TEXT_REQUIRED: Final = "Message is required"
TEXT_TOO_LONG: Final = f"Message must be at most {MAX_SEPTETS} characters (three SMS parts)"
UNKNOWN_PLACEHOLDER: Final = "Unknown placeholder {found}: only {{name}} can be used"
UNBALANCED: Final = "Braces must only be used for {name}"
NOT_GSM7: Final = "Use only characters a standard SMS carries (GSM-7): remove {chars}"
NO_NAME: Final = "applicant"
"""Stands for a name of which GSM-7 can carry no word."""
_STRAIGHTEN: Final = {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "..."}

BULK_SPEC: Final = TemplateSpec(
    "sms.bulk",
    "SMS to many applicants (written by staff for each send)",
    Channel.SMS,
    (Placeholder("name", "Nana Akua Frimpomaa Ofori-Atta"),),
    "",
)
"""Not a saved template: what staff write is checked and rendered as one. The longest name is the
30 characters the length check allows for."""


def render_bulk_message(template: str, name: str) -> str:
    """The text one applicant receives: ``{name}`` replaced by their name as GSM-7 can carry it."""
    return render_text(BULK_SPEC, template, {"name": gsm7_name(name) or NO_NAME})


def _problem(text: str) -> str:
    unknown = [found for found in placeholders_in(text) if found not in BULK_SPEC.names]
    if unknown:
        return UNKNOWN_PLACEHOLDER.format(found=f"{{{unknown[0]}}}")
    if brace_error(text) is not None:
        return UNBALANCED
    outside = sorted({ch for ch in text if not is_gsm7(ch)})
    if outside:
        return NOT_GSM7.format(chars=" ".join(outside))
    if sms_parts(render_text(BULK_SPEC, text, longest_values(BULK_SPEC))) > MAX_PARTS:
        return TEXT_TOO_LONG
    return ""


def check_bulk_message(raw: object) -> tuple[str, str]:
    """(the template to send, "") or ("", the message explaining why staff must change it)."""
    text = "".join(_STRAIGHTEN.get(ch, ch) for ch in raw.strip()) if isinstance(raw, str) else ""
    if not text:
        return "", TEXT_REQUIRED
    problem = _problem(text)
    return ("", problem) if problem else (text, "")
