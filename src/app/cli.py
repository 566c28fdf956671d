"""The ``agency`` command: ``serve`` the site, ``status`` and ``sms status`` for internal scripts,
``files migrate`` to copy the data directory's files into the bucket, ``backup`` and ``restore``.

The server's modules are imported by the commands that need them, so ``agency status`` and
``agency sms status`` run on the slim install (``pip install .``, without the ``server`` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agency_scripts.cli import EXIT_BAD_INPUT, add_status_command, run_status
from agency_scripts.phone_text import add_sms_status_command, run_sms_status
from app.settings import Settings, SettingsError

SCRIPT_COMMANDS = ("status", "sms")
"""Commands of the slim install: they read only the settings a script uses (``agency_scripts.settings``)."""


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agency", description="Vandy Travel platform commands")
    commands = parser.add_subparsers(dest="command", required=True)
    add_status_command(commands)
    if argv[:1] == ["status"]:  # a script's command: the server's modules are not even imported
        return parser
    serve = commands.add_parser("serve", help="start the site (PORT, AGENCY_DATA_DIR and more from the environment)")
    serve.add_argument("--port", type=int, default=None)
    sms = commands.add_parser("sms", help="send SMS through the configured gateway")
    add_sms_status_command(sms.add_subparsers(dest="sms_command", required=True))
    retention = commands.add_parser("retention", help="remove personal data past its retention period")
    retention.add_argument("--dry-run", action="store_true", help="only show what would be removed")
    files = commands.add_parser("files", help="uploads and blog media")
    files_commands = files.add_subparsers(dest="files_command", required=True)
    files_commands.add_parser(
        "migrate", help="copy AGENCY_DATA_DIR's uploads and blog media into AGENCY_FILES_BUCKET, verifying each"
    )
    backup = commands.add_parser("backup", help="write the database and files to one encrypted archive")
    backup.add_argument("--to", type=Path, required=True, help="the archive to write (a new file)")
    restore = commands.add_parser("restore", help="fill an empty AGENCY_DATA_DIR from a backup")
    restore.add_argument("--from", dest="source", type=Path, required=True, help="the archive to read")
    restore.add_argument("--key-file", type=Path, default=None, help="the files key, when AGENCY_FILES_KEY is unset")
    _add_admin_commands(commands)
    return parser


def _add_admin_commands(commands: Any) -> None:
    try:
        from app.admin.cli import add_admin_commands
    except ImportError:  # the slim install: the admin commands need the server's packages
        return
    add_admin_commands(commands)


def _fail(message: str) -> int:
    print(f"agency: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _serve(settings: Settings, port: int | None) -> int:
    import uvicorn

    from app.admin.cli import preflight
    from app.main import create_app
    from app.server import server_options

    os.umask(0o077)  # whatever the server or a library creates is the owner's only
    try:
        asyncio.run(preflight(settings))
    except SettingsError as exc:
        return _fail(str(exc))
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=port or settings.port,
        **server_options(settings.api, production=settings.production),
    )
    return 0


def _configure_logging(command: str) -> None:
    if command in SCRIPT_COMMANDS:  # every failure is in the command's own output: only errors are logged
        logging.basicConfig(level=logging.ERROR, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
        return
    from app.logging import configure_logging

    configure_logging()


def _run(args: argparse.Namespace, settings: Settings) -> int:
    if args.command == "serve":
        return _serve(settings, args.port)
    if args.command == "retention":
        from app.retention_cli import run_retention

        return asyncio.run(run_retention(settings, dry_run=args.dry_run))
    if args.command == "files":
        from app.files_cli import run_files_migrate

        return asyncio.run(run_files_migrate(settings))
    if args.command in ("backup", "restore"):
        from app.backup_cli import run_backup, run_restore

        return (
            run_backup(settings, args.to)
            if args.command == "backup"
            else run_restore(settings, args.source, args.key_file)
        )
    from app.admin.cli import run_admin_command  # the one command left: admin

    try:
        return asyncio.run(run_admin_command(settings, args))
    except SettingsError as exc:
        return _fail(str(exc))


def main(argv: Sequence[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = _parser(argv).parse_args(argv)
    _configure_logging(args.command)
    if args.command == "status":
        sys.exit(asyncio.run(run_status(args)))
    if args.command == "sms":
        sys.exit(asyncio.run(run_sms_status(args)))
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        sys.exit(_fail(str(exc)))
    sys.exit(_run(args, settings))


if __name__ == "__main__":
    main()
