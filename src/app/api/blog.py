"""The public blog: published posts, newest first, and one post by id."""

from __future__ import annotations

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath

from agency_core.submissions.service import AgencyService
from app.api.schemas import BlogPostList, BlogPostOut, ErrorMessage
from app.blog_post_body import blog_post_json, blog_post_summary_json

BLOG_POST_NOT_FOUND = "Blog Post Not Found"


class BlogPosts(Controller):
    path = "/api/blog-posts"
    tags = ["blog"]  # noqa: RUF012 - Litestar reads it per class

    @get("/", summary="Published blog posts, newest first, without their content")
    async def list_posts(self, agency: NamedDependency[AgencyService]) -> BlogPostList:
        return BlogPostList([blog_post_summary_json(p) for p in await agency.blog_posts()])

    @get(
        "/{post_id:str}",
        summary="One published blog post",
        responses={404: ResponseSpec(ErrorMessage, description=BLOG_POST_NOT_FOUND, generate_examples=False)},
    )
    async def get_post(self, agency: NamedDependency[AgencyService], post_id: FromPath[str]) -> BlogPostOut:
        post = await agency.blog_post(post_id)
        if post is None:
            raise NotFoundException(detail=BLOG_POST_NOT_FOUND)
        return blog_post_json(post)
