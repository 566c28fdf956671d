from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.sms_gateway import SmsGatewayServer


@pytest.fixture
def sms_server() -> Iterator[SmsGatewayServer]:
    server = SmsGatewayServer().start()
    yield server
    server.stop()
