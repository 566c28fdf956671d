"""The library logs through a ``NullHandler``: a script that configures no logging sees none of it
(Python's last-resort handler would print warnings to stderr), and one that does sees it all."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap

from tests.scripts.records import DataDir, env_for
from tests.support.sms_gateway import SmsGatewayServer

SCRIPT = textwrap.dedent(
    """
    import asyncio, logging, sys
    from agency_core import ApplicationStatus, send_status_sms
    from adapters.sms_http import HttpSmsGateway
    from agency_scripts import StatusClient

    if sys.argv[2] == "configured":
        logging.basicConfig(level=logging.WARNING)
    gateway = HttpSmsGateway(sys.argv[1], api_key="k", sender="VANDY")
    print(asyncio.run(send_status_sms(gateway, "+233241234567", "Ama", ApplicationStatus.APPROVED)).state)
    with StatusClient.from_env() as client:
        print(client.change_status("VA1", "processing").outcome.state)
    """
)


def run_script(base_url: str, logging_mode: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, base_url, logging_mode], capture_output=True, text=True, env=env, timeout=60
    )


async def test_an_unconfigured_script_sees_no_library_log_and_a_configured_one_does(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    sms_server.behaviour.status = 503
    env = {"PATH": "/usr/bin:/bin", **env_for(data.path, sms_server.base_url)}
    quiet = await asyncio.to_thread(run_script, sms_server.base_url, "unconfigured", env)
    loud = await asyncio.to_thread(run_script, sms_server.base_url, "configured", env)
    assert quiet.stdout.split() == ["refused", "refused"]
    assert quiet.stderr == ""
    assert loud.stdout.split() == ["refused", "refused"]
    assert "WARNING:agency_core.messaging.notifications:Failed to send SMS to +2332******67" in loud.stderr
