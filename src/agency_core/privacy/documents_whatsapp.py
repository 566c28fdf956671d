"""A data request's pipeline documents and WhatsApp records (issue 45 item 7, issue 48).

The documents of the person's applications (every version, with its fields) are exported with their
scans decrypted into the archive, as the CVs are; the phone(s) they gave (the request's own, and those
of their applications, bookings and contact messages) name their WhatsApp opt-in and the inbound
messages taken from them. Both are erased with the applicant, after the erasure's own commit (their
stores are not in its unit of work), the scans deleted from the file store last.
"""

from __future__ import annotations

import zipfile
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from agency_core.pipeline.documents import DocumentVersion
from agency_core.privacy.model import PersonalData
from agency_core.spec.validation import normalise_phone
from agency_core.whatsapp.model import InboundSeen, OptIn
from agency_core.whatsapp.optins import WORDINGS


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def applicant_phones(found: PersonalData) -> list[str]:
    """The E.164 phones the person gave: the request's own and those of the records found."""
    given = [found.person.phone or ""]
    given += [r.application.data.phone for r in found.applications]
    given += [a.appointment.data.phone for a in found.appointments]
    given += [m.data.phone for m in found.messages]
    phones = {phone for raw in given if raw.strip() and (phone := normalise_phone(raw.strip()))}
    return sorted(phones)


def scan_name(version: DocumentVersion) -> str:
    """Its scan's name in the archive: ``documents/<applicationId>-<kind>-v<version><type>``."""
    safe = "".join(ch if ch.isalnum() or ch in ".-_" else "_" for ch in version.file_type)
    return f"documents/{version.application_id}-{version.kind.value}-v{version.version}{safe}"


def _document(version: DocumentVersion) -> dict[str, Any]:
    """A document version (who recorded it stays out: a staff address, as for notes)."""
    return {
        "id": version.id,
        "applicationId": version.application_id,
        "kind": version.kind.value,
        "version": version.version,
        "fields": dict(version.fields),
        "state": version.state.value,
        "recordedAt": _iso(version.recorded_at),
        "replacedAt": _iso(version.replaced_at),
        "scan": scan_name(version) if version.file_key else None,
    }


def _opt_in(opt_in: OptIn) -> dict[str, Any]:
    return {
        "phone": opt_in.phone,
        "optedInAt": _iso(opt_in.opted_in_at),
        "source": opt_in.source,
        "wordingVersion": opt_in.wording_version,
        "wording": WORDINGS.get(opt_in.wording_version, ""),
        "optedOutAt": _iso(opt_in.opted_out_at),
    }


def _inbound(seen: InboundSeen) -> dict[str, Any]:
    return {"messageId": seen.wa_message_id, "phone": seen.phone, "at": _iso(seen.at)}


def documents_and_whatsapp_json(found: PersonalData) -> dict[str, Any]:
    """``documents`` and ``whatsapp`` of ``data.json``, each only when there is some (an export
    without any keeps its bytes)."""
    out: dict[str, Any] = {}
    if found.documents:
        out["documents"] = [_document(v) for v in found.documents]
    if found.whatsapp_optins or found.whatsapp_inbound:
        out["whatsapp"] = {
            "optIns": [_opt_in(o) for o in found.whatsapp_optins],
            "inbound": [_inbound(s) for s in found.whatsapp_inbound],
        }
    return out


async def add_scans(
    archive: zipfile.ZipFile, found: PersonalData, read_file: Callable[[str], Awaitable[bytes | None]]
) -> None:
    """Each document's scan, decrypted by ``read_file``, under :func:`scan_name`."""
    for version in found.documents:
        if version.file_key:
            content = await read_file(version.file_key)
            if content is not None:
                archive.writestr(scan_name(version), content)
