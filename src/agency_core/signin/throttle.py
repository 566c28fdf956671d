"""Sign-in limits that hold under concurrency and cannot be used to lock the real admin out.

After OWASP's authentication guidance (account lockout vs. throttling):

- every attempt is counted, atomically, *before* the password is checked, so 30 parallel guesses
  from one address for one e-mail get at most ``limit`` password checks;
- a hard limit (429 until the window passes) per **e-mail and address pair** and per **address**:
  an attacker is stopped, and only from where they are;
- per **e-mail from anywhere**, a growing *delay*, not a block: once the e-mail has had ``limit``
  attempts in the window, each further attempt waits ``base_delay_s * 2^(n - limit - 1)`` seconds
  (at most ``max_delay_s``) before its password is checked. A botnet gets slowed down; the real
  admin, from their own address, still signs in.

Refused attempts (429) and attempts whose password was right are taken back, so the counts are
counts of wrong passwords; a right password also clears its e-mail and address pair.

The counts live behind :class:`AttemptCounter` (SQLite in the embedded default; a shared store
when several instances serve the site).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from agency_core.signin.identity import SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_S


@dataclass(frozen=True, slots=True)
class KeyCount:
    """One key's attempts inside the window, the one just recorded included."""

    count: int
    oldest_at: float


class AttemptCounter(Protocol):
    """Atomic attempt counting per free-form key (``pair:…``, ``ip:…``, ``email:…``)."""

    async def add(self, keys: Sequence[str], at: float, window_s: float) -> list[KeyCount]:
        """In one atomic step: forget attempts older than ``window_s`` before ``at``, record one
        attempt at ``at`` under every key, and return each key's count (in ``keys`` order)."""
        ...

    async def remove(self, keys: Sequence[str], at: float) -> None:
        """Take back one attempt recorded at ``at`` under each key."""
        ...

    async def clear(self, key: str) -> None:
        """Forget every attempt under ``key``."""
        ...


def pair_key(email: str, address: str) -> str:
    return f"pair:{email}|{address}"


def address_key(address: str) -> str:
    return f"ip:{address}"


def email_key(email: str) -> str:
    return f"email:{email}"


@dataclass(frozen=True, slots=True)
class Admission:
    """The limiter's answer for one attempt: refused for ``retry_after_s`` seconds, or allowed
    after ``delay_s`` seconds; ``keys``/``at`` identify the recorded attempt."""

    keys: tuple[str, ...]
    at: float
    retry_after_s: float = 0.0
    delay_s: float = 0.0

    @property
    def refused(self) -> bool:
        return self.retry_after_s > 0


Sleep = Callable[[float], Awaitable[None]]


class SignInLimiter:
    def __init__(
        self,
        counter: AttemptCounter,
        *,
        limit: int = SIGN_IN_MAX_FAILURES,
        window_s: float = SIGN_IN_WINDOW_S,
        base_delay_s: float = 1.0,
        max_delay_s: float = 8.0,
        clock: Callable[[], float] = time.time,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.counter = counter
        self.limit = limit
        self.window_s = window_s
        self.base_delay_s = base_delay_s
        self.max_delay_s = max_delay_s
        self.clock = clock
        self.sleep = sleep

    def delay_for(self, email_attempts: int) -> float:
        """The wait before checking the password of the e-mail's ``email_attempts``-th attempt."""
        beyond = email_attempts - self.limit
        if beyond <= 0:
            return 0.0
        return float(min(self.max_delay_s, self.base_delay_s * 2 ** min(beyond - 1, 30)))

    async def admit(self, email: str, address: str) -> Admission:
        """Count this attempt; refuse it past a hard limit, else say how long to wait first."""
        keys = (pair_key(email, address), address_key(address), email_key(email))
        at = self.clock()
        pair, by_address, by_email = await self.counter.add(keys, at, self.window_s)
        wait = 0.0
        for count in (pair, by_address):
            if count.count > self.limit:
                # At least a millisecond: the window may end within float rounding of `at`.
                wait = max(wait, count.oldest_at + self.window_s - at, 0.001)
        if wait > 0:
            await self.counter.remove(keys, at)
            return Admission(keys, at, retry_after_s=wait)
        return Admission(keys, at, delay_s=self.delay_for(by_email.count))

    async def wait(self, admission: Admission) -> None:
        if admission.delay_s > 0:
            await self.sleep(admission.delay_s)

    async def succeeded(self, admission: Admission) -> None:
        """The password was right: it was no failure, and the pair starts afresh."""
        await self.counter.remove(admission.keys, admission.at)
        await self.counter.clear(admission.keys[0])

    async def not_a_failure(self, admission: Admission) -> None:
        """The attempt ended without a verdict on the password (provider down): take it back."""
        await self.counter.remove(admission.keys, admission.at)
