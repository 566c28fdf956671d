"""Which phone a text goes to: a local number is read in a region, never guessed across countries.

Ghana's and the UAE's local mobile numbers share the prefixes 050-056, so ``050 123 4567`` is a
valid number in both. A number with its country code (``+971…``, ``00971…``) is what it says; a
local one is read in the region given, else in every one of the agency's countries: valid in
exactly one, it is that one's; valid in more, it is refused, naming the candidates.
"""

from __future__ import annotations

from typing import Final

import phonenumbers

from agency_core.errors import AmbiguousPhone, InvalidPhone
from agency_core.spec.validation import DEFAULT_PHONE_REGION, INVALID_PHONE, normalise_phone

AGENCY_REGIONS: Final = ("GH", "AE")
"""The countries the agency's applicants live in (offices in Kumasi and the UAE)."""


def _international(raw: str) -> bool:
    stripped = raw.strip()
    return stripped.startswith(("+", "00"))


def known_region(region: str) -> str:
    """``region`` as an upper-case ISO 3166 code the phone library knows (raises InvalidPhone)."""
    code = region.strip().upper()
    if code not in phonenumbers.SUPPORTED_REGIONS:
        raise InvalidPhone(f"Unknown phone region {region!r}: use a two-letter country code such as GH or AE")
    return code


def phone_for_sms(raw: str, region: str | None = None, default_region: str = DEFAULT_PHONE_REGION) -> str:
    """The E.164 number ``raw`` stands for, or :class:`InvalidPhone` / :class:`AmbiguousPhone`.

    ``region`` (explicit) decides a local number; without it the default region and the agency's
    other countries are tried, and a number valid in more than one of them is refused."""
    if _international(raw):
        e164 = normalise_phone(raw.strip().replace("00", "+", 1) if raw.strip().startswith("00") else raw)
        if e164 is None:
            raise InvalidPhone(INVALID_PHONE)
        return e164
    if region is not None:
        e164 = normalise_phone(raw, known_region(region))
        if e164 is None:
            raise InvalidPhone(INVALID_PHONE)
        return e164
    regions = dict.fromkeys((known_region(default_region), *AGENCY_REGIONS))
    candidates = tuple(dict.fromkeys(e for e in (normalise_phone(raw, r) for r in regions) if e is not None))
    if not candidates:
        raise InvalidPhone(INVALID_PHONE)
    if len(candidates) > 1:
        raise AmbiguousPhone(
            f"The local number {raw.strip()} is valid in more than one country "
            f"({', '.join(candidates)}): give its region ({' or '.join(regions)}) or write it with its country code",
            candidates,
        )
    return candidates[0]
