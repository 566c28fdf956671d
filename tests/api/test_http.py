"""Errors as JSON, the rate limit, the blog, the OpenAPI schema and the built client."""

from __future__ import annotations

from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient
from structlog.testing import capture_logs

from tests.api.conftest import APPOINTMENT, AppFactory

Client = AsyncTestClient[Litestar]


async def test_malformed_json_is_a_400_with_a_message(client: Client) -> None:
    response = await client.post(
        "/api/appointments", content=b'{"fullName": ', headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["message"].startswith("The request body is not valid JSON")


async def test_a_value_of_the_wrong_type_is_a_400_naming_the_field(client: Client) -> None:
    response = await client.post("/api/appointments", json={**APPOINTMENT, "fullName": 42})
    assert response.status_code == 400
    assert "fullName" in response.json()["message"]
    not_an_object = await client.post("/api/job-alerts", json=["a"])
    assert not_an_object.status_code == 400
    assert "message" in not_an_object.json()


async def test_an_unknown_content_type_is_a_415(client: Client) -> None:
    response = await client.post("/api/contact-messages", content=b"name=x", headers={"content-type": "text/plain"})
    assert response.status_code == 415
    assert response.json()["message"] == "Unsupported content type 'text/plain': send application/json."
    as_json = await client.post("/api/applications", json={"firstName": "x"})
    assert as_json.status_code == 415
    assert "multipart/form-data" in as_json.json()["message"]


async def test_an_oversized_body_is_a_413(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_MAX_BODY_BYTES="2048")) as client:
        response = await client.post("/api/contact-messages", json={"message": "x" * 5000})
    assert (response.status_code, response.json()) == (413, {"message": "The request body is too large."})


async def test_unknown_api_paths_and_methods_answer_json(client: Client) -> None:
    missing = await client.get("/api/nothing-here")
    assert (missing.status_code, missing.json()) == (404, {"message": "Not Found"})
    wrong_method = await client.get("/api/appointments")
    assert wrong_method.status_code == 405
    assert "message" in wrong_method.json()


async def test_the_rate_limit_answers_429_per_client_address(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_RATE_LIMIT="3")) as client:
        statuses = [(await client.post("/api/job-alerts", json={})).status_code for _ in range(3)]
        limited = await client.post("/api/contact-messages", json={})
        reads = [(await client.get("/api/blog-posts")).status_code for _ in range(5)]
    assert statuses == [422, 422, 422]
    assert limited.status_code == 429
    assert limited.json()["message"].startswith("Too many requests: at most 3 submissions a minute")
    assert reads == [200] * 5


async def test_a_rate_limit_of_zero_turns_it_off(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_RATE_LIMIT="0")) as client:
        statuses = {(await client.post("/api/job-alerts", json={})).status_code for _ in range(15)}
    assert statuses == {422}


async def test_the_blog_lists_published_posts_newest_first(client: Client) -> None:
    response = await client.get("/api/blog-posts")
    assert response.status_code == 200
    items = response.json()["items"]
    assert sorted(p["id"] for p in items) == [str(i) for i in range(1, 8)]
    dates = [p["date"] for p in items]
    assert dates == sorted(dates, reverse=True)
    # A list never shows a post's content: only the post's own answer carries it.
    assert set(items[0]) == {
        "id", "title", "excerpt", "image", "author", "date", "category", "tags", "readTime", "featured",
    }  # fmt: skip
    assert isinstance(items[0]["tags"], list)
    assert isinstance(items[0]["featured"], bool)


async def test_one_blog_post_or_not_found(client: Client) -> None:
    post = await client.get("/api/blog-posts/2")
    assert post.status_code == 200
    assert post.json()["id"] == "2"
    assert post.json()["content"].startswith("<")
    missing = await client.get("/api/blog-posts/99")
    assert (missing.status_code, missing.json()) == (404, {"message": "Blog Post Not Found"})


async def test_the_openapi_schema_documents_every_endpoint_and_error(client: Client) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    paths = schema["paths"]
    for path in (
        "/api/applications",
        "/api/appointments",
        "/api/contact-messages",
        "/api/newsletter-subscriptions",
        "/api/job-alerts",
    ):
        assert {"201", "400", "413", "415", "422", "429"} <= set(paths[path]["post"]["responses"]), path
    assert "409" in paths["/api/applications"]["post"]["responses"]
    assert "multipart/form-data" in paths["/api/applications"]["post"]["requestBody"]["content"]
    assert "404" in paths["/api/blog-posts/{post_id}"]["get"]["responses"]


async def test_the_client_is_served_with_a_fallback_and_cache_headers(make_app: AppFactory, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Vandy</title>")
    (dist / "assets" / "index-abc123.js").write_text("console.log(1)")
    async with AsyncTestClient(make_app()) as client:
        for path in ("/", "/blog/2", "/admin/dashboard"):
            page = await client.get(path)
            assert page.status_code == 200, path
            assert "<title>Vandy</title>" in page.text
            assert page.headers["cache-control"] == "no-cache"
            assert page.headers["content-type"].startswith("text/html"), path
        asset = await client.get("/assets/index-abc123.js")
        stale_asset = await client.get("/assets/index-old999.js")
        api_missing = await client.get("/api/blog-posts/1/comments")
    assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert asset.headers["content-type"].startswith("text/javascript")
    assert "attachment" not in asset.headers.get("content-disposition", "")
    assert stale_asset.status_code == 404
    assert api_missing.status_code == 404
    assert api_missing.json() == {"message": "Not Found"}


async def test_head_is_get_without_its_body_and_only_where_get_is(client: Client) -> None:
    with capture_logs() as logs:
        head = await client.head("/api/blog-posts")
    sent = await client.get("/api/blog-posts")
    assert (head.status_code, head.content) == (200, b"")
    assert head.headers["content-length"] == sent.headers["content-length"] == str(len(sent.content))
    assert [(entry["method"], entry["path"]) for entry in logs if entry["event"] == "request"] == [
        ("HEAD", "/api/blog-posts")
    ]
    post_only = await client.head("/api/appointments")
    assert (post_only.status_code, post_only.content) == (405, b"")
