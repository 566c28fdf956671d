"""An applicant's pipeline documents and the departure gate over the admin API (issue 45 items 2-3):
``/api/admin/applications/{id}/documents`` (every version with its state today, record or renew one
with an optional scan, download a scan: audited, ``no-store``), ``/api/admin/applications/{id}/departure-gate``
("N of M checks passed", each check), ``/api/admin/pipeline/gates`` (read, set and remove a destination's
gate on the version read, and its changes) and ``/api/admin/pipeline/moves`` (a bulk move, each applicant on its own).
Every route is behind the admin guards; errors go through the one error map (422 by field, 404, 409)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import msgspec
from litestar import Controller, Response, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body as BodyParam
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter, SkipValidation

from agency_core.errors import Rejected
from agency_core.pipeline.documents import DOCUMENT_KINDS, DocumentKind, DocumentState, FieldType
from agency_core.pipeline.documents_admin import SCAN_RULE, DocumentsAdmin, ShownVersion
from agency_core.pipeline.gate import ALL_CHECKS, GateCheck, GateResult, GateSettings, label_of
from agency_core.pipeline.gate_admin import GatesAdmin
from agency_core.pipeline.gate_settings import GateChange, StoredGate
from agency_core.pipeline.moves import BulkMoves, PipelineAdmin
from agency_core.pipeline.stages import CloseReason, MoveInput, StageKey
from agency_core.ports import FileStore
from agency_core.signin.identity import AdminUser
from agency_core.spec.inputs import input_of
from agency_core.spec.numbers import json_whole_number
from agency_core.spec.uploads import SentFile
from app.admin.common import CONFLICT, private_file
from app.admin.pipeline import PipelineAnswer, pipeline_answer
from app.admin.schemas.common import UNSET, Body, to_core
from app.checked_body import CoreChecked

DATE_FORMAT = "Give the date as 2027-05-31"


class DocumentForm(msgspec.Struct, kw_only=True):
    """multipart/form-data: ``kind`` and the kind's fields by their names (``GET .../documents`` lists
    them under ``kinds``; a 422 names the same keys), and an optional ``file`` (the scan: .pdf, .jpg,
    .jpeg, .png; at most 5MB, its content what its extension says, as a CV's)."""

    kind: str = UNSET
    number: str = UNSET
    issued_on: str = UNSET
    expires_on: str = UNSET
    centre: str = UNSET
    examined_on: str = UNSET
    result: str = UNSET
    valid_until: str = UNSET
    permit: str = UNSET
    registration_number: str = UNSET
    signed_on: str = UNSET
    attended_on: str = UNSET
    certificate_number: str = UNSET
    flight: str = UNSET
    departs_on: str = UNSET
    file: UploadFile = UNSET


class FieldOut(Body):
    name: str
    label: str
    type: FieldType
    required: bool
    choices: list[str]


class KindOut(Body):
    kind: DocumentKind
    label: str
    fields: list[FieldOut]


class DocumentOut(Body):
    id: str
    kind: DocumentKind
    kind_label: str
    version: int
    state: DocumentState
    """As of the office's today: a current version past its expiry reads ``expired``."""
    fields: dict[str, str]
    expires_on: date | None
    recorded_by: str
    recorded_at: datetime
    replaced_by: str
    replaced_at: datetime | None
    has_scan: bool


class CheckOut(Body):
    check: GateCheck
    label: str
    passed: bool
    message: str


class GateOut(Body):
    """The departure gate on ``departureDate``: ``summary`` is "N of M checks passed"."""

    departure_date: date
    destination: str
    passed: bool
    passed_count: int
    total: int
    summary: str
    checks: list[CheckOut]


class DocumentsAnswer(Body):
    application_id: str
    destination: str
    documents: list[DocumentOut]
    """Every version, by kind then newest first."""
    gate: GateOut
    kinds: list[KindOut]


class GateSettingsOut(Body):
    passport_months: int
    medical_validity_days: int
    police_clearance_validity_days: int
    checks: list[GateCheck]


class GateAnswer(Body):
    """A destination's own gate (``own`` null when it follows the default) at ``version`` (0: never
    set; send it back as ``expectedVersion``), and the gate in force for it."""

    destination: str
    version: int
    own: GateSettingsOut | None
    in_force: GateSettingsOut
    updated_by: str
    updated_at: datetime | None


class CheckOption(Body):
    key: GateCheck
    label: str


class GatesAnswer(Body):
    gates: list[GateAnswer]
    """Every destination with a gate of its own (the default under ``""``)."""
    checks: list[CheckOption]


class GateChangeOut(Body):
    """One change of a destination's gate: ``before`` null when it had none of its own, ``after``
    null when it was removed (it follows the default again); ``version`` is the gate's after it."""

    destination: str
    version: int
    before: GateSettingsOut | None
    after: GateSettingsOut | None
    actor: str
    at: datetime


class GateChangesAnswer(Body):
    changes: list[GateChangeOut]
    """Newest first."""


class GateIn(Body):
    """A destination's gate ("" for the default), set on the ``expectedVersion`` read."""

    destination: str = UNSET
    expected_version: int = UNSET
    passport_months: int = UNSET
    medical_validity_days: int = UNSET
    police_clearance_validity_days: int = UNSET
    checks: list[str] = UNSET


class BulkMoveIn(Body):
    """Move each of ``ids`` to ``to`` on its own version (a move past Departed through its gate)."""

    ids: list[str]
    to: StageKey
    reason: str = UNSET
    close_reason: CloseReason = UNSET
    close_text: str = UNSET


class RefusedOut(Body):
    application_id: str
    message: str
    failing: list[str]


class BulkMoveAnswer(Body):
    moved: list[PipelineAnswer]
    refused: list[RefusedOut]


def document_out(shown: ShownVersion) -> DocumentOut:
    v = shown.version
    return DocumentOut(
        id=v.id,
        kind=v.kind,
        kind_label=DOCUMENT_KINDS[v.kind].label,
        version=v.version,
        state=shown.state,
        fields=dict(v.fields),
        expires_on=shown.expires_on,
        recorded_by=v.recorded_by,
        recorded_at=v.recorded_at,
        replaced_by=v.replaced_by,
        replaced_at=v.replaced_at,
        has_scan=v.file_key is not None,
    )


def gate_out(result: GateResult) -> GateOut:
    return GateOut(
        departure_date=result.departure_date,
        destination=result.destination,
        passed=result.passed,
        passed_count=result.passed_count,
        total=result.total,
        summary=result.summary,
        checks=[CheckOut(check=c.check, label=c.label, passed=c.passed, message=c.message) for c in result.checks],
    )


def kinds_out() -> list[KindOut]:
    return [
        KindOut(
            kind=spec.kind,
            label=spec.label,
            fields=[
                FieldOut(name=f.name, label=f.label, type=f.type, required=f.required, choices=list(f.choices))
                for f in spec.fields
            ],
        )
        for spec in DOCUMENT_KINDS.values()
    ]


def settings_out(settings: GateSettings) -> GateSettingsOut:
    return GateSettingsOut(
        passport_months=settings.passport_months,
        medical_validity_days=settings.validity.medical_days,
        police_clearance_validity_days=settings.validity.police_clearance_days,
        checks=list(settings.checks),
    )


def changes_answer(changes: list[GateChange]) -> GateChangesAnswer:
    return GateChangesAnswer(
        changes=[
            GateChangeOut(
                destination=k.destination,
                version=k.version,
                before=None if k.before is None else settings_out(k.before),
                after=None if k.after is None else settings_out(k.after),
                actor=k.actor,
                at=k.at,
            )
            for k in changes
        ]
    )


def gate_answer(stored: StoredGate, in_force: GateSettings) -> GateAnswer:
    return GateAnswer(
        destination=stored.destination,
        version=stored.version,
        own=None if stored.settings is None else settings_out(stored.settings),
        in_force=settings_out(in_force),
        updated_by=stored.updated_by,
        updated_at=stored.updated_at,
    )


def bulk_answer(result: BulkMoves) -> BulkMoveAnswer:
    return BulkMoveAnswer(
        moved=[pipeline_answer(view) for view in result.moved],
        refused=[
            RefusedOut(application_id=r.application_id, message=r.message, failing=list(r.failing))
            for r in result.refused
        ],
    )


def _day(raw: str | None) -> date | None:
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise Rejected({"date": DATE_FORMAT}) from None


class ApplicantDocumentsController(Controller):
    path = "/applications/{application_id:str}"

    @get("/documents", summary="The applicant's documents, every version with its state today, and the gate")
    async def documents(
        self, documents_admin: NamedDependency[DocumentsAdmin], application_id: FromPath[str]
    ) -> DocumentsAnswer:
        view = await documents_admin.view(application_id)
        return DocumentsAnswer(
            application_id=view.application_id,
            destination=view.destination,
            documents=[document_out(v) for v in view.versions],
            gate=gate_out(view.gate),
            kinds=kinds_out(),
        )

    @post(
        "/documents",
        status_code=201,
        summary="Record a document, or renew the kind's current one (optional scan, kept encrypted; audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def record(
        self,
        documents_admin: NamedDependency[DocumentsAdmin],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: Annotated[DocumentForm, BodyParam(media_type=RequestEncodingType.MULTI_PART)],
    ) -> DocumentOut:
        fields: dict[str, object] = {k: v for k, v in msgspec.structs.asdict(data).items() if isinstance(v, str)}
        upload = data.file
        scan = None
        if isinstance(upload, UploadFile):
            scan = SentFile(upload.filename or "", await upload.read(SCAN_RULE.max_bytes + 1))
        made = await documents_admin.record(admin.email, application_id, fields.pop("kind", None), fields, scan)
        shown = await documents_admin.view(application_id)
        return document_out(next(v for v in shown.versions if v.version.id == made.id))

    @get("/documents/{version_id:str}/scan", summary="Download a version's scan (decrypted; audited; not cached)")
    async def scan(
        self,
        documents_admin: NamedDependency[DocumentsAdmin],
        admin: NamedDependency[AdminUser],
        files: NamedDependency[SkipValidation[FileStore]],
        application_id: FromPath[str],
        version_id: FromPath[str],
    ) -> Response[bytes]:
        found = await documents_admin.download(admin.email, application_id, version_id)
        return await private_file(files, found.key, found.content_type, found.download_name)

    @get("/departure-gate", summary="The departure gate for the applicant (on date, else the ticket's, else today)")
    async def departure_gate(
        self,
        documents_admin: NamedDependency[DocumentsAdmin],
        application_id: FromPath[str],
        date: FromQuery[str | None] = None,
    ) -> GateOut:
        return gate_out(await documents_admin.gate(application_id, _day(date)))


class PipelineGatesController(Controller):
    path = "/pipeline"

    @get("/gates", summary="Every destination's own departure gate, and the checks a gate may require")
    async def gates(self, gates_admin: NamedDependency[GatesAdmin]) -> GatesAnswer:
        stored = [g for g in await gates_admin.all() if g.settings is not None]
        return GatesAnswer(
            gates=[gate_answer(g, g.settings or GateSettings()) for g in stored],
            checks=[CheckOption(key=c, label=label_of(c, GateSettings())) for c in ALL_CHECKS],
        )

    @get("/gate", summary="A destination's gate (its own and the one in force) with its version")
    async def gate(
        self,
        gates_admin: NamedDependency[GatesAdmin],
        documents_admin: NamedDependency[DocumentsAdmin],
        destination: FromQuery[str] = "",
    ) -> GateAnswer:
        stored = await gates_admin.stored(destination)
        return gate_answer(stored, await documents_admin.gate_settings(destination))

    @put(
        "/gate",
        summary="Set a destination's gate on the version read (audited; 409 when it changed meanwhile)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def set_gate(
        self,
        gates_admin: NamedDependency[GatesAdmin],
        documents_admin: NamedDependency[DocumentsAdmin],
        admin: NamedDependency[AdminUser],
        data: JSONBody[GateIn],
    ) -> GateAnswer:
        body = to_core(data)
        expected = json_whole_number(body.get("expectedVersion"))
        if expected is None:
            raise Rejected({"expectedVersion": "Send the version of the gate the change was made on"})
        destination = body.get("destination")
        name = destination if isinstance(destination, str) else ""
        stored = await gates_admin.set(admin.email, name, body, expected)
        return gate_answer(stored, await documents_admin.gate_settings(stored.destination))

    @delete(
        "/gates/{destination:str}",
        status_code=200,
        summary="Remove a destination's own gate on the version read: it follows the default again (audited)",
        responses={409: CONFLICT},
    )
    async def remove_gate(
        self,
        gates_admin: NamedDependency[GatesAdmin],
        documents_admin: NamedDependency[DocumentsAdmin],
        admin: NamedDependency[AdminUser],
        destination: FromPath[str],
        expected_version: Annotated[str, QueryParameter(name="expectedVersion")] = "",
    ) -> GateAnswer:
        if not expected_version.isdigit():
            raise Rejected({"expectedVersion": "Send the version of the gate the change was made on"})
        stored = await gates_admin.remove(admin.email, destination, int(expected_version))
        return gate_answer(stored, await documents_admin.gate_settings(stored.destination))

    @get(
        "/gates/{destination:str}/changes",
        summary="A destination's gate changes, newest first (who, when, before, after)",
    )
    async def gate_changes(
        self, gates_admin: NamedDependency[GatesAdmin], destination: FromPath[str]
    ) -> GateChangesAnswer:
        return changes_answer(await gates_admin.changes(destination))

    @get("/gate-changes", summary="Every gate change, the default's included, newest first")
    async def all_gate_changes(self, gates_admin: NamedDependency[GatesAdmin]) -> GateChangesAnswer:
        return changes_answer(await gates_admin.changes())

    @post(
        "/moves",
        status_code=200,
        summary="Move several applicants to a stage, each on its own (a move past Departed through its gate)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def bulk_move(
        self,
        pipeline_admin: NamedDependency[PipelineAdmin],
        admin: NamedDependency[AdminUser],
        data: JSONBody[BulkMoveIn],
    ) -> BulkMoveAnswer:
        body = to_core(data)
        request = input_of(MoveInput, {**body, "expectedVersion": 0})
        return bulk_answer(await pipeline_admin.move_many(admin.email, body.get("ids"), request))
