"""Settings of the public API: store, rate limit, body size and the SMS outbox (see ``.env.example``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.client_address import TrustedProxiesError, parse_trusted_proxies

STORE_CHOICES = ("sqlite", "firestore")
DEFAULT_MAX_BODY_BYTES = 13 * 1024 * 1024
"""CV 5MB + passport 5MB + photo 2MB + the text fields and multipart framing."""


class ApiSettingsError(ValueError):
    """A wrong API setting; the message is one line fit for the operator."""


def _number(env: Mapping[str, str], name: str, default: float, minimum: float = 0) -> float:
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ApiSettingsError(f"{name} must be a number") from exc
    if value < minimum:
        raise ApiSettingsError(f"{name} must be at least {minimum:g}")
    return value


@dataclass(frozen=True, slots=True)
class OutboxSettings:
    lease_s: float = 30.0
    retry_base_s: float = 2.0
    retry_cap_s: float = 300.0
    max_attempts: int = 8
    poll_s: float = 1.0
    concurrency: int = 16


@dataclass(frozen=True, slots=True)
class ApiSettings:
    store: str = "sqlite"
    firestore_project_id: str = ""
    rate_limit_per_minute: int = 10
    """0 turns rate limiting off."""
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    outbox: OutboxSettings = OutboxSettings()
    trusted_proxies: tuple[str, ...] = ()
    """``AGENCY_TRUSTED_PROXIES``: peers whose ``X-Forwarded-For``/``Forwarded`` is believed."""
    client_header_timeout_s: float = 10.0
    """Longest wait for a request's line and headers (and longest stall of its body)."""
    client_body_min_bytes_per_s: float = 1024.0
    """Slowest average body upload accepted once ``client_header_timeout_s`` has passed."""
    sign_in_max_delay_s: float = 8.0
    """Longest delay before checking a password for an e-mail under attack (docs/admin-sign-in.md)."""
    """``AGENCY_TRUSTED_PROXIES``: peers whose ``X-Forwarded-For``/``Forwarded`` is believed."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ApiSettings:
        store = (env.get("AGENCY_STORE") or "sqlite").strip().lower()
        if store not in STORE_CHOICES:
            raise ApiSettingsError(f"AGENCY_STORE must be sqlite or firestore, not {store!r}")
        project = (env.get("FIREBASE_PROJECT_ID") or env.get("GOOGLE_CLOUD_PROJECT") or "").strip()
        if store == "firestore" and not project:
            raise ApiSettingsError(
                "FIREBASE_PROJECT_ID (or GOOGLE_CLOUD_PROJECT) is required when AGENCY_STORE=firestore"
            )
        rate = _number(env, "AGENCY_RATE_LIMIT", 10)
        if rate != int(rate):
            raise ApiSettingsError("AGENCY_RATE_LIMIT must be a whole number of requests per minute")
        try:
            trusted_proxies = parse_trusted_proxies(env.get("AGENCY_TRUSTED_PROXIES") or "")
        except TrustedProxiesError as exc:
            raise ApiSettingsError(str(exc)) from exc
        return cls(
            trusted_proxies=trusted_proxies,
            client_header_timeout_s=_number(env, "AGENCY_CLIENT_HEADER_TIMEOUT_S", 10.0, minimum=0.1),
            client_body_min_bytes_per_s=_number(env, "AGENCY_CLIENT_BODY_MIN_BPS", 1024.0),
            sign_in_max_delay_s=_number(env, "AGENCY_SIGN_IN_MAX_DELAY_S", 8.0),
            store=store,
            firestore_project_id=project,
            rate_limit_per_minute=int(rate),
            max_body_bytes=int(_number(env, "AGENCY_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, minimum=1024)),
            outbox=OutboxSettings(
                lease_s=_number(env, "AGENCY_OUTBOX_LEASE_S", 30.0, minimum=0.1),
                retry_base_s=_number(env, "AGENCY_OUTBOX_RETRY_BASE_S", 2.0, minimum=0.01),
                retry_cap_s=_number(env, "AGENCY_OUTBOX_RETRY_CAP_S", 300.0, minimum=0.01),
                max_attempts=int(_number(env, "AGENCY_OUTBOX_MAX_ATTEMPTS", 8, minimum=1)),
                poll_s=_number(env, "AGENCY_OUTBOX_POLL_S", 1.0, minimum=0.01),
            ),
        )
