"""Every list of spec section 9 that a public page shows, value by value, in the HTML the server sends.

The values are the spec's words, copied here (not read from the code that renders them), so a value
renamed, dropped or re-ordered into another list in the product fails here. Each row says how one
value is marked up where the page shows it, as a regular expression in which ``{0}``, ``{1}`` stand
for the HTML-escaped values: a value counts only in its place (an option of its select, the price
of its own card), never because the word occurs somewhere else on the page ("UAE" is on every page).

Lists no served page carries, by design (the server's HTML is a page's first screen):

- Application experience levels, education levels and availability: the apply wizard's step 3
  ("Experience"), rendered by the client once steps 1 and 2 are valid. The application's countries
  and job categories (step 2) are asserted on ``/jobs``, whose filters list the same values.
- Newsletter interests: the newsletter pop-up, opened by the client after 10 s.
- Chat quick options, and the job countries and study destinations of its replies: the chat
  widget, loaded by the client on the visitor's first interaction.

Runs the real app (demo mode) on the built client (``make build``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.support.app_process import running_app

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
NOT_A_CARD_END = "(?:(?!</article>).)*"


@dataclass(frozen=True)
class ShownList:
    spec_list: str
    """The list's name in spec section 9."""
    route: str
    markup: str
    """One value as served: a regular expression, ``{0}``, ``{1}`` the values (escaped)."""
    values: tuple[tuple[str, ...], ...]
    select: str | None = None
    """The name (or id) of the select whose options the values are."""

    def pattern(self, value: tuple[str, ...]) -> re.Pattern[str]:
        return re.compile(self.markup.format(*(re.escape(html.escape(part)) for part in value)), re.DOTALL)


def option_of(select: str, *, counted: bool = False) -> str:
    """An option of the select named (or with the id) ``select``; ``counted``: its text ends with ``(n)``."""
    text = r"{0} \(\d+\)" if counted else "{0}"
    return f'<select[^>]* (?:name|id)="{select}"[^>]*>(?:(?!</select>).)*<option value="{{0}}">{text}</option>'


def in_select(
    spec_list: str, route: str, select: str, values: tuple[tuple[str, ...], ...], *, counted: bool = False
) -> ShownList:
    return ShownList(spec_list, route, option_of(select, counted=counted), values, select)


def each(*values: str) -> tuple[tuple[str, ...], ...]:
    return tuple((value,) for value in values)


SHOWN = (
    in_select(
        "Job-alert job categories",
        "/",
        "jobCategory",
        each(
            "Information Technology",
            "Healthcare & Medical",
            "Engineering",
            "Construction",
            "Hospitality & Tourism",
            "Education",
            "Finance & Banking",
            "Sales & Marketing",
            "Manufacturing",
            "Transportation",
            "Domestic Services",
            "Any",
        ),
    ),
    in_select(
        "Job-alert preferred countries",
        "/",
        "preferredCountry",
        each(
            "United Arab Emirates",
            "Saudi Arabia",
            "Qatar",
            "Kuwait",
            "Bahrain",
            "Oman",
            "Any Gulf Country",
            "Other",
        ),
    ),
    in_select(
        "Salary ranges",
        "/",
        "salaryRange",
        each(
            "Below $1,000",
            "$1,000-$2,000",
            "$2,000-$3,000",
            "$3,000-$5,000",
            "$5,000-$8,000",
            "Above $8,000",
            "Negotiable",
        ),
    ),
    in_select(
        "Job-alert experience levels",
        "/",
        "experienceLevel",
        each(
            "Fresh Graduate (0-1 years)",
            "Entry Level (1-3)",
            "Mid Level (3-5)",
            "Senior Level (5-10)",
            "Expert Level (10+)",
            "Any Level",
        ),
    ),
    ShownList(
        "Home country cards (salary ranges)",
        "/",
        '<span class="country-card__name">{0}</span><span class="country-card__jobs">[^<]*</span>'
        '<span class="country-card__salary">{1}/month</span>',
        (
            ("UAE", "$2,500-$8,000"),
            ("Saudi Arabia", "$2,000-$7,000"),
            ("Qatar", "$2,800-$9,000"),
            ("Kuwait", "$2,200-$6,500"),
            ("Bahrain", "$1,800-$5,500"),
            ("Oman", "$1,500-$4,500"),
        ),
    ),
    in_select(
        "Application preferred countries (the job board's country filter)",
        "/jobs",
        "jobs-country",
        each(
            "United Arab Emirates",
            "Saudi Arabia",
            "Qatar",
            "Kuwait",
            "Bahrain",
            "Oman",
            "Singapore",
            "Malaysia",
            "Other",
        ),
        counted=True,
    ),
    in_select(
        "Application job categories (the job board's category filter)",
        "/jobs",
        "jobs-category",
        each(
            "Information Technology",
            "Healthcare & Medical",
            "Engineering",
            "Construction",
            "Hospitality & Tourism",
            "Education",
            "Finance & Banking",
            "Sales & Marketing",
            "Manufacturing",
            "Transportation",
            "Domestic Services",
            "Other",
        ),
        counted=True,
    ),
    in_select(
        "Appointment time slots",
        "/book-appointment",
        "preferredTime",
        each(
            "09:00 AM",
            "10:00 AM",
            "11:00 AM",
            "12:00 PM",
            "01:00 PM",
            "02:00 PM",
            "03:00 PM",
            "04:00 PM",
            "05:00 PM",
        ),
    ),
    ShownList(
        "Appointment service types",
        "/book-appointment",
        '<input [^>]*type="radio" name="serviceType" value="{0}"/>',
        each(
            "recruitment",
            "study-abroad",
            "visa-services",
            "travel-arrangements",
            "document-processing",
            "general-consultation",
        ),
    ),
    in_select(
        "Appointment countries of interest",
        "/book-appointment",
        "countryOfInterest",
        each(
            "UAE",
            "Saudi Arabia",
            "Qatar",
            "Kuwait",
            "Bahrain",
            "Oman",
            "UK",
            "US",
            "Canada",
            "Germany",
            "Australia",
            "Turkey",
            "Belgium",
            "China",
            "Japan",
            "Other",
        ),
    ),
    in_select(
        "Contact service interests",
        "/contact",
        "service",
        each(
            "General Inquiry",
            "Job Application Support",
            "Visa Services",
            "Travel Arrangements",
            "Corporate Services",
            "Document Processing",
            "Other",
        ),
    ),
    ShownList(
        # The card names the country in full ("United Arab Emirates" for the spec's "UAE").
        "Country package fees (fee, processing time, rating)",
        "/country-packages",
        "<h3>{0}</h3>"
        + NOT_A_CARD_END
        + "<span>{3}</span>"
        + NOT_A_CARD_END
        + '<p class="package__price">{1} <span>package fee</span></p>'
        + NOT_A_CARD_END
        + "<dt>Processing</dt><dd>{2}</dd>",
        (
            ("United Arab Emirates", "$1,200", "4-6 weeks", "4.9"),
            ("Saudi Arabia", "$1,000", "5-7 weeks", "4.7"),
            ("Qatar", "$1,300", "4-5 weeks", "4.8"),
            ("Kuwait", "$950", "5-6 weeks", "4.6"),
            ("Bahrain", "$850", "4-5 weeks", "4.5"),
            ("Oman", "$800", "5-7 weeks", "4.4"),
        ),
    ),
    ShownList(
        "Country packages marked popular",
        "/country-packages",
        '<article class="card package package--popular[^"]*"><span class="badge">Most Popular</span>'
        + NOT_A_CARD_END
        + "<h3>{0}</h3>",
        each("United Arab Emirates", "Qatar"),
    ),
    ShownList(
        "Blog categories with counts",
        "/blog",
        '<span>{0}</span><span class="count" aria-label="{1} articles">{1}</span>',
        (
            ("UAE Jobs", "15"),
            ("Career Advice", "12"),
            ("Interview Tips", "8"),
            ("Cultural Guide", "6"),
            ("Salary Guide", "10"),
            ("Documentation", "5"),
        ),
    ),
    ShownList(
        # The card names the destination in full ("United Kingdom" for the spec's "UK").
        "Study destinations with indicative yearly tuition",
        "/study-abroad",
        "<h3>{0}</h3>" + NOT_A_CARD_END + "<dt>Tuition per year</dt><dd>{1}</dd>",
        (
            ("United Kingdom", "£15,000-35,000"),
            ("United States", "$20,000-60,000"),
            ("Canada", "CAD 15,000-30,000"),
            ("Germany", "€0-3,000 (public)"),
            ("Australia", "AUD 20,000-45,000"),
            ("Turkey", "$2,000-8,000"),
            ("Belgium", "€835-4,175 (EU)"),
            ("Qatar", "$15,000-50,000"),
            ("China", "$3,000-10,000"),
            ("Japan", "¥500,000-1,500,000"),
        ),
    ),
    ShownList(
        "Marketing claims",
        "/about",
        '<span class="stat__value">{0}</span><span class="stat__label">{1}</span>',
        (
            ("10,000+", "Successful Placements"),
            ("50+", "Countries"),
            ("98%", "Success Rate"),
            ("15+", "Years of Experience"),
        ),
    ),
    ShownList(
        "Marketing claims, as the home page's achievements (spec section 2)",
        "/",
        '<span class="stat__value">{0}</span><span class="stat__label">{1}</span>',
        (("50+", "Countries Served"), ("10K+", "Jobs Placed"), ("15+", "Years Experience"), ("98%", "Success Rate")),
    ),
)

CASES = [
    pytest.param(shown, value, id=f"{shown.route} {shown.spec_list}: {' '.join(value)}")
    for shown in SHOWN
    for value in shown.values
]


@pytest.fixture(scope="module")
def served_pages() -> Iterator[dict[str, str]]:
    """Each route's HTML as the server sends it, without the empty comments React's render puts between texts."""
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    with running_app("agency-spec-lists-") as app:
        pages: dict[str, str] = {}
        for route in sorted({shown.route for shown in SHOWN} | {"/blog", "/country-packages"}):
            response = httpx.get(app.base_url + route, timeout=20)
            assert response.status_code == 200, route
            pages[route] = response.text.replace("<!-- -->", "")
        yield pages


@pytest.mark.parametrize(("shown", "value"), CASES)
def test_each_spec_list_value_is_in_the_served_html_of_its_page(
    served_pages: dict[str, str], shown: ShownList, value: tuple[str, ...]
) -> None:
    pattern = shown.pattern(value)
    assert pattern.search(served_pages[shown.route]), f"{shown.route} does not serve {value} as {pattern.pattern}"


@pytest.mark.parametrize("shown", [s for s in SHOWN if s.select is not None], ids=lambda s: s.spec_list)
def test_a_spec_list_shown_as_a_select_has_its_values_in_the_spec_s_order_and_no_other(
    served_pages: dict[str, str], shown: ShownList
) -> None:
    select = re.search(
        rf'<select[^>]* (?:name|id)="{shown.select}"[^>]*>(.*?)</select>', served_pages[shown.route], re.DOTALL
    )
    assert select is not None
    served = re.findall(r'<option value="([^"]+)">', select.group(1))
    assert served == [html.escape(value) for (value,) in shown.values]


def test_the_blog_shows_the_spec_s_twelve_popular_tags(served_pages: dict[str, str]) -> None:
    tags = re.search(r'<ul class="tag-list">(.*?)</ul>', served_pages["/blog"], re.DOTALL)
    assert tags is not None
    assert len(re.findall(r"<li>", tags.group(1))) == 12


def test_each_country_package_card_shows_four_features_four_industries_and_three_inclusions(
    served_pages: dict[str, str],
) -> None:
    cards = re.findall(r'<article class="card package.*?</article>', served_pages["/country-packages"], re.DOTALL)
    assert len(cards) == 6
    for card in cards:
        shown = {
            heading: len(re.findall(r"<li[ >]", items))
            for heading, items in re.findall(
                r'<h4 class="small-heading">([^<]*)</h4><ul[^>]*>(.*?)</ul>', card, re.DOTALL
            )
        }
        assert shown == {"Features": 4, "Industries": 4, "Package includes": 3}, card[:200]
