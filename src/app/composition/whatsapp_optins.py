"""WhatsApp opt-ins and the inbox of replies (issue 48 items 1, 2, 4), built on the backend's store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agency_core.clock import Clock
from agency_core.ids import IdGenerator
from agency_core.staff.whatsapp import ApplicantsFromAdmin, OwnerNotes, WhatsAppOnRecords
from agency_core.submissions.whatsapp_stop import WhatsAppStop
from agency_core.unit_of_work import Writes
from agency_core.whatsapp.inbound import WhatsAppInbox
from agency_core.whatsapp.optins import OptIns
from app.composition.backends import Backend, WhatsAppOptInStore


@dataclass(frozen=True, slots=True)
class WhatsAppOptIns:
    store: WhatsAppOptInStore
    """The opt-ins and the inbound ids (SQLite: migrated with the records' tables)."""
    opt_ins: OptIns
    """Recording a form's opt-in, stopping, and the rule "no message without a standing opt-in"."""
    inbox: WhatsAppInbox
    """The ``InboundHandler`` the webhook hands each inbound message to."""
    stop: WhatsAppStop
    """``/track``'s "Stop WhatsApp updates"."""
    on_records: WhatsAppOnRecords
    """The WhatsApp line of an application's admin page."""


def build_whatsapp_optins(backend: Backend, ids: IdGenerator, clock: Clock, wake: Callable[[], None]) -> WhatsAppOptIns:
    store = backend.whatsapp_optins
    opt_ins = OptIns(store, clock)
    writes = Writes(ids, backend.store.unit_of_work, clock, wake)
    inbox = WhatsAppInbox(store, ApplicantsFromAdmin(backend.admin_store), opt_ins, writes, OwnerNotes(ids))
    stop = WhatsAppStop(backend.admin_store, opt_ins)
    return WhatsAppOptIns(store, opt_ins, inbox, stop, WhatsAppOnRecords(backend.admin_store, opt_ins))
