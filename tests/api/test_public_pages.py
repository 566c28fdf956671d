"""Public pages over plain HTTP, as a crawler or a link preview sees them: no browser, no JavaScript.

Runs the real app on the built client (``make build``), with the demo data (two seeded posts).
"""

from __future__ import annotations

import html
import itertools
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
# Static routes and record pages at a fixed path (/blog): every public page without a parameter.
STATIC = [route["path"] for route in ROUTES["static"]] + [r["path"] for r in ROUTES["records"] if ":" not in r["path"]]

# Each public route: its h1 and a key text of the spec, in the HTML itself.
KEY_TEXTS = {
    "/": ("Your Gateway to", "Get Matching Jobs in Your Inbox"),
    "/about": ("Connecting Ghanaian Talent with the World", "Our Mission"),
    "/services": (None, "Overseas"),
    "/study-abroad": (None, "Study"),
    "/country-packages": (None, "Saudi Arabia"),
    "/blog": (None, "Career Insights and Travel Guides"),
    "/jobs": ("Jobs Abroad", "open job"),
    "/contact": (None, "Send"),
    "/book-appointment": (None, "Appointment"),
    "/apply": (None, "First Name"),
    "/track": (None, "Application ID"),
    "/privacy": (None, "Data Protection Commission"),
    "/terms": (None, "Terms"),
}
LICENCE, REGISTRATION = "LD/PRA/0423", "DPC-2026-117"
HEADER_FOOTER = ("Skip to main content", "Quick Links", "Our Services")


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    facts = {
        "AGENCY_LABOUR_LICENCE": LICENCE,
        "AGENCY_DPC_REGISTRATION": REGISTRATION,
        "AGENCY_LEGAL_NAME": "Vandy & Co",
    }
    with running_app("agency-pages-", env=facts) as app:
        yield app.base_url


def get(base_url: str, path: str, **headers: str) -> httpx.Response:
    return httpx.get(base_url + path, headers=headers, timeout=20)


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def meta(markup: str, attr: str, name: str) -> str | None:
    found = re.search(rf'<meta {attr}="{re.escape(name)}" content="([^"]*)"', markup)
    return html.unescape(found.group(1)) if found else None


WHATSAPP_BOX = "Send me updates on WhatsApp from Vandy Travel and Recruitment Services"


@pytest.mark.parametrize("path", ["/apply", "/book-appointment", "/contact"])
def test_the_forms_offer_the_whatsapp_box_unticked_in_the_html(base_url: str, path: str) -> None:
    """Issue 48: the opt-in names the agency and is there without JavaScript, never ticked for the applicant."""
    markup = get(base_url, path).text
    box = re.search(r'<input[^>]*name="whatsappOptIn"[^>]*>', markup)
    assert box is not None, path
    assert 'type="checkbox"' in box.group(0)
    assert "checked" not in box.group(0)
    assert WHATSAPP_BOX in text_of(markup)


@pytest.mark.parametrize("path", STATIC)
def test_every_public_route_has_its_content_and_head_in_the_html(base_url: str, path: str) -> None:
    response = get(base_url, path)
    assert response.status_code == 200
    markup = response.text
    root = markup[markup.index('<div id="root">') :]
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", root, re.DOTALL)
    assert h1 is not None, f"no h1 in the HTML of {path}"
    expected_h1, key = KEY_TEXTS[path]
    if expected_h1:
        assert expected_h1 in text_of(h1.group(1))
    body = text_of(root)
    assert key in body
    for text in HEADER_FOOTER:
        assert text in body
    title = re.search(r"<title>(.*?)</title>", markup)
    assert title is not None
    assert "Vandy Travel and Recruitment Services" in html.unescape(title.group(1))
    assert markup.count("<title>") == 1
    description = meta(markup, "name", "description")
    assert description
    assert len(description) > 20
    assert f'<link rel="canonical" href="{base_url}{path}" />' in markup
    assert meta(markup, "property", "og:title") == html.unescape(title.group(1))
    assert meta(markup, "property", "og:description") == description
    assert (meta(markup, "property", "og:image") or "").startswith(base_url + "/")
    assert meta(markup, "name", "twitter:card") == "summary_large_image"
    # CSP (script-src 'self'): no inline executable script, no inline handler.
    for script in re.findall(r"<script\b([^>]*)>", markup):
        assert "src=" in script or 'type="application/ld+json"' in script or 'type="application/json"' in script
    assert not re.search(r"\son[a-z]+=", markup)


@pytest.mark.parametrize("path", ["/", "/blog/1", "/privacy"])
def test_the_site_facts_from_settings_are_in_the_html(base_url: str, path: str) -> None:
    markup = get(base_url, path).text
    assert "__SITE_" not in markup
    body = text_of(markup[markup.index('<div id="root">') :])
    assert f"Labour Department licence: {LICENCE}" in body
    assert REGISTRATION in body
    block = re.search(r'<script type="application/json" id="site-data">(.*?)</script>', markup)
    assert block is not None
    facts = json.loads(block.group(1))
    assert (facts["labourLicence"], facts["legalName"]) == (LICENCE, "Vandy & Co")
    if path == "/privacy":
        assert "Vandy &amp; Co" in markup
        assert "365 days" in body


def test_a_seeded_post_has_its_content_head_and_json_ld(base_url: str) -> None:
    post = httpx.get(f"{base_url}/api/blog-posts/1").json()
    response = get(base_url, "/blog/1")
    assert response.status_code == 200
    markup = response.text
    assert "__RECORD_" not in markup  # every token of the template filled, head preloads too
    # The post's image is its largest paint: preloaded first (issue 25).
    assert f'<link rel="preload" as="image" href="{post["image"]}" fetchPriority="high"/>' in markup
    body = text_of(markup[markup.index('<div id="root">') :])
    assert post["title"] in body
    assert post["author"] in body
    assert "10 November 2026" in body if post["date"] == "2026-11-10" else post["date"] in markup
    assert text_of(post["content"])[:80] in body
    assert f"<title>{html.escape(post['title'])} | Vandy Travel and Recruitment Services</title>" in markup
    assert meta(markup, "name", "description") == post["excerpt"]
    assert meta(markup, "property", "og:type") == "article"
    assert meta(markup, "property", "og:image") == base_url + post["image"]
    assert f'<link rel="canonical" href="{base_url}/blog/1" />' in markup
    ld = re.search(r'<script type="application/ld\+json">(.*?)</script>', markup)
    assert ld is not None
    data = json.loads(ld.group(1))
    assert data["@type"] == "BlogPosting"
    assert data["headline"] == post["title"]
    assert data["author"]["name"] == post["author"]
    assert data["datePublished"] == post["date"]
    block = re.search(r'<script type="application/json" id="route-data">(.*?)</script>', markup)
    assert block is not None
    assert json.loads(block.group(1))["record"]["id"] == "1"


def test_home_has_organisation_json_ld_and_other_pages_do_not(base_url: str) -> None:
    home = get(base_url, "/").text
    ld = re.search(r'<script type="application/ld\+json">(.*?)</script>', home)
    assert ld is not None
    assert json.loads(ld.group(1))["@type"] == "TravelAgency"
    assert "application/ld+json" not in get(base_url, "/contact").text


def test_an_unknown_post_is_a_404_with_the_not_found_text(base_url: str) -> None:
    response = get(base_url, "/blog/does-not-exist")
    assert response.status_code == 404
    body = text_of(response.text)
    assert "Blog Post Not Found" in body
    assert "The blog post you're looking for could not be found." in body
    assert meta(response.text, "name", "robots") == "noindex"


def test_robots_and_sitemap(base_url: str) -> None:
    robots = get(base_url, "/robots.txt")
    assert robots.status_code == 200
    assert f"Sitemap: {base_url}/sitemap.xml" in robots.text
    sitemap = get(base_url, "/sitemap.xml")
    assert sitemap.status_code == 200
    assert sitemap.headers["content-type"].startswith("application/xml")
    locs = re.findall(r"<url><loc>([^<]+)</loc><lastmod>(\d{4}-\d{2}-\d{2})</lastmod></url>", sitemap.text)
    urls = {loc for loc, _ in locs}
    assert {base_url + path for path in STATIC} <= urls
    posts = httpx.get(f"{base_url}/api/blog-posts").json()["items"]
    assert {f"{base_url}/blog/{p['id']}" for p in posts} <= urls


# -- compression --------------------------------------------------------------------------------

BUDGET_JS_BYTES = 80 * 1024
"""What `/` loads statically, JS as served brotli-encoded (issue 10: at most 80 KB on the wire)."""


def _entry_assets(markup: str) -> list[str]:
    # Not the disabled twins of the inline stylesheets (the page's own are small, some not compressed).
    markup = re.sub(r'<link rel="stylesheet"[^>]*\bdisabled>', "", markup)
    assets = re.findall(r'(?:src|href|data-entry)="(/assets/[^"]+\.(?:js|css))"', markup)
    # The entry's static imports, which client/scripts/start-after-paint.js preloads with it.
    for listed in re.findall(r'data-preload="([^"]*)"', markup):
        assets += listed.split()
    return assets


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_html_js_and_css_are_served_compressed_with_vary(base_url: str, encoding: str) -> None:
    home = get(base_url, "/", **{"Accept-Encoding": encoding})
    assert home.headers["content-encoding"] == encoding
    assert home.headers["vary"] == "Accept-Encoding"
    # The entry stylesheet is inline (no render-blocking request); its file is still served.
    inlined = re.findall(r'<style data-inlined="(/assets/[^"]+\.css)">[^<]*\S[^<]*</style>', home.text)
    assert len(inlined) == 1
    # Its disabled <link> twin is not fetched (it keeps Vite from adding the file again later).
    assert not re.search(r'<link rel="stylesheet"(?![^>]*\bdisabled\b)', home.text)
    assets = _entry_assets(home.text) + inlined
    assert any(a.endswith(".js") for a in assets)
    assert any(a.endswith(".css") for a in assets)
    for asset in assets:
        response = get(base_url, asset, **{"Accept-Encoding": encoding})
        assert response.status_code == 200
        assert response.headers["content-encoding"] == encoding, asset
        assert response.headers["vary"] == "Accept-Encoding"
    plain = get(base_url, assets[0], **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.headers["vary"] == "Accept-Encoding"


@pytest.mark.parametrize("path", ["/", "/apply", "/jobs", "/admin"])
def test_the_app_is_started_by_a_deferred_script_after_the_first_paint(base_url: str, path: str) -> None:
    markup = get(base_url, path).text
    head = markup[: markup.index("</head>")]
    # No module script or preload in the served head: client/scripts/start-after-paint.js requests
    # them once the page is painted, and is itself a classic `defer` script from /assets/.
    assert '<script type="module"' not in markup
    assert "modulepreload" not in markup
    starter = re.findall(
        r'<script defer src="(/assets/start-[\w-]+\.js)" data-entry="([^"]+)" data-preload="([^"]*)">', head
    )
    assert len(starter) == 1, head[-600:]
    script, entry, preloads = starter[0]
    for asset in [script, entry, *preloads.split()]:
        response = get(base_url, asset)
        assert response.status_code == 200, asset
        assert "javascript" in response.headers["content-type"], asset
    assert "createElement('script')" in get(base_url, script).text


@pytest.mark.parametrize("path", ["/", "/about", "/apply", "/blog", "/blog/1", "/jobs", "/track"])
def test_a_page_names_its_own_modules_for_the_start_script(base_url: str, path: str) -> None:
    """client/scripts/start-after-paint.js requests them with the entry (a lazy page chunk would
    otherwise wait for the entry to run and ask for it): served scripts, none of the entry's."""
    markup = get(base_url, path).text
    head = markup[: markup.index("</head>")]
    named = re.findall(r'<meta name="page-modules" content="([^"]*)">', head)
    assert len(named) == 1, head[-600:]
    modules = named[0].split()
    starter = re.search(r'data-entry="([^"]+)" data-preload="([^"]*)"', head)
    assert starter is not None
    assert modules
    assert len(set(modules)) == len(modules)
    assert not set(modules) & {starter.group(1), *starter.group(2).split()}
    for module in modules:
        response = get(base_url, module)
        assert response.status_code == 200, module
        assert "javascript" in response.headers["content-type"], module


def test_images_and_video_are_not_recompressed(base_url: str) -> None:
    response = get(base_url, "/images/hero-poster.webp", **{"Accept-Encoding": "br, gzip"})
    assert response.status_code == 200
    assert "content-encoding" not in response.headers


def test_what_home_loads_stays_within_the_budget_as_served(base_url: str) -> None:
    with httpx.Client(base_url=base_url, headers={"Accept-Encoding": "br"}, timeout=20) as client:
        home = client.get("/")
        js = 0
        for asset in dict.fromkeys(_entry_assets(home.text)):
            response = client.get(asset)
            wire = int(response.headers["content-length"])
            if asset.endswith(".js"):
                js += wire
    print(f"JS for / as served (br): {js / 1024:.1f} KiB")
    assert js <= BUDGET_JS_BYTES


def test_the_blog_list_has_the_published_posts_in_the_html(base_url: str) -> None:
    posts = httpx.get(f"{base_url}/api/blog-posts").json()["items"]
    markup = get(base_url, "/blog").text
    assert "__RECORD_" not in markup
    body = text_of(markup[markup.index('<div id="root">') :])
    for post in posts[:7]:
        assert post["title"] in body
        assert f'href="/blog/{post["id"]}"' in markup
    # Six cards after the featured post, all below a phone's first screen (laid out when near).
    assert re.findall(r'<article class="(card blog-card[^"]*)">', markup) == ["card blog-card later-on-phone"] * 6
    block = re.search(r'<script type="application/json" id="route-data">(.*?)</script>', markup)
    assert block is not None
    records = json.loads(block.group(1))["record"]
    assert [p["id"] for p in records] == [p["id"] for p in posts]
    # The list shows no post's content, so its data block carries none (it was most of its bytes).
    assert [p for p in records if "content" in p] == []


def test_homes_six_country_cards_link_to_the_country_packages(base_url: str) -> None:
    # Spec §2, Home: "six Gulf country cards (linking to /country-packages)".
    home = get(base_url, "/").text
    cards = re.findall(r'<a[^>]*class="country-card"[^>]*>(.*?)</a>', home, re.DOTALL)
    hrefs = re.findall(r'<a[^>]*href="([^"]*)"[^>]*class="country-card"', home) or re.findall(
        r'<a[^>]*class="country-card"[^>]*href="([^"]*)"', home
    )
    names = [text_of(re.search(r'class="country-card__name">(.*?)<', card).group(1)) for card in cards]  # type: ignore[union-attr]
    assert names == ["UAE", "Saudi Arabia", "Qatar", "Kuwait", "Bahrain", "Oman"]
    assert hrefs == ["/country-packages"] * 6


def test_the_promo_video_s_poster_is_a_lazy_image_not_the_video_s_attribute(base_url: str) -> None:
    # A video's poster attribute is fetched with the page's first requests (8.5 KB beside the hero's
    # image, for a player below the first screen of a phone); a lazy image is not.
    home = get(base_url, "/").text
    video = re.search(r"<video[^>]*promo__video[^>]*>", home)
    assert video is not None
    assert "poster=" not in video.group(0)
    poster = re.search(r'<img class="promo__poster"[^>]*>', home)
    assert poster is not None
    assert 'src="/images/promo-poster.webp"' in poster.group(0)
    assert 'loading="lazy"' in poster.group(0)
    assert 'alt=""' in poster.group(0)


def _heading_levels(markup: str) -> list[int]:
    return [int(level) for level in re.findall(r"<h([1-6])[\s>]", markup[markup.index('<div id="root">') :])]


def test_headings_go_down_one_level_at_a_time_on_every_public_page(base_url: str) -> None:
    """No page skips a level (an h1 straight to an h3 confuses a screen reader's outline)."""
    post = httpx.get(f"{base_url}/api/blog-posts").json()["items"][0]
    category = re.sub(r"[^a-z0-9]+", "-", post["category"].lower())
    for path in [*STATIC, f"/blog/{post['id']}", f"/blog/category/{category}", f"/blog/tag/{post['tags'][0]}"]:
        levels = _heading_levels(get(base_url, path).text)
        assert levels[:1] == [1], path
        skips = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
        assert not skips, f"{path}: {levels}"


def test_head_answers_wherever_get_does_with_its_headers_and_no_body(base_url: str) -> None:
    """RFC 9110 9.3.2: a monitor checking ``/healthz``, a link checker or a cache revalidating a page
    sends ``HEAD``; Litestar answered every one 405 (app/head_requests.py), over uvicorn as here."""
    asset = re.search(r'src="(/assets/start-[^"]+\.js)"', get(base_url, "/").text)
    assert asset is not None
    for path in ["/", "/blog/1", "/healthz", "/robots.txt", "/api/blog-posts", asset.group(1), "/nothing-here"]:
        sent = get(base_url, path, **{"accept-encoding": "br"})
        head = httpx.head(base_url + path, headers={"accept-encoding": "br"}, timeout=20)
        assert (head.status_code, head.content) == (sent.status_code, b""), path
        for name in ["content-type", "content-length", "content-encoding", "etag", "cache-control", "x-frame-options"]:
            assert head.headers.get(name) == sent.headers.get(name), (path, name)
    home = httpx.head(base_url + "/", timeout=20)
    assert int(home.headers["content-length"]) > 10_000
    assert "default-src 'self'" in home.headers["content-security-policy"]
