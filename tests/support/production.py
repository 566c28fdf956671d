"""Settings that pass every production check (``app.settings.unsafe_for_production``)."""

from __future__ import annotations

STRONG_KEY = "J3q9vXo2Lr7sWc1NhT5yBd8KmZa4PeUf6GiQ0xEt"
"""A random secret (``secrets.token_urlsafe``): production refuses a guessable one such as 48 × ``k``."""
FILES_KEY = "q0LSNm0wqzN2m0ReBqzl2lvTG6QhdU_iBQZOt-KN5sw="
"""A Fernet key: production also needs AGENCY_FILES_KEY (documents are encrypted at rest)."""
METRICS_TOKEN = "mT7wQ2zR9pL4xK8vN3bC6hJ1sD5fG0aY"
"""The token ``/metrics`` answers to: production with metrics on needs AGENCY_METRICS_TOKEN."""


SITE_URL = "https://www.vandytravel.example"
REQUIRED = {
    "AGENCY_ENV": "production",
    "AGENCY_SECRET_KEY": STRONG_KEY,
    "AGENCY_FILES_KEY": FILES_KEY,
    "AGENCY_METRICS_TOKEN": METRICS_TOKEN,
    "AGENCY_SITE_URL": SITE_URL,
    "AGENCY_LABOUR_LICENCE": "LD/PEA/0421",
    "AGENCY_DPC_REGISTRATION": "DPC-REG-20931",
}
"""Every setting production refuses to start without (docs/settings.md)."""


LOG_ONLY = {"AGENCY_MESSAGES": "log-only"}
"""Production also needs an SMS gateway and an SMTP host, or this (``app/message_settings.py``)."""


def production(**env: str) -> dict[str, str]:
    """A production environment that logs its messages, with ``env`` added or overriding."""
    return {**REQUIRED, **LOG_ONLY, **env}
