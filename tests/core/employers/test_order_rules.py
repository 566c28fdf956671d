"""The rules of employers and job orders (issue 46 items 1 and 2): a job linked to an order is not
published without the Labour Department approval reference; domestic work for a GCC household needs
a recorded compliance override; an order closes when full or past its valid-until date; a contact's
phone is read in its own country, never Ghana by default; search folds as the applicants' does."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from agency_core.employers.employers_admin import employer_matches
from agency_core.employers.model import (
    Approval,
    ApprovalKind,
    Benefits,
    ComplianceOverride,
    Employer,
    JobOrder,
    Position,
)
from agency_core.employers.rules import (
    NO_APPROVAL,
    NO_CONTACT,
    NO_OVERRIDE,
    ORDER_CLOSED,
    REQUIRED,
    Fill,
    employer_search_key,
    is_closed,
    publish_problems,
    read_employer,
    read_order,
    read_override,
)
from agency_core.errors import Rejected
from agency_core.spec.phone_numbers import INVALID_PHONE
from tests.support.clock import NOW

TODAY = NOW.date()


def employer(country: str = "AE", **form: object) -> Employer:
    sent: dict[str, object] = {
        "company": "Gulf Homes LLC",
        "country": country,
        "city": "Dubai",
        "licenceNumber": "TL-55521",
        "contacts": [{"name": "Mariam Al Nuaimi", "email": "mariam@gulfhomes.example", "phone": "050 123 4567"}],
        **form,
    }
    read = read_employer(sent)
    return Employer(
        "EM1",
        read.company,
        read.country,
        read.city,
        read.licence_number,
        read.contacts,
        read.notes,
        employer_search_key("EM1", read),
        1,
        "a@example.com",
        NOW,
        "a@example.com",
        NOW,
    )


def order(domestic: bool = False, head_count: int = 4, valid_until: date = TODAY + timedelta(days=30)) -> JobOrder:
    return JobOrder(
        "JO1",
        "EM1",
        (Position("Housemaid", head_count, 1500, "AED"),),
        Benefits(accommodation=True, food=True),
        24,
        valid_until,
        domestic,
        1,
        "a@example.com",
        NOW,
        "a@example.com",
        NOW,
    )


def approved(o: JobOrder) -> JobOrder:
    return replace(o, approval=Approval(ApprovalKind.LABOUR_CERTIFICATE, "LC-2026-0042", "a@example.com", NOW))


def test_a_job_of_an_order_without_the_approval_reference_is_not_published() -> None:
    assert publish_problems(order(), employer(), Fill(4), TODAY) == [NO_APPROVAL]
    assert publish_problems(approved(order()), employer(), Fill(4), TODAY) == []
    mou = replace(order(), approval=Approval(ApprovalKind.MOU, "MOU-GH-AE-7", "b@example.com", NOW))
    assert publish_problems(mou, employer(), Fill(4), TODAY) == []


@pytest.mark.parametrize("country", ["AE", "SA", "QA", "KW", "BH", "OM"])
def test_domestic_work_in_a_gcc_household_needs_a_recorded_override(country: str) -> None:
    domestic = approved(order(domestic=True))
    gulf = employer(country, contacts=[{"name": "A", "email": "a@x.example"}])
    assert publish_problems(domestic, gulf, Fill(4), TODAY) == [NO_OVERRIDE]
    overridden = replace(domestic, override=ComplianceOverride("Bilateral agreement 2026 covers it", "c@x", NOW))
    assert publish_problems(overridden, gulf, Fill(4), TODAY) == []
    assert publish_problems(order(domestic=True), gulf, Fill(4), TODAY) == [NO_APPROVAL, NO_OVERRIDE]


def test_domestic_work_outside_the_gcc_and_other_work_in_it_need_no_override() -> None:
    singapore = employer("SG", contacts=[{"name": "Tan", "email": "tan@x.example"}])
    assert publish_problems(approved(order(domestic=True)), singapore, Fill(4), TODAY) == []
    assert publish_problems(approved(order(domestic=False)), employer("AE"), Fill(4), TODAY) == []


def test_an_order_closes_when_full_or_past_its_valid_until_date() -> None:
    open_order = approved(order(head_count=3, valid_until=TODAY))
    assert not is_closed(open_order, Fill(3, selected=2, deployed=1), TODAY)  # valid through its last day
    assert is_closed(open_order, Fill(3, selected=3, deployed=0), TODAY)
    assert is_closed(open_order, Fill(3, selected=0), TODAY + timedelta(days=1))
    assert Fill(3, 3, 3).full
    assert not Fill(3, 2, 2).full
    assert publish_problems(open_order, employer(), Fill(3, 3), TODAY) == [ORDER_CLOSED]


def test_a_contact_phone_is_read_in_its_country_not_ghana() -> None:
    uae = employer("AE")
    assert uae.contacts[0].phone == "+971501234567"
    assert uae.contacts[0].phone_country == "AE"
    chosen = read_employer(
        {
            "company": "K",
            "country": "AE",
            "city": "Dubai",
            "licenceNumber": "1",
            "contacts": [{"name": "Kofi", "phone": "024 123 4567", "phoneCountry": "gh"}],
        }
    )
    assert (chosen.contacts[0].phone, chosen.contacts[0].phone_country) == ("+233241234567", "GH")
    with pytest.raises(Rejected) as refused:  # a Ghana number is no number of Qatar
        read_employer({**_sent("QA"), "contacts": [{"name": "K", "phone": "024 123 4567"}]})
    assert refused.value.errors == {"contacts.0.phone": INVALID_PHONE}


def _sent(country: str) -> dict[str, object]:
    return {"company": "K", "country": country, "city": "Doha", "licenceNumber": "1"}


def test_an_employer_names_each_bad_field() -> None:
    with pytest.raises(Rejected) as refused:
        read_employer({"company": " ", "country": "ZZ", "contacts": [{"email": "not-an-address"}]})
    assert refused.value.errors == {
        "company": REQUIRED,
        "country": "Choose the country from the list",
        "city": REQUIRED,
        "licenceNumber": REQUIRED,
        "contacts.0.name": REQUIRED,
        "contacts.0.email": "Invalid email address",
    }
    with pytest.raises(Rejected) as none:
        read_employer(_sent("QA"))
    assert none.value.errors == {"contacts": NO_CONTACT}


def test_an_order_names_each_bad_field() -> None:
    with pytest.raises(Rejected) as refused:
        read_order(
            {
                "employerId": "EM1",
                "positions": [{"trade": "Driver", "headCount": 0, "salary": "x", "currency": "dirham"}],
                "benefits": {"food": "yes"},
                "contractMonths": 24,
                "validUntil": (TODAY - timedelta(days=1)).isoformat(),
            },
            TODAY,
        )
    assert refused.value.errors == {
        "positions.0.headCount": "Enter a whole number from 1 to 10000",
        "positions.0.salary": "Enter a whole number from 0 to 10000000",
        "positions.0.currency": "Must be at most 3 characters",
        "benefits.food": "Choose one of the listed options",
        "validUntil": "Choose today or a later date",
    }
    read = read_order(
        {
            "employerId": "EM1",
            "positions": [
                {"trade": "Driver", "headCount": 5, "salary": 2200, "currency": "aed"},
                {"trade": "Cook", "headCount": 2, "salary": 1800, "currency": "AED"},
            ],
            "benefits": {"accommodation": True, "transport": True},
            "contractMonths": 24,
            "validUntil": TODAY.isoformat(),
            "domesticWork": False,
        },
        TODAY,
    )
    assert read.positions[0] == Position("Driver", 5, 2200, "AED")
    assert sum(p.head_count for p in read.positions) == 7
    assert read.benefits == Benefits(True, True, False)
    with pytest.raises(Rejected) as short:
        read_override({"reason": "ok"})
    assert short.value.errors == {"reason": "Give the reason in at least 10 characters"}


def test_employers_are_found_as_applicants_are() -> None:
    found = employer("AE", company="Ɔdɔm Trading", city="Abu Dhabi")
    assert employer_matches(found, "ODOM trading")
    assert employer_matches(found, "abu  DHABI")
    assert employer_matches(found, "mariam")
    assert employer_matches(found, "050 123 4567")  # the local form, read in the employer's country
    assert employer_matches(found, "+971 50 123 4567")
    assert employer_matches(found, "tl-55521")
    assert not employer_matches(found, "kumasi")
    assert not employer_matches(found, "050 999 9999")


def test_a_whole_number_may_come_as_json_sends_it() -> None:
    position: dict[str, object] = {"trade": "Driver", "headCount": 730.0, "salary": "2200", "currency": "AED"}
    sent: dict[str, object] = {
        "employerId": "EM1",
        "positions": [position],
        "contractMonths": 24.0,
        "validUntil": TODAY.isoformat(),
    }
    read = read_order(sent, TODAY)
    assert (read.positions[0].head_count, read.positions[0].salary, read.contract_months) == (730, 2200, 24)
    with pytest.raises(Rejected) as refused:
        read_order({**sent, "contractMonths": 24.5, "positions": [{**position, "headCount": True}]}, TODAY)
    assert set(refused.value.errors) == {"contractMonths", "positions.0.headCount"}
