"""Every outbox message is made by the builders of ``agency_core.messaging.outbox_messages``.

The AST check reads every module of ``src`` and ``tests``: a call to ``OutboxMessage(...)`` anywhere
else (seven values by position, two of them easily swapped) fails with its file and line.
"""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path

from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Attachment, Email
from agency_core.records import Channel, OutboxStatus

ROOT = Path(__file__).resolve().parents[3]
BUILDERS = ROOT / "src" / "agency_core" / "messaging" / "outbox_messages.py"
T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


def _constructions(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "OutboxMessage")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "OutboxMessage")
        )
    ]


def test_no_outbox_message_is_built_outside_the_builders() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("src", "tests", "bench")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != BUILDERS
        for line in _constructions(path)
    ]
    assert found == []
    builders = [name for name in outbox_messages.__all__ if name not in {"EMAIL_KIND", "email_of"}]
    assert len(_constructions(BUILDERS)) == len(builders)  # one construction per builder


def test_a_task_has_no_address_and_is_due_at_its_time() -> None:
    at = T0 + timedelta(days=7)
    task = outbox_messages.task(
        id="VA1-welfare-7-v10", source_id="welfare:VA1", kind="welfare_checkin", payload='{"day": 7}', now=T0, at=at
    )
    assert (task.channel, task.address, task.text, task.kind) == (Channel.TASK, "", '{"day": 7}', "welfare_checkin")
    assert (task.created_at, task.next_attempt_at, task.status) == (T0, at, OutboxStatus.PENDING)


def test_the_check_finds_a_construction(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from agency_core import records\nx = records.OutboxMessage('a', 'b')\n", encoding="utf-8")
    assert _constructions(module) == [2]


def test_an_sms_is_due_at_once_and_a_scheduled_one_at_its_time() -> None:
    sms = outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hi", now=T0)
    assert (sms.id, sms.source_id, sms.kind, sms.address, sms.text) == ("VA1-0", "VA1", "status", "+233241234567", "Hi")
    assert (sms.created_at, sms.next_attempt_at, sms.channel, sms.status) == (T0, T0, Channel.SMS, OutboxStatus.PENDING)
    later = T0 + timedelta(hours=2)
    scheduled = outbox_messages.scheduled_sms(
        id="B1-VA1-sms", source_id="VA1", kind="bulk_message", phone="+233241234567", text="Hi", now=T0, at=later
    )
    assert (scheduled.created_at, scheduled.next_attempt_at) == (T0, later)


def test_an_email_with_an_invitation_comes_back_whole() -> None:
    mail = Email(
        "ama@example.com",
        "Your appointment",
        "Dear Ama",
        (("List-Unsubscribe", "<https://x.example/u>"),),
        (Attachment("invite.ics", "text/calendar; method=REQUEST", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),),
    )
    message = outbox_messages.email(id="VA1-mail", source_id="VA1", mail=mail, now=T0)
    assert (message.kind, message.channel, message.address) == (outbox_messages.EMAIL_KIND, Channel.EMAIL, mail.to)
    assert outbox_messages.email_of(message) == mail
