"""Uploads on the local disk, under ``AGENCY_DATA_DIR/uploads/`` with names we choose."""

from __future__ import annotations

import asyncio
import os
import secrets
from datetime import UTC, datetime
from pathlib import Path

_EXTENSIONS = frozenset({".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png"})


class LocalFileStore:
    """Implements :class:`agency_core.ports.FileStore`. Keys look like ``2026/05/<random>.pdf``."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_of(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise ValueError("key outside the upload folder")
        return path

    async def save(self, content: bytes, extension: str) -> str:
        if extension not in _EXTENSIONS:
            raise ValueError(f"unexpected extension {extension!r}")
        key = f"{datetime.now(UTC):%Y/%m}/{secrets.token_hex(16)}{extension}"
        path = self.path_of(key)

        def write() -> None:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(path.suffix + ".part")
            with open(tmp, "wb") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
            tmp.replace(path)

        await asyncio.to_thread(write)
        return key

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.path_of(key).unlink, missing_ok=True)
