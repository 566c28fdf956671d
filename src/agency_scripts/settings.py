"""What a script reads from the environment besides the app's own settings (``AGENCY_*``)."""

from __future__ import annotations

import getpass
import ipaddress
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import phonenumbers

from agency_core.messaging.sms_texts import track_link
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from app.settings import Settings, SettingsError

DEFAULT_CONCURRENCY = 10
SCRIPT_MARK = "script:"
PRODUCTION_NEEDS = (
    ("AGENCY_DATA_DIR", "the app's data directory"),
    ("AGENCY_FILES_KEY", "the key the records' passport numbers are sealed under"),
    ("AGENCY_SITE_URL", "the public address, https://...: status texts link to its /track page"),
)
"""What a script run in production needs set, and why (it reads nothing else of the server's)."""
GATEWAY_POOL = 20
"""The HTTP gateway's connection pool (``adapters.sms_http``): sends in flight never exceed it."""


def _loopback(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def script_track_url(settings: Settings) -> str:
    """The ``/track`` link of a script's texts: only from ``AGENCY_SITE_URL``, never a loopback
    address (a phone cannot open it); production without a public one is refused."""
    public = settings.site_url if settings.site_url and not _loopback(settings.site_url) else ""
    if settings.production and not public:
        raise SettingsError(
            "AGENCY_ENV=production needs AGENCY_SITE_URL set to the public address (https://...): "
            "status texts link to its /track page"
        )
    return track_link(public)


def script_actor(name: str) -> str:
    """The audit log's actor of a script: always marked ``script:`` (``staff@…`` becomes
    ``script:staff@…``), so no entry reads as a staff member's own change."""
    name = name.strip()
    return name if name.startswith(SCRIPT_MARK) else f"{SCRIPT_MARK}{name}"


@dataclass(frozen=True, slots=True)
class ScriptSettings:
    """``AGENCY_PHONE_REGION`` (default GH): the region a local phone number is read in, unless a
    call names one; ``AGENCY_SCRIPT_ACTOR``: the actor of the audit entries (default
    ``script:<user>``); ``AGENCY_SCRIPT_CONCURRENCY``: sends in flight at once (1-20, default 10)."""

    phone_region: str = DEFAULT_PHONE_REGION
    actor: str = "script"
    concurrency: int = DEFAULT_CONCURRENCY

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ScriptSettings:
        problems = _script_problems(env)
        if problems:
            raise SettingsMissing(problems)
        actor = script_actor((env.get("AGENCY_SCRIPT_ACTOR") or "").strip() or getpass.getuser())
        return cls(_region(env), actor, int(_concurrency(env)))


class SettingsMissing(SettingsError):
    """Every setting a script needs that is unset or wrong, named at once (``problems``, one line each)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("the script's settings are missing or wrong: " + "; ".join(self.problems))


def _region(env: Mapping[str, str]) -> str:
    return (env.get("AGENCY_PHONE_REGION") or DEFAULT_PHONE_REGION).strip().upper()


def _concurrency(env: Mapping[str, str]) -> str:
    return (env.get("AGENCY_SCRIPT_CONCURRENCY") or str(DEFAULT_CONCURRENCY)).strip()


def _script_problems(env: Mapping[str, str]) -> list[str]:
    """What is wrong with the script's own settings, one line each."""
    problems = []
    if _region(env) not in phonenumbers.SUPPORTED_REGIONS:
        problems.append(f"AGENCY_PHONE_REGION must be a two-letter country code such as GH: {_region(env)!r}")
    raw = _concurrency(env)
    if not raw.isdigit() or not 1 <= int(raw) <= GATEWAY_POOL:
        problems.append(f"AGENCY_SCRIPT_CONCURRENCY must be a whole number from 1 to {GATEWAY_POOL}")
    return problems


def _unset(env: Mapping[str, str], name: str) -> bool:
    return not (env.get(name) or "").strip()


def _missing_for_script(env: Mapping[str, str], *, sends: bool) -> list[str]:
    """The settings a script uses that are unset: in production the data directory, the documents'
    key (the records' passport numbers are sealed under it) and the public site address (the texts'
    ``/track`` link); for sends, the gateway. Nothing the server alone uses is asked for."""
    production = (env.get("AGENCY_ENV") or "").strip().lower() == "production"
    missing = []
    if production:
        for name, what in PRODUCTION_NEEDS:
            if _unset(env, name):
                missing.append(f"{name} ({what})")
    if sends and _unset(env, "AGENCY_SMS_BASE_URL"):
        missing.append("AGENCY_SMS_BASE_URL and AGENCY_SMS_API_KEY (the SMS gateway), or a dry run")
    return missing


def read_settings(env: Mapping[str, str], *, sends: bool) -> tuple[Settings, ScriptSettings]:
    """The app's settings as a script uses them, and the script's own; raises one
    :class:`SettingsMissing` naming everything unset or wrong (``sends``: the gateway is needed)."""
    problems = _missing_for_script(env, sends=sends) + _script_problems(env)
    try:
        settings = Settings.from_env(env, serving=False)
    except SettingsError as exc:
        raise SettingsMissing([str(exc), *problems]) from exc
    if not _unset(env, "AGENCY_SITE_URL"):  # unset is already listed; set, it must be public
        try:
            script_track_url(settings)
        except SettingsError as exc:
            problems.append(str(exc))
    if problems:
        raise SettingsMissing(problems)
    return settings, ScriptSettings.from_env(env)
