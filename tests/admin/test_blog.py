"""Blog posts in the admin area: CRUD, sanitised content, publishing, images, and the public blog."""

from __future__ import annotations

from typing import Any

from tests.admin.area import audit_actions, signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/blog-posts"
POST: dict[str, Any] = {
    "title": "Working in Doha",
    "excerpt": "What to expect.",
    "image": "/images/blog/uae-jobs.svg",
    "author": "Vandy Team",
    "date": "2099-01-05",
    "category": "UAE Jobs",
    "tags": ["Qatar", "Jobs"],
    "readTime": "4 min read",
    "content": '<h2>Hello</h2><p onclick="x()">Body<script>alert(1)</script></p>',
    "featured": False,
    "published": False,
}
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 64
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"0" * 64


async def test_create_publish_edit_unpublish_and_delete_show_on_the_public_blog(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    listed = (await h.client.get(URL)).json()
    assert listed["total"] == 7
    assert all(p["published"] for p in listed["items"])

    created = await h.unsafe("POST", URL, json=POST)
    assert created.status_code == 201, created.text
    post = created.json()
    assert post["id"] == "8"
    assert post["content"] == "<h2>Hello</h2><p>Body</p>"
    assert (post["published"], post["tags"], post["readTime"]) == (False, ["Qatar", "Jobs"], "4 min read")
    assert (await h.client.get("/api/blog-posts/8")).status_code == 404  # a draft
    assert (await h.client.get(URL)).json()["items"][0]["id"] == "8"  # drafts listed, newest date first

    published = await h.unsafe("PUT", f"{URL}/8", json={**POST, "published": True})
    assert published.status_code == 200
    public = (await h.client.get("/api/blog-posts/8")).json()
    assert (public["title"], public["content"]) == ("Working in Doha", "<h2>Hello</h2><p>Body</p>")
    assert (await h.client.get("/api/blog-posts")).json()["items"][0]["id"] == "8"

    await h.unsafe("PUT", f"{URL}/8", json={**POST, "published": True, "title": "Working in Doha, 2099"})
    assert (await h.client.get("/api/blog-posts/8")).json()["title"] == "Working in Doha, 2099"  # at once

    await h.unsafe("PUT", f"{URL}/8", json={**POST, "published": False})
    assert (await h.client.get("/api/blog-posts/8")).status_code == 404

    assert (await h.unsafe("DELETE", f"{URL}/1")).status_code == 204
    assert (await h.unsafe("DELETE", f"{URL}/1")).status_code == 404
    assert (await h.unsafe("PUT", f"{URL}/1", json=POST)).status_code == 404
    assert (await h.client.get("/api/blog-posts/1")).status_code == 404
    assert "1" not in [p["id"] for p in (await h.client.get(URL, params={"pageSize": 100})).json()["items"]]
    assert (await h.client.get("/api/admin/dashboard")).json()["blogPosts"] == 7
    actions = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].startswith("blog.")]
    assert actions[-1] == ("blog.create", "8")
    assert actions[0] == ("blog.delete", "1")

    # A restart seeds the built-in posts again: the deleted one stays deleted.
    again = await signed_in(make_harness)
    assert (await again.client.get("/api/blog-posts/1")).status_code == 404
    assert (await again.unsafe("POST", URL, json=POST)).json()["id"] == "9"  # ids are never reused


async def test_invalid_posts_are_refused(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    bad = {
        **POST,
        "title": "",
        "date": "5 Jan",
        "image": "javascript:alert(1)",
        "tags": "not,a,list",
        "content": " ",
        "published": "yes",
    }
    del bad["author"]
    response = await h.unsafe("POST", URL, json=bad)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert errors == {
        "title": "Title is required",
        "author": "Author is required",
        "date": "Enter a date as YYYY-MM-DD",
        "image": "Image must be an https:// address or a path on this site",
        "content": "Content is required",
        "published": "Must be true or false",
    }
    assert (await h.unsafe("POST", URL, json={**POST, "tags": [1]})).json()["errors"] == {
        "tags": "Tags must be a list of words"
    }
    assert (await h.client.get(URL)).json()["total"] == 7


async def test_images_are_checked_stored_and_served_publicly(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    for name, content, media_type in (("doha.PNG", PNG, "image/png"), ("x.webp", WEBP, "image/webp")):
        response = await h.unsafe("POST", f"{URL}/images", files={"image": (name, content, "application/octet-stream")})
        assert response.status_code == 201, response.text
        url = response.json()["url"]
        assert url.startswith("/media/blog/")
        assert url.endswith(name[name.rfind(".") :].lower())
        await h.sign_out()
        served = await h.client.get(url)  # public
        assert served.status_code == 200
        assert served.content == content
        assert served.headers["content-type"] == media_type
        assert "immutable" in served.headers["cache-control"]
        h = await signed_in(make_harness)
    for name, content in (("fake.png", b"GIF89a" + b"0" * 10), ("x.gif", b"GIF89a"), ("x.webp", b"RIFF0000WAVE")):
        refused = await h.unsafe("POST", f"{URL}/images", files={"image": (name, content)})
        assert refused.json() == {"errors": {"image": "Image must be a .jpg, .jpeg, .png or .webp file"}}
    big = await h.unsafe("POST", f"{URL}/images", files={"image": ("big.png", PNG + b"0" * (2 * 1024 * 1024))})
    assert big.json() == {"errors": {"image": "Image must be at most 2MB"}}
    assert (await h.client.get("/media/blog/../../agency.sqlite3")).status_code == 404
    assert (await h.client.get("/media/blog/" + "0" * 32 + ".png")).status_code == 404
    assert [e["action"] for e in await audit_actions(h)].count("blog.image") == 2


async def test_blog_admin_routes_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(URL)).status_code == 401
    assert (await h.unsafe("POST", URL, json=POST)).status_code == 401
    assert (await h.unsafe("PUT", f"{URL}/1", json=POST)).status_code == 401
    assert (await h.unsafe("DELETE", f"{URL}/1")).status_code == 401
    assert (await h.unsafe("POST", f"{URL}/images", files={"image": ("a.png", PNG)})).status_code == 401
