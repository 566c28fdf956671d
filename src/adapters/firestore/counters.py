"""Counters on Firestore that stay exact when many instances update them at once.

``update_counted`` runs a read-modify-write of one document in a transaction. Firestore
serialises transactions on a document, but the local emulator does not, so every write also
*creates* a marker document ``counter_writes/<doc>-<generation>-<version>`` first in its commit:
two writers that read the same version race to create the same marker and only one commits; the
other gets ``AlreadyExists`` and runs again on the new state. A document that does not exist yet
is written with ``create`` (the same race, settled the same way) and gets a random generation,
so markers left from a document the TTL policy deleted never collide with the new one. Markers
and counter documents carry ``expires_at`` for Firestore's TTL policy (``firestore.indexes.json``).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from google.api_core import exceptions as gexc
from google.cloud import firestore

MARKERS = "counter_writes"
ATTEMPTS = 50

T = TypeVar("T")
Client = Any  # google.cloud.firestore.AsyncClient (the library ships no type hints)
Change = Callable[[dict[str, Any] | None], tuple[dict[str, Any], T]]


def doc_id(key: str) -> str:
    """Keys hold e-mails and addresses: documents are named by their SHA-256, never by the key."""
    return hashlib.sha256(key.encode()).hexdigest()


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


async def update_counted(client: Client, ref: Any, change: Change[T], markers: Any) -> T:
    """Apply ``change`` (current fields or ``None`` -> new fields with ``expires_at``, result)
    to ``ref`` exactly once, however many writers race on it; return the change's result."""

    @firestore.async_transactional
    async def work(tx: Any) -> T:
        snap = await ref.get(transaction=tx)
        current = snap.to_dict() if snap.exists else None
        fields, result = change(current)
        if current is None:
            generation, version = secrets.token_hex(8), 1
        else:
            generation, version = str(current["generation"]), int(current["version"]) + 1
        # First in the commit: of two writers on the same version, one alone gets past this.
        tx.create(markers.document(f"{ref.id}-{generation}-{version}"), {"expires_at": fields["expires_at"]})
        new = {**fields, "generation": generation, "version": version}
        if current is None:
            tx.create(ref, new)
        else:
            tx.set(ref, new)
        return result

    for attempt in range(ATTEMPTS):
        try:
            done: T = await work(client.transaction())
            return done
        except (gexc.AlreadyExists, gexc.Aborted, gexc.Conflict):
            if attempt == ATTEMPTS - 1:
                raise
            await asyncio.sleep(random.uniform(0, 0.005 * (attempt + 1)))
    raise AssertionError("unreachable")
