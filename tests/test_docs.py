"""The docs stay true and short: every repository path a page names exists, every link leads to a
file, every feature page opens with where it lives, no docs page passes 300 lines and the README
stays a two-minute read (at most 150 lines). ``make docs`` checks the site's own links and nav."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.rglob("*.md"))

MAX_DOCS_LINES = 300
MAX_README_LINES = 150

# A path in backticks is checked when its first folder is one of these. The pages name the Python
# packages without `src/` and the client's folders without `client/src/`, as the code's own comments do.
FIRST_FOLDERS = frozenset(
    {"src", "tests", "client", "bench", "tools", "docs", ".ci"}
    | {"agency_core", "adapters", "app", "agency_scripts"}
    | {"features", "lib", "components", "styles", "config", "testing", "generated", "scripts"}
)
BASES = ("", "src", "client", "client/src")
# Made by a build or a run, not kept in git.
BUILT = ("client/dist", "site", "var", "artifacts")
# A template of a path (`app/pages/<kind>.py`, `_pages/*.html`), not a path.
PLACEHOLDER = re.compile(r"[<>*{}…]|\.\.\.")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", flags=re.MULTILINE | re.DOTALL)

FEATURE_PAGES = (
    "rules.md",
    "client.md",
    "public-pages.md",
    "api.md",
    "payments.md",
    "jobs.md",
    "email.md",
    "newsletter.md",
    "appointments.md",
    "admin-sign-in.md",
    "admin-area.md",
    "templates.md",
    "bulk.md",
    "security.md",
    "sms-delivery.md",
    "phones.md",
    "tracking.md",
    "privacy.md",
    "documents.md",
    "retention.md",
    "data-requests.md",
    "scripts.md",
    "pipeline.md",
    "pipeline-documents.md",
    "employers.md",
)


def named_path(span: str) -> str | None:
    """The repository path a code span names, or None when it names none (a route, a type, a call)."""
    words = span.split()
    first_word = words[0].rstrip(":,;.)") if words else ""
    if "/" not in first_word or PLACEHOLDER.search(first_word):
        return None
    path = first_word.rstrip("/")
    if path.split("/", 1)[0] not in FIRST_FOLDERS:
        return None
    return path


def exists_in_repository(path: str) -> bool:
    if path.startswith(BUILT):
        return True
    return any((ROOT / base / path).exists() for base in BASES)


def prose(text: str) -> str:
    """The text outside fenced code blocks (their paths are examples: `/path/to/this/checkout`)."""
    return FENCE.sub("", text)


def missing_paths(text: str) -> list[str]:
    """The repository paths ``text`` names in code spans that are not there."""
    paths = {path for span in CODE_SPAN.findall(prose(text)) if (path := named_path(span))}
    return sorted(path for path in paths if not exists_in_repository(path))


def dead_links(text: str, folder: Path) -> list[str]:
    """The relative links of ``text`` (a page in ``folder``) that lead to no file."""
    dead = []
    for target in LINK.findall(prose(text)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (folder / target.split("#", 1)[0]).exists():
            dead.append(target)
    return dead


@pytest.mark.parametrize("page", [*PAGES, README], ids=lambda page: str(page.relative_to(ROOT)))
def test_every_repository_path_a_page_names_exists(page: Path) -> None:
    assert missing_paths(page.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("page", [*PAGES, README], ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    assert dead_links(page.read_text(encoding="utf-8"), page.parent) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_docs_page_passes_300_lines(page: Path) -> None:
    lines = len(page.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_DOCS_LINES, f"{page.relative_to(ROOT)} has {lines} lines: split it into sub-pages"


def test_the_readme_is_at_most_150_lines() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines: move the detail into docs/"


@pytest.mark.parametrize("name", FEATURE_PAGES)
def test_every_feature_page_opens_with_where_it_lives(name: str) -> None:
    lines = [line for line in (DOCS / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines[0].startswith("# ")
    assert lines[1] == "## Where it lives"
    assert lines[2].startswith("| part | where |")


def test_a_path_or_link_that_is_not_there_is_reported() -> None:
    text = (
        "Rules live in `src/agency_core/gone.py: parse` and `agency_core/spec/forms.py`, the page in\n"
        "`features/track`; `/api/health`, `app/pages/<kind>.py` and `text/csv` are no paths.\n"
        "See [the old page](gone.md), [API](api.md#errors) and [the spec](https://example.com/spec).\n"
        "```sh\npip install /path/to/src/checkout\n```\n"
    )
    assert missing_paths(text) == ["src/agency_core/gone.py"]
    assert dead_links(text, DOCS) == ["gone.md"]
