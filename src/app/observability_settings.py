"""Metrics, traces and error reports from the environment (``docs/observability.md``).

- ``AGENCY_METRICS``: ``on`` (the default) serves ``/metrics``; ``off`` serves nothing and counts nothing.
- ``AGENCY_METRICS_TOKEN``: the bearer token ``/metrics`` answers to. Production with metrics on
  refuses to start without one (of at least :data:`MIN_TOKEN_LENGTH` characters); in development
  an unset token leaves ``/metrics`` open.
- ``OTEL_EXPORTER_OTLP_ENDPOINT`` (OpenTelemetry's own name): set, every request is traced and
  the spans go there; unset, no tracing code runs.
- ``AGENCY_SENTRY_DSN``: set, unhandled errors go to Sentry, scrubbed of personal data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

MIN_TOKEN_LENGTH: Final = 32


class ObservabilitySettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ObservabilitySettings:
    metrics: bool = True
    metrics_token: str = ""
    otlp_endpoint: str = ""
    sentry_dsn: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ObservabilitySettings:
        raw = (env.get("AGENCY_METRICS") or "on").strip().lower()
        if raw not in ("on", "off"):
            raise ObservabilitySettingsError(f"AGENCY_METRICS must be on or off, not {raw!r}")
        token = (env.get("AGENCY_METRICS_TOKEN") or "").strip()
        dsn = (env.get("AGENCY_SENTRY_DSN") or "").strip()
        if dsn and not _dsn_ok(dsn):
            raise ObservabilitySettingsError(
                "AGENCY_SENTRY_DSN must be a Sentry DSN like https://KEY@o1.ingest.sentry.io/PROJECT"
            )
        endpoint = (env.get("OTEL_EXPORTER_OTLP_ENDPOINT") or "").strip()
        if endpoint and urlsplit(endpoint).scheme not in ("http", "https"):
            raise ObservabilitySettingsError("OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL")
        return cls(metrics=raw == "on", metrics_token=token, otlp_endpoint=endpoint, sentry_dsn=dsn)

    def unsafe_for_production(self) -> str | None:
        """Why production must not start with these settings (one line naming the setting), or None."""
        if not self.metrics:
            return None
        if not self.metrics_token:
            return (
                "AGENCY_ENV=production needs AGENCY_METRICS_TOKEN (the token /metrics answers to) or AGENCY_METRICS=off"
            )
        if len(self.metrics_token) < MIN_TOKEN_LENGTH:
            return f"AGENCY_METRICS_TOKEN must be at least {MIN_TOKEN_LENGTH} characters in production"
        return None


def _dsn_ok(dsn: str) -> bool:
    parts = urlsplit(dsn)
    project = parts.path.rstrip("/").rsplit("/", 1)[-1]
    return parts.scheme in ("http", "https") and bool(parts.username) and bool(parts.hostname) and project.isdigit()
