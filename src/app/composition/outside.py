"""The adapters that reach outside the process or the disk: SMS, e-mail, payments, files, media."""

from __future__ import annotations

import asyncio
from typing import Protocol

from adapters.cloud_storage import CloudFileStore, CloudMediaStore, bucket_is_there, storage_client
from adapters.email_log import LoggingEmailSender
from adapters.email_smtp import SmtpEmailSender
from adapters.file_migration import MigrationReport, migrate_files
from adapters.files import LocalFileStore
from adapters.media import LocalMediaStore
from adapters.paystack import PaystackGateway
from adapters.sms_http import HttpSmsGateway
from adapters.sms_log import LoggingSmsGateway
from adapters.test_checkout import InMemoryTestCheckout
from agency_core.admin_settings import LiveSettings
from agency_core.messaging.email import EmailSender
from agency_core.payments.model import PaymentGateway
from agency_core.ports import FileStore, SmsGateway
from agency_core.staff.ports import MediaStore
from app.composition.keys import build_files_cipher
from app.settings import Settings


class ClosableSmsGateway(SmsGateway, Protocol):
    async def aclose(self) -> None: ...


class CheckedFileStore(FileStore, Protocol):
    async def reachable(self) -> None:
        """Raises when the folder or the bucket cannot be reached (``/readyz``)."""
        ...


def build_sms_gateway(
    settings: Settings, live: LiveSettings | None = None, report_url: str | None = None
) -> ClosableSmsGateway:
    """The HTTP gateway reads the sender id from ``live`` (the admin area's settings) per send and
    asks for delivery reports at ``report_url``."""
    sms = settings.sms
    if sms.base_url is None:
        return LoggingSmsGateway()
    sender = live.sms_sender if live else sms.sender
    return HttpSmsGateway(sms.base_url, sms.api_key, sender, sms.timeout_s, report_url=report_url)


def build_email_sender(settings: Settings) -> EmailSender:
    """``AGENCY_SMTP_HOST`` set: SMTP (aiosmtplib); else every e-mail is logged."""
    smtp = settings.smtp
    if smtp.host is None:
        return LoggingEmailSender()
    return SmtpEmailSender(
        smtp.host, smtp.port, smtp.sender, username=smtp.username, password=smtp.password, starttls=smtp.starttls
    )


def build_payment_gateway(settings: Settings) -> PaymentGateway | None:
    """Paystack when ``PAYSTACK_SECRET_KEY`` is set; else, in demo mode (never in production), the
    built-in test checkout; else no online payment at all (the modal says to pay at the office)."""
    p = settings.payments
    if p.enabled:
        return PaystackGateway(p.secret_key, p.base_url)
    if settings.demo and not settings.production:
        return InMemoryTestCheckout()
    return None


def build_file_store(settings: Settings) -> CheckedFileStore:
    """Uploaded documents, encrypted at rest: under ``AGENCY_DATA_DIR/uploads/``, or with
    ``AGENCY_FILE_STORAGE=cloud-storage`` as ``uploads/...`` in ``AGENCY_FILES_BUCKET``."""
    cipher = build_files_cipher(settings)
    storage = settings.file_storage
    if storage.in_bucket:
        return CloudFileStore(storage_client(storage.project).bucket(storage.bucket), cipher)
    return LocalFileStore(settings.data_dir / "uploads", cipher)


def build_media_store(settings: Settings) -> MediaStore:
    """Blog images, public (served by the app's own route): under ``AGENCY_DATA_DIR/media/blog/``,
    or as ``media/blog/...`` in ``AGENCY_FILES_BUCKET``."""
    storage = settings.file_storage
    if storage.in_bucket:
        return CloudMediaStore(storage_client(storage.project).bucket(storage.bucket))
    return LocalMediaStore(settings.data_dir / "media" / "blog")


class NoBucketError(LookupError):
    """``agency files migrate`` has no bucket to copy into; the message is one line for the operator."""


async def migrate_to_bucket(settings: Settings) -> MigrationReport:
    """``agency files migrate``: ``AGENCY_DATA_DIR``'s uploads and blog media into ``AGENCY_FILES_BUCKET``,
    sealed with the data directory's files key (:mod:`adapters.file_migration`)."""
    storage = settings.file_storage
    if not storage.bucket:
        raise NoBucketError("agency files migrate needs AGENCY_FILES_BUCKET: the bucket to copy the files into")
    bucket = storage_client(storage.project).bucket(storage.bucket)
    if not await asyncio.to_thread(bucket_is_there, bucket):
        raise NoBucketError(f"the bucket {storage.bucket!r} of AGENCY_FILES_BUCKET is not there: create it first")
    cipher = build_files_cipher(settings)
    return await migrate_files(settings.data_dir, CloudFileStore(bucket, cipher), CloudMediaStore(bucket), cipher)
