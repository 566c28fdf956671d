"""The API reference: the served OpenAPI document and Swagger UI, from this server only.

Development serves ``/schema`` (Swagger UI; also at ``/schema/swagger``) and the document at
``/schema/openapi.json``; production serves neither (``app.main``: no OpenAPI config, so 404).

Litestar's own Swagger page loads Swagger UI from a CDN and starts it with an inline script. This
page loads Swagger UI's files from ``/schema/swagger-ui/`` (the npm package ``swagger-ui-dist``,
installed under ``tools/api-docs`` by ``make install``) and starts it from a script of ours,
so it works offline and under the site's CSP (``script-src 'self'``): nothing comes from another
origin. Swagger UI's online validator badge is off for the same reason. "Try it out" sends the
admin CSRF cookie back as its header, as the admin client does.
"""

from __future__ import annotations

import html
from typing import Any, Final

from litestar import MediaType, Request, Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.params import FromPath

from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from app.settings import REPO_ROOT

DOCS_PATH: Final = "/schema"
SWAGGER_UI_DIR: Final = REPO_ROOT / "tools" / "api-docs" / "node_modules" / "swagger-ui-dist"
ASSETS: Final = "/swagger-ui"
"""Under the OpenAPI path (``/schema/swagger-ui/...``)."""
FILES: Final = {
    "swagger-ui.css": "text/css",
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui-standalone-preset.js": "text/javascript",
}
"""The only files served from the package."""
START_SCRIPT: Final = "start.js"
NOT_INSTALLED: Final = "Swagger UI's files are not installed: run make install (they go to tools/api-docs)."

START = f"""// Starts Swagger UI on the document named by #swagger-ui's data-url (app/api_reference.py).
window.addEventListener("load", () => {{
  const root = document.getElementById("swagger-ui");
  const csrf = () =>
    document.cookie
      .split("; ")
      .find((row) => row.startsWith("{CSRF_COOKIE}="))
      ?.split("=")[1];
  window.ui = SwaggerUIBundle({{
    url: root.dataset.url,
    dom_id: "#swagger-ui",
    deepLinking: true,
    // Over about 130 operations Swagger UI renders only the ones in view; the filter (by tag) finds the rest.
    filter: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
    requestInterceptor: (request) => {{
      const token = csrf();
      if (token !== undefined) request.headers["{CSRF_HEADER}"] = decodeURIComponent(token);
      return request;
    }},
  }});
}});
"""


def page(title: str, base: str, document_url: str, *, installed: bool) -> str:
    """The reference's HTML: Swagger UI from ``base`` + ``/swagger-ui/``, or what to install."""
    assets = base + ASSETS
    head = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{html.escape(title)}</title>'
    )
    if not installed:
        return (
            f"{head}</head><body><main><h1>{html.escape(title)}</h1><p>{html.escape(NOT_INSTALLED, quote=False)}</p>"
            f'<p><a href="{html.escape(document_url)}">The OpenAPI document</a></p></main></body></html>'
        )
    return (
        f'{head}<link rel="stylesheet" href="{assets}/swagger-ui.css"></head><body>'
        f'<div id="swagger-ui" data-url="{html.escape(document_url)}"></div>'
        f'<script src="{assets}/swagger-ui-bundle.js"></script>'
        f'<script src="{assets}/swagger-ui-standalone-preset.js"></script>'
        f'<script src="{assets}/{START_SCRIPT}"></script></body></html>'
    )


@get(ASSETS + "/{name:str}", sync_to_thread=False, include_in_schema=False)
def swagger_ui_file(name: FromPath[str]) -> Response[bytes]:
    """One of Swagger UI's files (a fixed list: no path from the request reaches the disk), or the start script."""
    if name == START_SCRIPT:
        return Response(START.encode(), media_type="text/javascript")
    if name not in FILES or not (SWAGGER_UI_DIR / name).is_file():
        raise NotFoundException(detail="Not Found")
    return Response(
        (SWAGGER_UI_DIR / name).read_bytes(),
        media_type=FILES[name],
        headers={"Cache-Control": "no-cache"},
    )


class LocalSwagger(OpenAPIRenderPlugin):
    """Swagger UI at ``/schema`` and ``/schema/swagger``, its files served by this app (see the module)."""

    def __init__(self) -> None:
        super().__init__(path=["/", "/swagger"], media_type=MediaType.HTML)

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        installed = all((SWAGGER_UI_DIR / name).is_file() for name in FILES)
        title = str(openapi_schema["info"]["title"])
        return page(title, DOCS_PATH, self.get_openapi_json_route(request), installed=installed).encode()

    def receive_router(self, router: Router) -> None:
        router.register(swagger_ui_file)
