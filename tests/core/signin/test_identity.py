from __future__ import annotations

from agency_core.signin.identity import (
    DEFAULT_ADMIN_NAME,
    AdminUser,
    IdentityUser,
    RoleRecord,
    SignInFailed,
    authorise,
    provider_message,
    too_many_attempts_message,
)

USER = IdentityUser("uid-1", "ama@vandytravel.com", "Ama from Firebase")


def test_authorise_needs_a_record_with_role_admin() -> None:
    assert authorise(USER, None) is None
    assert authorise(USER, RoleRecord(name="Ama", role=None)) is None
    assert authorise(USER, RoleRecord(name="Ama", role="Admin")) is None  # exactly "admin"
    assert authorise(USER, RoleRecord(name="Ama", role="editor")) is None
    assert authorise(USER, RoleRecord(name="Ama", role="admin")) == AdminUser("uid-1", "ama@vandytravel.com", "Ama")


def test_the_name_defaults_to_admin_user() -> None:
    for name in (None, "", "   "):
        admin = authorise(USER, RoleRecord(name=name, role="admin"))
        assert admin is not None
        assert admin.name == DEFAULT_ADMIN_NAME == "Admin User"


def test_sign_in_failed_defaults_to_invalid_credentials() -> None:
    assert SignInFailed().message == "Invalid credentials"
    assert SignInFailed("").message == "Invalid credentials"
    assert SignInFailed("This account has been disabled").message == "This account has been disabled"


def test_provider_codes_match_by_prefix() -> None:
    assert provider_message("EMAIL_NOT_FOUND") == "Incorrect email or password"
    assert provider_message("INVALID_PASSWORD") == "Incorrect email or password"
    assert provider_message("INVALID_LOGIN_CREDENTIALS") == "Incorrect email or password"
    assert provider_message("USER_DISABLED : The user account has been disabled by an administrator.") == (
        "This account has been disabled"
    )
    assert provider_message("TOO_MANY_ATTEMPTS_TRY_LATER : Access temporarily disabled") == (
        "Too many failed attempts. Please try again later"
    )
    assert provider_message("WEAK_PASSWORD") is None
    assert provider_message(None) is None


def test_too_many_attempts_message_rounds_up_to_whole_minutes() -> None:
    assert too_many_attempts_message(900) == "Too many failed sign-in attempts. Please try again in 15 minutes."
    assert too_many_attempts_message(61) == "Too many failed sign-in attempts. Please try again in 2 minutes."
    assert too_many_attempts_message(3) == "Too many failed sign-in attempts. Please try again in 1 minute."
