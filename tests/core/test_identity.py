from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from agency_core.identity import (
    DEFAULT_ADMIN_NAME,
    AdminUser,
    IdentityUser,
    RoleRecord,
    SignInFailed,
    SignInThrottle,
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


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_throttle_locks_after_five_failures_and_releases_after_the_window() -> None:
    clock = Clock()
    throttle = SignInThrottle(clock=clock)
    for _ in range(4):
        throttle.failed("email:a")
        clock.now += 10
    assert throttle.retry_after("email:a") == 0
    throttle.failed("email:a")
    assert throttle.retry_after("email:a") == 15 * 60 - 40  # until the first failure leaves the window
    assert throttle.retry_after("email:b") == 0
    clock.now = 900.0
    assert throttle.retry_after("email:a") == 0


def test_throttle_reset_clears_one_key_only() -> None:
    throttle = SignInThrottle(clock=Clock())
    for _ in range(5):
        throttle.failed("email:a", "ip:1")
    throttle.reset("email:a")
    assert throttle.retry_after("email:a") == 0
    assert throttle.retry_after("ip:1") > 0
    assert throttle.retry_after("email:a", "ip:1") > 0


@given(st.lists(st.floats(min_value=0, max_value=3600, allow_nan=False), max_size=30))
def test_throttle_locks_exactly_when_five_failures_are_in_the_window(gaps: list[float]) -> None:
    clock = Clock()
    throttle = SignInThrottle(clock=clock)
    times = []
    for gap in gaps:
        clock.now += gap
        throttle.failed("k")
        times.append(clock.now)
    recent = [t for t in times if t > clock.now - 900]
    assert (throttle.retry_after("k") > 0) == (len(recent) >= 5)
