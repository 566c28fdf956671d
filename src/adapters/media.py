"""Public media (blog images) on the local disk, under ``AGENCY_DATA_DIR/media/blog/``."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
from pathlib import Path
from typing import Final

from adapters.private_files import open_private, private_dir
from agency_core.spec.uploads import BLOG_IMAGE_EXTENSIONS

NAME_PATTERN: Final = re.compile(r"^[0-9a-f]{32}(?:" + "|".join(map(re.escape, BLOG_IMAGE_EXTENSIONS)) + ")$")
"""The names :meth:`LocalMediaStore.save` makes: 32 hex digits and a blog image extension."""


def new_name(extension: str) -> str:
    """A public name for a new image; ``ValueError`` for an extension that is not a blog image's."""
    if extension not in BLOG_IMAGE_EXTENSIONS:
        raise ValueError(f"unexpected extension {extension!r}")
    return f"{secrets.token_hex(16)}{extension}"


class LocalMediaStore:
    """Implements :class:`agency_core.staff.ports.MediaStore`; names are ``<32 hex>.<ext>``, never reused."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_of(self, name: str) -> Path | None:
        """The file of a public name, or ``None`` for a name this store never makes or has not got."""
        if not NAME_PATTERN.match(name):
            return None
        path = self.root / name
        return path if path.is_file() else None

    async def read(self, name: str) -> bytes | None:
        path = self.path_of(name)
        return None if path is None else await asyncio.to_thread(path.read_bytes)

    async def save(self, content: bytes, extension: str) -> str:
        name = new_name(extension)
        path = self.root / name

        def write() -> None:
            private_dir(path.parent)
            tmp = path.with_suffix(path.suffix + ".part")
            with open_private(tmp) as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
            tmp.replace(path)

        await asyncio.to_thread(write)
        return name
