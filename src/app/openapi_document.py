"""The app's OpenAPI document as ``/schema/openapi.json`` serves it, written to a file.

``python -m app.openapi_document OUT.json`` builds the app in demo mode (every route, the
demo-credentials one too) on a throwaway data directory and writes the conformed document;
``make api-types`` then turns it into ``client/src/generated/api.ts`` with openapi-typescript.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.main import create_app
from app.settings import Settings


def openapi_document() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="agency-openapi-") as scratch:
        root = Path(scratch)
        app = create_app(Settings(data_dir=root / "data", client_dist=root / "dist", demo=True))
        return app.openapi_schema.to_schema()


def render() -> str:
    """The document as JSON text: keys sorted, so that it changes only when the API does."""
    return json.dumps(openapi_document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m app.openapi_document OUT.json", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
