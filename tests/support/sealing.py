"""Passport sealers for tests that build stores themselves: under a fresh key, or a data directory's."""

from __future__ import annotations

from pathlib import Path

from cryptography.fernet import Fernet

from adapters.sealing import PassportSealer
from app.composition.keys import build_passport_sealer
from app.settings import Settings


def new_sealer() -> PassportSealer:
    return PassportSealer(Fernet.generate_key())


def data_dir_sealer(data_dir: Path) -> PassportSealer:
    """The sealer the app (and a script) builds for ``data_dir`` when ``AGENCY_FILES_KEY`` is unset."""
    return build_passport_sealer(Settings(data_dir=data_dir))
