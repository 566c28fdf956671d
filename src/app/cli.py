"""The ``agency`` command: ``serve`` the site, ``sms status`` for internal scripts."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence

from agency_core.messaging.notifications import send_status_sms
from agency_core.messaging.sms_texts import track_link
from agency_core.records import ApplicationStatus
from agency_core.spec.validation import normalise_phone
from app.admin.cli import add_admin_commands, preflight, run_admin_command
from app.composition.outside import build_sms_gateway
from app.container import site_url
from app.logging import configure_logging
from app.settings import Settings, SettingsError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agency", description="Vandy Travel platform commands")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the site (PORT, AGENCY_DATA_DIR and more from the environment)")
    serve.add_argument("--port", type=int, default=None)
    sms = commands.add_parser("sms", help="send SMS through the configured gateway")
    sms_commands = sms.add_subparsers(dest="sms_command", required=True)
    status = sms_commands.add_parser("status", help="text an applicant their application status")
    status.add_argument("--phone", required=True)
    status.add_argument("--name", required=True)
    status.add_argument("--status", required=True, choices=[s.value for s in ApplicationStatus])
    retention = commands.add_parser("retention", help="remove personal data past its retention period")
    retention.add_argument("--dry-run", action="store_true", help="only show what would be removed")
    add_admin_commands(commands)
    return parser


async def _sms_status(settings: Settings, phone: str, name: str, status: ApplicationStatus) -> int:
    e164 = normalise_phone(phone)
    if e164 is None:
        print(json.dumps({"success": False, "message": "Enter a valid phone number"}))
        return 2
    gateway = build_sms_gateway(settings)
    try:
        result = await send_status_sms(gateway, e164, name, status, track_link(site_url(settings)))
    finally:
        await gateway.aclose()
    print(json.dumps({"success": result.success, "message": result.message, "data": result.data}, default=str))
    return 0 if result.success else 1


def _serve(settings: Settings, port: int | None) -> int:
    import uvicorn

    from app.main import create_app
    from app.server import server_options

    os.umask(0o077)  # whatever the server or a library creates is the owner's only
    try:
        asyncio.run(preflight(settings))
    except SettingsError as exc:
        print(f"agency: {exc}", file=sys.stderr)
        return 2
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=port or settings.port,
        **server_options(settings.api, production=settings.production),
    )
    return 0


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    configure_logging()
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"agency: {exc}", file=sys.stderr)
        sys.exit(2)
    if args.command == "serve":
        sys.exit(_serve(settings, args.port))
    if args.command == "retention":
        from app.retention_cli import run_retention

        sys.exit(asyncio.run(run_retention(settings, dry_run=args.dry_run)))
    if args.command == "admin":
        try:
            sys.exit(asyncio.run(run_admin_command(settings, args)))
        except SettingsError as exc:
            print(f"agency: {exc}", file=sys.stderr)
            sys.exit(2)
    sys.exit(asyncio.run(_sms_status(settings, args.phone, args.name, ApplicationStatus(args.status))))


if __name__ == "__main__":
    main()
