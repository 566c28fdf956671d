"""The message templates staff edit: the list, one template with its versions, the preview."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from agency_core.messaging import templates as core
from agency_core.messaging.template_store import TemplateVersion as CoreVersion
from agency_core.staff import templates as staff
from app.admin.schemas.common import Body


class TemplatePlaceholder(Body):
    name: str
    longest: str
    """The value the preview renders it with."""
    optional: bool
    """When empty, its line is left out."""


class TemplateSummary(Body):
    key: str
    label: str
    channel: Literal["sms", "email"]
    text: str
    """The text in force."""
    edited: bool
    """False: the default text is in force."""
    version: int
    """The version in force (0: the default)."""
    updated_by: str | None
    updated_at: datetime | None


class TemplateVersion(Body):
    version: int
    text: str
    author: str
    created_at: datetime
    restored_from: int
    """The version this one restored (0: written by hand, or the default when restoring)."""


class TemplateDetail(TemplateSummary):
    default: str
    one_line: bool
    """An e-mail subject: one line (a line break is refused)."""
    placeholders: list[TemplatePlaceholder]
    versions: list[TemplateVersion]
    """Newest first; the default text is version 0 and not listed."""


class TemplateList(Body):
    items: list[TemplateSummary]


class TemplateTextIn(Body):
    text: str


class TemplateRestoreIn(Body):
    version: int
    """A version of the template's history, or 0 for the default text."""


class TemplatePreview(Body):
    text: str
    """The text rendered at every placeholder's longest plausible value."""
    characters: int
    encoding: Literal["GSM-7", "UCS-2"] | None
    """SMS only."""
    parts: int | None
    """SMS only."""
    warning: str
    """Set past two SMS parts."""
    error: str
    """Why the text cannot be saved (unknown placeholder, unbalanced braces...), else empty."""


def _summary_fields(view: staff.TemplateView) -> dict[str, object]:
    current = view.current
    return {
        "key": view.spec.key,
        "label": view.spec.label,
        "channel": view.spec.channel.value,
        "text": view.text,
        "edited": current is not None,
        "version": current.version if current is not None else 0,
        "updated_by": current.author if current is not None else None,
        "updated_at": current.created_at if current is not None else None,
    }


def template_summary(view: staff.TemplateView) -> TemplateSummary:
    return TemplateSummary(**_summary_fields(view))  # type: ignore[arg-type]


def _version(v: CoreVersion) -> TemplateVersion:
    return TemplateVersion(
        version=v.version, text=v.text, author=v.author, created_at=v.created_at, restored_from=v.restored_from
    )


def template_detail(history: staff.TemplateHistory) -> TemplateDetail:
    spec = history.view.spec
    return TemplateDetail(
        **_summary_fields(history.view),  # type: ignore[arg-type]
        default=spec.default,
        one_line=spec.one_line,
        placeholders=[
            TemplatePlaceholder(name=p.name, longest=p.longest, optional=p.optional) for p in spec.placeholders
        ],
        versions=[_version(v) for v in history.versions],
    )


def template_preview(result: staff.PreviewResult) -> TemplatePreview:
    p: core.Preview = result.preview
    return TemplatePreview(
        text=p.text,
        characters=p.characters,
        encoding=p.encoding.value if p.encoding is not None else None,
        parts=p.parts,
        warning=p.warning,
        error=result.error,
    )
