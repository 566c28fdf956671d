"""A passport sealer under a fresh key, for tests that build stores themselves."""

from __future__ import annotations

from cryptography.fernet import Fernet

from adapters.sealing import PassportSealer


def new_sealer() -> PassportSealer:
    return PassportSealer(Fernet.generate_key())
