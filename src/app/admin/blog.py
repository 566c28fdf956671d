"""``/api/admin/blog-posts``: every post (drafts too), create, edit, publish, delete, image upload.

The uploaded images are served publicly by :func:`media_file` at ``/media/blog/{name}``.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.exceptions import NotFoundException
from litestar.params import Body, FromPath, FromQuery, JSONBody, QueryParameter
from litestar.response import File

from adapters.media import MEDIA_TYPES, LocalMediaStore
from agency_core.admin_service import BLOG_IMAGE_MAX_BYTES, AdminService, Rejected
from agency_core.identity import AdminUser
from app.admin.common import AREA, PROBLEMS, page_request
from app.admin.schemas.blog import AdminBlogPost, BlogPostIn, ImageUpload, UploadedImage, admin_blog_post
from app.admin.schemas.common import Page, page_of, to_core

IMMUTABLE = "public, max-age=31536000, immutable"


class BlogPostsAdminController(Controller):
    path = "/blog-posts"
    exception_handlers = PROBLEMS
    dependencies = AREA

    @get("/", summary="Every blog post, drafts too, newest first")
    async def list_posts(
        self,
        area: NamedDependency[AdminService],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[AdminBlogPost]:
        return page_of(await area.posts(page_request(page, page_size)), admin_blog_post)

    @post("/", status_code=201, summary="Create a post (content HTML sanitised)")
    async def create(
        self, area: NamedDependency[AdminService], admin: NamedDependency[AdminUser], data: JSONBody[BlogPostIn]
    ) -> AdminBlogPost:
        return admin_blog_post(await area.create_post(admin.email, to_core(data)))

    @put("/{post_id:str}", summary="Edit a post: the public blog shows it at once")
    async def update(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        post_id: FromPath[str],
        data: JSONBody[BlogPostIn],
    ) -> AdminBlogPost:
        return admin_blog_post(await area.update_post(admin.email, post_id, to_core(data)))

    @delete("/{post_id:str}", status_code=204, summary="Delete a post")
    async def remove(
        self, area: NamedDependency[AdminService], admin: NamedDependency[AdminUser], post_id: FromPath[str]
    ) -> None:
        await area.delete_post(admin.email, post_id)

    @post("/images", status_code=201, summary="Upload an image (.jpg, .jpeg, .png, .webp; 2MB)")
    async def upload_image(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        data: Annotated[ImageUpload, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> UploadedImage:
        image = data.image
        if not isinstance(image, UploadFile):
            raise Rejected({"image": "Choose an image to upload"})
        content = await image.read(BLOG_IMAGE_MAX_BYTES + 1)
        url = await area.upload_image(admin.email, image.filename or "", content)
        return UploadedImage(url=url)


@get("/media/blog/{name:str}", include_in_schema=False, sync_to_thread=False, dependencies=AREA)
def media_file(media: NamedDependency[LocalMediaStore], name: FromPath[str]) -> File:
    """A blog image uploaded in the admin area: public, cached for good (names are never reused)."""
    path = media.path_of(name)
    if path is None:
        raise NotFoundException(detail="Not Found")
    return File(
        path,
        media_type=MEDIA_TYPES[path.suffix],
        content_disposition_type="inline",
        headers={"Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"},
    )
