"""The core's layers contract holds, and breaks when a module adds a cycle.

Each case copies ``src/agency_core`` to a temporary directory, adds one module that imports
upwards, and runs ``lint-imports`` there with the core's own contracts from pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = "The core's sub-packages are layered"
RECORDS = "The records the unit of work and the ports name never import them back"


def _config(into: Path) -> Path:
    """The core's two layering contracts of pyproject.toml, alone, as an import-linter config."""
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contracts = [c for c in linter["contracts"] if c["name"] in (LAYERS, RECORDS)]
    assert [c["name"] for c in contracts] == [LAYERS, RECORDS]
    lines = ["[importlinter]", "root_package = agency_core", ""]
    for number, contract in enumerate(contracts):
        lines.append(f"[importlinter:contract:{number}]")
        for key, value in contract.items():
            if isinstance(value, bool):
                lines.append(f"{key} = {str(value).lower()}")
            elif isinstance(value, list):
                lines.append(f"{key} =")
                lines.extend(f"    {item}" for item in value)
            else:
                lines.append(f"{key} = {value}")
        lines.append("")
    path = into / "layers.ini"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _lint(tmp_path: Path, added: dict[str, str]) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "agency_core", src / "agency_core", ignore=shutil.ignore_patterns("__pycache__"))
    for name, text in added.items():
        module = src / name
        before = module.read_text(encoding="utf-8") if module.exists() else ""
        module.write_text(before + text, encoding="utf-8")
    lint = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        [str(lint), "--config", str(_config(tmp_path)), "--no-cache"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )


def test_the_core_as_it_is_keeps_its_layers(tmp_path: Path) -> None:
    done = _lint(tmp_path, {})
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{LAYERS} KEPT" in done.stdout
    assert f"{RECORDS} KEPT" in done.stdout


def test_a_new_module_of_the_core_must_be_placed_in_a_layer(tmp_path: Path) -> None:
    done = _lint(tmp_path, {"agency_core/shared.py": "from agency_core.clock import utc_now\n"})
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LAYERS} BROKEN" in done.stdout
    assert "agency_core.shared" in done.stdout


@pytest.mark.parametrize(
    ("path", "text", "contract", "named"),
    [
        # staff already imports payments (an application's payment): payments importing staff is a cycle.
        (
            "agency_core/payments/probe.py",
            "from agency_core.staff.records import ApplicationRecord\n",
            LAYERS,
            "agency_core.payments.probe -> agency_core.staff.records",
        ),
        # A cycle through a shared module: the clock is below every package (messaging reads it).
        (
            "agency_core/clock.py",
            "from agency_core.messaging.email import Email\n",
            LAYERS,
            "agency_core.clock -> agency_core.messaging.email",
        ),
        # jobs and payments are independent: neither may import the other.
        (
            "agency_core/jobs/probe.py",
            "from agency_core.payments.model import Payment\n",
            LAYERS,
            "agency_core.jobs.probe -> agency_core.payments.model",
        ),
    ],
)
def test_a_module_that_adds_a_cycle_breaks_the_layers(
    tmp_path: Path, path: str, text: str, contract: str, named: str
) -> None:
    done = _lint(tmp_path, {path: text})
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{contract} BROKEN" in done.stdout
    assert named in done.stdout


def test_a_record_the_unit_of_work_names_may_not_import_it_back(tmp_path: Path) -> None:
    """The unit of work's imports of records are the layers' one exception; a record that imported
    a use case (which imports the unit of work) would close a cycle through it, so the second
    contract refuses it."""
    done = _lint(
        tmp_path, {"agency_core/staff/notes.py": "from agency_core.staff.applications import ApplicationsAdmin\n"}
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{RECORDS} BROKEN" in done.stdout
    assert "agency_core.staff.notes -> agency_core.staff.applications" in done.stdout
