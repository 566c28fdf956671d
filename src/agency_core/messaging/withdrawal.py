"""A message withdrawn on purpose before it went (an Undo of a bulk move, a moved or cancelled
appointment): the outbox's ``withdraw`` stores it ``failed`` with a ``last_error`` that
:func:`withdrawal_reason` made, and :func:`is_withdrawn` tells it from one the outbox gave up on.
Rows withdrawn before the reasons came from here (``withdrawn: the status change was undone``)
match too: the prefix is compared in any case."""

from __future__ import annotations

from typing import Final

from agency_core.records import OutboxMessage, OutboxStatus

WITHDRAWN_PREFIX: Final = "withdrawn:"


def withdrawal_reason(why: str) -> str:
    """The ``last_error`` a withdrawn message is stored with: "Withdrawn: <why>"."""
    return f"{WITHDRAWN_PREFIX.capitalize()} {why}"


def is_withdrawn(message: OutboxMessage) -> bool:
    """Taken back before it was sent (the outbox's withdraw), not given up."""
    reason = (message.last_error or "").lower()
    return message.status is OutboxStatus.FAILED and reason.startswith(WITHDRAWN_PREFIX)
