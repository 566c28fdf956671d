"""Staff's use case for an applicant's documents: record or renew one (with a scan, checked and kept
sealed as CVs are), show every version with its state today, download a scan (audited), and read
the departure gate for the applicant's destination (:meth:`DocumentsAdmin.gate`, which a move to
Departed calls)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.pipeline.document_ports import DocumentStore, GateSettingsStore
from agency_core.pipeline.documents import (
    DOCUMENT_KINDS,
    DocumentKind,
    DocumentState,
    DocumentVersion,
    NewDocument,
    current,
    expiry,
    read_fields,
    renew,
    state_on,
)
from agency_core.pipeline.gate import GateResult, GateSettings, check_departure, departure_date_of, settings_for
from agency_core.ports import FileStore
from agency_core.spec import constants as c
from agency_core.spec.constants import MEGABYTE, UploadRule
from agency_core.spec.uploads import CONTENT_TYPES, SentFile, extension_of
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed

SCAN_RULE: Final = UploadRule((".pdf", ".jpg", ".jpeg", ".png"), 5 * MEGABYTE, "Scan")
KIND_UNKNOWN: Final = "Choose one of: " + ", ".join(k.value for k in DocumentKind)
CHANGED_MEANWHILE: Final = "This document was changed by someone else meanwhile: reload the page and try again"


@dataclass(frozen=True, slots=True)
class ShownVersion:
    version: DocumentVersion
    state: DocumentState
    """As of today (a current version past its expiry is Expired)."""
    expires_on: date | None


@dataclass(frozen=True, slots=True)
class ApplicantDocuments:
    application_id: str
    destination: str
    versions: tuple[ShownVersion, ...]
    """Every version, by kind then newest first."""
    gate: GateResult


@dataclass(frozen=True, slots=True)
class DocumentFile:
    key: str
    content_type: str
    download_name: str


def parse_kind(raw: object) -> DocumentKind:
    try:
        return DocumentKind(str(raw))
    except ValueError:
        raise Rejected({"kind": KIND_UNKNOWN}) from None


class DocumentsAdmin:
    on_record: Callable[[], Awaitable[None]] | None = None
    """Told after each version is kept (set by the composition: the expiry watch makes sure its daily
    sweep is queued once there are documents to watch)."""

    def __init__(
        self, context: StaffContext, documents: DocumentStore, gates: GateSettingsStore, files: FileStore
    ) -> None:
        self.context = context
        self.documents = documents
        self.gates = gates
        self.files = files

    def today(self) -> date:
        return self.context.clock().astimezone(ZoneInfo(self.context.office_zone)).date()

    async def gate_settings(self, destination: str) -> GateSettings:
        """The gate in force for ``destination`` (its own, else the default, else the built-in one)."""
        stored = [g.settings for g in await self.gates.gates() if g.settings is not None]
        return settings_for(destination, stored)

    async def gate(self, application_id: str, departure_date: date | None = None) -> GateResult:
        """The departure gate for the applicant on ``departure_date`` (the ticket's date, else today).
        ``NotFound`` for an unknown application."""
        record = await self.context.application(application_id)
        history = await self.documents.history(application_id)
        settings = await self.gate_settings(record.application.data.preferred_country)
        return check_departure(history, settings, departure_date or departure_date_of(history, self.today()))

    async def view(self, application_id: str) -> ApplicantDocuments:
        record = await self.context.application(application_id)
        destination = record.application.data.preferred_country
        history = await self.documents.history(application_id)
        settings, today = await self.gate_settings(destination), self.today()
        shown = tuple(
            ShownVersion(v, state_on(v, today, settings.validity), expiry(v, settings.validity)) for v in history
        )
        gate = check_departure(history, settings, departure_date_of(history, today))
        return ApplicantDocuments(application_id, destination, shown, gate)

    async def record(
        self, actor: str, application_id: str, kind: object, fields: Mapping[str, object], scan: SentFile | None = None
    ) -> DocumentVersion:
        """Record a document of ``kind`` (a renewal when the applicant has one): ``Rejected`` naming each
        bad field, ``Conflict`` when another change of the same kind came first (nothing kept)."""
        ctx = self.context
        record = await ctx.application(application_id)
        chosen = parse_kind(kind)
        values = read_fields(chosen, fields)
        problem = None if scan is None else scan.problem(SCAN_RULE)
        if problem is not None:
            raise Rejected({"file": problem})
        settings = await self.gate_settings(record.application.data.preferred_country)
        previous = current(await self.documents.history(application_id), chosen)
        extension = "" if scan is None else extension_of(scan.filename)
        key = None if scan is None else await self.files.save(scan.content, extension)
        made = NewDocument(self._id("DV"), application_id, chosen, values, actor, ctx.clock(), key, extension)
        renewal = renew(previous, made, self.today(), settings.validity)
        label = DOCUMENT_KINDS[chosen].label.lower()
        action = "document.record" if previous is None else "document.renew"
        entry = ctx.audit(actor, action, f"{application_id}: {label} version {renewal.new.version}")
        try:
            await self.documents.record(renewal, entry)
        except BaseException as failed:
            if key is not None:
                await self.files.delete(key)
            if isinstance(failed, PreconditionFailed):
                raise Conflict(CHANGED_MEANWHILE) from None
            raise
        if self.on_record is not None:
            await self.on_record()
        return renewal.new

    async def download(self, actor: str, application_id: str, version_id: str) -> DocumentFile:
        """The scan of one version (any version, renewed ones too); the read is audited."""
        version = await self.documents.get(application_id, version_id)
        if version is None or version.file_key is None:
            raise NotFound("File")
        label = DOCUMENT_KINDS[version.kind].label.lower()
        ctx = self.context
        await self.documents.audit(
            ctx.audit(actor, "document.download", f"{application_id}: {label} version {version.version}")
        )
        name = f"{application_id}-{version.kind.value}-v{version.version}{version.file_type}"
        return DocumentFile(version.file_key, CONTENT_TYPES.get(version.file_type, "application/octet-stream"), name)

    def _id(self, prefix: str) -> str:
        return prefix + self.context.ids.next_id().removeprefix(c.ID_PREFIX)
