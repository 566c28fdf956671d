"""Unhandled errors to Sentry when ``AGENCY_SENTRY_DSN`` is set, without personal data.

- ``send_default_pii=False`` (no cookies, no client address, no user), no request bodies
  (``max_request_body_size="never"``) and no local variables of the stack frames.
- :func:`scrub` (``before_send`` and ``before_send_transaction``) then walks the whole event: a value
  under a key that names a person (``fullName``, ``name``, ``passportNumber``, ``phone``, ``email``...)
  becomes :data:`FILTERED`; in every other string, phone numbers and e-mail addresses are masked as
  the logs mask them (:mod:`agency_core.masking`) and passport numbers replaced.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from agency_core.masking import mask_email, mask_phone
from app.access_log import logged_path

FILTERED: Final = "[Filtered]"
PERSONAL_KEYS: Final = frozenset(
    (
        "name",
        "fullname",
        "full_name",
        "firstname",
        "first_name",
        "lastname",
        "last_name",
        "surname",
        "othernames",
        "other_names",
        "guardianname",
        "nextofkin",
        "phone",
        "phonenumber",
        "phone_number",
        "whatsapp",
        "email",
        "emailaddress",
        "email_address",
        "address",
        "passport",
        "passportnumber",
        "passport_number",
        "dateofbirth",
        "date_of_birth",
        "dob",
        "cookie",
        "cookies",
        "authorization",
        "x-csrf-token",
    )
)
_EMAIL: Final = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
_PHONE: Final = re.compile(r"(?<![\w.:+-])\+?\d(?: ?\d){8,14}(?![\w.:-])")
"""Nine to fifteen digits, spaces allowed between them (``024 123 4567``, ``+233241234567``); a date's
or a time's digits are not one."""
_PASSPORT: Final = re.compile(r"\b(?!VA\d)[A-Z]{1,2}\d{6,8}\b")
"""A passport number (Ghana's G1234567 and the like); an application reference (``VA`` and digits) stays."""
_QUOTED_FIELD: Final = re.compile(r"""([A-Za-z_][\w-]*)(['"]?\s*[=:]\s*)(['"])(.*?)\3""")
"""``full_name='Ama Owusu'`` in a record's repr, ``"fullName": "Ama Owusu"`` in a dict's or a JSON text."""


def _field(match: re.Match[str]) -> str:
    key, sep, quote, _ = match.groups()
    return f"{key}{sep}{quote}{FILTERED}{quote}" if _personal(key) else match.group()


def scrub_text(text: str) -> str:
    """``text`` with the values of personal fields replaced, e-mail addresses and phone numbers masked
    and passport numbers replaced."""
    text = _QUOTED_FIELD.sub(_field, text)
    text = _EMAIL.sub(lambda m: mask_email(m.group()), text)
    text = _PASSPORT.sub(FILTERED, text)
    return _PHONE.sub(lambda m: mask_phone(m.group().replace(" ", "")), text)


def _folded(key: str) -> str:
    return key.lower().replace("-", "").replace("_", "")


_PERSONAL_FOLDED: Final = frozenset(_folded(key) for key in PERSONAL_KEYS)


def _personal(key: object) -> bool:
    """``fullName``, ``full_name`` and ``Full-Name`` alike."""
    return isinstance(key, str) and _folded(key) in _PERSONAL_FOLDED


def _scrubbed(value: Any) -> Any:
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, Mapping):
        return {k: FILTERED if _personal(k) and v not in (None, "") else _scrubbed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # Headers arrive as [name, value] pairs.
        if len(value) == 2 and _personal(value[0]):
            return [value[0], FILTERED]
        return [_scrubbed(item) for item in value]
    return value


def scrub(event: dict[str, Any], hint: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Sentry ``before_send``: the event with no personal data left in it."""
    del hint
    scrubbed: dict[str, Any] = _scrubbed(event)
    scrubbed.pop("user", None)
    request = scrubbed.get("request")
    if isinstance(request, dict):  # a link's token: in the path (masked as the access log does) or the query
        if isinstance(request.get("url"), str):
            request["url"] = _masked_url(request["url"])
        if request.get("query_string"):
            request["query_string"] = FILTERED
    return scrubbed


def _masked_url(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, logged_path(parts.path), "", ""))


def start_error_reports(dsn: str, environment: str) -> None:
    """Sentry for this process (before the app is built: its Litestar integration hooks the app's
    creation). Nothing is imported or started without a DSN."""
    import sentry_sdk
    from sentry_sdk.integrations.litestar import LitestarIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        send_default_pii=False,
        max_request_body_size="never",
        include_local_variables=False,
        before_send=scrub,  # type: ignore[arg-type]
        before_send_transaction=scrub,  # type: ignore[arg-type]
        integrations=[LitestarIntegration()],
        traces_sample_rate=None,
    )
