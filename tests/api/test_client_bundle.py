"""What the built client (``make build``) ships to every phone in its entry script."""

from __future__ import annotations

import json
from pathlib import Path

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"


def test_the_entry_has_react_routers_production_build_without_its_development_warnings() -> None:
    # react-router exports only its development build; client/vite.config.ts aliases the production one.
    entry = json.loads((DIST / ".vite" / "manifest.json").read_text())["index.html"]["file"]
    code = (DIST / entry).read_text()
    assert "You rendered descendant <Routes>" not in code
    assert "No routes matched location" not in code
