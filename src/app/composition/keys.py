"""The data directory's keys: the files key and the passport sealer built on it. Apart from
``outside`` so that the backends (which the scripts' client builds too) need no SMTP, Paystack or
other outside adapter."""

from __future__ import annotations

from cryptography.fernet import Fernet

from adapters.private_files import private_dir
from adapters.sealing import PassportSealer
from app.files_key import load_files_key, local_files_key_text
from app.settings import Settings


def files_key_text(settings: Settings) -> str:
    """``AGENCY_FILES_KEY``, or (outside production) a key kept in the data directory."""
    if settings.files_key:
        return settings.files_key
    return local_files_key_text(private_dir(settings.data_dir) / "files.key")


def build_files_cipher(settings: Settings) -> Fernet:
    return load_files_key(files_key_text(settings))


def build_passport_sealer(settings: Settings) -> PassportSealer:
    """Passport numbers are sealed under the documents' key (and an index key derived from it)."""
    return PassportSealer(files_key_text(settings))
