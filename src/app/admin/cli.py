"""``agency admin create`` (a local admin) and ``agency admin grant`` (a Firebase user's role)."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any

from agency_core.signin.identity import ADMIN_ROLE, DEMO_ADMIN_PASSWORD, normalise_email
from agency_core.spec.validation import is_email
from app.container import Container
from app.settings import Settings, SettingsError

MIN_PASSWORD_LENGTH = 10


def add_admin_commands(commands: Any) -> None:
    admin = commands.add_parser("admin", help="manage admin accounts and roles")
    admin_commands = admin.add_subparsers(dest="admin_command", required=True)
    create = admin_commands.add_parser("create", help="create (or reset) a local admin account")
    create.add_argument("--email", required=True)
    create.add_argument("--name", required=True)
    create.add_argument("--password-stdin", action="store_true", help="read the password from the first line of stdin")
    grant = admin_commands.add_parser("grant", help="write the admin role record for a user id (e.g. a Firebase uid)")
    grant.add_argument("--uid", required=True)
    grant.add_argument("--name", required=True)


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Repeat password: ") != first:
        raise SettingsError("the two passwords differ")
    return first


def _password_problem(settings: Settings, password: str) -> str | None:
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"the password must be at least {MIN_PASSWORD_LENGTH} characters"
    if password == DEMO_ADMIN_PASSWORD and not settings.demo:
        return "the demo password is for demo mode only: choose another"
    return None


async def run_admin_command(settings: Settings, args: argparse.Namespace) -> int:
    container = Container.build(settings)
    try:
        if args.admin_command == "create":
            local = container.identity.local_identity
            if settings.admin_auth.identity != "local" or local is None:
                raise SettingsError("admin create makes a local account; with AGENCY_IDENTITY=firebase use admin grant")
            email = normalise_email(args.email)
            if not is_email(email):
                raise SettingsError("--email must be one e-mail address")
            password = _read_password(args.password_stdin)
            problem = _password_problem(settings, password)
            if problem is not None:
                raise SettingsError(problem)
            await container.start_for_cli()
            account = await local.save_account(email, args.name.strip(), password)
            await container.identity.roles.put(account.id, account.name, ADMIN_ROLE)
            print(json.dumps({"id": account.id, "email": account.email, "name": account.name, "role": ADMIN_ROLE}))
            return 0
        name = args.name.strip()
        if not args.uid.strip() or not name:
            raise SettingsError("--uid and --name must not be empty")
        await container.start_for_cli()
        await container.identity.roles.put(args.uid.strip(), name, ADMIN_ROLE)
        directory = settings.admin_auth.roles
        print(json.dumps({"uid": args.uid.strip(), "name": name, "role": ADMIN_ROLE, "directory": directory}))
        return 0
    finally:
        await container.close()


async def preflight(settings: Settings) -> None:
    """What start-up refuses, checked before the server binds (raises SettingsError)."""
    container = Container.build(settings)
    try:
        container.prepare_data_dir()
        await container.prepare_sign_in()
    finally:
        await container.close()
