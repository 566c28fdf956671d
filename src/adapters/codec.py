"""One codec between the core's records (frozen dataclasses) and their stored shape.

Firestore documents and SQLite rows name their fields as the dataclass does (the few that do not
are in :data:`RENAMES`), except a typed form (:mod:`agency_core.spec.forms`: an application's,
a booking's... ``data``), which is a map by the spec's camel-case names with its blank fields
left out, as the form was stored before it had a type. A document keeps datetimes as they are and
writes dates as ISO text, enums as their values, tuples as lists and nested records as maps; a row
further writes datetimes as ISO 8601 UTC text (which sorts as time does) and lists and maps as JSON
text. Reading goes by the dataclass's type hints, so a field a stored record lacks (or holds as
null) takes its default.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from enum import Enum
from typing import Any, TypeVar

from agency_core.admin_settings import MAX_DAILY_BOOKINGS, MAX_HORIZON_DAYS, AdminSettings, read_closed_dates
from agency_core.messaging.parts_cap import DEFAULT_MAX_PARTS, read_max_parts
from agency_core.payments.fees import DEFAULT_REFUND_RULES, FeePolicy, FeeRule
from agency_core.payments.model import Payment
from agency_core.records import ApplicationStatus, OutboxMessage
from agency_core.spec.forms import FormValues, form_of, form_values, spec_names

T = TypeVar("T")

RENAMES: Mapping[type, Mapping[str, str]] = {Payment: {"amount_minor": "amount"}}
"""Per record type: field name -> stored name, where they differ."""


def _outbox_before_channels(stored: Mapping[str, Any]) -> Mapping[str, Any]:
    """An outbox message stored before it had a channel kept its address as ``phone`` and was an
    e-mail when its kind was ``email`` (SQLite migrates its rows: ``records_0014_outbox_channel``)."""
    if stored.get("channel") is not None:
        return stored
    return {**stored, "address": stored.get("phone"), "channel": "email" if stored.get("kind") == "email" else "sms"}


UPGRADES: Mapping[type, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {OutboxMessage: _outbox_before_channels}
"""Per record type: what turns a record stored in an earlier shape into the current one, on reading."""


def timestamp(moment: datetime) -> str:
    """A row's text for a time: ISO 8601 in UTC, to the microsecond."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def to_document(record: object) -> dict[str, Any]:
    """A Firestore document (a map) of ``record``."""
    if isinstance(record, FormValues):
        return {name: list(value) if isinstance(value, tuple) else value for name, value in form_values(record).items()}
    return {_stored(type(record), f.name): _plain(getattr(record, f.name)) for f in dataclasses.fields(record)}  # type: ignore[arg-type]


def to_row(record: object) -> dict[str, Any]:
    """A SQLite row (column -> value) of ``record``."""
    return {name: _cell(value) for name, value in to_document(record).items()}


def from_document(kind: type[T], doc: Mapping[str, Any]) -> T:
    """The ``kind`` record a Firestore document holds."""
    return _decode(kind, doc, json_text=False)


def from_row(kind: type[T], row: Mapping[str, Any] | Any) -> T:
    """The ``kind`` record a SQLite row (or a map of its columns) holds."""
    return _decode(kind, {name: row[name] for name in row.keys()}, json_text=True)  # noqa: SIM118 - Row


def moment(raw: Any) -> datetime | None:
    """A stored time (ISO text in a row, a timestamp in a document) as an aware datetime."""
    return None if raw is None else _time(raw)


_NAMES: dict[type, Mapping[str, str]] = {}


def _stored(kind: type, name: str) -> str:
    if kind not in _NAMES:
        _NAMES[kind] = dict(spec_names(kind)) if issubclass(kind, FormValues) else RENAMES.get(kind, {})
    return _NAMES[kind].get(name, name)


def _plain(value: object) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_document(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _cell(value: object) -> Any:
    if isinstance(value, datetime):
        return timestamp(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(kind: type) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]


def _decode(kind: type[T], stored: Mapping[str, Any], *, json_text: bool) -> T:
    if issubclass(kind, FormValues):
        return form_of(kind, stored)
    upgrade = UPGRADES.get(kind)
    if upgrade is not None:
        stored = upgrade(stored)
    hints = _hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        raw = stored.get(_stored(kind, f.name))
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        if raw is None and has_default:
            continue
        values[f.name] = _value(hints[f.name], raw, json_text)
    return kind(**values)


def _value(hint: Any, raw: Any, json_text: bool) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return None if raw is None else _value(_arm(hint), raw, json_text)
    if json_text and isinstance(raw, str) and hint is not str and (origin is not None or _is_record(hint)):
        raw = json.loads(raw)
    if hint in _SCALARS:
        return _SCALARS[hint](raw)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(raw)
    if _is_record(hint):
        return _decode(hint, raw, json_text=False)
    if origin is tuple:
        return tuple(_value(typing.get_args(hint)[0], v, False) for v in raw or ())
    if origin is not None and isinstance(raw, Mapping):
        return dict(raw)
    return raw


def _arm(optional: Any) -> Any:
    """``X`` of ``X | None``."""
    (arm,) = [a for a in typing.get_args(optional) if a is not type(None)]
    return arm


def _time(raw: Any) -> datetime:
    """ISO text (a row), or a Firestore timestamp (a ``datetime`` subclass) as a plain ``datetime``."""
    if isinstance(raw, str):
        return datetime.fromisoformat(raw)
    return datetime.fromtimestamp(raw.timestamp(), tz=raw.tzinfo)


_SCALARS: Mapping[Any, Callable[[Any], Any]] = {datetime: _time, date: date.fromisoformat, bool: bool, int: int}


def _is_record(hint: Any) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


# -- the admin settings (one JSON map under the ``settings`` key / one document), camel-case ---------
# Their stored shape predates this codec: names as the API carries them, the status switches by
# status value, the fee policy (when staff saved one) under ``feePolicy`` with amounts in minor units.
# Reading is lenient: a value missing or of another type falls back to the defaults given.


def _rule_document(rule: FeeRule) -> dict[str, Any]:
    return {"match": rule.match, "amountMinor": rule.amount_minor, "reason": rule.reason}


def fee_policy_document(policy: FeePolicy) -> dict[str, Any]:
    """The stored map of a fee policy."""
    return {
        "currency": policy.currency,
        "defaultMinor": policy.default_minor,
        "defaultReason": policy.default_reason,
        "countries": [_rule_document(r) for r in policy.countries],
        "jobs": [_rule_document(r) for r in policy.jobs],
        "refundRules": policy.refund_rules,
    }


def _minor(raw: object) -> int | None:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0 else None


def _rule_of(raw: object) -> FeeRule | None:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("match"), str):
        return None
    return FeeRule(str(raw["match"]), _minor(raw.get("amountMinor")), str(raw.get("reason") or ""))


def _rules_of(raw: object) -> tuple[FeeRule, ...]:
    found = [_rule_of(r) for r in raw] if isinstance(raw, list) else []
    return tuple(r for r in found if r is not None)


def fee_policy_of(raw: object) -> FeePolicy | None:
    """A stored fee policy back; ``None`` when there is none (or it cannot be read)."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("currency"), str):
        return None
    return FeePolicy(
        str(raw["currency"]),
        _minor(raw.get("defaultMinor")),
        str(raw.get("defaultReason") or ""),
        _rules_of(raw.get("countries")),
        _rules_of(raw.get("jobs")),
        str(raw.get("refundRules") or DEFAULT_REFUND_RULES),
    )


def settings_document(settings: AdminSettings) -> dict[str, Any]:
    """The stored map of the admin settings (the row's JSON text, the document's fields)."""
    return {
        "adminPhones": list(settings.admin_phones),
        "smsSender": settings.sms_sender,
        "statusSms": {status.value: settings.sends_status_sms(status) for status in ApplicationStatus},
        "appointmentCapacity": settings.appointment_capacity,
        "closedDates": [day.isoformat() for day in settings.closed_dates],
        "bookingHorizonDays": settings.booking_horizon_days,
        "dailyBookingsPerPerson": settings.daily_bookings_per_person,
        **_parts_cap_field(settings),
    } | ({} if settings.fee_policy is None else {"feePolicy": fee_policy_document(settings.fee_policy)})


def _parts_cap_field(settings: AdminSettings) -> dict[str, int]:
    """Stored once staff change it from the default: the settings of those who never did are stored as before."""
    return {} if settings.sms_max_parts == DEFAULT_MAX_PARTS else {"smsMaxParts": settings.sms_max_parts}


def _switches_of(raw: Mapping[str, Any], defaults: AdminSettings) -> dict[ApplicationStatus, bool]:
    return {s: bool(raw.get(s.value, defaults.sends_status_sms(s))) for s in ApplicationStatus}


def settings_of(stored: Mapping[str, Any], defaults: AdminSettings) -> AdminSettings:
    """Stored settings back; anything missing or odd falls back to ``defaults``."""
    phones, sender, switches = stored.get("adminPhones"), stored.get("smsSender"), stored.get("statusSms")
    capacity, closed = stored.get("appointmentCapacity"), stored.get("closedDates")
    policy = fee_policy_of(stored.get("feePolicy"))
    result = defaults
    if isinstance(phones, list) and all(isinstance(p, str) for p in phones):
        result = dataclasses.replace(result, admin_phones=tuple(str(p) for p in phones))
    if isinstance(sender, str) and sender:
        result = dataclasses.replace(result, sms_sender=sender)
    if isinstance(switches, Mapping):
        result = dataclasses.replace(result, status_sms=_switches_of(switches, defaults))
    if isinstance(capacity, int) and not isinstance(capacity, bool) and capacity >= 1:
        result = dataclasses.replace(result, appointment_capacity=capacity)
    if isinstance(closed, list):
        result = dataclasses.replace(result, closed_dates=read_closed_dates(closed) or ())
    horizon, per_person = stored.get("bookingHorizonDays"), stored.get("dailyBookingsPerPerson")
    if isinstance(horizon, int) and not isinstance(horizon, bool) and 1 <= horizon <= MAX_HORIZON_DAYS:
        result = dataclasses.replace(result, booking_horizon_days=horizon)
    if isinstance(per_person, int) and not isinstance(per_person, bool) and 1 <= per_person <= MAX_DAILY_BOOKINGS:
        result = dataclasses.replace(result, daily_bookings_per_person=per_person)
    max_parts = read_max_parts(stored.get("smsMaxParts"))  # absent from settings saved before the cap
    if max_parts is not None:
        result = dataclasses.replace(result, sms_max_parts=max_parts)
    if policy is not None:
        result = dataclasses.replace(result, fee_policy=policy)
    return result
