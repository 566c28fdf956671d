"""The log lines off a terminal: one JSON object per line, the same keys whether a line comes from
structlog or the standard library, and nothing for a call below the level."""

from __future__ import annotations

import json
import subprocess
import sys

SCRIPT = """
import logging, structlog
from app.logging import configure_logging
configure_logging()
structlog.get_logger("app.access").info("request", method="GET", path="/api/health", status=200)
logging.getLogger("agency.outbox").info("sms delivered", extra={"sms_id": "VA1-0", "attempt": 1})
structlog.get_logger("app.access").debug("hidden", value=1)
logging.getLogger("agency.outbox").debug("hidden too")
try:
    1 / 0
except ZeroDivisionError:
    logging.getLogger("agency.outbox").exception("round failed")
"""


def test_lines_are_json_with_the_same_keys_and_nothing_below_the_level() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, timeout=60)
    access, delivered, failed = (json.loads(line) for line in done.stderr.splitlines())
    assert access.pop("timestamp").endswith("Z")
    assert access == {
        "method": "GET",
        "path": "/api/health",
        "status": 200,
        "event": "request",
        "level": "info",
        "logger": "app.access",
    }
    assert delivered.pop("timestamp").endswith("Z")
    assert delivered == {
        "event": "sms delivered",
        "level": "info",
        "logger": "agency.outbox",
        "sms_id": "VA1-0",
        "attempt": 1,
    }
    assert (failed["event"], failed["level"]) == ("round failed", "error")
    assert "ZeroDivisionError: division by zero" in failed["exception"]
