"""How a use case says no: one exception hierarchy for every use case of the core.

A use case returns its success value and raises a :class:`UseCaseError` when it refuses; the
app maps each class to its HTTP answer in one place. A refusal that carries data a caller needs
is a subclass with that data (:class:`SignInRefused`), never a result
to branch on: the sign-in's refusals differ only in status, text and ``Retry-After``, which the
app's map gives, so its callers only log them. A dropped honeypot submission is a success
(``Accepted(discarded=True)``), answered like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class UseCaseError(Exception):
    """Base of every refusal of a use case; ``message`` is the text shown to the person."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(UseCaseError):
    """The record asked for does not exist (or is not visible): ``"<what> not found"``."""

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} not found")


class Conflict(UseCaseError):
    """The record's current state does not allow the change."""


class ChecksFailed(Conflict):
    """A change refused because checks of the record did not pass; ``failing`` names each one
    (the answer lists them under the message)."""

    def __init__(self, message: str, failing: tuple[str, ...]) -> None:
        super().__init__(message)
        self.failing = failing


class Rejected(UseCaseError):
    """The input breaks the rules: one message per field."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__("rejected")
        self.errors = dict(errors)
        self.args = ("; ".join(self.errors.values()) or "rejected",)  # str() says why, not just "rejected"


class Unavailable(UseCaseError):
    """A service the use case needs is not configured or not reachable."""


class DuplicateSubmission(Conflict):
    """The same application was already received. It carries nothing of the earlier one: the
    requester may be a stranger who knows the applicant's e-mail."""


class InvalidPhone(Rejected):
    """A phone number an SMS cannot go to (raised before anything is written or sent)."""

    def __init__(self, message: str) -> None:
        super().__init__({"phone": message})
        self.message = message
        self.args = (message,)


class AmbiguousPhone(InvalidPhone):
    """A local number valid in more than one of the agency's countries; ``candidates`` in E.164."""

    def __init__(self, message: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.candidates = candidates


class UnknownStatus(Rejected):
    """A status that is not one of the application statuses."""

    def __init__(self, message: str) -> None:
        super().__init__({"status": message})
        self.message = message
        self.args = (message,)


class UnknownApplication(NotFound):
    """No application has this ID."""

    def __init__(self, application_id: str) -> None:
        super().__init__("Application")
        self.application_id = application_id
        self.args = (f"Application {application_id} not found",)  # the message stays the API's answer


class Refusal(StrEnum):
    MISSING_CREDENTIALS = "missing_credentials"
    THROTTLED = "throttled"
    BAD_CREDENTIALS = "bad_credentials"
    IDENTITY_UNAVAILABLE = "identity_unavailable"
    ROLE_CHECK_FAILED = "role_check_failed"
    NOT_AUTHORIZED = "not_authorized"
    SIGN_OUT_FAILED = "sign_out_failed"


class SignInRefused(UseCaseError):
    """The admin sign-in, the per-request role check or the sign-out said no, and why."""

    def __init__(self, reason: Refusal, message: str, *, retry_after_s: float = 0.0, detail: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.retry_after_s = retry_after_s
        """Only for :attr:`Refusal.THROTTLED`."""
        self.detail = detail
        """What went wrong underneath (for the log), e.g. the provider's error."""


__all__ = [
    "AmbiguousPhone",
    "ChecksFailed",
    "Conflict",
    "DuplicateSubmission",
    "InvalidPhone",
    "NotFound",
    "Refusal",
    "Rejected",
    "SignInRefused",
    "Unavailable",
    "UnknownApplication",
    "UnknownStatus",
    "UseCaseError",
]
