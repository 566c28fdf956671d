"""``client/src/generated/api.ts`` is what ``make api-types`` writes from today's OpenAPI document.

The document is built in this process (as ``python -m app.openapi_document`` does) and turned into
TypeScript with the client's own openapi-typescript, offline; the result must equal the committed file.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

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


def _untyped(name: str, operation: dict[str, Any]) -> list[str]:
    """What of ``operation`` has no named schema: its request body (when it takes one), each 2xx answer."""
    untyped = []
    for media_type, media in operation.get("requestBody", {}).get("content", {}).items():
        if not _typed(media_type, media.get("schema")):
            untyped.append(f"{name} request {media_type}")
    answers = {s: a for s, a in operation["responses"].items() if s.startswith("2")}
    redirects = [s for s in operation["responses"] if s.startswith("3")]
    if not answers and not redirects:
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
    return untyped


def test_every_api_operation_has_a_typed_body_and_answer() -> None:
    """Each operation, public and admin: a component schema for its request body (when it takes one)
    and for each 2xx answer with content (files: strings of their own media type; a redirect has none)."""
    paths = json.loads(render())["paths"]
    operations = [(f"{m.upper()} {path}", op) for path, item in paths.items() for m, op in item.items()]
    untyped = [problem for name, operation in operations for problem in _untyped(name, operation)]
    assert len([name for name, _ in operations if " /api/admin" in name]) >= 29
    assert len(operations) >= 80
    assert untyped == []


def test_the_walk_finds_an_untyped_body_and_answer() -> None:
    """The check above fails on what it is meant to catch: a free-form object in and out."""
    free = {"schema": {"type": "object", "additionalProperties": {}}}
    operation = {
        "requestBody": {"content": {"application/json": free}},
        "responses": {"200": {"content": {"application/json": free}}},
    }
    assert _untyped("POST /x", operation) == ["POST /x request application/json", "POST /x 200 application/json"]
    assert _untyped("GET /y", {"responses": {"404": {}}}) == ["GET /y: no 2xx answer"]
