"""The install a script author makes, as docs/scripts.md tells it: a fresh virtual environment, the
project without the server, then the page's nightly job against the local gateway."""

from __future__ import annotations

import asyncio
import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agency_core.records import ApplicationStatus
from tests.scripts.records import DataDir, env_for
from tests.support.sms_gateway import SmsGatewayServer

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS_PAGE = ROOT / "docs" / "scripts.md"
SERVER_ONLY = re.compile(
    r"^(litestar|uvicorn|msgspec|structlog|google-.*|grpcio.*|pyrebase4|oauth2client|faker|argon2-cffi)$"
)

pytestmark = pytest.mark.slow


def page_block(language: str, marker: str) -> str:
    section = SCRIPTS_PAGE.read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(rf"```{language}\n(.*?)```", section, flags=re.DOTALL) if marker in b]
    return str(block)


def run(
    *args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AGENCY_", "PYTHON", "VIRTUAL_ENV"))}
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, env=clean | (env or {}), cwd=cwd, timeout=900
    )


@pytest.fixture(scope="module")
def slim_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One fresh environment for the module (pip from PyPI takes a while): the page's install."""
    base = tmp_path_factory.mktemp("slim")
    checkout = base / "checkout"  # a copy, so the build writes nothing into the worktree
    checkout.mkdir()
    shutil.copy(ROOT / "pyproject.toml", checkout)
    shutil.copytree(ROOT / "src", checkout / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    venv = base / "agency-scripts"
    made = run(sys.executable, "-m", "venv", venv)
    assert made.returncode == 0, made.stderr
    command = page_block("sh", "pip install").strip()
    assert command == "python3 -m venv ~/agency-scripts && ~/agency-scripts/bin/pip install /path/to/this/checkout"
    installed = run(venv / "bin" / "pip", "install", "-q", "--disable-pip-version-check", checkout)
    assert installed.returncode == 0, installed.stderr
    return venv


def test_the_slim_install_has_no_server_package(slim_venv: Path) -> None:
    listed = run(slim_venv / "bin" / "pip", "list", "--format=json", "--disable-pip-version-check")
    names = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert {"vandy-agency", "httpx", "phonenumbers"} <= names
    assert sorted(n for n in names if SERVER_ONLY.match(n)) == []
    print(f"slim install: {len(names)} packages: {', '.join(sorted(names))}")


async def test_the_readmes_nightly_job_runs_on_the_slim_install(
    slim_venv: Path, data: DataDir, sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    await data.add("VA1", "+233241234567", firstName="Ama", lastName="Owusu")
    await data.add("VA2", "050 123 4567", firstName="Layla")
    script = tmp_path / "nightly.py"
    script.write_text(page_block("python", "StatusClient"), encoding="utf-8")
    sheet = tmp_path / "nightly.csv"
    with sheet.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerows(
            [["application_id", "status", "region"], ["VA1", "processing", ""], ["VA2", "processing", "AE"]]
        )
    env = env_for(data.path, sms_server.base_url)
    python = slim_venv / "bin" / "python"
    first = await asyncio.to_thread(run, python, script, sheet, env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [
        "VA1 processing sent Application status SMS sent successfully",
        "VA2 processing sent Application status SMS sent successfully",
    ]
    again = await asyncio.to_thread(run, python, script, sheet, env=env, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert sorted(r.phone for r in sms_server.delivered()) == ["+233241234567", "+971501234567"]
    assert [await data.status(i) for i in ("VA1", "VA2")] == [ApplicationStatus.PROCESSING] * 2
    cli = await asyncio.to_thread(run, slim_venv / "bin" / "agency", "status", "VA1", "approved", "--dry-run", env=env)
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["sms"] == "dry_run"
