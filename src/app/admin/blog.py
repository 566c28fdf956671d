"""``/api/admin/blog-posts``: every post (drafts too), create, edit, publish, delete, image upload.

The uploaded images are served publicly by :func:`media_file` at :func:`media_url` (``/media/blog/{name}``).
"""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.exceptions import NotFoundException
from litestar.params import Body, FromPath, FromQuery, JSONBody, QueryParameter, SkipValidation

from agency_core.errors import Rejected
from agency_core.signin.identity import AdminUser
from agency_core.spec.uploads import CONTENT_TYPES, extension_of
from agency_core.staff.blog import BLOG_IMAGE_MAX_BYTES, BlogAdmin
from agency_core.staff.blog_input import parse_post
from agency_core.staff.ports import MediaStore
from app.admin.common import page_request
from app.admin.schemas.blog import AdminBlogPost, BlogPostIn, ImageUpload, UploadedImage, admin_blog_post
from app.admin.schemas.common import Page, page_of, to_core
from app.checked_body import CoreChecked

IMMUTABLE = "public, max-age=31536000, immutable"
MEDIA_PATH = "/media/blog"


def media_url(name: str) -> str:
    """Where the public site serves the blog image of a media name."""
    return f"{MEDIA_PATH}/{name}"


class BlogPostsAdminController(Controller):
    path = "/blog-posts"

    @get("/", summary="Every blog post, drafts too, newest first")
    async def list_posts(
        self,
        blog_admin: NamedDependency[BlogAdmin],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[AdminBlogPost]:
        return page_of(await blog_admin.posts(page_request(page, page_size)), admin_blog_post)

    @post("/", status_code=201, summary="Create a post (content HTML sanitised)", dto=CoreChecked, return_dto=None)
    async def create(
        self, blog_admin: NamedDependency[BlogAdmin], admin: NamedDependency[AdminUser], data: JSONBody[BlogPostIn]
    ) -> AdminBlogPost:
        return admin_blog_post(await blog_admin.create_post(admin.email, parse_post(to_core(data))))

    @put("/{post_id:str}", summary="Edit a post: the public blog shows it at once", dto=CoreChecked, return_dto=None)
    async def update(
        self,
        blog_admin: NamedDependency[BlogAdmin],
        admin: NamedDependency[AdminUser],
        post_id: FromPath[str],
        data: JSONBody[BlogPostIn],
    ) -> AdminBlogPost:
        return admin_blog_post(await blog_admin.update_post(admin.email, post_id, parse_post(to_core(data))))

    @delete("/{post_id:str}", status_code=204, summary="Delete a post")
    async def remove(
        self, blog_admin: NamedDependency[BlogAdmin], admin: NamedDependency[AdminUser], post_id: FromPath[str]
    ) -> None:
        await blog_admin.delete_post(admin.email, post_id)

    @post(
        "/images",
        status_code=201,
        summary="Upload an image (.jpg, .jpeg, .png, .webp; 2MB)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def upload_image(
        self,
        blog_admin: NamedDependency[BlogAdmin],
        admin: NamedDependency[AdminUser],
        data: Annotated[ImageUpload, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> UploadedImage:
        image = data.image
        if not isinstance(image, UploadFile):
            raise Rejected({"image": "Choose an image to upload"})
        content = await image.read(BLOG_IMAGE_MAX_BYTES + 1)
        name = await blog_admin.upload_image(admin.email, image.filename or "", content)
        return UploadedImage(url=media_url(name))


@get(MEDIA_PATH + "/{name:str}", include_in_schema=False)
async def media_file(media: NamedDependency[SkipValidation[MediaStore]], name: FromPath[str]) -> Response[bytes]:
    """A blog image uploaded in the admin area: public, cached for good (names are never reused)."""
    content = await media.read(name)
    if content is None:
        raise NotFoundException(detail="Not Found")
    return Response(
        content,
        media_type=CONTENT_TYPES[extension_of(name)],
        headers={
            "Content-Disposition": f'inline; filename="{name}"',
            "Cache-Control": IMMUTABLE,
            "X-Content-Type-Options": "nosniff",
        },
    )
