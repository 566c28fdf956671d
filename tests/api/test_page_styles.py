"""Each public page's HTML carries, in its head, every stylesheet rule its first paint needs.

The styles live next to their feature (``client/src/features/<name>/components/*.css``) and come
with the feature's lazy chunk; the pre-render (``client/scripts/prerender.mjs``,
``page-styles.mjs``) inlines a route's own stylesheets after the entry's. Checked over plain HTTP
on the built client (``make build``), as the browser gets it before any script runs: every class
in the served ``#root`` that some public stylesheet styles is styled by a stylesheet inline in that
page's head, so nothing is painted unstyled and then moved; no admin stylesheet is on a public page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.app_process import running_app

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "client" / "dist"
ROUTES = json.loads((REPO / "client" / "src" / "app" / "public-routes.json").read_text())
# Every public page the app serves pre-rendered: static routes, record pages with demo records,
# a filtered board, and the not-found answers of the record pages (404 with the page's own text).
PAGES = [route["path"] for route in ROUTES["static"]] + [r["path"] for r in ROUTES["records"] if ":" not in r["path"]]
PAGES += [
    "/blog/1",
    "/blog/category/career-advice",
    "/blog/tag/Interview",
    "/jobs?country=Qatar",
    "/blog/no-such-post",
    "/jobs/NO-SUCH-JOB",
]
STYLE = re.compile(r'<style (data-inlined|data-page-style)="(/assets/[^"]+\.css)">([^<]*)</style>')


def selector_classes(css: str) -> set[str]:
    """The class names in a stylesheet's selectors (not in its declarations: `url(x.svg)`)."""
    preludes = re.findall(r"(?:^|[{};])\s*([^{};@][^{};]*)\{", css)
    return {name for prelude in preludes for name in re.findall(r"\.(-?[A-Za-z_][\w-]*)", prelude)}


def closure(manifest: dict[str, dict[str, list[str]]], key: str, seen: set[str] | None = None) -> set[str]:
    """The CSS files of a chunk and of everything it imports, statically or dynamically."""
    seen = set() if seen is None else seen
    if key in seen or key not in manifest:
        return set()
    seen.add(key)
    chunk = manifest[key]
    files = set(chunk.get("css", []))
    for imported in chunk.get("imports", []) + chunk.get("dynamicImports", []):
        files |= closure(manifest, imported, seen)
    return files


@pytest.fixture(scope="module")
def stylesheets() -> tuple[set[str], set[str]]:
    """(public CSS files, admin-only CSS files) of the build, as ``/assets/...`` paths."""
    manifest = json.loads((DIST / ".vite" / "manifest.json").read_text())
    admin_key = "src/features/admin-shell/AdminApp.tsx"
    public: set[str] = set()
    for key, chunk in manifest.items():
        entry = chunk.get("isEntry") or chunk.get("isDynamicEntry")
        if entry and key != admin_key and "features/admin-" not in key:
            public |= closure(manifest, key, {admin_key})
    admin = closure(manifest, admin_key) - public
    assert admin, "the admin area has its own stylesheet"
    return {"/" + f for f in public}, {"/" + f for f in admin}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    with running_app("agency-page-styles-") as app:
        yield app.base_url


def test_selector_classes_reads_selectors_only() -> None:
    css = ".a,.b:hover{background:url(x.svg)}@media (max-width:480px){.c .d{width:.5rem}}.e::after{content:'.f'}"
    assert selector_classes(css) == {"a", "b", "c", "d", "e"}


@pytest.mark.parametrize("path", PAGES)
def test_first_paint_styles_are_inline_in_the_head(
    base_url: str, stylesheets: tuple[set[str], set[str]], path: str
) -> None:
    public, admin = stylesheets
    response = httpx.get(base_url + path, timeout=20)
    assert response.status_code in (200, 404), path
    markup = response.text
    head, body = markup.split("</head>", 1)
    inline = STYLE.findall(head)
    assert not STYLE.findall(body)
    # No render-blocking stylesheet: each inline one has a disabled twin, not fetched, which keeps
    # Vite's preloader from appending the file again after the page's own (a late cascade change).
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"( disabled)?>', head)
    assert links == [(href, " disabled") for _, href, _ in STYLE.findall(head)]
    assert markup.count('<link rel="stylesheet"') == len(links)
    kinds = [kind for kind, _, _ in inline]
    # The entry's first, then the page's own, so a page's rules win over the shared ones as before.
    assert kinds[0] == "data-inlined"
    assert kinds.count("data-inlined") == 1
    hrefs = [href for _, href, _ in inline]
    assert len(hrefs) == len(set(hrefs))
    assert set(hrefs) <= public, "only public stylesheets are inlined"
    assert not set(hrefs) & admin
    assert not any(".admin" in css for _, _, css in inline), "no admin rule on a public page"
    for _, href, css in inline:
        assert css.strip() == (DIST / href.lstrip("/")).read_text().strip(), href
    styled_somewhere = set().union(*(selector_classes((DIST / f.lstrip("/")).read_text()) for f in public))
    styled_here = set().union(*(selector_classes(css) for _, _, css in inline))
    root = body[body.index('<div id="root">') :]
    used = {name for value in re.findall(r'class="([^"]*)"', root) for name in value.split()}
    assert used, path
    missing = (used & styled_somewhere) - styled_here
    assert not missing, f"{path}: classes styled in a stylesheet not inline in its head: {sorted(missing)}"


def test_a_page_carries_its_own_styles_and_not_the_others(base_url: str) -> None:
    about = httpx.get(base_url + "/about", timeout=20).text
    home = httpx.get(base_url + "/", timeout=20).text
    # About's timeline is inline on /about only; the home hero on / only.
    assert ".timeline" in about
    assert ".timeline" not in home
    assert ".hero__overlay" in home
    assert ".hero__overlay" not in about
