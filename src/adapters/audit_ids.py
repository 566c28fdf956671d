"""Audit entries whose time-based id another instance made in the same millisecond.

An audit entry's id names nothing but the entry, so the later of two takes a random suffix instead
of failing the change it records (both backends, at most ``AUDIT_ID_ATTEMPTS`` ids).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Final

from agency_core.audit import AuditEntry

AUDIT_ID_ATTEMPTS: Final = 5


def candidate_ids(entry: AuditEntry) -> list[AuditEntry]:
    """The entry as it is, then under suffixed ids (``AU1795502916097-3fa2c1``)."""
    return [entry] + [replace(entry, id=f"{entry.id}-{secrets.token_hex(3)}") for _ in range(AUDIT_ID_ATTEMPTS - 1)]
