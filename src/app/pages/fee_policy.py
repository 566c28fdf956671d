"""The fee policy and refund rules on ``/terms``, in the HTML the server sends.

The pre-render leaves :data:`FEE_POLICY_TOKEN` inside ``<div id="fee-policy">`` (the client's
``FeePolicySection``); the server writes the policy in force in its place on every request, with
the same markup the client renders from ``GET /api/fees``.
"""

from __future__ import annotations

from html import escape

from app.api.fees import FeePolicyOut, FeeRuleOut

FEE_POLICY_TOKEN = "__FEE_POLICY__"  # noqa: S105 - a placeholder in the page, not a secret
TERMS_PATH = "/terms"


def _rule(rule: FeeRuleOut) -> str:
    reason = f" {escape(rule.reason)}" if rule.reason else ""
    return f"<li><strong>{escape(rule.applies_to)}</strong>: {escape(rule.label)}.{reason}</li>"


def _rules(title: str, rules: list[FeeRuleOut]) -> str:
    if not rules:
        return ""
    return f"<h3>{escape(title)}</h3><ul>{''.join(_rule(r) for r in rules)}</ul>"


def fee_policy_html(policy: FeePolicyOut) -> str:
    """Keep in step with ``client/src/features/legal/components/FeePolicySection.tsx``."""
    if policy.default_label == "No fee":
        default = "We charge no processing fee"
    else:
        default = f"The processing fee is <strong>{escape(policy.default_label)}</strong>"
    reason = f" {escape(policy.default_reason)}" if policy.default_reason else ""
    return (
        "<h2>Processing fee</h2>"
        f"<p>{default}, unless a rule below says otherwise.{reason}</p>"
        + _rules("By destination country", policy.countries)
        + _rules("By job", policy.jobs)
        + f"<h2>Refunds</h2><p>{escape(policy.refund_rules)}</p>"
    )
