"""When the welfare check-ins are due: three outbox tasks queued with the move to Arrived.

Kept apart from :mod:`agency_core.pipeline.welfare` so the moves (:mod:`agency_core.pipeline.moves`)
queue them without importing the use cases that move applicants themselves.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Final

from agency_core.messaging import outbox_messages
from agency_core.pipeline.stages import MoveKind, StageKey, StageMove
from agency_core.records import OutboxMessage

CHECK_IN_DAYS: Final = (7, 30, 90)
CHECK_IN_TASK: Final = "welfare_checkin"
"""The outbox kind of a check-in's task (channel ``task``)."""


def check_in_tasks(move: StageMove) -> list[OutboxMessage]:
    """The three check-in tasks of a move to Arrived, due 7, 30 and 90 days after it (none for any
    other move, nor for a correction back to Arrived). Each id carries the move's version, so a second
    arrival after a correction queues its own; the check-in itself is made once per day
    (``<application>-welfare-<day>``)."""
    if move.to_stage is not StageKey.ARRIVED or move.kind is not MoveKind.MOVE:
        return []
    app = move.application_id
    return [
        outbox_messages.task(
            id=f"{app}-welfare-{day}-v{move.version}",
            source_id=f"welfare:{app}",
            kind=CHECK_IN_TASK,
            payload=json.dumps({"application": app, "day": day}),
            now=move.at,
            at=move.at + timedelta(days=day),
        )
        for day in CHECK_IN_DAYS
    ]


__all__ = ["CHECK_IN_DAYS", "CHECK_IN_TASK", "check_in_tasks"]
