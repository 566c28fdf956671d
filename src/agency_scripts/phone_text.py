"""``agency sms status``: text a person their status by phone, without touching any record.

The text is keyed by person and text (``--application ID``: by application, the key ``agency
status`` uses), never by phone and status alone, so two people sharing a phone are each texted.
Every run writes an audit entry (its actor marked ``script:``); a text the audit log shows as sent
on an earlier run is reported ``replayed`` and not sent again, whatever the gateway does with keys.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime
from typing import Any, Final

from agency_core.audit import AuditEntry
from agency_core.clock import utc_now
from agency_core.errors import Rejected, UseCaseError
from agency_core.ids import IdGenerator
from agency_core.masking import mask_phone
from agency_core.messaging.notifications import (
    NAME_REQUIRED,
    OutgoingSms,
    deliver,
    status_messages,
    status_sms_key_of,
)
from agency_core.messaging.outcomes import DryRun, Outcome, Sent, outcome_of_result
from agency_core.messaging.phones import phone_for_sms
from agency_core.messaging.template_store import LiveTemplates
from agency_core.records import ApplicationStatus
from agency_core.spec.constants import ID_PREFIX
from agency_scripts.cli import EXIT_BAD_INPUT, exit_code
from agency_scripts.compose import GATEWAY_NOT_CONFIGURED, http_gateway, opened_backend
from agency_scripts.reports import StatusReport, describe
from agency_scripts.settings import ScriptSettings, read_settings, script_actor, script_track_url
from app.composition.backends import Backend
from app.settings import Settings, SettingsError

AUDIT_ACTION: Final = "sms.status"


def add_sms_status_command(sms_commands: Any) -> None:
    status = sms_commands.add_parser("status", help="text a phone a status message (no record is changed)")
    status.add_argument("--phone", required=True)
    status.add_argument("--name", required=True)
    status.add_argument("--status", required=True, choices=[s.value for s in ApplicationStatus])
    status.add_argument("--region", help="the country of a local phone number (GH, AE...)")
    status.add_argument("--application", help="the application ID the text is about (keys it by application)")
    status.add_argument("--key", help="the idempotency key (default: one per person and text, or per application)")
    status.add_argument("--actor", help="who the audit log names, marked script: (default AGENCY_SCRIPT_ACTOR)")
    status.add_argument("--dry-run", action="store_true", help="show the text and whether it went; send nothing")


def _audit_target(key: str, status: ApplicationStatus, phone: str, outcome: Outcome) -> str:
    return f"{_key_prefix(key)}{status.value} text to {mask_phone(phone)} ({outcome.state})"


def _key_prefix(key: str) -> str:
    return f"sms {key}: "


async def _sent_before(backend: Backend, key: str) -> datetime | None:
    """When the audit log says this key's text went (``sent``), or ``None``."""
    entries = await backend.audit_trail.entries_for(_key_prefix(key))
    return next((e.at for e in entries if e.action == AUDIT_ACTION and e.target.endswith("(sent)")), None)


async def _write_audit(backend: Backend, actor: str, target: str) -> None:
    serial = IdGenerator().next_id().removeprefix(ID_PREFIX)
    entry = AuditEntry(f"AU{serial}", actor, AUDIT_ACTION, target, utc_now())
    async with backend.store.unit_of_work() as uow:
        await uow.audit.add(entry)


async def _send(settings: Settings, sms: OutgoingSms, key: str) -> Outcome:
    gateway = http_gateway(settings)
    if gateway is None:  # read_settings asked for it: kept for the type
        raise SettingsError(GATEWAY_NOT_CONFIGURED)
    try:
        return outcome_of_result(key, await deliver(gateway, sms, key))
    finally:
        await gateway.aclose()


def _print(outcome: Outcome) -> None:
    line: dict[str, object] = {
        "success": outcome.success,
        "sms": outcome.state,
        "key": outcome.key,
        "message": outcome.message,
    }
    if isinstance(outcome, DryRun):
        line["text"] = outcome.text
    else:
        line["gatewayStatus"] = getattr(outcome, "gateway_status", None)
    print(json.dumps(line))


def _checked_phone(args: argparse.Namespace, script: ScriptSettings) -> str:
    if not args.name.strip():
        raise Rejected({"name": NAME_REQUIRED})
    return phone_for_sms(args.phone, args.region, script.phone_region)


async def run_sms_status(args: argparse.Namespace) -> int:
    """The ``agency sms status`` command; returns its exit code (those of ``agency status``)."""
    try:
        settings, script = read_settings(os.environ, sends=not args.dry_run)
        phone = _checked_phone(args, script)
    except SettingsError as exc:
        print(f"agency: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except UseCaseError as exc:
        print(json.dumps({"success": False, "sms": "rejected", "message": describe(exc)}))
        return EXIT_BAD_INPUT
    status = ApplicationStatus(args.status)
    actor = script_actor(args.actor) if args.actor and args.actor.strip() else script.actor
    async with opened_backend(settings) as backend:
        texts = await LiveTemplates(backend.store.templates).texts()
        (sms,) = status_messages(
            phone, args.name, status, script_track_url(settings), texts, application_id=args.application or ""
        )
        key = args.key or status_sms_key_of(sms, args.name, status, args.application)
        went = await _sent_before(backend, key)
        if args.dry_run:
            outcome: Outcome = DryRun(key, phone, sms.text, already_sent_at=went)
        else:
            outcome = Sent(key, replayed=True, sent_at=went) if went else await _send(settings, sms, key)
            await _write_audit(backend, actor, _audit_target(key, status, phone, outcome))
    _print(outcome)
    return exit_code([StatusReport(args.application or "", status, False, outcome)])
