"""What both backends' units of work share: the writes are kept as steps, in order, until a clean
exit of ``async with`` commits them all at once (:meth:`StepsUnitOfWork._commit`); an exception
discards them."""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Generic, Self, TypeVar

from adapters.tracing import span

Step = TypeVar("Step")


class StepsUnitOfWork(Generic[Step]):
    def __init__(self) -> None:
        self._steps: list[Step] = []

    async def __aenter__(self) -> Self:
        self._steps.clear()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        steps = list(self._steps)
        self._steps.clear()
        if exc_type is None and steps:
            with span("store.commit", steps=len(steps)):
                await self._commit(steps)

    async def _commit(self, steps: Sequence[Step]) -> None:
        """Run every step in one transaction of the backend, or none of them."""
        raise NotImplementedError
