"""The core reads a record's form by attribute: no ``x.data["email"]`` or ``x.data.get("email")``, no
cleaned ``values["email"]`` (a new one fails here; the typed forms are in ``agency_core/spec/forms.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import agency_core

CORE = Path(agency_core.__file__).parent


def _holder(node: ast.expr) -> str | None:
    """``data`` of ``record.data``, ``values`` of a form's cleaned ``values`` (raw request maps, named
    ``data`` alone, are what validation reads by name)."""
    if isinstance(node, ast.Attribute) and node.attr in ("data", "values"):
        return node.attr
    return "values" if isinstance(node, ast.Name) and node.id == "values" else None


def _lookups(tree: ast.AST) -> list[int]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            named = isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)
            if named and _holder(node.value) is not None:
                found.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            named = bool(node.args) and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
            holder = node.func.value
            if named and _holder(holder) is not None:
                found.append(node.lineno)
    return found


def test_no_record_field_is_read_by_name_in_the_core() -> None:
    offenders = {
        str(path.relative_to(CORE)): lines
        for path in sorted(CORE.rglob("*.py"))
        if (lines := _lookups(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}


def test_the_check_finds_a_lookup_by_name() -> None:
    source = 'a = record.data["email"]\nb = application.data.get("phone")\nc = values["jobId"]\nd = cleaned.values["x"]'
    assert _lookups(ast.parse(source)) == [1, 2, 3, 4]
    assert _lookups(ast.parse('raw = data.get("subject")')) == []  # a request's raw map, for validation
    assert _lookups(ast.parse("a = record.data.email\nb = errors['x'] if 'x' in errors else None")) == []
