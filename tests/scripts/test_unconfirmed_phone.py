"""Scripts refuse to text an old stored phone that may be another agency country's, naming the
application, until staff confirm its country; then the text goes to the confirmed number."""

from __future__ import annotations

import pytest

from agency_core.messaging.phones import UnconfirmedPhone
from agency_core.records import ApplicationStatus
from agency_scripts import AmbiguousPhone, AsyncStatusClient
from tests.scripts.records import DataDir, env_for
from tests.support.sms_gateway import SmsGatewayServer


async def test_an_old_ambiguous_number_is_refused_by_the_script_until_confirmed(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233501234567", firstName="Layla", lastName="Haddad")
    env = env_for(data.path, sms_server.base_url)
    async with AsyncStatusClient.from_env(env) as client:
        with pytest.raises(UnconfirmedPhone) as refused:
            await client.change_status("VA1", "processing", region="AE")
    assert isinstance(refused.value, AmbiguousPhone)  # what scripts already catch
    assert str(refused.value).startswith("Application VA1: its phone +233501234567 was stored without its country")
    assert sms_server.requests == []
    assert await data.status("VA1") is ApplicationStatus.RECEIVED

    stored = await data.store.applications.get("VA1")
    assert stored is not None
    async with data.store.unit_of_work() as uow:
        await uow.applications.confirm_phone(stored, "+971501234567", "AE")
    async with AsyncStatusClient.from_env(env) as client:
        report = await client.change_status("VA1", "processing")
    assert report.changed
    (request,) = sms_server.requests
    assert request.phone == "+971501234567"
