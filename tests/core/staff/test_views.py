"""Views for a working day (agency_core.staff.views): what Today, New and Unread mean, next/previous."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.records import ApplicationStatus, AppointmentStatus, PaymentState
from agency_core.staff.query import (
    ApplicationQuery,
    ApplicationQueryInput,
    View,
    check_application_query,
    parse_application_query,
)
from agency_core.staff.views import (
    AppointmentFilter,
    MessageFilter,
    application_filters,
    appointment_filter,
    message_filter,
    neighbours,
    office_day,
)

NOW = datetime(2026, 11, 24, 15, 30, tzinfo=UTC)
DAY = office_day(NOW, "Africa/Accra")


def test_today_is_the_office_calendar_day() -> None:
    assert (DAY.start, DAY.end) == (datetime(2026, 11, 24, tzinfo=UTC), datetime(2026, 11, 25, tzinfo=UTC))
    dubai = office_day(NOW, "Asia/Dubai")  # 19:30 there: the day began at 20:00 UTC the day before
    assert (dubai.start, dubai.end) == (datetime(2026, 11, 23, 20, tzinfo=UTC), datetime(2026, 11, 24, 20, tzinfo=UTC))


def test_application_views_become_filters() -> None:
    assert application_filters(ApplicationQuery(view=View.TODAY), DAY).since == DAY.start
    new = application_filters(ApplicationQuery(view=View.NEW, status=ApplicationStatus.APPROVED), DAY)
    assert new.status is ApplicationStatus.RECEIVED
    assert application_filters(ApplicationQuery(view=View.UNREAD), DAY).unopened
    assert application_filters(ApplicationQuery(q="x"), DAY) == ApplicationQuery(q="x")


def test_the_view_parameter_is_checked() -> None:
    query, errors = check_application_query({"view": "unread"})
    assert (query, errors) == (ApplicationQuery(view=View.UNREAD), {})
    assert check_application_query({"view": "old"}) == (None, {"view": "View must be today, new or unread"})


def test_the_parameters_are_read_by_their_sent_names_once() -> None:
    sent = {"q": " Ama ", "jobCategory": "Nursing", "from": "2026-11-01", "to": "2026-11-24", "payment": "paid"}
    query, errors = check_application_query({**sent, "jobId": " J1 ", "owner": "staff-1", "unknown": "x"})
    assert errors == {}
    assert query is not None
    assert (query.q, query.job_category, query.job_id, query.owner) == ("Ama", "Nursing", "J1", "staff-1")
    assert (query.date_from, query.date_to, query.payment) == (
        DAY.start.date().replace(day=1),
        DAY.start.date(),
        PaymentState.PAID,
    )
    assert parse_application_query(ApplicationQueryInput(start="2026-11-01", end="2026-11-24")) == ApplicationQuery(
        date_from=query.date_from, date_to=query.date_to
    )
    with pytest.raises(Rejected) as refused:
        parse_application_query(ApplicationQueryInput(start="2026-11-24", end="2026-11-01", status="lost"))
    assert refused.value.errors == {
        "status": "Status must be received, processing, approved or rejected",
        "to": "The end date must not be before the start date",
    }


def test_appointment_and_message_views() -> None:
    assert appointment_filter(None, View.TODAY, DAY) == AppointmentFilter(None, DAY.start, DAY.end)
    assert appointment_filter(AppointmentStatus.CANCELLED, View.NEW, DAY) == AppointmentFilter(AppointmentStatus.BOOKED)
    today = appointment_filter(None, View.TODAY, DAY)
    assert today.keeps(AppointmentStatus.ATTENDED, DAY.start)
    assert not today.keeps(AppointmentStatus.BOOKED, DAY.end)
    assert not today.keeps(AppointmentStatus.BOOKED, None)
    assert message_filter(View.UNREAD, DAY) == MessageFilter(unread=True)
    assert message_filter(View.TODAY, DAY).keeps(NOW, DAY.start)
    assert not message_filter(View.TODAY, DAY).keeps(None, DAY.start - timedelta(seconds=1))
    assert not MessageFilter(unread=True).keeps(NOW, NOW)


@given(st.lists(st.text(min_size=1, max_size=4), unique=True, min_size=1), st.data())
def test_neighbours_walk_the_list_in_order(ids: list[str], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(ids) - 1))
    found = neighbours(ids, ids[at])
    assert found.position == at + 1
    assert found.total == len(ids)
    assert found.previous == (ids[at - 1] if at else None)
    assert found.next == (ids[at + 1] if at + 1 < len(ids) else None)
    assert neighbours(ids, "\n not listed").position == 0
