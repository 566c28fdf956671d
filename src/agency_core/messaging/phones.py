"""Which phone a text goes to: a local number is read in a region, never guessed across countries,
and a stored number whose country was never known is not texted until staff confirm it.

The reading rule is :mod:`agency_core.spec.phone_numbers` (the forms use it too). A record stores
its phone in E.164 with the region it was read in; one stored before regions were kept holds the
number as Ghana's reading of what was typed, so when that number's local form is valid in more
than one of the agency's countries (``050 123 4567``: Ghana's or the UAE's), it may belong to the
other one: :func:`needs_confirmation` says so, and :func:`stored_phone_for_sms` refuses to text it.
"""

from __future__ import annotations

from typing import Final

from agency_core.errors import AmbiguousPhone, InvalidPhone
from agency_core.spec.phone_numbers import (
    DEFAULT_PHONE_REGION,
    INVALID_PHONE,
    ReadPhone,
    is_international,
    is_phone_region,
    local_readings,
    phone_readings,
    region_of,
    tried_regions,
)

UNCONFIRMED_PHONE: Final = (
    "Application {record_id}: its phone {phone} was stored without its country and may be {others}; "
    "staff must confirm its country (admin area, Phones to confirm) before it is texted"
)


class UnconfirmedPhone(AmbiguousPhone):
    """A stored phone that may belong to another agency country, not confirmed by staff; names the record."""

    def __init__(self, record_id: str, candidates: tuple[str, ...]) -> None:
        others = " or ".join(candidates[1:])
        super().__init__(UNCONFIRMED_PHONE.format(record_id=record_id, phone=candidates[0], others=others), candidates)
        self.record_id = record_id


def known_region(region: str) -> str:
    """``region`` as an upper-case ISO 3166 code the phone library knows (raises InvalidPhone)."""
    code = region.strip().upper()
    if not is_phone_region(code):
        raise InvalidPhone(f"Unknown phone region {region!r}: use a two-letter country code such as GH or AE")
    return code


def read_phone(raw: str, region: str | None = None, default_region: str = DEFAULT_PHONE_REGION) -> ReadPhone:
    """``raw`` read by the rule (:mod:`agency_core.spec.phone_numbers`), or :class:`InvalidPhone` /
    :class:`AmbiguousPhone` naming the candidates."""
    default = known_region(default_region)
    readings = phone_readings(raw, None if region is None else known_region(region), default)
    if not readings:
        raise InvalidPhone(INVALID_PHONE)
    if len(readings) > 1:
        candidates = tuple(r.e164 for r in readings)
        raise AmbiguousPhone(
            f"The local number {raw.strip()} is valid in more than one country ({', '.join(candidates)}): "
            f"give its region ({' or '.join(tried_regions(default))}) or write it with its country code",
            candidates,
        )
    return readings[0]


def phone_for_sms(raw: str, region: str | None = None, default_region: str = DEFAULT_PHONE_REGION) -> str:
    """The E.164 number ``raw`` stands for, or :class:`InvalidPhone` / :class:`AmbiguousPhone`.

    ``region`` (explicit) decides a local number; without it the default region and the agency's
    other countries are tried, and a number valid in more than one of them is refused."""
    return read_phone(raw, region, default_region).e164


def needs_confirmation(phone: str, phone_region: str) -> bool:
    """A stored phone with no region, of the region forms read local numbers in before regions were
    kept (a ``+971…`` one was typed with its code), whose local form another agency country reads too."""
    stored = phone.strip()
    if phone_region or region_of(stored) != DEFAULT_PHONE_REGION:
        return False
    return len(local_readings(stored)) > 1


def stored_phone_for_sms(
    record_id: str,
    phone: str,
    phone_region: str,
    region: str | None = None,
    default_region: str = DEFAULT_PHONE_REGION,
) -> str:
    """May this stored phone be texted? Its E.164 number when it may; otherwise
    :class:`UnconfirmedPhone` naming ``record_id`` (a number stored without its country that staff
    have yet to confirm), :class:`InvalidPhone` or :class:`AmbiguousPhone` (an old record holding
    the number as typed, read in ``region`` or else by the reading rule)."""
    stored = phone.strip()
    if phone_region or not is_international(stored):
        return phone_for_sms(stored, region, default_region)
    if needs_confirmation(stored, phone_region):
        candidates = tuple(r.e164 for r in local_readings(stored))
        raise UnconfirmedPhone(record_id, candidates)
    return phone_for_sms(stored)


__all__ = [
    "UNCONFIRMED_PHONE",
    "AmbiguousPhone",
    "UnconfirmedPhone",
    "known_region",
    "needs_confirmation",
    "phone_for_sms",
    "read_phone",
    "stored_phone_for_sms",
]
