"""Settings from the environment, read once at start-up (see ``.env.example``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from agency_core.constants import AGENCY_SHORT_NAME, DISPLAYED_PHONES, SENDER_ID_MAX_LENGTH
from agency_core.validation import normalise_phone
from app.api_settings import ApiSettings, ApiSettingsError

REPO_ROOT = Path(__file__).resolve().parents[2]
DEV_SECRET_KEY = "dev-secret-key-change-me"  # noqa: S105 - refused in production (see Settings)


class SettingsError(ValueError):
    """A setting is missing or wrong; the message is one line fit for the operator."""


def _phones(raw: str | None) -> tuple[str, ...]:
    if not raw:
        return DISPLAYED_PHONES
    phones = []
    for item in raw.split(","):
        e164 = normalise_phone(item.strip())
        if e164 is None:
            raise SettingsError(f"AGENCY_ADMIN_PHONES: {item.strip()!r} is not a phone number")
        phones.append(e164)
    return tuple(phones)


def _flag(env: Mapping[str, str], name: str, default: bool = False) -> bool:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True, slots=True)
class SmsSettings:
    base_url: str | None = None
    api_key: str = ""
    sender: str = AGENCY_SHORT_NAME
    admin_phones: tuple[str, ...] = DISPLAYED_PHONES
    timeout_s: float = 10.0

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> SmsSettings:
        sender = env.get("AGENCY_SMS_SENDER") or AGENCY_SHORT_NAME
        if len(sender) > SENDER_ID_MAX_LENGTH:
            raise SettingsError(f"AGENCY_SMS_SENDER must be at most {SENDER_ID_MAX_LENGTH} characters")
        base_url = (env.get("AGENCY_SMS_BASE_URL") or "").rstrip("/") or None
        api_key = env.get("AGENCY_SMS_API_KEY", "")
        if base_url and not api_key:
            raise SettingsError("AGENCY_SMS_API_KEY is required when AGENCY_SMS_BASE_URL is set")
        return cls(base_url, api_key, sender, _phones(env.get("AGENCY_ADMIN_PHONES")))


@dataclass(frozen=True, slots=True)
class Settings:
    env_name: str = "development"
    data_dir: Path = REPO_ROOT / "var"
    client_dist: Path = REPO_ROOT / "client" / "dist"
    host: str = "127.0.0.1"
    port: int = 8000
    demo: bool = False
    secret_key: str = DEV_SECRET_KEY
    sms: SmsSettings = field(default_factory=SmsSettings)
    api: ApiSettings = field(default_factory=ApiSettings)

    @property
    def production(self) -> bool:
        return self.env_name == "production"

    @property
    def database_path(self) -> Path:
        return self.data_dir / "agency.sqlite3"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        try:
            port = int(env.get("PORT", "8000"))
        except ValueError as exc:
            raise SettingsError("PORT must be a number") from exc
        try:
            api = ApiSettings.from_env(env)
        except ApiSettingsError as exc:
            raise SettingsError(str(exc)) from exc
        return cls(
            env_name=env.get("AGENCY_ENV", "development"),
            data_dir=Path(env.get("AGENCY_DATA_DIR") or REPO_ROOT / "var").resolve(),
            client_dist=Path(env.get("AGENCY_CLIENT_DIST") or REPO_ROOT / "client" / "dist").resolve(),
            host=env.get("HOST", "127.0.0.1"),
            port=port,
            demo=_flag(env, "AGENCY_DEMO"),
            secret_key=env.get("AGENCY_SECRET_KEY") or DEV_SECRET_KEY,
            sms=SmsSettings.from_env(env),
            api=api,
        )
