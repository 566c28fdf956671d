from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.firebase_auth_emulator import firebase_auth_emulator
from tests.support.firestore_emulator import firestore_emulator
from tests.support.sms_gateway import SmsGatewayServer

__all__ = ["firebase_auth_emulator", "firestore_emulator"]


@pytest.fixture
def sms_server() -> Iterator[SmsGatewayServer]:
    server = SmsGatewayServer().start()
    yield server
    server.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread until its session fixture ends, and pytest-asyncio cannot start a loop beside it."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
