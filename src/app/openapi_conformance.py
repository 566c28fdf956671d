"""Make the generated OpenAPI document say what the app really answers.

Litestar documents a 400 ``{status_code, detail, extra}`` for every handler and only the statuses
a handler declares. The app's error handlers answer ``{"message"}`` (or ``{"errors"}`` for 422),
and the admin guard, CSRF check, path lookups and body decoding add statuses of their own. This
module rewrites the document once, when it is first asked for, by rules that follow the code:

- every error response is ``ErrorMessage`` (``{"message"}``), 422 is ``ValidationErrors``;
- a request body may be refused with 400 (malformed), 413 (too large) and 415 (wrong type);
- every guarded admin operation may answer 401, 403 and 503; every unsafe admin one 403 (CSRF);
- an operation with path parameters may answer 404; an admin one with a query, a body or a bounded path parameter, 422;
- CSV exports are ``text/csv``, application files their stored types;
- the request bodies and admin query parameters say what ``agency_core`` accepts (required fields,
  enums, whole numbers, lengths, patterns): :mod:`app.request_contract`.

Schemathesis (``tests/api/test_schemathesis.py``) checks the result against the running app.
"""

from __future__ import annotations

from litestar._openapi.plugin import OpenAPIPlugin
from litestar.config.app import AppConfig
from litestar.openapi.spec import OpenAPI, OpenAPIMediaType, OpenAPIResponse, Operation, Reference, Schema
from litestar.openapi.spec.enums import OpenAPIType

from app.request_contract import PATH_PARAMETERS, publish

ADMIN = "/api/admin"
ADMIN_PUBLIC = frozenset({"/api/admin/session", "/api/admin/demo-credentials"})
JSON = "application/json"
EXTRA_STATUSES = {
    ("/api/admin/session", "get"): {401},
    ("/api/admin/session", "post"): {401, 403, 429, 503},
    ("/api/admin/session", "delete"): {500},
    ("/api/admin/demo-credentials", "get"): {404},
    ("/api/admin/appointments/calendar", "get"): {404},
}
"""The session routes' own answers (docs/admin-sign-in.md); demo credentials are 404 outside demo mode;
the calendar of an office that is not configured is 404."""
FILE_TYPES = ("application/pdf", "image/jpeg", "image/png", "image/webp")

DESCRIPTIONS = {
    400: "Malformed request: the body is not valid JSON, UTF-8 or of the expected shape",
    401: "Not signed in, or the credentials are wrong",
    403: "Not an admin, or the CSRF token is missing or invalid",
    404: "Not found",
    500: "Signing out failed",
    409: "Conflict with the current state",
    413: "The request body is too large",
    415: "Unsupported content type",
    422: "The fields that break the rules, with the message of each",
    429: "Too many requests",
    503: "A service the answer depends on is unavailable",
}


def _error(status: int) -> OpenAPIResponse:
    name = "ValidationErrors" if status == 422 else "ErrorMessage"
    schema = Reference(f"#/components/schemas/{name}")
    return OpenAPIResponse(description=DESCRIPTIONS[status], content={JSON: OpenAPIMediaType(schema=schema)})


def _operations(openapi: OpenAPI) -> list[tuple[str, str, Operation]]:
    found = []
    for path, item in (openapi.paths or {}).items():
        for method in ("get", "put", "post", "delete", "patch"):
            operation = getattr(item, method, None)
            if isinstance(operation, Operation):
                found.append((path, method, operation))
    return found


def _statuses(path: str, method: str, operation: Operation) -> set[int]:
    statuses: set[int] = set(EXTRA_STATUSES.get((path, method), ()))
    has_body = operation.request_body is not None
    params = [p for p in operation.parameters or [] if not isinstance(p, Reference)]
    if has_body:
        statuses |= {400, 413, 415}
    if any(p.param_in == "path" for p in params):
        statuses.add(404)
    if path.startswith(ADMIN):
        if path not in ADMIN_PUBLIC:
            statuses |= {401, 403, 503}
            if has_body or any(p.param_in == "query" for p in params) or path in PATH_PARAMETERS:
                statuses.add(422)
        if method != "get":
            statuses.add(403)
    return statuses


FILE_PATHS = ("/files/{field}", "/files/{file_id}", "/documents/{version_id}/scan")
"""The routes that answer a file (documented as a string of each file type)."""


def conform(openapi: OpenAPI) -> OpenAPI:
    """Rewrite ``openapi`` in place by the rules above; returns it."""
    publish(openapi)
    for path, method, operation in _operations(openapi):
        responses = operation.responses or {}
        for code, response in list(responses.items()):
            if code.isdigit() and int(code) >= 400 and isinstance(response, OpenAPIResponse):
                content = response.content or {}
                media = content.get(JSON)
                schema = media.schema if media is not None else None
                if not isinstance(schema, Reference):  # Litestar's {status_code, detail, extra}
                    responses[code] = _error(int(code))
        for status in _statuses(path, method, operation):
            responses.setdefault(str(status), _error(status))
        ok = responses.get("200")
        if path.endswith(".csv") and isinstance(ok, OpenAPIResponse):
            ok.content = {"text/csv": OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING))}
        if path.endswith(FILE_PATHS) and isinstance(ok, OpenAPIResponse):
            binary = Schema(type=OpenAPIType.STRING, format="binary")  # type: ignore[arg-type]
            ok.content = {media_type: OpenAPIMediaType(schema=binary) for media_type in FILE_TYPES}
        operation.responses = responses
    return openapi


class ConformedOpenAPIPlugin(OpenAPIPlugin):
    """Litestar's OpenAPI plugin (a private class, pinned by the ``litestar<3`` requirement) whose
    document is built and conformed when first asked for. Built at every app's start it cost about a
    second of CPU, paid by every in-process app of the tests and never used by most of them."""

    __slots__ = ()

    def provide_openapi(self) -> OpenAPI:
        if not self._openapi:
            self._openapi = conform(self._build_openapi())
        return self._openapi


def conform_when_asked(config: AppConfig) -> AppConfig:
    """An ``on_app_init`` hook: Litestar's own OpenAPI plugin replaced by :class:`ConformedOpenAPIPlugin`."""
    # In place: Litestar goes on to call the on_app_init of each plugin in this very list.
    config.plugins[:] = [
        ConformedOpenAPIPlugin(plugin.app) if type(plugin) is OpenAPIPlugin else plugin for plugin in config.plugins
    ]
    return config
