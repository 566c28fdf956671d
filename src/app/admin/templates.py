"""``/api/admin/templates``: the message texts staff edit (list, one with its versions, preview,
save, restore). A save or restore is audited; the senders use the new text at once."""

from __future__ import annotations

from litestar import Controller, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.signin.identity import AdminUser
from agency_core.staff.templates import MessageTemplates
from app.admin.schemas.templates import (
    TemplateDetail,
    TemplateList,
    TemplatePreview,
    TemplateRestoreIn,
    TemplateTextIn,
    template_detail,
    template_preview,
    template_summary,
)


class TemplatesController(Controller):
    path = "/templates"

    @get("/", summary="Every message template, with the text in force")
    async def list_templates(self, templates: NamedDependency[MessageTemplates]) -> TemplateList:
        return TemplateList(items=[template_summary(view) for view in await templates.list()])

    @get("/{key:str}", summary="One message template with its placeholders and versions")
    async def read(self, templates: NamedDependency[MessageTemplates], key: FromPath[str]) -> TemplateDetail:
        return template_detail(await templates.history(key))

    @post("/{key:str}/preview", status_code=200, summary="The text rendered at its longest, its encoding and parts")
    async def preview(
        self, templates: NamedDependency[MessageTemplates], key: FromPath[str], data: JSONBody[TemplateTextIn]
    ) -> TemplatePreview:
        return template_preview(await templates.preview(key, data.text))

    @put("/{key:str}", summary="Save a new version (422 for an unknown placeholder or unbalanced braces)")
    async def save(
        self,
        templates: NamedDependency[MessageTemplates],
        admin: NamedDependency[AdminUser],
        key: FromPath[str],
        data: JSONBody[TemplateTextIn],
    ) -> TemplateDetail:
        return template_detail(await templates.save(admin.email, key, data.text))

    @post("/{key:str}/restore", status_code=200, summary="Restore an older version (0: the default) as a new one")
    async def restore(
        self,
        templates: NamedDependency[MessageTemplates],
        admin: NamedDependency[AdminUser],
        key: FromPath[str],
        data: JSONBody[TemplateRestoreIn],
    ) -> TemplateDetail:
        return template_detail(await templates.restore(admin.email, key, data.version))
