"""Staff read and change the fee policy (admin settings); every change is audited with what it was
and what it became, in the same unit of work as the settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from agency_core.admin_settings import LiveSettings
from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.ids import IdGenerator
from agency_core.payments.fees import FeePolicy, FeePolicyChange, FeeRule, FeeSchedule, fee_label
from agency_core.spec.constants import ID_PREFIX
from agency_core.unit_of_work import UnitOfWork

AUDIT_ACTION = "fees.update"


def _rule_text(kind: str, rule: FeeRule, currency: str) -> str:
    return f"{kind} {rule.match}: {fee_label(rule.amount_minor, currency)}"


def describe_policy(policy: FeePolicy) -> str:
    """One line for the audit log: ``default $50; country United Arab Emirates: No fee; job J1: $30``."""
    parts = [f"default {fee_label(policy.default_minor, policy.currency)}"]
    parts += [_rule_text("country", r, policy.currency) for r in policy.countries]
    parts += [_rule_text("job", r, policy.currency) for r in policy.jobs]
    return "; ".join(parts)


class FeePolicyService:
    def __init__(
        self,
        schedule: FeeSchedule,
        settings: LiveSettings,
        ids: IdGenerator,
        clock: Clock = utc_now,
        *,
        uow: Callable[[], UnitOfWork],
    ) -> None:
        self.schedule = schedule
        self.settings = settings
        self.ids = ids
        self.clock = clock
        self.uow = uow

    async def policy(self) -> FeePolicy:
        return await self.schedule.policy()

    async def put(self, actor: str, change: FeePolicyChange) -> FeePolicy:
        """Save the policy staff sent (checked by :func:`~agency_core.payments.fees.parse_fee_policy`).
        Applications already submitted keep the fee they were given."""
        before = await self.schedule.policy()
        policy = change.policy(before.currency)
        current = await self.settings.current()
        saved = replace(current, fee_policy=policy)
        now = self.clock()
        target = f"{describe_policy(before)} -> {describe_policy(policy)}"
        if before.refund_rules != policy.refund_rules:
            target += " (refund rules changed)"
        entry = AuditEntry("AU" + self.ids.next_id().removeprefix(ID_PREFIX), actor, AUDIT_ACTION, target, now)
        async with self.uow() as uow:
            await uow.settings.put(saved, now)
            await uow.audit.add(entry)
        self.settings.updated(saved)
        return policy
