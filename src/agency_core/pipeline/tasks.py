"""The outbox tasks of the pipeline (channel ``task``), handed to the outbox worker as its task runner:
the daily expiry sweep and the welfare check-ins, each picked by its kind."""

from __future__ import annotations

from agency_core.pipeline.expiry import SWEEP_TASK, ExpiryWatch
from agency_core.pipeline.welfare import CheckIns
from agency_core.pipeline.welfare_schedule import CHECK_IN_TASK
from agency_core.ports import SendResult
from agency_core.records import OutboxMessage


class PipelineTasks:
    def __init__(self, watch: ExpiryWatch, check_ins: CheckIns) -> None:
        self.watch = watch
        self.check_ins = check_ins

    async def __call__(self, message: OutboxMessage) -> SendResult:
        if message.kind == SWEEP_TASK:
            return await self.watch.run(message)
        if message.kind == CHECK_IN_TASK:
            return await self.check_ins.run(message)
        return SendResult(False, f"no task runner for {message.kind}")


__all__ = ["PipelineTasks"]
