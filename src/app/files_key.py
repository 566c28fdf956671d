"""``AGENCY_FILES_KEY``: the Fernet key uploaded documents are encrypted with at rest (read by the
settings, which refuse a malformed key, and by the composition root, which builds the file store)."""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.fernet import Fernet


class FileKeyError(ValueError):
    """The files key is not a Fernet key."""


def load_files_key(raw: str) -> Fernet:
    """A Fernet for ``raw`` (32 url-safe base64 bytes, as ``Fernet.generate_key()`` makes)."""
    try:
        return Fernet(raw.strip().encode())
    except (ValueError, TypeError) as exc:
        raise FileKeyError(
            "AGENCY_FILES_KEY must be a Fernet key: 32 url-safe base64-encoded bytes "
            '(python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())")'
        ) from exc


def local_files_key_text(path: Path) -> str:
    """Outside production without ``AGENCY_FILES_KEY``: the key kept in ``path`` (created once, mode 0600)."""
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(Fernet.generate_key())
    return path.read_text(encoding="ascii").strip()
