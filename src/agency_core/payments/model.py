"""The processing fee: its amount, the payment record of an application, the rules and the ports.

An application's payment moves ``unpaid -> pending -> paid | failed`` (a failed or pending one
may be started again, which gives it a new reference); ``paid`` is final. Only a charge that
Paystack (or any :class:`PaymentGateway`) reports as a success, whose amount (in the
currency's lowest unit) and currency equal the fee due, makes an application paid. Deciding
is pure (:func:`decide`); the stores apply a decision with a compare-and-set, so any number
of repeated confirmations marks an application paid once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

from agency_core.records import PaymentState
from agency_core.spec.constants import PROCESSING_FEE_USD

if TYPE_CHECKING:
    from agency_core.records import Application


CURRENCY_SYMBOLS: Final[Mapping[str, str]] = {"USD": "$", "GHS": "GH\u20b5"}
"""The currencies the fee may be set in: US dollars (default) or Ghana cedis (for merchants
whose Paystack account cannot charge USD). Both have 100 minor units."""


@dataclass(frozen=True, slots=True)
class Fee:
    """An amount in the currency's lowest unit (cents, pesewas)."""

    amount_minor: int
    currency: str

    @property
    def major(self) -> str:
        """``50`` or ``50.50``."""
        whole, cents = divmod(self.amount_minor, 100)
        return str(whole) if cents == 0 else f"{whole}.{cents:02d}"

    @property
    def label(self) -> str:
        """As the modal shows it: ``$50``, ``GH₵50``."""
        return f"{CURRENCY_SYMBOLS.get(self.currency, self.currency + ' ')}{self.major}"

    @property
    def plain(self) -> str:
        """GSM-7 safe: ``USD 50``, ``GHS 50``."""
        return f"{self.currency} {self.major}"


DEFAULT_FEE: Final = Fee(PROCESSING_FEE_USD * 100, "USD")
"""The spec's fee (section 9, ``PROCESSING_FEE_USD``): the one default; ``AGENCY_APPLICATION_FEE`` overrides it."""


def parse_fee(text: str) -> Fee:
    """``"50 USD"``, ``"750 GHS"``, ``"49.99 usd"`` -> :class:`Fee`; ``ValueError`` with one line otherwise."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d{1,2})?)\s+([A-Za-z]{3})\s*", text, re.ASCII)
    if match is None:
        raise ValueError("AGENCY_APPLICATION_FEE must be an amount and a currency, e.g. '50 USD'")
    currency = match.group(2).upper()
    if currency not in CURRENCY_SYMBOLS:
        raise ValueError(f"AGENCY_APPLICATION_FEE currency must be one of {', '.join(CURRENCY_SYMBOLS)}")
    try:
        minor = int(Decimal(match.group(1)) * 100)
    except InvalidOperation as exc:  # pragma: no cover - the pattern admits only numbers
        raise ValueError("AGENCY_APPLICATION_FEE amount is not a number") from exc
    if minor <= 0:
        raise ValueError("AGENCY_APPLICATION_FEE must be more than zero")
    return Fee(minor, currency)


@dataclass(frozen=True, slots=True)
class Payment:
    """What an application's record keeps about its fee."""

    state: PaymentState = PaymentState.UNPAID
    reference: str | None = None
    amount_minor: int | None = None
    currency: str | None = None
    channel: str | None = None
    paid_at: datetime | None = None
    updated_at: datetime | None = None
    receipt_number: int | None = None
    """Given when it becomes paid (:mod:`agency_core.payments.receipts`): the next number, no gaps."""


UNPAID: Final = Payment()


# -- references ----------------------------------------------------------------------------

_REFERENCE = re.compile(r"(VA\d+)-([A-Za-z0-9]{4,32})", re.ASCII)


def make_reference(application_id: str, nonce: str) -> str:
    """One reference per attempt (Paystack refuses a reference twice): ``VA<id>-<nonce>``."""
    return f"{application_id}-{nonce}"


def application_of(reference: str) -> str | None:
    """The application ID a reference was made for, or ``None`` when it is not one of ours."""
    match = _REFERENCE.fullmatch(reference.strip())
    return match.group(1) if match else None


# -- what the gateway reports ----------------------------------------------------------------

SUCCESS: Final = "success"
FAILED_STATUSES: Final = frozenset({"failed", "abandoned", "reversed"})


@dataclass(frozen=True, slots=True)
class Charge:
    """One transaction as the gateway reports it (verify answer or webhook ``data``)."""

    reference: str
    status: str
    """Paystack's: ``success``, ``failed``, ``abandoned``, ``reversed``, ``ongoing``, ``pending``, ..."""
    amount_minor: int
    currency: str
    channel: str | None = None
    paid_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Checkout:
    authorization_url: str
    reference: str


class RefundState(StrEnum):
    PENDING = "pending"
    PROCESSED = "processed"
    FAILED = "failed"


def state_of(status: str) -> RefundState | None:
    """Paystack's refund statuses (``pending``, ``processing``, ``processed``, ``failed``, ...)."""
    if status in {"processed", "success", "completed"}:
        return RefundState.PROCESSED
    if status in {"failed", "reversed"}:
        return RefundState.FAILED
    if status in {"pending", "processing", "queued", "needs-attention"}:
        return RefundState.PENDING
    return None


@dataclass(frozen=True, slots=True)
class GatewayRefund:
    """Paystack's answer to a refund request, or the ``data`` of a refund webhook."""

    transaction_reference: str
    gateway_id: str | None
    state: RefundState
    amount_minor: int | None = None


@dataclass(frozen=True, slots=True)
class WebhookEvent:
    event: str
    charge: Charge | None
    """``None`` for events that carry no transaction."""
    refund: GatewayRefund | None = None
    """The refund of a ``refund.*`` event."""


class GatewayUnavailable(Exception):
    """The gateway could not be reached or gave an answer we cannot use; nothing was decided."""


class PaymentGateway(Protocol):
    async def initialize(
        self, *, reference: str, email: str, fee: Fee, callback_url: str, metadata: Mapping[str, str]
    ) -> Checkout:
        """Start a transaction; raises :class:`GatewayUnavailable`."""
        ...

    async def verify(self, reference: str) -> Charge | None:
        """The transaction as the gateway knows it now (``None``: no such transaction);
        raises :class:`GatewayUnavailable`."""
        ...

    def parse_webhook(self, body: bytes, signature: str | None) -> WebhookEvent | None:
        """The event in ``body`` when ``signature`` is the gateway's signature of exactly these
        bytes, else ``None``. Raises ``ValueError`` for a signed body that is not an event."""
        ...

    async def aclose(self) -> None: ...


TEST_OUTCOMES: Final = ("success", "failed", "abandoned")
"""What a payer can do on the built-in test checkout: pay, be declined, or cancel."""


@dataclass(frozen=True, slots=True)
class TestTransaction:
    """One transaction of the built-in test checkout, as its page shows it."""

    __test__ = False  # not a pytest class

    reference: str
    fee: Fee
    email: str
    callback_url: str
    status: str = "ongoing"


@runtime_checkable
class TestCheckout(PaymentGateway, Protocol):
    """A built-in checkout for demos without Paystack keys, like Paystack's own test mode: no
    money moves; the site serves its checkout page (clearly labelled as a test payment)."""

    def transaction(self, reference: str) -> TestTransaction | None: ...

    def complete(self, reference: str, outcome: str) -> TestTransaction | None:
        """Record the payer's choice (one of :data:`TEST_OUTCOMES`) on an open transaction."""
        ...


class PaymentStore(Protocol):
    """Reads the fee's record; its changes are written through a unit of work
    (:class:`~agency_core.unit_of_work.PaymentWrites`)."""

    async def load(self, application_id: str) -> tuple[Application, Payment] | None: ...

    async def next_receipt_number(self) -> int:
        """The number the next paid fee gets (1 for the first); ``uow.payments.set`` refuses any
        other at commit, so two payments confirmed at once cannot share or skip one."""
        ...


# -- the rules -----------------------------------------------------------------------------


def charge_matches(charge: Charge, fee: Fee) -> bool:
    """The amount and the currency equal the fee due (an overpayment is not the fee either)."""
    return charge.amount_minor == fee.amount_minor and charge.currency.strip().upper() == fee.currency


class Verdict(StrEnum):
    PAID = "paid"
    FAILED = "failed"
    UNCHANGED = "unchanged"
    MISMATCH = "mismatch"
    """A successful charge whose amount or currency is not the fee: never makes an application paid."""


@dataclass(frozen=True, slots=True)
class Decision:
    verdict: Verdict
    payment: Payment
    """The payment after the decision (the current one unless ``verdict`` is PAID or FAILED)."""


def can_start(current: Payment) -> bool:
    return current.state is not PaymentState.PAID


def started(current: Payment, reference: str, fee: Fee, now: datetime) -> Payment:
    """A new attempt: pending, with its own reference (channel and paid time not known yet)."""
    if not can_start(current):
        raise ValueError("a paid application cannot start another payment")
    return Payment(PaymentState.PENDING, reference, fee.amount_minor, fee.currency, None, None, now)


def decide(current: Payment, charge: Charge, fee: Fee, now: datetime) -> Decision:
    """What a charge report (verification or webhook, in any order, any number of times) does.

    - paid stays paid, whatever comes after (repeats, late failures of older attempts);
    - a success of the fee's amount and currency makes it paid, for any reference of this
      application (the money was taken even if a newer attempt was started since);
    - a success of another amount or currency changes nothing (MISMATCH);
    - a failure (failed, abandoned, reversed) of the current attempt makes a pending payment
      failed; of an older attempt, it changes nothing;
    - anything else (ongoing, pending, ...) changes nothing.
    """
    if current.state is PaymentState.PAID:
        return Decision(Verdict.UNCHANGED, current)
    if charge.status == SUCCESS:
        if not charge_matches(charge, fee):
            return Decision(Verdict.MISMATCH, current)
        paid = Payment(
            PaymentState.PAID,
            charge.reference,
            charge.amount_minor,
            charge.currency.strip().upper(),
            charge.channel,
            charge.paid_at or now,
            now,
        )
        return Decision(Verdict.PAID, paid)
    if (
        charge.status in FAILED_STATUSES
        and current.state is PaymentState.PENDING
        and charge.reference == current.reference
    ):
        failed = Payment(
            PaymentState.FAILED, current.reference, current.amount_minor, current.currency, charge.channel, None, now
        )
        return Decision(Verdict.FAILED, failed)
    return Decision(Verdict.UNCHANGED, current)


# -- what the applicant is told ------------------------------------------------------------

PAYMENTS_UNAVAILABLE: Final = (
    "Online payment is not available yet. Please pay the processing fee at our office in "
    "Kumasi, Ghana (Mon-Fri 8:00-18:00) and quote your application ID."
)
GATEWAY_DOWN: Final = (
    "We could not reach the payment provider just now. Nothing is lost: please try again in a few minutes."
)
ALREADY_PAID: Final = "This application's processing fee is already paid."
APPLICATION_NOT_FOUND: Final = "Application Not Found"
PAYMENT_NOT_FOUND: Final = "Payment Not Found"
