"""Upload checks by extension, size and content (magic bytes): the spec's hints, enforced."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import Final

from agency_core.spec.constants import UPLOAD_RULES, UploadRule

_SIGNATURES: Final = {
    ".pdf": (b"%PDF-",),
    ".doc": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",),  # OLE2 compound file
    ".docx": (b"PK\x03\x04",),  # OOXML is a zip
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".png": (b"\x89PNG\r\n\x1a\n",),
}
HEAD_BYTES: Final = 16
"""How many leading bytes :func:`check_upload` needs to recognise a file."""

CONTENT_TYPES: Final = {
    ".pdf": "application/pdf",
    ".doc": "application/msword",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}
"""The content type of every extension the site accepts, documents and blog images."""

BLOG_IMAGE_EXTENSIONS: Final = (".jpg", ".jpeg", ".png", ".webp")


def content_matches(extension: str, head: bytes) -> bool:
    """Whether the file's first bytes are those of its extension's format (magic bytes)."""
    if extension == ".webp":  # RIFF container: "RIFF", 4 bytes of size, "WEBP"
        return len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    signatures = _SIGNATURES.get(extension)
    return signatures is not None and head.startswith(signatures)


def _list(extensions: tuple[str, ...]) -> str:
    return ", ".join(extensions[:-1]) + " or " + extensions[-1] if len(extensions) > 1 else extensions[0]


def type_message(rule: UploadRule) -> str:
    return f"{rule.label} must be a {_list(rule.extensions)} file"


def size_message(rule: UploadRule) -> str:
    return f"{rule.label} must be at most {rule.max_megabytes}MB"


def extension_of(filename: str) -> str:
    return PurePath(filename).suffix.lower()


def check_upload(field: str, filename: str, size: int, head: bytes) -> str | None:
    """The message for an upload that breaks its field's rule, or ``None`` when it is fine.

    ``head`` is the file's first :data:`HEAD_BYTES` bytes; the content must match the
    extension, so a renamed executable is refused even with a ``.pdf`` name.
    """
    return check_against(UPLOAD_RULES[field], filename, size, head)


def check_against(rule: UploadRule, filename: str, size: int, head: bytes) -> str | None:
    """:func:`check_upload` for a rule of its own (staff's files: an order's letter, a document's scan)."""
    extension = extension_of(filename)
    if extension not in rule.extensions:
        return type_message(rule)
    if size > rule.max_bytes:
        return size_message(rule)
    if size == 0 or not content_matches(extension, head):
        return type_message(rule)
    return None


@dataclass(frozen=True, slots=True)
class SentFile:
    """A file as staff sent it; its name only tells the claimed type."""

    filename: str
    content: bytes

    def problem(self, rule: UploadRule) -> str | None:
        """The message when it breaks ``rule`` (the CV's checks: extension, size, content), else ``None``."""
        return check_against(rule, self.filename, len(self.content), self.content[:HEAD_BYTES])
