"""The application form the tests post, in one place."""

from __future__ import annotations

from tests.api.conftest import APPLICATION


def application_without_passport(**fields: str) -> dict[str, str]:
    """The API tests' application form (``tests/api/conftest.py``) with no passport, changed by ``fields``."""
    base = {name: value for name, value in APPLICATION.items() if name not in ("passportNumber", "passportExpiry")}
    return {**base, "hasPassport": "false", **fields}
