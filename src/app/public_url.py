"""The one public origin of the site: ``AGENCY_SITE_URL``, else the request's own origin.

Canonical, Open Graph and sitemap URLs, the JSON-LD of jobs and the Paystack ``callback_url`` all
come from :func:`public_origin`; e-mail links (no request at hand) use ``container.site_url``.
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from app.settings import Settings


def public_origin(request: Request[Any, Any, Any], settings: Settings) -> str:
    """``https://www.example.com`` (no trailing slash)."""
    return settings.site_url or str(request.base_url).rstrip("/")
