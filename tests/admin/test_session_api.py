"""The sign-in API against the spec's error catalogue (section 8) and session rules (section 4)."""

from __future__ import annotations

from agency_core.signin.identity import (
    DEMO_ADMIN_EMAIL,
    DEMO_ADMIN_PASSWORD,
    IdentityUser,
    RoleLookupFailed,
    RoleRecord,
    SignInFailed,
)
from app.admin.security import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE
from tests.admin.conftest import SESSION, AdminHarness, MakeHarness

PASSWORD = "correct horse battery"


async def add_admin(h: AdminHarness, email: str = "ama@vandytravel.com", role: str | None = "admin") -> str:
    local = h.container.identity.local_identity
    assert local is not None
    account = await local.save_account(email, "Ama Owusu", PASSWORD)
    if role is not None:
        await h.sign_in_service.roles.put(account.id, "Ama Owusu", role)
    return account.id


def set_cookie_headers(response: object) -> list[str]:
    return response.headers.get_list("set-cookie")  # type: ignore[attr-defined, no-any-return]


async def test_demo_admin_signs_in_with_the_published_demo_credentials(demo: AdminHarness) -> None:
    shown = await demo.client.get("/api/admin/demo-credentials")
    assert shown.status_code == 200
    assert shown.json() == {"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD}

    response = await demo.sign_in(shown.json()["email"], shown.json()["password"])
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"id", "email", "name"}
    assert body["email"] == DEMO_ADMIN_EMAIL
    assert body["name"] == "Admin User"

    me = await demo.client.get(SESSION)
    assert me.status_code == 200
    assert me.json() == body


async def test_session_cookie_is_httponly_lax_and_not_secure_over_http(demo: AdminHarness) -> None:
    response = await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    (session_cookie,) = [c for c in set_cookie_headers(response) if c.startswith(f"{SESSION_COOKIE}=")]
    attributes = [part.strip().lower() for part in session_cookie.split(";")]
    assert "httponly" in attributes
    assert "samesite=lax" in attributes
    assert "path=/api/admin" in attributes
    assert "secure" not in attributes
    (csrf_cookie,) = [c for c in set_cookie_headers(response) if c.startswith(f"{CSRF_COOKIE}=")]
    assert "httponly" not in csrf_cookie.lower()  # the client reads it to send it back


async def test_session_cookie_is_secure_over_https(make_harness: MakeHarness) -> None:
    h = await make_harness(base_url="https://testserver.local", demo=True)
    response = await h.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    assert response.status_code == 200
    (session_cookie,) = [c for c in set_cookie_headers(response) if c.startswith(f"{SESSION_COOKIE}=")]
    assert "secure" in [part.strip().lower() for part in session_cookie.split(";")]


async def test_wrong_password_and_unknown_email_are_both_invalid_credentials(plain: AdminHarness) -> None:
    await add_admin(plain)
    wrong = await plain.sign_in("ama@vandytravel.com", "not the password")
    unknown = await plain.sign_in("nobody@vandytravel.com", PASSWORD)
    assert (wrong.status_code, wrong.json()) == (401, {"message": "Invalid credentials"})
    assert (unknown.status_code, unknown.json()) == (401, {"message": "Invalid credentials"})
    assert plain.session_token is None


async def test_email_is_matched_without_regard_to_case(plain: AdminHarness) -> None:
    await add_admin(plain)
    response = await plain.sign_in("  AMA@VandyTravel.com ", PASSWORD)
    assert response.status_code == 200
    assert response.json()["email"] == "ama@vandytravel.com"
    assert response.json()["name"] == "Ama Owusu"


async def test_missing_fields_are_a_clear_400(plain: AdminHarness) -> None:
    token = await plain.csrf()
    response = await plain.client.post(SESSION, json={"email": "a@b.c"}, headers={CSRF_HEADER: token})
    assert (response.status_code, response.json()) == (400, {"message": "Email and password are required"})
    empty = await plain.sign_in("a@b.c", "")
    assert (empty.status_code, empty.json()) == (400, {"message": "Email and password are required"})


class MessageProvider:
    def __init__(self, text: str | None) -> None:
        self.text = text

    async def sign_in(self, email: str, password: str) -> IdentityUser:
        raise SignInFailed(self.text)


async def test_login_failure_shows_the_providers_own_message(plain: AdminHarness) -> None:
    plain.sign_in_service.identity = MessageProvider("This account has been disabled")
    response = await plain.sign_in("ama@vandytravel.com", "whatever")
    assert (response.status_code, response.json()) == (401, {"message": "This account has been disabled"})


async def test_login_failure_without_a_message_defaults_to_invalid_credentials(plain: AdminHarness) -> None:
    plain.sign_in_service.identity = MessageProvider(None)
    response = await plain.sign_in("ama@vandytravel.com", "whatever")
    assert (response.status_code, response.json()) == (401, {"message": "Invalid credentials"})


async def test_no_users_record_is_not_authorized(plain: AdminHarness) -> None:
    await add_admin(plain, role=None)
    response = await plain.sign_in("ama@vandytravel.com", PASSWORD)
    assert (response.status_code, response.json()) == (403, {"message": "User not authorized"})
    assert plain.session_token is None
    assert (await plain.client.get(SESSION)).status_code == 401


async def test_a_role_other_than_admin_is_not_authorized(plain: AdminHarness) -> None:
    await add_admin(plain, role="editor")
    response = await plain.sign_in("ama@vandytravel.com", PASSWORD)
    assert (response.status_code, response.json()) == (403, {"message": "User not authorized"})
    assert plain.session_token is None


class BrokenRoles:
    async def get(self, user_id: str) -> RoleRecord | None:
        raise RoleLookupFailed("directory down")

    async def put(self, user_id: str, name: str, role: str = "admin") -> None:
        raise RoleLookupFailed("directory down")


class ExplodingRoles(BrokenRoles):
    async def get(self, user_id: str) -> RoleRecord | None:
        raise ConnectionError("reset by peer")


async def test_role_check_that_throws_is_failed_to_verify_admin_role(plain: AdminHarness) -> None:
    await add_admin(plain)
    for broken in (BrokenRoles(), ExplodingRoles()):
        plain.sign_in_service.roles = broken
        response = await plain.sign_in("ama@vandytravel.com", PASSWORD)
        assert (response.status_code, response.json()) == (503, {"message": "Failed to verify admin role"})
        assert plain.session_token is None


async def test_role_check_that_throws_on_a_later_request_is_503_too(plain: AdminHarness) -> None:
    await add_admin(plain)
    assert (await plain.sign_in("ama@vandytravel.com", PASSWORD)).status_code == 200
    plain.sign_in_service.roles = BrokenRoles()
    response = await plain.client.get(SESSION)
    assert (response.status_code, response.json()) == (503, {"message": "Failed to verify admin role"})


async def test_get_session_signed_out_is_401_and_hands_out_a_csrf_token(plain: AdminHarness) -> None:
    response = await plain.client.get(SESSION)
    assert (response.status_code, response.json()) == (401, {"message": "Not signed in"})
    assert plain.cookie(CSRF_COOKIE)


async def test_logout_is_204_and_the_session_is_gone_server_side(demo: AdminHarness) -> None:
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    token = demo.session_token
    assert token is not None
    assert await demo.sign_in_service.sessions.get(token) is not None

    response = await demo.sign_out()
    assert response.status_code == 204
    assert await demo.sign_in_service.sessions.get(token) is None
    assert demo.session_token is None
    assert (await demo.client.get(SESSION)).status_code == 401

    # Replaying the old cookie does not bring the session back.
    demo.client.cookies.set(SESSION_COOKIE, token, domain="testserver.local", path="/api/admin")
    replay = await demo.client.get(SESSION)
    assert (replay.status_code, replay.json()) == (401, {"message": "Not signed in"})


async def test_logout_signed_out_is_still_204(plain: AdminHarness) -> None:
    assert (await plain.sign_out()).status_code == 204


async def test_logout_failure_is_failed_to_logout(demo: AdminHarness) -> None:
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200

    async def broken_delete(_token: str) -> None:
        raise OSError("disk full")

    demo.sign_in_service.sessions.delete = broken_delete  # type: ignore[method-assign]
    response = await demo.sign_out()
    assert (response.status_code, response.json()) == (500, {"message": "Failed to logout"})


async def test_login_rotates_the_session_id(demo: AdminHarness) -> None:
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    first = demo.session_token
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    second = demo.session_token
    assert first
    assert second
    assert first != second
    assert await demo.sign_in_service.sessions.get(first) is None
    assert await demo.sign_in_service.sessions.get(second) is not None


async def test_an_idle_session_expires(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    now = [1_000_000.0]
    h.sign_in_service.sessions.clock = lambda: now[0]
    ttl = h.sign_in_service.sessions.ttl_s
    assert ttl == 8 * 60 * 60
    assert (await h.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200

    now[0] += ttl - 120  # still in use: the expiry slides forward
    assert (await h.client.get(SESSION)).status_code == 200
    now[0] += ttl - 120
    assert (await h.client.get(SESSION)).status_code == 200
    now[0] += ttl + 1  # idle longer than the TTL
    response = await h.client.get(SESSION)
    assert (response.status_code, response.json()) == (401, {"message": "Not signed in"})


async def test_a_user_whose_record_goes_away_is_signed_out(plain: AdminHarness) -> None:
    uid = await add_admin(plain)
    assert (await plain.sign_in("ama@vandytravel.com", PASSWORD)).status_code == 200
    assert plain.container.identity.local_roles is not None
    await plain.container.identity.local_roles.delete(uid)
    response = await plain.client.get(SESSION)
    assert (response.status_code, response.json()) == (403, {"message": "User not authorized"})
    assert (await plain.client.get(SESSION)).status_code == 401


async def test_the_role_answer_is_cached_only_briefly(plain: AdminHarness) -> None:
    uid = await add_admin(plain)
    now = [0.0]
    plain.sign_in_service.role_cache.ttl_s = 30
    plain.sign_in_service.role_cache.clock = lambda: now[0]
    assert (await plain.sign_in("ama@vandytravel.com", PASSWORD)).status_code == 200
    await plain.sign_in_service.roles.put(uid, "Ama Owusu", "editor")
    now[0] = 10
    assert (await plain.client.get(SESSION)).status_code == 200  # within the cache window
    now[0] = 31
    assert (await plain.client.get(SESSION)).status_code == 403


async def test_the_name_comes_from_the_users_record(plain: AdminHarness) -> None:
    uid = await add_admin(plain)
    await plain.sign_in_service.roles.put(uid, "", "admin")
    response = await plain.sign_in("ama@vandytravel.com", PASSWORD)
    assert response.json()["name"] == "Admin User"
    await plain.sign_in_service.roles.put(uid, "Kofi Mensah", "admin")
    assert (await plain.client.get(SESSION)).json()["name"] == "Kofi Mensah"
