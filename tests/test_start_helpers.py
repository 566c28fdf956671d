"""The tests' start helpers say what they waited for: an app process that exits fails at once with
its exit code, the health URL and its last output lines; one that does not answer in time fails
naming the URL and the time waited (``tests/support/app_process.py``); the app started with
``AGENCY_NOW`` reads that instant as "now" (the subprocess side of ``tests/support/clock.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from tests.support.app_process import START_WITHIN_S, AppProcess


def test_an_app_that_exits_fails_at_once_naming_the_url_and_its_last_lines(tmp_path: Path) -> None:
    app = AppProcess({"AGENCY_DATA_DIR": str(tmp_path), "AGENCY_ENV": "staging"})
    with pytest.raises(RuntimeError) as failed:
        app.start()
    message = str(failed.value)
    waited = re.search(r"exited with (\d+) after ([\d.]+) s, before (\S+) answered; its last lines", message)
    assert waited is not None, message
    assert waited[1] != "0"
    assert float(waited[2]) < START_WITHIN_S
    assert waited[3] == f"{app.base_url}/api/health"
    assert "AGENCY_ENV must be development or production, not 'staging'" in message


def test_an_app_that_does_not_answer_in_time_names_the_url_and_the_wait(tmp_path: Path) -> None:
    app = AppProcess({"AGENCY_DATA_DIR": str(tmp_path)})
    with pytest.raises(RuntimeError) as failed:
        app.start(timeout_s=0.2)
    assert app.process is not None
    assert str(failed.value).startswith(
        f"the app (pid {app.process.pid}) did not answer {app.base_url}/api/health within 0 s ("
    )
    assert "load average" in str(failed.value)
    assert app.process.poll() is not None  # killed, not left running


def test_an_app_process_runs_on_the_clock_agency_now_sets(tmp_path: Path) -> None:
    app = AppProcess({"AGENCY_DATA_DIR": str(tmp_path), "AGENCY_NOW": "2024-02-29T12:00:00Z"}).start()
    try:
        window = httpx.get(f"{app.base_url}/api/appointment-slots/window", timeout=30)
    finally:
        app.stop()
    assert window.status_code == 200, window.text
    assert window.json()["first"] == "2024-02-29"  # the booking window opens on the app's today, not the machine's
