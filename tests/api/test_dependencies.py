"""One DI style: handlers name the services they use; none receives the container."""

from __future__ import annotations

import typing
from pathlib import Path

from app.container import Container
from app.main import create_app
from app.settings import Settings


def test_every_handler_gets_services_not_the_container(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path / "data", client_dist=tmp_path / "dist"))
    assert "container" not in app.dependencies
    seen: set[str] = set()
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            for name, parameter in handler.parsed_fn_signature.parameters.items():
                assert parameter.annotation is not Container, (route.path, name)
                assert Container not in typing.get_args(parameter.annotation), (route.path, name)
            seen.update(handler.resolve_dependencies())
    admin_subjects = {
        "applications_admin",
        "appointments_admin",
        "jobs_admin",
        "blog_admin",
        "messages_admin",
        "subscribers_admin",
        "settings_admin",
        "phones_admin",
        "dashboard_admin",
        "pipeline_admin",
        "employers_admin",
        "orders_admin",
        "documents_admin",
        "gates_admin",
    }
    assert {"agency", "bookings", "files", "media", "sign_in", "admin", *admin_subjects} <= seen
    assert "area" not in seen  # the one admin service of every subject is gone (issue 44 item 2)
    assert "container" not in seen


def test_guards_and_middleware_read_narrow_objects_from_the_state(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path / "data", client_dist=tmp_path / "dist"))
    container: Container = app.state["container"]
    assert app.state["sign_in"] is container.sign_in
    assert app.state["rate_limiter"] is container.rate_limiter
    assert app.state["trusted_proxies"] == container.settings.api.trusted_proxies
    assert app.state["report_rate_limiter"] is container.report_rate_limiter
    names = {"container", "sign_in", "admin_cookies", "rate_limiter", "report_rate_limiter", "trusted_proxies"}
    assert set(app.state.dict()) == names
