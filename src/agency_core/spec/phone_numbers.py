"""Reading a phone number in its country: what the forms store and what a text goes to.

A number written with its country code (``+971…``, ``00971…``) is what it says. A local one
(``050 123 4567``) is read in the region given; with none, in each of :data:`AGENCY_REGIONS`: valid
in exactly one, it is that one's; valid in more (Ghana's and the UAE's mobile prefixes 050-056
overlap), it is refused as ambiguous, naming the candidates. The result is E.164 plus the region it
was read in, which the records keep beside the number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final

import phonenumbers

from agency_core.spec.region_names import REGION_NAMES

PHONE_PATTERN: Final = r"^\+?[0-9][0-9 ()-]{6,19}$"
"""A loose shape check the browser can apply; the server also checks the number itself."""
DEFAULT_PHONE_REGION: Final = "GH"
INVALID_PHONE: Final = "Enter a valid phone number"
UNKNOWN_REGION: Final = "Choose the phone number's country from the list"
AMBIGUOUS_PHONE: Final = (
    "This number is valid in more than one country ({countries}): choose its country next to the number, "
    "or write it with its country code ({codes})"
)
"""The form's message under the phone for a local number of more than one served country."""

AGENCY_REGIONS: Final = ("GH", "AE")
"""The countries the agency's applicants' local numbers come from (offices in Kumasi and the UAE):
a local number valid in more than one of them is ambiguous."""
LISTED_FIRST: Final = ("GH", "AE", "SA", "QA", "KW", "BH", "OM", "SG", "MY")
"""The phone country list's first group: Ghana (the default), the Gulf states and the other
countries the agency places people in; every other country follows by name."""

_PHONE_RE: Final = re.compile(PHONE_PATTERN)


@dataclass(frozen=True, slots=True)
class ReadPhone:
    """A phone as stored: E.164 and the ISO 3166 region it was read in."""

    e164: str
    region: str


@dataclass(frozen=True, slots=True)
class PhoneRegion:
    """One entry of the phone country list: ``GH``, ``Ghana``, ``233``."""

    code: str
    name: str
    dial_code: int


def normalise_phone(raw: str, region: str = DEFAULT_PHONE_REGION) -> str | None:
    """The E.164 form of ``raw`` (Ghana by default, other countries by their + prefix),
    or ``None`` when it cannot be a phone number."""
    read = _parse(raw, region)
    return None if read is None else read.e164


def _parse(raw: str, region: str) -> ReadPhone | None:
    text = raw.strip()
    if not _PHONE_RE.match(text):
        return None
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return ReadPhone(e164, phonenumbers.region_code_for_number(number) or region)


def is_international(raw: str) -> bool:
    """Written with its country code (``+…`` or ``00…``), so no region is needed to read it."""
    return raw.strip().startswith(("+", "00"))


def is_phone_region(code: str) -> bool:
    return code in phonenumbers.SUPPORTED_REGIONS


def tried_regions(default_region: str = DEFAULT_PHONE_REGION) -> tuple[str, ...]:
    """The regions a local number with no country is read in: the default, then :data:`AGENCY_REGIONS`."""
    return tuple(dict.fromkeys((default_region, *AGENCY_REGIONS)))


def phone_readings(
    raw: str, region: str | None = None, default_region: str = DEFAULT_PHONE_REGION
) -> tuple[ReadPhone, ...]:
    """Every reading of ``raw`` by the module's rule: none, it is no valid number; more than one, it
    is an ambiguous local number. ``region`` (explicit, a known code) decides a local number."""
    text = raw.strip()
    if is_international(text):
        read = _parse("+" + text[2:] if text.startswith("00") else text, DEFAULT_PHONE_REGION)
    elif region is not None:
        read = _parse(text, region)
    else:
        found = {r.e164: r for r in (_parse(text, code) for code in tried_regions(default_region)) if r is not None}
        return tuple(found.values())
    return () if read is None else (read,)


def ambiguity_message(candidates: tuple[str, ...]) -> str:
    """The form's message for a local number valid in each of ``candidates`` (E.164)."""
    regions = [region_of(e164) for e164 in candidates]
    countries = ", ".join(region_name(r) for r in regions)
    codes = " or ".join(f"+{phonenumbers.country_code_for_region(r)}" for r in regions)
    return AMBIGUOUS_PHONE.format(countries=countries, codes=codes)


def region_of(e164: str) -> str:
    """The region an E.164 number belongs to ("" when it is not one)."""
    try:
        return phonenumbers.region_code_for_number(phonenumbers.parse(e164, None)) or ""
    except phonenumbers.NumberParseException:
        return ""


def local_form(e164: str) -> str:
    """How ``e164`` is written inside its country (``050 123 4567``), as it was likely typed."""
    number = phonenumbers.parse(e164, None)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


def local_readings(e164: str) -> tuple[ReadPhone, ...]:
    """Every reading of ``e164``'s local form in :data:`AGENCY_REGIONS`, its own first: more than
    one means a number stored without its region may belong to another of the agency's countries."""
    if not e164.startswith("+"):
        return ()
    try:
        local = local_form(e164)
    except phonenumbers.NumberParseException:
        return ()
    own = region_of(e164)
    readings = (_parse(local, code) for code in dict.fromkeys((own, *AGENCY_REGIONS)) if code)
    return tuple({r.e164: r for r in readings if r is not None}.values())


def region_name(code: str) -> str:
    """The English name of a region (``AE``: ``United Arab Emirates``)."""
    return REGION_NAMES.get(code, code)


@cache
def phone_regions() -> tuple[PhoneRegion, ...]:
    """The phone country list: :data:`LISTED_FIRST` in order, then every other region by name."""
    rest = sorted((c for c in phonenumbers.SUPPORTED_REGIONS if c not in LISTED_FIRST), key=region_name)
    return tuple(
        PhoneRegion(code, region_name(code), phonenumbers.country_code_for_region(code))
        for code in (*LISTED_FIRST, *rest)
    )
