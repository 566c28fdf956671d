"""The most SMS parts a message template may take, a hard cap staff set in the admin settings.

A template is measured as the preview measures it: rendered with every placeholder at its longest
plausible value (:func:`agency_core.messaging.templates.preview`). Saving (or restoring) a text
that would take more parts than the cap is refused; the spec's default texts (two parts at most
at their longest) are always allowed back. Lowering the cap leaves texts saved earlier in force.
"""

from __future__ import annotations

from typing import Final

from agency_core.spec.numbers import json_whole_number

DEFAULT_MAX_PARTS: Final = 3
LEAST_MAX_PARTS: Final = 1
MOST_MAX_PARTS: Final = 10
MAX_PARTS_INVALID: Final = f"SMS parts must be a whole number from {LEAST_MAX_PARTS} to {MOST_MAX_PARTS}"
OVER_THE_CAP: Final = (
    "This text takes {parts} SMS parts at its longest, more than the {cap} the settings allow:"
    " shorten it, or raise the limit in Settings"
)


def read_max_parts(raw: object) -> int | None:
    """``raw`` as a cap when it is a whole number within the bounds, else ``None``."""
    number = json_whole_number(raw)
    if number is None or not LEAST_MAX_PARTS <= number <= MOST_MAX_PARTS:
        return None
    return number


def over_the_cap(parts: int | None, cap: int) -> str | None:
    """Why a text of ``parts`` (``None``: not an SMS) cannot be saved under ``cap``, or ``None``."""
    return OVER_THE_CAP.format(parts=parts, cap=cap) if parts is not None and parts > cap else None
