"""Admin sign-in in the core: the identity and role ports, the texts, and the rules.

Spec sections 3, 4, 6 and 8: an admin signs in with an authentication provider, then the
"users" record keyed by the provider's user id must exist with ``role == "admin"``; the
session user holds ``{id, email, name}`` where the name comes from that record (default
"Admin User"). Nothing here knows about HTTP, SQLite or Firebase.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Protocol

ADMIN_ROLE: Final = "admin"
DEFAULT_ADMIN_NAME: Final = "Admin User"

# Texts of the error catalogue (spec section 8) and of the sign-in API.
INVALID_CREDENTIALS: Final = "Invalid credentials"
USER_NOT_AUTHORIZED: Final = "User not authorized"
ROLE_CHECK_FAILED: Final = "Failed to verify admin role"
LOGOUT_FAILED: Final = "Failed to logout"
NOT_SIGNED_IN: Final = "Not signed in"
SIGN_IN_UNAVAILABLE: Final = "Sign-in is unavailable right now. Please try again."
CSRF_REFUSED: Final = "CSRF token missing or invalid"

# Demo mode only (AGENCY_DEMO=1): the default admin the login screen pre-fills.
DEMO_ADMIN_EMAIL: Final = "admin@vandytravel.com"
DEMO_ADMIN_PASSWORD: Final = "VandyDemo#2026"  # noqa: S105 - public demo credential, refused in production
DEMO_ADMIN_NAME: Final = DEFAULT_ADMIN_NAME

# Brute-force limits: 5 failed sign-ins per e-mail or per IP within 15 minutes.
SIGN_IN_MAX_FAILURES: Final = 5
SIGN_IN_WINDOW_S: Final = 15 * 60

# Readable texts for the hosted provider's error codes; codes may carry a suffix
# ("INVALID_PASSWORD : ...", "TOO_MANY_ATTEMPTS_TRY_LATER : ..."), so they match by prefix.
WRONG_EMAIL_OR_PASSWORD: Final = "Incorrect email or password"  # noqa: S105 - a message
PROVIDER_MESSAGES: Final[tuple[tuple[str, str], ...]] = (
    ("EMAIL_NOT_FOUND", WRONG_EMAIL_OR_PASSWORD),
    ("INVALID_PASSWORD", WRONG_EMAIL_OR_PASSWORD),
    ("INVALID_LOGIN_CREDENTIALS", WRONG_EMAIL_OR_PASSWORD),
    ("USER_DISABLED", "This account has been disabled"),
    ("TOO_MANY_ATTEMPTS_TRY_LATER", "Too many failed attempts. Please try again later"),
)


def provider_message(code: str | None) -> str | None:
    """The readable text for a provider error code, or None when the code is unknown."""
    if not code:
        return None
    code = code.strip()
    for prefix, text in PROVIDER_MESSAGES:
        if code.startswith(prefix):
            return text
    return None


def too_many_attempts_message(retry_after_s: float) -> str:
    minutes = max(1, math.ceil(retry_after_s / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"Too many failed sign-in attempts. Please try again in {minutes} {unit}."


def normalise_email(email: str) -> str:
    return email.strip().lower()


@dataclass(frozen=True, slots=True)
class IdentityUser:
    """Who the provider says signed in: the user id, e-mail and display name (may be empty)."""

    id: str
    email: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class AdminUser:
    """The session user of spec section 3: ``{id, email, name}``."""

    id: str
    email: str
    name: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "email": self.email, "name": self.name}


@dataclass(frozen=True, slots=True)
class RoleRecord:
    """The fields read from a "users" record: name and role, either possibly missing."""

    name: str | None = None
    role: str | None = None


class SignInFailed(Exception):
    """Wrong credentials (or a refused account). ``message`` is the provider's text, if any."""

    def __init__(self, provider_text: str | None = None) -> None:
        super().__init__(provider_text or INVALID_CREDENTIALS)
        self.provider_text = provider_text

    @property
    def message(self) -> str:
        """What the admin is shown: the provider's own text, default "Invalid credentials"."""
        return self.provider_text or INVALID_CREDENTIALS


class IdentityUnavailable(Exception):
    """The provider could not be asked (network, outage): not the admin's fault."""


class RoleLookupFailed(Exception):
    """Reading the "users" record failed; the admin sees "Failed to verify admin role"."""


class IdentityProvider(Protocol):
    """Signs a user in with e-mail and password.

    Returns the user, raises :class:`SignInFailed` for wrong credentials and
    :class:`IdentityUnavailable` when the provider cannot be reached.
    """

    async def sign_in(self, email: str, password: str) -> IdentityUser: ...


class RoleDirectory(Protocol):
    """The "users" records keyed by the provider's user id."""

    async def get(self, user_id: str) -> RoleRecord | None:
        """The record, or None when there is none. Raises :class:`RoleLookupFailed` on failure."""
        ...

    async def put(self, user_id: str, name: str, role: str = ADMIN_ROLE) -> None:
        """Create or replace the record (used by ``agency admin grant`` and demo seeding)."""
        ...


def authorise(user: IdentityUser, record: RoleRecord | None) -> AdminUser | None:
    """The admin rule: the record exists and its role equals "admin"; else None (not authorized)."""
    if record is None or record.role != ADMIN_ROLE:
        return None
    name = (record.name or "").strip() or DEFAULT_ADMIN_NAME
    return AdminUser(id=user.id, email=user.email, name=name)
