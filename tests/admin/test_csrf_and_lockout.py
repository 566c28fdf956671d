"""CSRF refusal on state-changing admin requests, and the brute-force lockout."""

from __future__ import annotations

import re

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.admin.security import CSRF_COOKIE, CSRF_HEADER, make_csrf_token
from tests.admin.conftest import SESSION, AdminHarness

CSRF_REFUSED = {"message": "CSRF token missing or invalid"}
CREDENTIALS = {"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD}


async def test_sign_in_without_a_csrf_header_is_refused(demo: AdminHarness) -> None:
    await demo.csrf()
    response = await demo.client.post(SESSION, json=CREDENTIALS)
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)
    assert demo.session_token is None


async def test_sign_in_without_the_csrf_cookie_is_refused(demo: AdminHarness) -> None:
    token = make_csrf_token(demo.container.settings.secret_key)  # well signed, but no cookie to match
    response = await demo.client.post(SESSION, json=CREDENTIALS, headers={CSRF_HEADER: token})
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)


async def test_a_header_that_differs_from_the_cookie_is_refused(demo: AdminHarness) -> None:
    await demo.csrf()
    other = make_csrf_token(demo.container.settings.secret_key)
    response = await demo.client.post(SESSION, json=CREDENTIALS, headers={CSRF_HEADER: other})
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)


async def test_a_token_not_signed_by_the_server_is_refused_even_when_cookie_and_header_match(
    demo: AdminHarness,
) -> None:
    forged = "attacker-chosen.0123456789abcdef0123456789abcdef"
    demo.client.cookies.set(CSRF_COOKIE, forged, domain="testserver.local", path="/")
    response = await demo.client.post(SESSION, json=CREDENTIALS, headers={CSRF_HEADER: forged})
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)


async def test_logout_without_the_token_is_refused_and_the_session_survives(demo: AdminHarness) -> None:
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    response = await demo.client.delete(SESSION)
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)
    assert (await demo.client.get(SESSION)).status_code == 200


async def test_the_token_is_bound_to_the_session_after_sign_in(demo: AdminHarness) -> None:
    before = await demo.csrf()
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    after = demo.cookie(CSRF_COOKIE)
    assert after
    assert after != before
    # The pre-login token, even with a matching cookie, no longer works.
    demo.client.cookies.set(CSRF_COOKIE, before, domain="testserver.local", path="/")
    response = await demo.client.delete(SESSION, headers={CSRF_HEADER: before})
    assert (response.status_code, response.json()) == (403, CSRF_REFUSED)
    # GET /api/admin/session hands the session's token back.
    assert (await demo.client.get(SESSION)).status_code == 200
    assert demo.cookie(CSRF_COOKIE) == after
    assert (await demo.client.delete(SESSION, headers={CSRF_HEADER: after})).status_code == 204


async def test_public_endpoints_take_no_csrf_token(demo: AdminHarness) -> None:
    # Only /api/admin/* is covered: no other state-changing route answers CSRF_REFUSED.
    checked = 0
    for route in demo.app.routes:
        if not route.path.startswith("/api/") or route.path.startswith("/api/admin"):
            continue
        for method in sorted(getattr(route, "methods", set()) - {"GET", "HEAD", "OPTIONS"}):
            path = re.sub(r"\{[^}]+\}", "1", route.path)
            response = await demo.client.request(method, path, json={})
            assert response.status_code != 403 or response.json() != CSRF_REFUSED, (method, path)
            checked += 1
    response = await demo.client.post("/api/health")  # at least one request is made even with no public forms
    assert response.status_code == 405


async def test_five_failures_for_one_email_from_one_address_lock_the_pair_out(
    demo: AdminHarness,
) -> None:
    now = [1000.0]
    demo.sign_in_service.limiter.clock = lambda: now[0]
    for _ in range(5):
        wrong = await demo.sign_in(DEMO_ADMIN_EMAIL, "wrong password")
        assert wrong.status_code == 401
    locked = await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)  # even the right password
    assert locked.status_code == 429
    assert locked.json() == {"message": "Too many failed sign-in attempts. Please try again in 15 minutes."}
    assert locked.headers["retry-after"] == "900"
    assert demo.session_token is None

    now[0] += 14 * 60
    still = await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    assert still.status_code == 429
    assert still.json() == {"message": "Too many failed sign-in attempts. Please try again in 1 minute."}

    now[0] += 60
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200


async def test_five_failures_from_one_ip_lock_out_every_email(demo: AdminHarness) -> None:
    for n in range(5):
        assert (await demo.sign_in(f"guess{n}@example.com", "x")).status_code == 401
    response = await demo.sign_in("someone-else@example.com", "x")
    assert response.status_code == 429
    assert response.json()["message"].startswith("Too many failed sign-in attempts.")


async def test_a_success_clears_the_pairs_count(demo: AdminHarness) -> None:
    attempts = demo.container.attempts
    pair = f"pair:{DEMO_ADMIN_EMAIL}|testclient"
    for _ in range(4):
        assert (await demo.sign_in(DEMO_ADMIN_EMAIL, "wrong password")).status_code == 401
    assert await attempts.count(pair) == 4
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    assert await attempts.count(pair) == 0
    assert await attempts.count("ip:testclient") == 4  # the right password is not counted
    # Four more failures for the pair alone would not lock it; the address's count carries on.
    await attempts.clear("ip:testclient")
    for _ in range(4):
        assert (await demo.sign_in(DEMO_ADMIN_EMAIL, "wrong password")).status_code == 401
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200


async def test_not_authorized_and_csrf_refusals_do_not_count_as_failures(demo: AdminHarness) -> None:
    await demo.csrf()
    for _ in range(6):
        assert (await demo.client.post(SESSION, json=CREDENTIALS)).status_code == 403
    assert await demo.container.attempts.count(f"email:{DEMO_ADMIN_EMAIL}") == 0


NON_ASCII = ["é", "tökén.0123456789abcdef0123456789abcdef", "①", "\u00ff" * 40]


async def test_a_non_ascii_csrf_header_or_cookie_is_refused_with_403_not_500(demo: AdminHarness) -> None:
    token = await demo.csrf()
    for value in NON_ASCII:
        raw = value.encode("utf-8")
        header_only = await demo.client.post(SESSION, json=CREDENTIALS, headers={CSRF_HEADER: raw})
        assert (header_only.status_code, header_only.json()) == (403, CSRF_REFUSED), value
        both = await demo.client.post(
            SESSION, json=CREDENTIALS, headers={CSRF_HEADER: raw, "Cookie": b"csrftoken=" + raw}
        )
        assert (both.status_code, both.json()) == (403, CSRF_REFUSED), value
        cookie_only = await demo.client.post(
            SESSION, json=CREDENTIALS, headers={CSRF_HEADER: token, "Cookie": b"csrftoken=" + raw}
        )
        assert (cookie_only.status_code, cookie_only.json()) == (403, CSRF_REFUSED), value
        # A signed-out GET with such a cookie is handed a fresh token, not a 500.
        look = await demo.client.get(SESSION, headers={"Cookie": b"csrftoken=" + raw})
        assert look.status_code == 401, value
        assert "csrftoken=" in look.headers["set-cookie"]


async def test_a_signed_in_admin_call_with_a_non_ascii_csrf_header_is_refused(demo: AdminHarness) -> None:
    assert (await demo.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    for method, path in (("DELETE", SESSION), ("POST", "/api/admin/jobs"), ("PUT", "/api/admin/settings")):
        response = await demo.client.request(method, path, json={}, headers={CSRF_HEADER: "①".encode()})
        assert (response.status_code, response.json()) == (403, CSRF_REFUSED), path
    assert (await demo.client.get(SESSION)).status_code == 200  # still signed in
