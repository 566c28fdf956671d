"""Uploads on the local disk, under ``AGENCY_DATA_DIR/uploads/`` with names we choose, encrypted at
rest with Fernet (AES-128-CBC + HMAC-SHA256, ``cryptography``) under ``AGENCY_FILES_KEY``."""

from __future__ import annotations

import asyncio
import os
import secrets
from datetime import UTC, datetime
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from adapters.private_files import open_private, private_dir
from agency_core.spec.constants import UPLOAD_RULES

_EXTENSIONS = frozenset(extension for rule in UPLOAD_RULES.values() for extension in rule.extensions)
"""Every extension an application upload may have (the spec's upload rules)."""
_FERNET_PREFIX = b"gAAAAA"
"""Every Fernet token starts with version byte 0x80 and a timestamp: ``gAAAAA`` in base64."""


class LocalFileStore:
    """Implements :class:`agency_core.ports.FileStore`. Keys look like ``2026/05/<random>.pdf``.

    With a ``cipher`` every file is written encrypted and :meth:`read` decrypts it; a file written
    before encryption was turned on (no Fernet token) is read as it is."""

    def __init__(self, root: Path, cipher: Fernet | None = None) -> None:
        self.root = root
        self.cipher = cipher

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
        stored = self.cipher.encrypt(content) if self.cipher is not None else content

        def write() -> None:
            private_dir(path.parent)
            tmp = path.with_suffix(path.suffix + ".part")
            with open_private(tmp) as handle:
                handle.write(stored)
                handle.flush()
                os.fsync(handle.fileno())
            tmp.replace(path)

        await asyncio.to_thread(write)
        return key

    async def read(self, key: str) -> bytes | None:
        """The file's plaintext, or ``None`` when it is gone. Raises ``ValueError`` when it cannot
        be decrypted with this key."""
        path = self.path_of(key)
        if not path.is_file():
            return None
        raw = await asyncio.to_thread(path.read_bytes)
        if self.cipher is None or not raw.startswith(_FERNET_PREFIX):
            return raw
        try:
            return self.cipher.decrypt(raw)
        except InvalidToken as exc:
            raise ValueError(f"{key} cannot be decrypted with AGENCY_FILES_KEY") from exc

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.path_of(key).unlink, missing_ok=True)
