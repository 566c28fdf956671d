"""The answer for a path that is no page: 404 with the pre-rendered not-found page, never the app shell.

Before, every unknown path answered 200 with the shell (a soft 404: search engines indexed typos,
and a probe of ``/livez`` or ``/metrics`` saw the site "up"). The server knows every public page:
the pre-render writes the routes of ``client/src/app/public-routes.json`` to ``pages.json``, and
:func:`app.pages.site.public_page` answers each of them and the client-only pages it lists
(``NOINDEX``); ``tests/api/test_not_found.py`` checks that every route of the client's router
(``client/src/app/router.tsx``) is among them. Whatever it does not answer is not a page:
this 404, with ``<meta name="robots" content="noindex">`` and ``X-Robots-Tag: noindex``.

The admin client (``/admin`` and below) is one page with a router of its own that shows its own
"not found": every path under it is served the shell, as before. A build without the pre-rendered
pages (a bare ``index.html``, as some tests make) cannot tell pages apart and serves the shell too.
"""

from __future__ import annotations

from typing import Any, Final

from litestar import Request, Response

from app.pages.document import Encoded, Head
from app.pages.site import AGENCY_NAME, built, origin_of, respond
from app.settings import Settings

ADMIN_CLIENT: Final = "/admin"
NOINDEX: Final = "noindex"


def is_admin_client(path: str) -> bool:
    normalised = "/" + path.strip("/")
    return normalised == ADMIN_CLIENT or normalised.startswith(ADMIN_CLIENT + "/")


def not_found_page(request: Request[Any, Any, Any], settings: Settings, path: str) -> Response[bytes] | None:
    """The not-found page with 404, or None when the build has no pre-rendered pages (a bare build)."""
    site = built(settings.client_dist.resolve(), settings.site)
    if site is None or "notFound" not in site.pages:
        return None
    entry = site.pages["notFound"]
    head = Head(
        title=entry.get("title") or f"Page Not Found | {AGENCY_NAME}",
        description=entry.get("description") or "",
        path="/" + path.strip("/"),
        extra=entry.get("head") or "",
        robots=NOINDEX,
    )
    document = site.shell.document(head, origin_of(request, settings), site.body(entry))
    response = respond(request, Encoded.of(document), status=404)
    response.headers["X-Robots-Tag"] = NOINDEX
    return response
