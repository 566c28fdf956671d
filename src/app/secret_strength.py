"""How much guessing a secret setting would take, estimated from its characters.

A length rule alone passes ``kkkk…`` (40 × ``k``) or ``passwordpassword…``. The estimate is the
length of the secret's shortest repeating unit times the Shannon entropy per character of that
unit, taken on the characters themselves and on the steps between neighbours (so ``abcdef…`` and
``0123…`` count as little as ``aaaa…``), whichever is lower. A random 32-character hex or
``secrets.token_urlsafe`` value estimates at 90 bits or more; the floor is :data:`MIN_BITS`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

MIN_BITS: Final = 80
MAKE_ONE: Final = "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"


def _entropy_per_item(items: Sequence[object]) -> float:
    if not items:
        return 0.0
    counts = Counter(items)
    total = len(items)
    return sum(n / total * math.log2(total / n) for n in counts.values())


def _repeating_unit(secret: str) -> str:
    """The shortest prefix whose repetition makes up ``secret`` (``abcabcab`` -> ``abc``)."""
    for size in range(1, len(secret)):
        if all(secret[i] == secret[i % size] for i in range(size, len(secret))):
            return secret[:size]
    return secret


def estimated_bits(secret: str) -> float:
    unit = _repeating_unit(secret)
    steps = [ord(b) - ord(a) for a, b in pairwise(unit)]
    return len(unit) * min(_entropy_per_item(unit), _entropy_per_item(steps))


def weak_secret(name: str, secret: str) -> str | None:
    """Why ``secret`` (the setting ``name``) is too easy to guess, as one line, or None."""
    bits = estimated_bits(secret)
    if bits >= MIN_BITS:
        return None
    return (
        f"{name} is too easy to guess (repeated or sequential characters, about {bits:.0f} bits of "
        f"{MIN_BITS} needed): set a random value, e.g. from {MAKE_ONE}"
    )
