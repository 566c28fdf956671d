"""Admin JSON and CSV exports: no-store, nosniff and the rest of the security headers."""

from __future__ import annotations

from tests.admin.area import add_application, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.test_security_headers import assert_secure


async def test_admin_json_and_exports_are_no_store_and_nosniff(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA100")
    for path in ("/api/admin/session", "/api/admin/applications", "/api/admin/applications/export.csv"):
        response = await h.client.get(path)
        assert response.status_code == 200, path
        assert response.headers["cache-control"] == "no-store", path
        assert_secure(response.headers)
    await h.sign_out()
    signed_out = await h.client.get("/api/admin/applications")
    assert signed_out.status_code == 401
    assert signed_out.headers["cache-control"] == "no-store"
