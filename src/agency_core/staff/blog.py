"""The admin area's blog: posts written, saved and deleted, and the images they show."""

from __future__ import annotations

from typing import Final

from agency_core.errors import NotFound, Rejected
from agency_core.ids import IdTaken
from agency_core.paging import Page, PageRequest
from agency_core.records import BlogPost
from agency_core.spec.uploads import BLOG_IMAGE_EXTENSIONS, content_matches
from agency_core.staff.blog_input import PostChange
from agency_core.staff.context import StaffContext
from agency_core.staff.ports import MediaStore
from agency_core.unit_of_work import PreconditionFailed

FREE_POST_ID_ATTEMPTS: Final = 20
BLOG_IMAGE_MAX_BYTES: Final = 2 * 1024 * 1024
BLOG_IMAGE_INVALID: Final = "Image must be a .jpg, .jpeg, .png or .webp file"
BLOG_IMAGE_TOO_LARGE: Final = "Image must be at most 2MB"


class BlogAdmin:
    def __init__(self, context: StaffContext, media: MediaStore) -> None:
        self.context = context
        self.media = media

    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        return await self.context.store.posts(page)

    async def create_post(self, actor: str, change: PostChange) -> BlogPost:
        now = self.context.clock()
        for _ in range(FREE_POST_ID_ATTEMPTS):
            try:
                async with self.context.uow() as uow:
                    post = change.post(await uow.posts.next_id(), now)
                    await uow.posts.create(post)
                    await uow.audit.add(self.context.audit(actor, "blog.create", post.id))
            except IdTaken:
                continue  # another admin took that id meanwhile
            return post
        raise RuntimeError("could not find a free blog post id")

    async def update_post(self, actor: str, post_id: str, change: PostChange) -> BlogPost:
        post = change.post(post_id, self.context.clock())
        try:
            async with self.context.uow() as uow:
                await uow.posts.replace(post)
                await uow.audit.add(self.context.audit(actor, "blog.update", f"{post_id}: {post.title}"))
        except PreconditionFailed:
            raise NotFound("Blog post") from None
        return post

    async def delete_post(self, actor: str, post_id: str) -> None:
        try:
            entry = self.context.audit(actor, "blog.delete", post_id)
            async with self.context.uow() as uow:
                await uow.posts.delete(post_id, entry.at)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise NotFound("Blog post") from None

    async def upload_image(self, actor: str, filename: str, content: bytes) -> str:
        """Check and keep a blog image; returns its media name (the app knows where it is served)."""
        extension = filename[filename.rfind(".") :].lower() if "." in filename else ""
        if extension not in BLOG_IMAGE_EXTENSIONS or not content_matches(extension, content):
            raise Rejected({"image": BLOG_IMAGE_INVALID})
        if len(content) > BLOG_IMAGE_MAX_BYTES:
            raise Rejected({"image": BLOG_IMAGE_TOO_LARGE})
        name = await self.media.save(content, extension)
        await self.context.record(self.context.audit(actor, "blog.image", name))
        return name


__all__ = ["BLOG_IMAGE_MAX_BYTES", "BlogAdmin"]
