"""The sign-in use case with fakes that record what they were asked (no app, no database)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field

import pytest

from agency_core.errors import Refusal, SignInRefused
from agency_core.signin.identity import (
    ADMIN_ROLE,
    LOGOUT_FAILED,
    ROLE_CHECK_FAILED,
    SIGN_IN_UNAVAILABLE,
    USER_NOT_AUTHORIZED,
    AdminUser,
    IdentityUnavailable,
    IdentityUser,
    RoleLookupFailed,
    RoleRecord,
    SignInFailed,
    too_many_attempts_message,
)
from agency_core.signin.service import EMAIL_AND_PASSWORD_REQUIRED, RoleCache, SignedIn, SignIn
from agency_core.signin.sessions import Session
from agency_core.signin.throttle import KeyCount, SignInLimiter

AMA = IdentityUser("u1", "ama@example.com")
PASSWORD = "correct horse"


@dataclass
class FakeIdentity:
    users: dict[tuple[str, str], IdentityUser] = field(default_factory=lambda: {(AMA.email, PASSWORD): AMA})
    down: bool = False
    asked: list[str] = field(default_factory=list)

    async def sign_in(self, email: str, password: str) -> IdentityUser:
        self.asked.append(email)
        if self.down:
            raise IdentityUnavailable("connection refused")
        user = self.users.get((email, password))
        if user is None:
            raise SignInFailed(None)
        return user


@dataclass
class FakeRoles:
    records: dict[str, RoleRecord] = field(default_factory=lambda: {AMA.id: RoleRecord("Ama Owusu", ADMIN_ROLE)})
    broken: bool = False
    asked: list[str] = field(default_factory=list)

    async def get(self, user_id: str) -> RoleRecord | None:
        self.asked.append(user_id)
        if self.broken:
            raise RoleLookupFailed("timeout")
        return self.records.get(user_id)

    async def put(self, user_id: str, name: str, role: str = ADMIN_ROLE) -> None:
        self.records[user_id] = RoleRecord(name, role)


@dataclass
class FakeSessions:
    ttl_s: float = 3600.0
    live: dict[str, Session] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)
    ended_users: list[str] = field(default_factory=list)
    failing_delete: bool = False

    async def migrate(self) -> None:
        return

    async def create(self, user: AdminUser, csrf_token: str) -> Session:
        session = Session(f"token-{len(self.live) + 1}", user, csrf_token, 1e9)
        self.live[session.token] = session
        return session

    async def get(self, token: str) -> Session | None:
        return self.live.get(token)

    async def delete(self, token: str) -> None:
        if self.failing_delete:
            raise OSError("disk full")
        self.deleted.append(token)
        self.live.pop(token, None)

    async def delete_user(self, user_id: str) -> None:
        self.ended_users.append(user_id)
        for token in [t for t, s in self.live.items() if s.user.id == user_id]:
            del self.live[token]


@dataclass
class FakeAttempts:
    """Counts attempts per key (no window: the tests run within one)."""

    counts: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cleared: list[str] = field(default_factory=list)

    async def add(self, keys: Sequence[str], at: float, window_s: float) -> list[KeyCount]:
        for key in keys:
            self.counts[key].append(at)
        return [KeyCount(len(self.counts[key]), min(self.counts[key])) for key in keys]

    async def remove(self, keys: Sequence[str], at: float) -> None:
        for key in keys:
            self.counts[key].remove(at)

    async def clear(self, key: str) -> None:
        self.cleared.append(key)
        self.counts[key] = []


@dataclass
class World:
    identity: FakeIdentity = field(default_factory=FakeIdentity)
    roles: FakeRoles = field(default_factory=FakeRoles)
    sessions: FakeSessions = field(default_factory=FakeSessions)
    attempts: FakeAttempts = field(default_factory=FakeAttempts)
    slept: list[float] = field(default_factory=list)
    now: float = 1000.0

    def sign_in(self, role_cache_s: float = 0.0) -> SignIn:
        async def sleep(seconds: float) -> None:
            self.slept.append(seconds)

        limiter = SignInLimiter(self.attempts, clock=lambda: self.now, sleep=sleep)
        return SignIn(
            self.identity, self.roles, self.sessions, limiter, RoleCache(role_cache_s, clock=lambda: self.now)
        )


async def attempt(service: SignIn, email: str = AMA.email, password: str = PASSWORD, **kw: object) -> SignedIn:
    args: dict[str, object] = {"ip": "203.0.113.9", "previous_token": None, "csrf_token": "csrf-1", **kw}
    return await service.sign_in(email, password, **args)  # type: ignore[arg-type]


async def refused(call: Awaitable[object]) -> tuple[Refusal, str, str]:
    """The reason, message and detail of the refusal ``call`` raises."""
    with pytest.raises(SignInRefused) as caught:
        await call
    return caught.value.reason, caught.value.message, caught.value.detail


async def test_a_right_password_of_an_admin_opens_a_session_bound_to_the_csrf_token() -> None:
    world = World()
    outcome = await attempt(world.sign_in(), email="  AMA@Example.com ")
    assert outcome.admin == AdminUser("u1", "ama@example.com", "Ama Owusu")
    assert outcome.session.csrf_token == "csrf-1"
    assert world.sessions.live == {outcome.session.token: outcome.session}
    assert world.identity.asked == ["ama@example.com"]  # normalised before the provider is asked
    assert world.attempts.cleared == ["pair:ama@example.com|203.0.113.9"]


async def test_signing_in_again_ends_the_previous_session() -> None:
    world = World()
    await attempt(world.sign_in(), previous_token="old-token")
    assert world.sessions.deleted == ["old-token"]


@pytest.mark.parametrize(("email", "password"), [("", PASSWORD), ("   ", PASSWORD), (AMA.email, "")])
async def test_missing_credentials_are_refused_before_anything_is_asked(email: str, password: str) -> None:
    world = World()
    outcome = await refused(attempt(world.sign_in(), email=email, password=password))
    assert outcome == (Refusal.MISSING_CREDENTIALS, EMAIL_AND_PASSWORD_REQUIRED, "")
    assert world.identity.asked == []
    assert not world.attempts.counts


async def test_a_wrong_password_is_refused_with_the_providers_text_and_counted() -> None:
    world = World()
    outcome = await refused(attempt(world.sign_in(), password="wrong"))
    assert outcome == (Refusal.BAD_CREDENTIALS, "Invalid credentials", "")
    assert world.attempts.counts["email:ama@example.com"] == [1000.0]
    assert world.sessions.live == {}


async def test_the_sixth_wrong_password_from_one_address_is_throttled_without_asking_the_provider() -> None:
    world = World()
    service = world.sign_in()
    for _ in range(5):
        assert (await refused(attempt(service, password="wrong")))[0] is Refusal.BAD_CREDENTIALS
        world.now += 1
    with pytest.raises(SignInRefused) as caught:
        await attempt(service)
    outcome = caught.value
    assert outcome.reason is Refusal.THROTTLED
    assert outcome.message == too_many_attempts_message(outcome.retry_after_s)
    assert 0 < outcome.retry_after_s <= 15 * 60
    assert len(world.identity.asked) == 5


async def test_an_unavailable_provider_is_no_failure_of_the_admin() -> None:
    world = World()
    world.identity.down = True
    outcome = await refused(attempt(world.sign_in()))
    assert outcome == (Refusal.IDENTITY_UNAVAILABLE, SIGN_IN_UNAVAILABLE, "connection refused")
    assert all(not times for times in world.attempts.counts.values())


async def test_a_user_without_the_admin_role_gets_no_session() -> None:
    world = World()
    world.roles.records[AMA.id] = RoleRecord("Ama Owusu", "editor")
    outcome = await refused(attempt(world.sign_in()))
    assert outcome == (Refusal.NOT_AUTHORIZED, USER_NOT_AUTHORIZED, "")
    assert world.sessions.live == {}
    assert world.sessions.ended_users == []  # at sign-in there is nothing to end


async def test_a_failed_role_lookup_is_its_own_refusal() -> None:
    world = World()
    world.roles.broken = True
    outcome = await refused(attempt(world.sign_in()))
    assert outcome == (Refusal.ROLE_CHECK_FAILED, ROLE_CHECK_FAILED, "timeout")


async def test_the_per_request_check_ends_every_session_of_a_demoted_admin() -> None:
    world = World()
    service = world.sign_in()
    signed = await attempt(service)
    assert await service.check(signed.session) == signed.admin
    del world.roles.records[AMA.id]
    assert await refused(service.check(signed.session)) == (Refusal.NOT_AUTHORIZED, USER_NOT_AUTHORIZED, "")
    assert world.sessions.ended_users == ["u1"]
    assert await service.session(signed.session.token) is None


async def test_the_role_answer_is_cached_for_its_ttl_but_sign_in_always_asks() -> None:
    world = World()
    service = world.sign_in(role_cache_s=30)
    signed = await attempt(service)
    await service.check(signed.session)
    await service.check(signed.session)
    assert world.roles.asked == ["u1"]  # the sign-in's fresh answer serves the next checks
    world.now += 30
    await service.check(signed.session)
    assert world.roles.asked == ["u1", "u1"]
    await attempt(service)
    assert world.roles.asked == ["u1", "u1", "u1"]


async def test_sign_out_ends_the_session_and_forgets_the_cached_role() -> None:
    world = World()
    service = world.sign_in(role_cache_s=30)
    signed = await attempt(service)
    await service.sign_out(signed.session.token, signed.session)
    assert world.sessions.deleted == [signed.session.token]
    assert service.role_cache.get("u1") == (False, None)


async def test_a_failed_sign_out_is_reported() -> None:
    world = World()
    world.sessions.failing_delete = True
    outcome = await refused(world.sign_in().sign_out("token", None))
    assert outcome == (Refusal.SIGN_OUT_FAILED, LOGOUT_FAILED, "disk full")


async def test_no_cookie_is_no_session() -> None:
    world = World()
    assert await world.sign_in().session(None) is None
    assert await world.sign_in().session("") is None
