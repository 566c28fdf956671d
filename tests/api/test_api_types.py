"""``client/src/generated/api.ts`` is what ``make api-types`` writes from today's OpenAPI document.

The document is built in this process (as ``python -m app.openapi_document`` does) and turned into
TypeScript with the client's own openapi-typescript, offline; the result must equal the committed file.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from app.openapi_document import render

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "client" / "src" / "generated" / "api.ts"
OPENAPI_TYPESCRIPT = ROOT / "client" / "node_modules" / ".bin" / "openapi-typescript"


def test_the_committed_api_types_match_the_openapi_document(tmp_path: Path) -> None:
    document = tmp_path / "openapi.json"
    document.write_text(render(), encoding="utf-8")
    generated = tmp_path / "api.ts"
    subprocess.run(
        [str(OPENAPI_TYPESCRIPT), str(document), "-o", str(generated)],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert generated.read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8"), (
        "client/src/generated/api.ts is stale: run `make api-types`"
    )


FILE_TYPES = frozenset({"text/csv", "application/zip", "application/pdf", "image/jpeg", "image/png", "image/webp"})


def _typed(media_type: str, schema: dict[str, object] | None) -> bool:
    if media_type in FILE_TYPES:
        return schema is not None and schema.get("type") == "string"
    return schema is not None and "$ref" in schema


def test_every_admin_operation_has_a_typed_body_and_answer() -> None:
    """Each admin operation: a component schema for its request body (when it takes one) and for
    each 2xx answer with content; files are strings of their own media type."""
    paths = json.loads(render())["paths"]
    operations, untyped = 0, []
    for path, item in paths.items():
        if not path.startswith("/api/admin"):
            continue
        for method, operation in item.items():
            operations += 1
            name = f"{method.upper()} {path}"
            for media_type, media in operation.get("requestBody", {}).get("content", {}).items():
                if not _typed(media_type, media.get("schema")):
                    untyped.append(f"{name} request {media_type}")
            answers = {s: a for s, a in operation["responses"].items() if s.startswith("2")}
            if not answers:
                untyped.append(f"{name}: no 2xx answer")
            for status, answer in answers.items():
                if status == "204":
                    continue
                content = answer.get("content", {})
                if not content:
                    untyped.append(f"{name} {status}: no content")
                for media_type, media in content.items():
                    if not _typed(media_type, media.get("schema")):
                        untyped.append(f"{name} {status} {media_type}")
    assert operations >= 29
    assert untyped == []
