"""The admin area's shell for an admin route: ``index.html`` naming the route's modules (the admin
chunk, the page's chunk, their imports and stylesheets) in ``<meta name="page-modules">``, so the
starter requests them with the entry instead of the entry asking for them once it has run (issue 43).

``client/scripts/admin-pages.mjs`` writes one shell per page route of ``AdminApp.tsx`` under
``_pages/admin/`` and ``routes.json`` (route pattern relative to ``/admin`` -> file). The served HTML
is that of ``index.html`` with one more tag: no session or data in it, the same for every visitor.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

ADMIN_SHELLS = Path("_pages") / "admin"
ROUTES_FILE = "routes.json"

Pattern = tuple[str, ...]


@lru_cache(maxsize=4)
def _routes(routes_file: Path, mtime_ns: int) -> tuple[tuple[Pattern, str], ...]:
    """The patterns as segments, those with fewer parameters first (``applications/message`` before
    ``applications/:applicationId``, as the client's router ranks them)."""
    del mtime_ns  # part of the key: a rebuilt client is read again
    listed: dict[str, str] = json.loads(routes_file.read_text(encoding="utf-8"))
    patterns = [(tuple(part for part in pattern.split("/") if part), file) for pattern, file in listed.items()]
    return tuple(sorted(patterns, key=lambda item: sum(part.startswith(":") for part in item[0])))


def _matches(pattern: Pattern, segments: Pattern) -> bool:
    return len(pattern) == len(segments) and all(
        part.startswith(":") or part == segment for part, segment in zip(pattern, segments, strict=True)
    )


def admin_shell(dist: Path, relative: str) -> Path | None:
    """The shell of the admin route at ``relative`` (a path under ``dist`` such as
    ``admin/applications/AP12``), or None: not an admin page route, or a build without shells (the
    caller then serves ``index.html``, which works the same, a round trip or two slower)."""
    segments = tuple(part for part in relative.split("/") if part)
    if not segments or segments[0] != "admin":
        return None
    routes_file = dist / ADMIN_SHELLS / ROUTES_FILE
    try:
        mtime_ns = routes_file.stat().st_mtime_ns
    except FileNotFoundError:
        return None
    for pattern, file in _routes(routes_file, mtime_ns):
        if _matches(pattern, segments[1:]):
            shell = dist / ADMIN_SHELLS / file
            return shell if shell.is_file() else None
    return None
