"""A blog post as staff send it becomes a typed command once; refusals are keyed by the field sent."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from agency_core.errors import Rejected
from agency_core.staff.blog_input import PostChange, parse_post

SENT: dict[str, object] = {
    "title": " Working in Doha ",
    "excerpt": "What to expect.",
    "author": "Vandy Team",
    "date": "2099-01-05",
    "category": "UAE Jobs",
    "readTime": "4 min read",
    "content": "<p>Body</p><script>x()</script>",
    "tags": "Qatar, Jobs,Qatar",
    "published": True,
}


def test_the_command_holds_the_cleaned_post() -> None:
    change = parse_post(SENT)
    assert change == PostChange(
        "Working in Doha", "What to expect.", "", "Vandy Team", "2099-01-05", "<p>Body</p>", "UAE Jobs",
        ("Qatar", "Jobs"), "4 min read", False, True,
    )  # fmt: skip
    at = datetime(2026, 5, 4, tzinfo=UTC)
    post = change.post("7", at)
    assert (post.id, post.read_time, post.tags, post.updated_at) == ("7", "4 min read", ("Qatar", "Jobs"), at)
    assert parse_post({**SENT, "tags": []}).tags == ()


@pytest.mark.parametrize(
    ("sent", "errors"),
    [
        ({"title": 7}, {"title": "Enter text"}),
        ({"readTime": ""}, {"readTime": "Read time is required"}),
        ({"date": "2099-02-30"}, {"date": "Enter a date as YYYY-MM-DD"}),
        ({"image": "javascript:alert(1)"}, {"image": "Image must be an https:// address or a path on this site"}),
        ({"content": " "}, {"content": "Content is required"}),
        ({"tags": None}, {"tags": "Tags must be a list of words"}),
        ({"tags": ["x" * 51]}, {"tags": "At most 20 tags of at most 50 characters"}),
        ({"featured": None}, {"featured": "Must be true or false"}),
    ],
)
def test_refusals_are_keyed_by_the_field_sent(sent: dict[str, object], errors: dict[str, str]) -> None:
    with pytest.raises(Rejected) as refused:
        parse_post({**SENT, **sent})
    assert refused.value.errors == errors
