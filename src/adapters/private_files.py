"""Personal data on disk is the owner's only: directories 0700, files 0600.

The SQLite file (and the ``-wal``/``-shm`` files SQLite gives the database file's mode), uploads,
blog media and the files key are made through here, whatever the process umask; a data directory
left world-readable by an older version is tightened on the next start.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import BinaryIO

OWNER_DIR = 0o700
OWNER_FILE = 0o600


def private_dir(path: Path) -> Path:
    """``path`` and any missing parent made with mode 0700; ``path`` itself set to 0700."""
    missing: list[Path] = []
    current = path
    while not current.exists():
        missing.append(current)
        current = current.parent
    for directory in reversed(missing):
        with contextlib.suppress(FileExistsError):
            directory.mkdir(mode=OWNER_DIR)
    path.chmod(OWNER_DIR)
    return path


def private_file(path: Path) -> None:
    """``path`` set to 0600 when it exists (an older version's file, or one SQLite made)."""
    with contextlib.suppress(FileNotFoundError):
        path.chmod(OWNER_FILE)


def open_private(path: Path, *, exclusive: bool = False) -> BinaryIO:
    """``path`` opened for writing, created with mode 0600 (truncated if it exists)."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = os.open(path, flags, OWNER_FILE)
    os.fchmod(fd, OWNER_FILE)
    return os.fdopen(fd, "wb")


def private_tree(root: Path) -> None:
    """Every directory under ``root`` 0700 and every file 0600 (the start-up tightening)."""
    private_dir(root)
    for directory, subdirs, files in os.walk(root):
        for name in subdirs:
            (Path(directory) / name).chmod(OWNER_DIR)
        for name in files:
            private_file(Path(directory) / name)
