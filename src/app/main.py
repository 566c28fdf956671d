"""The Litestar application: ``create_app(settings)`` wires the container and the routes."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar.openapi import OpenAPIConfig

from agency_core.clock import Clock
from app.access_log import access_log_hook
from app.admin import build_admin_router
from app.admin.blog import media_file
from app.api import build_api_router, exception_handlers
from app.api_reference import DOCS_PATH, LocalSwagger
from app.container import Container
from app.dependencies import dependencies_of, state_of
from app.employer_page import build_employer_router
from app.health import health, livez, readyz
from app.logging import configure_logging
from app.observability import Observability
from app.openapi_conformance import conform_when_asked
from app.outer_guard import AgencyApp
from app.pages.seo import robots_txt, sitemap_xml
from app.path_guard import path_guard
from app.receipt_page import receipt_page
from app.security_headers import security_headers_hook
from app.settings import Settings, SettingsError, unsafe_for_production
from app.spa import spa
from app.test_checkout_page import TestCheckoutPage
from app.welfare_page import build_welfare_router


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> Litestar:
    configure_logging()
    settings = settings or Settings.from_env()
    problem = unsafe_for_production(settings)
    if problem is not None:
        raise SettingsError(problem)
    container = Container.build(settings, clock)
    observed = Observability.of(settings.observability, settings.env_name, container.operations)

    @asynccontextmanager
    async def lifespan(_: Litestar) -> AsyncGenerator[None, None]:
        await container.start()
        try:
            yield
        finally:
            await container.stop()

    app = AgencyApp(
        route_handlers=[
            *observed.routes,
            health,
            livez,
            readyz,
            build_api_router(settings),
            build_admin_router(settings),
            media_file,
            robots_txt,
            sitemap_xml,
            TestCheckoutPage,
            receipt_page,
            build_welfare_router(settings),
            build_employer_router(settings),
            spa,
        ],
        dependencies=dependencies_of(container),
        lifespan=[lifespan],
        # Production publishes no API documentation; development serves it at /schema (app/api_reference.py).
        openapi_config=None
        if settings.production
        else OpenAPIConfig(title="Vandy Travel API", version="0.1.0", path=DOCS_PATH, render_plugins=[LocalSwagger()]),
        middleware=[*observed.middleware, path_guard],
        plugins=observed.plugins,
        before_send=[
            security_headers_hook(production=settings.production),
            access_log_hook(settings.api.trusted_proxies),
        ],
        state=state_of(container),
        debug=False,
        exception_handlers=exception_handlers(settings.api.rate_limit_per_minute),
        request_max_body_size=settings.api.max_body_bytes,
        logging_config=None,
        on_app_init=[conform_when_asked],
    )
    return app.guard(production=settings.production)
