"""Documents per applicant: the kinds and their fields, renewal keeping history, expiry by the clock
and by the destination's validity periods (issue 45 item 2)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.pipeline.documents import (
    DOCUMENT_KINDS,
    DocumentKind,
    DocumentState,
    DocumentVersion,
    NewDocument,
    ValiditySettings,
    current,
    expiry,
    read_fields,
    renew,
    state_on,
)
from tests.support.clock import NOW

TODAY = NOW.date()


def new(kind: DocumentKind, fields: dict[str, str], n: int = 1, at: datetime = NOW) -> NewDocument:
    return NewDocument(f"DV{n}", "VA1", kind, fields, "staff@example.com", at)


def passport(expires_on: date, n: int = 1) -> NewDocument:
    return new(
        DocumentKind.PASSPORT, {"number": f"G{n:07d}", "issued_on": "2020-01-01", "expires_on": str(expires_on)}, n
    )


def test_every_kind_of_the_issue_has_its_fields() -> None:
    names = {kind: [f.name for f in spec.fields] for kind, spec in DOCUMENT_KINDS.items()}
    assert names == {
        DocumentKind.PASSPORT: ["number", "issued_on", "expires_on"],
        DocumentKind.MEDICAL: ["centre", "examined_on", "result", "valid_until"],
        DocumentKind.POLICE_CLEARANCE: ["issued_on", "valid_until"],
        DocumentKind.VISA: ["permit", "number", "issued_on", "expires_on"],
        DocumentKind.CONTRACT: ["registration_number", "signed_on"],
        DocumentKind.ORIENTATION: ["attended_on", "certificate_number"],
        DocumentKind.TICKET: ["flight", "departs_on"],
    }


def test_a_first_recording_is_version_one_and_current() -> None:
    renewal = renew(None, passport(date(2030, 1, 1)), TODAY, ValiditySettings())
    assert (renewal.new.version, renewal.new.state, renewal.previous, renewal.closed) == (
        1,
        DocumentState.CURRENT,
        None,
        None,
    )


def test_a_renewal_keeps_the_previous_version_marked_renewed() -> None:
    first = renew(None, passport(date(2030, 1, 1)), TODAY, ValiditySettings()).new
    later = NOW + timedelta(days=3)
    second = renew(first, new(DocumentKind.PASSPORT, dict(first.fields), 2, later), TODAY, ValiditySettings())
    assert second.new.version == 2
    assert second.previous == first
    assert second.closed is not None
    assert (second.closed.state, second.closed.replaced_at, second.closed.version) == (DocumentState.RENEWED, later, 1)
    assert current([second.closed, second.new], DocumentKind.PASSPORT) == second.new


def test_a_renewal_of_a_version_that_had_run_out_marks_it_expired() -> None:
    first = renew(None, passport(TODAY - timedelta(days=1)), TODAY, ValiditySettings()).new
    second = renew(first, passport(date(2035, 1, 1), 2), TODAY, ValiditySettings())
    assert second.closed is not None
    assert second.closed.state is DocumentState.EXPIRED


@given(st.integers(min_value=-400, max_value=400))
def test_a_current_version_reads_expired_only_after_its_last_day(offset: int) -> None:
    ends = TODAY + timedelta(days=offset)
    version = renew(None, passport(ends), TODAY, ValiditySettings()).new
    expected = DocumentState.EXPIRED if offset < 0 else DocumentState.CURRENT
    assert state_on(version, TODAY, ValiditySettings()) is expected


def medical(examined_on: date, valid_until: str = "", result: str = "fit") -> DocumentVersion:
    fields = {"centre": "Ridge Medical", "examined_on": str(examined_on), "result": result}
    if valid_until:
        fields["valid_until"] = valid_until
    return renew(None, new(DocumentKind.MEDICAL, fields), TODAY, ValiditySettings()).new


@given(st.integers(min_value=1, max_value=400))
def test_a_medical_without_a_date_of_its_own_lasts_the_destinations_period(days: int) -> None:
    version = medical(TODAY)
    assert expiry(version, ValiditySettings(medical_days=days)) == TODAY + timedelta(days=days)
    assert state_on(version, TODAY + timedelta(days=days), ValiditySettings(medical_days=days)) is DocumentState.CURRENT
    after = TODAY + timedelta(days=days + 1)
    assert state_on(version, after, ValiditySettings(medical_days=days)) is DocumentState.EXPIRED


def test_the_earlier_of_the_written_date_and_the_period_holds() -> None:
    version = medical(TODAY, valid_until=str(TODAY + timedelta(days=60)))
    assert expiry(version, ValiditySettings(medical_days=30)) == TODAY + timedelta(days=30)
    assert expiry(version, ValiditySettings(medical_days=90)) == TODAY + timedelta(days=60)


def test_a_police_clearance_counts_its_own_period() -> None:
    version = renew(None, new(DocumentKind.POLICE_CLEARANCE, {"issued_on": str(TODAY)}), TODAY, ValiditySettings()).new
    assert expiry(version, ValiditySettings(medical_days=10, police_clearance_days=180)) == TODAY + timedelta(days=180)


def test_a_contract_has_no_expiry() -> None:
    version = renew(None, new(DocumentKind.CONTRACT, {"registration_number": "LD-1"}), TODAY, ValiditySettings()).new
    assert expiry(version, ValiditySettings()) is None
    assert state_on(version, date(2100, 1, 1), ValiditySettings()) is DocumentState.CURRENT


def test_fields_are_read_and_each_bad_one_named() -> None:
    assert read_fields(
        DocumentKind.MEDICAL, {"centre": "  Ridge  Medical ", "examined_on": "2026-11-20", "result": "FIT", "x": "y"}
    ) == {"centre": "Ridge Medical", "examined_on": "2026-11-20", "result": "fit"}
    with pytest.raises(Rejected) as refused:
        read_fields(DocumentKind.PASSPORT, {"issued_on": "2026-13-01", "expires_on": "2020-01-01"})
    assert refused.value.errors == {
        "number": "Passport number is required",
        "issued_on": "Issue date must be a date such as 2027-05-31",
    }
    with pytest.raises(Rejected) as backwards:
        read_fields(
            DocumentKind.VISA, {"permit": "visa", "number": "V1", "issued_on": "2027-01-02", "expires_on": "2027-01-01"}
        )
    assert backwards.value.errors == {"expires_on": "Expiry date must not be before the issue date"}
    with pytest.raises(Rejected) as choice:
        read_fields(DocumentKind.MEDICAL, {"centre": "C", "examined_on": "2026-11-20", "result": "maybe"})
    assert choice.value.errors == {"result": "Result must be one of: fit, unfit"}
    assert read_fields(DocumentKind.CONTRACT, {}) == {}
