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
