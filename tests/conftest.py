from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.firestore_emulator import firestore_emulator
from tests.support.sms_gateway import SmsGatewayServer

__all__ = ["firestore_emulator"]

# A plugin, not a fixture import: its hooks give the run one directory its xdist workers share,
# where the first test that needs the Firebase Auth emulator starts the one they all use.
pytest_plugins = ["tests.support.firebase_auth_emulator"]

# Every property test runs on a 2-core CI machine shared by four xdist workers, emulators and
# browsers: how long one example takes is not what any of them tests (hypothesis's 200 ms
# deadline failed a correct test under load), so no example has a deadline.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture
def sms_server() -> Iterator[SmsGatewayServer]:
    server = SmsGatewayServer().start()
    yield server
    server.stop()


BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread until its session fixture ends, and pytest-asyncio cannot start a loop beside it.
    Every test under ``tests/browser`` is one, marked or not."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS) and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
