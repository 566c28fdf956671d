from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.firestore_emulator import firestore_emulator
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.storage_emulator import storage_emulator

__all__ = ["firestore_emulator", "storage_emulator"]

# A plugin, not a fixture import: its hooks give the run one directory its xdist workers share,
# where the first test that needs the Firebase Auth emulator starts the one they all use.
pytest_plugins = ["tests.support.firebase_auth_emulator"]

# Every property test runs on a 2-core CI machine shared by four xdist workers, emulators and
# browsers: how long one example takes is not what any of them tests (hypothesis's 200 ms
# deadline failed a correct test under load), so no example has a deadline.
settings.register_profile("shared-machine", deadline=None)
# The fast loop only (`make test-fast` passes `--hypothesis-profile=fast`): a quarter of hypothesis's
# 100 examples for a property that does not set its own count; `make test` and CI keep the full run.
settings.register_profile("fast", parent=settings.get_profile("shared-machine"), max_examples=25)
settings.load_profile("shared-machine")


@pytest.fixture
def sms_server() -> Iterator[SmsGatewayServer]:
    server = SmsGatewayServer().start()
    yield server
    server.stop()


BROWSER_TESTS = Path(__file__).parent / "browser"


BROWSER_RERUNS_ON_CI = 1
"""On CI (``CI`` set), a browser test that fails is run once more, as Playwright's own CI default does:
a browser, an app process and three other workers share two cores there, and a run lost to one
slow frame loses a whole submission. A test that passes only the second time is listed as ``RERUN``
in the summary and counted as ``rerun`` in the closing line; one that fails twice fails the run.
Every other test, and every test off CI, runs once."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread until its session fixture ends, and pytest-asyncio cannot start a loop beside it.
    Every test under ``tests/browser`` is one, marked or not."""
    on_ci = bool(os.environ.get("CI"))
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS) and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        if on_ci and item.get_closest_marker("browser") is not None and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS_ON_CI))
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


RERUNS: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # type: ignore[comparison-overlap]  # pytest-rerunfailures' outcome
        RERUNS.append(report)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """What a rerun test's failed attempt said: the summary alone names it, and a flake seen only on CI
    is mended from its traceback."""
    for report in RERUNS:
        terminalreporter.section(f"first attempt of {report.nodeid}", sep="-")
        terminalreporter.line(report.longreprtext[-3000:])
