"""Settings of the processing fee and Paystack (see ``.env.example``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from agency_core.payments.model import DEFAULT_FEE, Fee, parse_fee

DEFAULT_BASE_URL = "https://api.paystack.co"
"""Paystack's API, unless ``PAYSTACK_BASE_URL`` points elsewhere (a local Paystack in tests)."""


class PaymentSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class PaymentSettings:
    secret_key: str = ""
    public_key: str = ""
    base_url: str = DEFAULT_BASE_URL
    fee: Fee = DEFAULT_FEE

    @property
    def enabled(self) -> bool:
        """Online payment is offered only with a secret key."""
        return bool(self.secret_key)

    @property
    def test_keys(self) -> bool:
        return self.secret_key.startswith("sk_test_") or self.public_key.startswith("pk_test_")

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> PaymentSettings:
        secret = env.get("PAYSTACK_SECRET_KEY", "").strip()
        public = env.get("PAYSTACK_PUBLIC_KEY", "").strip()
        if secret and not secret.startswith(("sk_test_", "sk_live_")):
            raise PaymentSettingsError("PAYSTACK_SECRET_KEY must start with sk_test_ or sk_live_")
        if public and not public.startswith(("pk_test_", "pk_live_")):
            raise PaymentSettingsError("PAYSTACK_PUBLIC_KEY must start with pk_test_ or pk_live_")
        override = env.get("AGENCY_APPLICATION_FEE", "").strip()
        try:
            fee = parse_fee(override) if override else DEFAULT_FEE
        except ValueError as exc:
            raise PaymentSettingsError(str(exc)) from exc
        base_url = (env.get("PAYSTACK_BASE_URL") or DEFAULT_BASE_URL).strip().rstrip("/")
        return cls(secret, public, base_url, fee)
