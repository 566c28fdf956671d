"""The README's commands and the scripts page's example work as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.support.sms_gateway import SmsGatewayServer

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SCRIPTS_PAGE = ROOT / "docs" / "scripts.md"


def test_the_python_status_sms_example_runs_as_written(sms_server: SmsGatewayServer) -> None:
    text = SCRIPTS_PAGE.read_text(encoding="utf-8")
    (example,) = [e for e in re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL) if "send_status_sms" in e]
    assert len(example.strip().splitlines()) <= 6
    example = example.replace("https://sms.example.com/api", sms_server.base_url)
    done = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "Application status SMS sent successfully" in done.stdout
    (request,) = sms_server.requests
    assert request.body["sender"] == "VANDY"
    assert request.phone == "+233241234567"
    assert request.message.startswith("Congratulations Ama Owusu!")


def test_the_readme_s_commands_are_make_targets() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    assert "make run" in readme
    assert "make test-fast" in readme
    assert re.search(r"^run:", makefile, flags=re.MULTILINE)
    assert re.search(r"^test:", makefile, flags=re.MULTILINE)
    assert re.search(r"^test-fast:", makefile, flags=re.MULTILINE)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
