"""The audit log's entry: who did what to which record, and when (every package that changes a record writes one)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: str
    actor: str
    action: str
    target: str
    at: datetime
