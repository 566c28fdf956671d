"""Whether the texts staff read were delivered in time: the applicant's page and the dashboard."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from agency_core.clock import Clock, utc_now
from agency_core.messaging.delivery import (
    DEFAULT_DEADLINE,
    FLAG_WINDOW,
    DeliveryView,
    delivery_view,
    not_delivered_in_time,
)
from agency_core.ports import Outbox
from agency_core.records import OutboxMessage


class Deliveries:
    def __init__(self, outbox: Outbox, clock: Clock = utc_now, deadline: timedelta = DEFAULT_DEADLINE) -> None:
        self.outbox = outbox
        self.clock = clock
        self.deadline = deadline
        """A text not delivered this long after it was sent is flagged (``AGENCY_SMS_DELIVERY_DEADLINE_MIN``)."""

    async def not_delivered_in_time(self) -> tuple[OutboxMessage, ...]:
        """Texts of the last :data:`FLAG_WINDOW` the gateway accepted but did not deliver in time."""
        now = self.clock()
        waiting = await self.outbox.awaiting_delivery(now - FLAG_WINDOW)
        return tuple(m for m in waiting if not_delivered_in_time(m, now, self.deadline))

    def views(self, messages: Sequence[OutboxMessage]) -> dict[str, DeliveryView]:
        """Each message's delivery state and "not delivered in time" flag, by message id."""
        now = self.clock()
        return {m.id: delivery_view(m, now, self.deadline) for m in messages}


__all__ = ["Deliveries"]
