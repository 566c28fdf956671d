"""The bodies of the error answers, public and admin alike, as ``/schema`` documents them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ValidationErrors:
    """422: the message of each invalid field, exactly as the client shows it."""

    errors: dict[str, str]


@dataclass
class ErrorMessage:
    """Every other error."""

    message: str


@dataclass
class FailedChecks:
    """409 of a change whose checks did not pass (a move past Departed): the message, then each failing check."""

    message: str
    failing: list[str] = field(default_factory=list)
