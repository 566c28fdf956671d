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


def new_key(extension: str) -> str:
    """A key for a new upload, ``<year>/<month>/<32 hex><extension>``; ``ValueError`` for an extension
    no upload rule allows."""
    if extension not in _EXTENSIONS:
        raise ValueError(f"unexpected extension {extension!r}")
    return f"{datetime.now(UTC):%Y/%m}/{secrets.token_hex(16)}{extension}"


def seal(content: bytes, cipher: Fernet | None) -> bytes:
    """What is kept of ``content``: its Fernet token with a cipher, else the bytes themselves."""
    return cipher.encrypt(content) if cipher is not None else content


def is_sealed(raw: bytes) -> bool:
    return raw.startswith(_FERNET_PREFIX)


def unseal(raw: bytes, cipher: Fernet | None, key: str) -> bytes:
    """The plaintext of a kept file (one written before encryption was turned on is read as it is);
    ``ValueError`` when it cannot be decrypted with this key."""
    if cipher is None or not is_sealed(raw):
        return raw
    try:
        return cipher.decrypt(raw)
    except InvalidToken as exc:
        raise ValueError(f"{key} cannot be decrypted with AGENCY_FILES_KEY") from exc


def _writable_dir(root: Path) -> None:
    private_dir(root)
    if not root.is_dir():
        raise NotADirectoryError(f"{root} is not a folder")
    if not os.access(root, os.W_OK | os.X_OK):
        raise PermissionError(f"{root} is not writable")


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
        key = new_key(extension)
        path = self.path_of(key)
        stored = seal(content, self.cipher)

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
        return unseal(await asyncio.to_thread(path.read_bytes), self.cipher, key)

    async def reachable(self) -> None:
        """Raises ``OSError`` when the upload folder cannot be written (the readiness check)."""
        await asyncio.to_thread(_writable_dir, self.root)

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.path_of(key).unlink, missing_ok=True)
