"""The departure gate: every check named, passed or not, on the departure date, at and around each
limit, per destination (issue 45 item 3)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.pipeline.documents import DocumentKind, DocumentVersion, NewDocument, ValiditySettings, renew
from agency_core.pipeline.gate import (
    ALL_CHECKS,
    GateCheck,
    GateSettings,
    add_months,
    check_departure,
    departure_date_of,
    settings_for,
)
from agency_core.pipeline.gate_settings import GateChange, describe_change, read_gate_settings
from tests.support.clock import NOW

DEPARTS = date(2027, 2, 15)
AROUND = st.sampled_from([-1, 0, 1])
"""The day before the limit, the limit, the day after."""
departures = st.dates(min_value=date(2026, 1, 1), max_value=date(2030, 12, 31))


def doc(kind: DocumentKind, n: int = 1, **fields: str) -> DocumentVersion:
    made = NewDocument(f"DV{kind.value}{n}", "VA1", kind, fields, "staff@example.com", NOW)
    return renew(None, made, NOW.date(), ValiditySettings()).new


def passing(departs: date, months: int = 6) -> dict[DocumentKind, DocumentVersion]:
    """One document of each kind, each well inside its limit for a departure on ``departs``."""
    return {
        DocumentKind.PASSPORT: doc(
            DocumentKind.PASSPORT, number="G1", issued_on="2020-01-01", expires_on=str(add_months(departs, months + 1))
        ),
        DocumentKind.MEDICAL: doc(
            DocumentKind.MEDICAL, centre="C", examined_on=str(departs - timedelta(10)), result="fit"
        ),
        DocumentKind.POLICE_CLEARANCE: doc(DocumentKind.POLICE_CLEARANCE, issued_on=str(departs - timedelta(10))),
        DocumentKind.VISA: doc(
            DocumentKind.VISA,
            permit="visa",
            number="V1",
            issued_on=str(departs - timedelta(30)),
            expires_on=str(departs + timedelta(300)),
        ),
        DocumentKind.CONTRACT: doc(DocumentKind.CONTRACT, registration_number="LD/2026/001"),
        DocumentKind.ORIENTATION: doc(DocumentKind.ORIENTATION, attended_on=str(departs - timedelta(5))),
        DocumentKind.TICKET: doc(DocumentKind.TICKET, flight="QR1408", departs_on=str(departs)),
    }


def failing_of(documents: dict[DocumentKind, DocumentVersion], settings: GateSettings, departs: date) -> list[str]:
    return [c.check.value for c in check_departure(list(documents.values()), settings, departs).failing]


def test_everything_in_order_passes_every_check_by_name() -> None:
    result = check_departure(list(passing(DEPARTS).values()), GateSettings(), DEPARTS)
    assert result.passed
    assert result.summary == "7 of 7 checks passed"
    assert [c.message for c in result.checks] == [
        "Passport valid at least 6 months after departure: expires 2027-09-15",
        "Medical result fit and valid on the departure date: valid until 2027-05-06",
        "Police clearance in date on the departure date: valid until 2027-05-06",
        "Visa or work permit issued and not expired: visa V1, expires 2027-12-12",
        "Employment contract registered with the Labour Department: registration number LD/2026/001",
        "Pre-departure orientation attended: attended on 2027-02-10",
        "Ticket booked: flight QR1408 on 2027-02-15",
    ]


def test_nothing_recorded_fails_every_check_naming_each() -> None:
    result = check_departure([], GateSettings(), DEPARTS)
    assert (result.passed, result.summary) == (False, "0 of 7 checks passed")
    assert [c.message for c in result.failing] == [
        "Passport valid at least 6 months after departure: no passport recorded",
        "Medical result fit and valid on the departure date: no medical result recorded",
        "Police clearance in date on the departure date: no police clearance recorded",
        "Visa or work permit issued and not expired: no visa or work permit recorded",
        "Employment contract registered with the Labour Department: no employment contract recorded",
        "Pre-departure orientation attended: no orientation certificate recorded",
        "Ticket booked: no ticket recorded",
    ]


@given(departures, st.integers(min_value=0, max_value=24), AROUND)
def test_passport_valid_through_n_months_after_departure(departs: date, months: int, offset: int) -> None:
    documents = passing(departs, months)
    ends = add_months(departs, months) + timedelta(days=offset)
    documents[DocumentKind.PASSPORT] = doc(
        DocumentKind.PASSPORT, number="G", issued_on="2000-01-01", expires_on=str(ends)
    )
    failing = failing_of(documents, GateSettings(passport_months=months), departs)
    assert failing == (["passport"] if offset < 0 else [])


def test_passport_limit_at_a_month_end() -> None:
    assert add_months(date(2027, 8, 31), 6) == date(2028, 2, 29)
    assert add_months(date(2026, 8, 31), 6) == date(2027, 2, 28)
    assert add_months(date(2026, 11, 30), 14) == date(2028, 1, 30)
    documents = passing(date(2026, 8, 31))
    documents[DocumentKind.PASSPORT] = doc(
        DocumentKind.PASSPORT, number="G", issued_on="2020-01-01", expires_on="2027-02-27"
    )
    result = check_departure(list(documents.values()), GateSettings(), date(2026, 8, 31))
    assert [c.message for c in result.failing] == [
        "Passport valid at least 6 months after departure: expires 2027-02-27, needs 2027-02-28 or later"
    ]
    assert result.summary == "6 of 7 checks passed"


@given(departures, st.integers(min_value=1, max_value=400), AROUND)
def test_medical_valid_on_the_departure_date_by_the_destinations_period(departs: date, days: int, offset: int) -> None:
    documents = passing(departs)
    examined = departs - timedelta(days=days) - timedelta(days=offset)  # its last day is departs - offset
    documents[DocumentKind.MEDICAL] = doc(DocumentKind.MEDICAL, centre="C", examined_on=str(examined), result="fit")
    settings = GateSettings(validity=ValiditySettings(medical_days=days))
    assert failing_of(documents, settings, departs) == (["medical"] if offset > 0 else [])


@given(departures, AROUND)
def test_medical_valid_until_written_on_it(departs: date, offset: int) -> None:
    documents = passing(departs)
    documents[DocumentKind.MEDICAL] = doc(
        DocumentKind.MEDICAL,
        centre="C",
        examined_on=str(departs - timedelta(5)),
        result="fit",
        valid_until=str(departs + timedelta(days=offset)),
    )
    assert failing_of(documents, GateSettings(), departs) == (["medical"] if offset < 0 else [])


def test_an_unfit_medical_fails_whatever_its_dates() -> None:
    documents = passing(DEPARTS)
    documents[DocumentKind.MEDICAL] = doc(DocumentKind.MEDICAL, centre="C", examined_on=str(DEPARTS), result="unfit")
    (failed,) = check_departure(list(documents.values()), GateSettings(), DEPARTS).failing
    assert failed.message == "Medical result fit and valid on the departure date: result unfit"


@given(departures, st.integers(min_value=1, max_value=400), AROUND)
def test_police_clearance_in_date_by_the_destinations_period(departs: date, days: int, offset: int) -> None:
    documents = passing(departs)
    issued = departs - timedelta(days=days + offset)
    documents[DocumentKind.POLICE_CLEARANCE] = doc(DocumentKind.POLICE_CLEARANCE, issued_on=str(issued))
    settings = GateSettings(validity=ValiditySettings(police_clearance_days=days))
    assert failing_of(documents, settings, departs) == (["police_clearance"] if offset > 0 else [])


@given(departures, AROUND, AROUND)
def test_visa_issued_by_and_not_expired_on_the_departure_date(departs: date, issued: int, expires: int) -> None:
    documents = passing(departs)
    documents[DocumentKind.VISA] = doc(
        DocumentKind.VISA,
        permit="work permit",
        number="W1",
        issued_on=str(departs + timedelta(days=issued)),
        expires_on=str(departs + timedelta(days=expires)),
    )
    assert failing_of(documents, GateSettings(), departs) == (["visa"] if issued > 0 or expires < 0 else [])


@given(departures, AROUND)
def test_orientation_attended_by_the_departure_date(departs: date, offset: int) -> None:
    documents = passing(departs)
    documents[DocumentKind.ORIENTATION] = doc(DocumentKind.ORIENTATION, attended_on=str(departs + timedelta(offset)))
    assert failing_of(documents, GateSettings(), departs) == (["orientation"] if offset > 0 else [])


@given(departures, AROUND)
def test_ticket_for_a_flight_on_or_after_the_departure_date(departs: date, offset: int) -> None:
    documents = passing(departs)
    documents[DocumentKind.TICKET] = doc(
        DocumentKind.TICKET, flight="EK788", departs_on=str(departs + timedelta(offset))
    )
    assert failing_of(documents, GateSettings(), departs) == (["ticket"] if offset < 0 else [])


def test_a_contract_without_its_registration_number_fails() -> None:
    documents = passing(DEPARTS)
    documents[DocumentKind.CONTRACT] = doc(DocumentKind.CONTRACT, signed_on="2026-10-01")
    (failed,) = check_departure(list(documents.values()), GateSettings(), DEPARTS).failing
    assert (
        failed.message == "Employment contract registered with the Labour Department: no registration number recorded"
    )


def test_only_the_current_version_counts() -> None:
    documents = passing(DEPARTS)
    old = documents[DocumentKind.PASSPORT]
    short = NewDocument("DVp2", "VA1", DocumentKind.PASSPORT, {**old.fields, "expires_on": "2027-03-01"}, "s", NOW)
    renewal = renew(old, short, NOW.date(), ValiditySettings())
    assert renewal.closed is not None
    documents[DocumentKind.PASSPORT] = renewal.new
    assert failing_of({**documents}, GateSettings(), DEPARTS) == ["passport"]
    # The renewed (longer) passport is kept in the history but no longer passes the gate.
    everything = [*documents.values(), renewal.closed]
    assert [c.check for c in check_departure(everything, GateSettings(), DEPARTS).failing] == [GateCheck.PASSPORT]


def test_per_destination_gates_and_the_default() -> None:
    qatar = GateSettings("Qatar", passport_months=9, validity=ValiditySettings(medical_days=30))
    default = GateSettings("", passport_months=3, checks=tuple(c for c in ALL_CHECKS if c is not GateCheck.ORIENTATION))
    stored = [default, qatar]
    assert settings_for(" qatar ", stored) == qatar
    assert settings_for("Oman", stored) == default
    assert settings_for("Oman", [qatar]) == GateSettings()
    documents = passing(DEPARTS)
    documents[DocumentKind.PASSPORT] = doc(
        DocumentKind.PASSPORT, number="G", issued_on="2020-01-01", expires_on="2027-08-15"
    )
    documents[DocumentKind.MEDICAL] = doc(DocumentKind.MEDICAL, centre="C", examined_on="2027-01-10", result="fit")
    del documents[DocumentKind.ORIENTATION]
    assert failing_of(documents, settings_for("Qatar", stored), DEPARTS) == ["passport", "medical", "orientation"]
    oman = check_departure(list(documents.values()), settings_for("Oman", stored), DEPARTS)
    assert (oman.passed, oman.summary) == (True, "6 of 6 checks passed")


def test_the_departure_date_is_the_tickets_else_today() -> None:
    today = NOW.date()
    assert departure_date_of(list(passing(DEPARTS).values()), today) == DEPARTS
    assert departure_date_of([], today) == today


def test_staff_gate_settings_are_read_and_each_bad_field_named() -> None:
    raw = {
        "passportMonths": "9",
        "medicalValidityDays": 30,
        "policeClearanceValidityDays": 180,
        "checks": ["visa", "passport"],
    }
    assert read_gate_settings(" Qatar ", raw) == GateSettings(
        "Qatar", 9, ValiditySettings(30, 180), (GateCheck.PASSPORT, GateCheck.VISA)
    )
    with pytest.raises(Rejected) as refused:
        read_gate_settings("Qatar", {"passportMonths": 25, "medicalValidityDays": 0, "checks": ["nap"]})
    assert refused.value.errors == {
        "passportMonths": "Passport months must be a whole number from 0 to 24",
        "medicalValidityDays": "Medical validity must be a whole number of days from 1 to 3660",
        "policeClearanceValidityDays": "Police clearance validity must be a whole number of days from 1 to 3660",
        "checks": "Checks must be a list of: contract, medical, orientation, passport, police_clearance, ticket, visa",
    }


def test_a_gate_change_is_described_before_and_after() -> None:
    before = GateSettings("Qatar")
    after = GateSettings(
        "Qatar", 9, ValiditySettings(30, 90), tuple(c for c in ALL_CHECKS if c is not GateCheck.TICKET)
    )
    change = GateChange("GC1", "Qatar", 2, before, after, "a@example.com", NOW)
    assert describe_change(change) == (
        "gate Qatar: passport 6 months -> 9 months; medical validity 90 days -> 30 days; "
        "checks passport, medical, police_clearance, visa, contract, orientation, ticket -> "
        "passport, medical, police_clearance, visa, contract, orientation"
    )
    assert describe_change(GateChange("GC2", "", 1, None, GateSettings(), "a", NOW)).startswith(
        "gate every other destination: set (passport 6 months; medical validity 90 days;"
    )
    assert (
        describe_change(GateChange("GC3", "Oman", 3, after, None, "a", NOW))
        == "gate Oman: removed (follows the default)"
    )
