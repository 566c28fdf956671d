"""Settings from the environment, read once at start-up (see ``.env.example``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from agency_core.signin.identity import DEMO_ADMIN_PASSWORD
from agency_core.spec.constants import AGENCY_SHORT_NAME, DISPLAYED_PHONES, SENDER_ID_MAX_LENGTH
from agency_core.spec.validation import normalise_phone
from app.api_settings import ApiSettings, ApiSettingsError
from app.bulk_settings import BulkSettings, BulkSettingsError
from app.file_storage_settings import FileStorageSettings, FileStorageSettingsError
from app.files_key import FileKeyError, load_files_key
from app.known_settings import unknown_settings
from app.message_settings import MessageSettingsError, log_only_from_env, undeliverable_in_production
from app.newsletter_settings import NewsletterSettings, NewsletterSettingsError
from app.observability_settings import ObservabilitySettings, ObservabilitySettingsError
from app.office_settings import OfficeSettings, OfficeSettingsError
from app.pack_settings import PackSettings, PackSettingsError
from app.payment_settings import PaymentSettings, PaymentSettingsError
from app.secret_strength import weak_secret
from app.site_settings import NOT_SET, SiteSettings, SiteSettingsError, parse_site_url
from app.sms_report_settings import SmsReportSettings, SmsReportSettingsError
from app.whatsapp_settings import WhatsAppSettings, WhatsAppSettingsError

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


def _test_now(env: Mapping[str, str]) -> datetime | None:
    """``AGENCY_NOW``: the instant the app's clock starts at (development and tests only)."""
    raw = (env.get("AGENCY_NOW") or "").strip()
    if not raw:
        return None
    try:
        at = datetime.fromisoformat(raw)
    except ValueError:
        at = None
    if at is None or at.tzinfo is None:
        raise SettingsError(f"AGENCY_NOW must be an instant with its zone, e.g. 2026-11-28T23:59:50Z, not {raw!r}")
    return at.astimezone(UTC)


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


DEFAULT_EMAIL_SENDER = "Vandy Travel <info@vandytravel.com>"


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    """``AGENCY_SMTP_*``: without a host, e-mails are only logged."""

    host: str | None = None
    port: int = 587
    username: str = ""
    password: str = ""
    sender: str = DEFAULT_EMAIL_SENDER
    starttls: bool = True

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> SmtpSettings:
        try:
            port = int(env.get("AGENCY_SMTP_PORT") or "587")
        except ValueError as exc:
            raise SettingsError("AGENCY_SMTP_PORT must be a number") from exc
        return cls(
            host=env.get("AGENCY_SMTP_HOST") or None,
            port=port,
            username=env.get("AGENCY_SMTP_USERNAME", ""),
            password=env.get("AGENCY_SMTP_PASSWORD", ""),
            sender=env.get("AGENCY_SMTP_FROM") or DEFAULT_EMAIL_SENDER,
            starttls=(env.get("AGENCY_SMTP_STARTTLS") or "1").lower() not in ("0", "false", "no", "off"),
        )


IDENTITY_CHOICES = ("local", "firebase")
ROLES_CHOICES = ("local", "firestore")
DEFAULT_SESSION_TTL_S = 8 * 60 * 60


@dataclass(frozen=True, slots=True)
class AdminAuthSettings:
    """Admin sign-in: which identity provider and role directory, Firebase settings, session TTL."""

    identity: str = "local"
    roles: str = "local"
    firebase_api_key: str = ""
    firebase_auth_domain: str = ""
    firebase_project_id: str = ""
    firebase_auth_emulator_host: str = ""
    session_ttl_s: int = DEFAULT_SESSION_TTL_S
    role_cache_s: float = 30.0

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> AdminAuthSettings:
        identity = (env.get("AGENCY_IDENTITY") or "local").strip().lower()
        if identity not in IDENTITY_CHOICES:
            raise SettingsError(f"AGENCY_IDENTITY must be local or firebase, not {identity!r}")
        roles = (env.get("AGENCY_ROLES") or "local").strip().lower()
        if roles not in ROLES_CHOICES:
            raise SettingsError(f"AGENCY_ROLES must be local or firestore, not {roles!r}")
        api_key = env.get("FIREBASE_API_KEY", "").strip()
        project_id = (env.get("FIREBASE_PROJECT_ID") or env.get("GOOGLE_CLOUD_PROJECT") or "").strip()
        if identity == "firebase" and not api_key:
            raise SettingsError("FIREBASE_API_KEY is required when AGENCY_IDENTITY=firebase")
        if roles == "firestore" and not project_id:
            raise SettingsError("FIREBASE_PROJECT_ID is required when AGENCY_ROLES=firestore")
        try:
            ttl = int(env.get("AGENCY_SESSION_TTL") or DEFAULT_SESSION_TTL_S)
        except ValueError as exc:
            raise SettingsError("AGENCY_SESSION_TTL must be a whole number of seconds") from exc
        if ttl <= 0:
            raise SettingsError("AGENCY_SESSION_TTL must be a positive number of seconds")
        return cls(
            identity=identity,
            roles=roles,
            firebase_api_key=api_key,
            firebase_auth_domain=env.get("FIREBASE_AUTH_DOMAIN", "").strip()
            or (f"{project_id}.firebaseapp.com" if project_id else ""),
            firebase_project_id=project_id,
            firebase_auth_emulator_host=env.get("FIREBASE_AUTH_EMULATOR_HOST", "").strip(),
            session_ttl_s=ttl,
        )


ENV_CHOICES = ("development", "production")


def _refuse_unknown(env: Mapping[str, str]) -> None:
    """Production only: an ``AGENCY_*``, ``PAYSTACK_*`` or ``FIREBASE_*`` name nothing reads is a
    misspelt setting (``app/known_settings.py``)."""
    unknown = unknown_settings(env) if _env_name(env) == "production" else []
    if unknown:
        raise SettingsError(
            f"Unknown setting {', '.join(unknown)}: a misspelt name? The settings are listed in .env.example"
        )


def _env_name(env: Mapping[str, str]) -> str:
    """``AGENCY_ENV`` in any case; anything else (``prod``, ``Production-x``) stops the start rather
    than silently meaning development."""
    raw = env.get("AGENCY_ENV") or "development"
    name = raw.strip().lower()
    if name not in ENV_CHOICES:
        raise SettingsError(f"AGENCY_ENV must be development or production, not {raw!r}")
    return name


def _missing_in_production(settings: Settings) -> str | None:
    """The first setting production needs that is unset, as the line that names it."""
    required = (
        (
            "AGENCY_SITE_URL",
            settings.site_url,
            "the public origin every link is built from, e.g. https://www.vandytravel.com",
        ),
        ("AGENCY_LABOUR_LICENCE", _set(settings.site.legal.labour_licence), "the Labour Department licence number"),
        (
            "AGENCY_DPC_REGISTRATION",
            _set(settings.site.legal.dpc_registration),
            "the Data Protection Commission registration number",
        ),
    )
    for name, value, what in required:
        if not value:
            return f"AGENCY_ENV=production needs {name} ({what})"
    return None


def _set(value: str) -> str:
    return "" if value == NOT_SET else value


def unsafe_for_production(settings: Settings) -> str | None:
    """Why these settings must not serve production (one line), or None when they may."""
    if not settings.production:
        return None
    if settings.demo:
        return "AGENCY_ENV=production refuses demo mode: unset AGENCY_DEMO"
    if settings.now is not None:
        return "AGENCY_ENV=production refuses a set clock: unset AGENCY_NOW"
    if settings.secret_key == DEV_SECRET_KEY or not settings.secret_key:
        return "AGENCY_ENV=production needs AGENCY_SECRET_KEY set to a long random value"
    if settings.secret_key == DEMO_ADMIN_PASSWORD:
        return "AGENCY_SECRET_KEY must not be the demo password"
    if len(settings.secret_key) < 32:
        return "AGENCY_SECRET_KEY must be at least 32 characters in production"
    weak = _weak_secret(settings)
    if weak is not None:
        return weak
    if settings.payments.test_keys:
        return "AGENCY_ENV=production refuses Paystack test keys (sk_test_/pk_test_): set the live keys"
    if not settings.files_key:
        return "AGENCY_ENV=production needs AGENCY_FILES_KEY (a Fernet key) to encrypt uploaded documents"
    return (
        _missing_in_production(settings)
        or settings.observability.unsafe_for_production()
        or undeliverable_in_production(
            sms_gateway=settings.sms.base_url is not None,
            smtp_host=settings.smtp.host is not None,
            log_only=settings.log_only_messages,
        )
    )


def _weak_secret(settings: Settings) -> str | None:
    """The first secret setting of ours that is too easy to guess (keys of other services are theirs)."""
    secrets = (("AGENCY_SECRET_KEY", settings.secret_key), ("AGENCY_SMS_REPORT_SECRET", settings.sms_reports.secret))
    return next((w for name, value in secrets if value and (w := weak_secret(name, value)) is not None), None)


@dataclass(frozen=True, slots=True)
class Settings:
    env_name: str = "development"
    data_dir: Path = REPO_ROOT / "var"
    client_dist: Path = REPO_ROOT / "client" / "dist"
    host: str = "127.0.0.1"
    port: int = 8000
    demo: bool = False
    secret_key: str = DEV_SECRET_KEY
    site_url: str = ""
    """``AGENCY_SITE_URL``: the public origin for canonical links, structured data, e-mail links and the
    ``/track`` link of the status SMS (else the request's origin, or ``http://HOST:PORT`` off a request)."""
    sms: SmsSettings = field(default_factory=SmsSettings)
    smtp: SmtpSettings = field(default_factory=SmtpSettings)
    api: ApiSettings = field(default_factory=ApiSettings)
    admin_auth: AdminAuthSettings = field(default_factory=AdminAuthSettings)
    payments: PaymentSettings = field(default_factory=PaymentSettings)
    site: SiteSettings = field(default_factory=SiteSettings)
    office: OfficeSettings = field(default_factory=OfficeSettings)
    sms_reports: SmsReportSettings = field(default_factory=SmsReportSettings)
    whatsapp: WhatsAppSettings = field(default_factory=WhatsAppSettings)
    """``AGENCY_WHATSAPP_*``: the WhatsApp channel (``app/whatsapp_settings.py``); off when none is set."""
    bulk: BulkSettings = field(default_factory=BulkSettings)
    packs: PackSettings = field(default_factory=PackSettings)
    """``AGENCY_PACK_DAYS``, ``AGENCY_PACK_REMINDER_DAYS``: CV packs' links and their unanswered flag."""
    newsletter: NewsletterSettings = field(default_factory=NewsletterSettings)
    file_storage: FileStorageSettings = field(default_factory=FileStorageSettings)
    """``AGENCY_FILE_STORAGE``, ``AGENCY_FILES_BUCKET``: uploads and blog media on disk or in a bucket."""
    observability: ObservabilitySettings = field(default_factory=ObservabilitySettings)
    """``AGENCY_METRICS``, ``AGENCY_METRICS_TOKEN``, ``AGENCY_SENTRY_DSN``, ``OTEL_EXPORTER_OTLP_ENDPOINT``."""
    log_only_messages: bool = False
    """``AGENCY_MESSAGES=log-only``: production may start without a gateway or SMTP host; texts and
    e-mails it cannot send are logged, masked (``app/message_settings.py``)."""
    files_key: str = ""
    """``AGENCY_FILES_KEY``: the Fernet key of uploaded documents. Unset outside production: a key
    kept in ``AGENCY_DATA_DIR/files.key``."""
    welfare_default_staff: str = ""
    """``AGENCY_WELFARE_DEFAULT_STAFF``: the user id of the staff member a welfare case goes to when the
    applicant has no owner ("" for nobody: the case waits on the dashboard unassigned)."""
    now: datetime | None = None
    """``AGENCY_NOW`` (development and tests only; production refuses it): the app's clock reads this
    instant at start-up and runs on from it (``agency_core.clock.running_from``); unset, the real time."""

    @property
    def production(self) -> bool:
        return self.env_name == "production"

    @property
    def database_path(self) -> Path:
        return self.data_dir / "agency.sqlite3"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, serving: bool = True) -> Settings:
        """``serving=False``: read for a script, without the server's production checks (a script
        checks the settings it uses: ``agency_scripts.settings.read_settings``)."""
        env = os.environ if env is None else env
        _refuse_unknown(env)
        try:
            port = int(env.get("PORT", "8000"))
        except ValueError as exc:
            raise SettingsError("PORT must be a number") from exc
        try:
            api = ApiSettings.from_env(env)
        except ApiSettingsError as exc:
            raise SettingsError(str(exc)) from exc
        try:
            payments = PaymentSettings.from_env(env)
        except PaymentSettingsError as exc:
            raise SettingsError(str(exc)) from exc
        try:
            # A demo shows marked sample numbers; production (which refuses demo mode too) the real ones.
            site = SiteSettings.from_env(env, demo=_flag(env, "AGENCY_DEMO") and _env_name(env) != "production")
            site_url = parse_site_url(env.get("AGENCY_SITE_URL"))
        except SiteSettingsError as exc:
            raise SettingsError(str(exc)) from exc
        try:
            office = OfficeSettings.from_env(env)
            sms_reports = SmsReportSettings.from_env(env)
            whatsapp = WhatsAppSettings.from_env(env, production=serving and _env_name(env) == "production")
            bulk = BulkSettings.from_env(env)
            packs = PackSettings.from_env(env)
            newsletter = NewsletterSettings.from_env(env)
            file_storage = FileStorageSettings.from_env(env)
            log_only_messages = log_only_from_env(env)
            observability = ObservabilitySettings.from_env(env)
        except (
            ObservabilitySettingsError,
            FileStorageSettingsError,
            OfficeSettingsError,
            SmsReportSettingsError,
            WhatsAppSettingsError,
            BulkSettingsError,
            PackSettingsError,
            NewsletterSettingsError,
            MessageSettingsError,
        ) as exc:
            raise SettingsError(str(exc)) from exc
        settings = cls(
            env_name=_env_name(env),
            data_dir=Path(env.get("AGENCY_DATA_DIR") or REPO_ROOT / "var").resolve(),
            client_dist=Path(env.get("AGENCY_CLIENT_DIST") or REPO_ROOT / "client" / "dist").resolve(),
            host=env.get("HOST", "127.0.0.1"),
            port=port,
            demo=_flag(env, "AGENCY_DEMO"),
            secret_key=env.get("AGENCY_SECRET_KEY") or DEV_SECRET_KEY,
            site_url=site_url,
            sms=SmsSettings.from_env(env),
            smtp=SmtpSettings.from_env(env),
            api=api,
            admin_auth=AdminAuthSettings.from_env(env),
            payments=payments,
            site=site,
            office=office,
            sms_reports=sms_reports,
            whatsapp=whatsapp,
            bulk=bulk,
            packs=packs,
            newsletter=newsletter,
            file_storage=file_storage,
            log_only_messages=log_only_messages,
            observability=observability,
            files_key=(env.get("AGENCY_FILES_KEY") or "").strip(),
            welfare_default_staff=(env.get("AGENCY_WELFARE_DEFAULT_STAFF") or "").strip(),
            now=_test_now(env),
        )
        if settings.files_key:
            try:
                load_files_key(settings.files_key)
            except FileKeyError as exc:
                raise SettingsError(str(exc)) from exc
        problem = unsafe_for_production(settings) if serving else None
        if problem is not None:
            raise SettingsError(problem)
        if settings.demo and settings.admin_auth.identity != "local":
            raise SettingsError("AGENCY_DEMO=1 needs AGENCY_IDENTITY=local: demo mode seeds a local admin")
        return settings
