"""The text of a message staff send to many applicants: ONE function renders it (the templates
engine can take its place), one checks what staff wrote."""

from __future__ import annotations

import re
from typing import Final

from agency_core.messaging.gsm import gsm7_name, is_gsm7, septets

NAME_PLACEHOLDER: Final = "{name}"
MAX_SEPTETS: Final = 459
"""Three parts at most (3 x 153 septets), placeholders filled in."""
TEXT_REQUIRED: Final = "Message is required"
TEXT_TOO_LONG: Final = f"Message must be at most {MAX_SEPTETS} characters (three SMS parts)"
UNKNOWN_PLACEHOLDER: Final = "Unknown placeholder {found}: only {{name}} can be used"
UNBALANCED: Final = "Braces must only be used for {name}"
NOT_GSM7: Final = "Use only characters a standard SMS carries (GSM-7): remove {chars}"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_STRAIGHTEN: Final = {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "..."}


def render_bulk_message(template: str, name: str) -> str:
    """The text one applicant receives: ``{name}`` replaced by their name as GSM-7 can carry it."""
    return template.replace(NAME_PLACEHOLDER, gsm7_name(name) or "applicant")


def check_bulk_message(raw: object) -> tuple[str, str]:
    """(the template to send, "") or ("", the message explaining why staff must change it)."""
    text = "".join(_STRAIGHTEN.get(ch, ch) for ch in raw.strip()) if isinstance(raw, str) else ""
    if not text:
        return "", TEXT_REQUIRED
    unknown = [p for p in _PLACEHOLDER.findall(text) if p != NAME_PLACEHOLDER]
    if unknown:
        return "", UNKNOWN_PLACEHOLDER.format(found=unknown[0])
    if "{" in _PLACEHOLDER.sub("", text) or "}" in _PLACEHOLDER.sub("", text):
        return "", UNBALANCED
    outside = sorted({ch for ch in text if not is_gsm7(ch)})
    if outside:
        return "", NOT_GSM7.format(chars=" ".join(outside))
    if septets(text.replace(NAME_PLACEHOLDER, "x" * 30)) > MAX_SEPTETS:
        return "", TEXT_TOO_LONG
    return text, ""
