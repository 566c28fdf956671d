"""Staff's employers: the list with search (folded as the applicants' search is), one employer,
and an audited create and edit (who, when, and which fields an edit changed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from agency_core.audit import AuditEntry
from agency_core.employers.model import Employer
from agency_core.employers.ports import EmployerStore
from agency_core.employers.rules import EmployerInput, employer_search_key, read_employer
from agency_core.errors import Conflict, NotFound
from agency_core.paging import Page, PageRequest, page_of
from agency_core.spec import constants as c
from agency_core.spec.phone_numbers import AGENCY_REGIONS
from agency_core.staff.context import StaffContext
from agency_core.staff.search import search_of
from agency_core.unit_of_work import PreconditionFailed

CHANGED_MEANWHILE = "This record was changed by someone else meanwhile: reload the page and try again"
EMPLOYER_FIELDS = ("company", "country", "city", "licence_number", "contacts", "notes")


def changed_fields(before: object, after: object, names: tuple[str, ...]) -> str:
    """The names of the fields that differ, for the audit entry ("" when none)."""
    return ", ".join(n for n in names if getattr(before, n) != getattr(after, n))


def employer_matches(employer: Employer, q: str) -> bool:
    """Found by ``q`` as an applicant is: its folded words, or a phone in any format (a local number
    read in the employer's country and in the agency's own)."""
    regions = dict.fromkeys((employer.country, *AGENCY_REGIONS))
    return any(search_of(q, region).matches(employer.search_key) for region in regions if region)


class EmployersAdmin:
    def __init__(self, context: StaffContext, store: EmployerStore) -> None:
        self.context = context
        self.store = store

    async def employers(self, q: str, page: PageRequest) -> Page[Employer]:
        """By company; only those ``q`` finds when it is given."""
        found = await self.store.employers()
        if q.strip():
            found = [e for e in found if employer_matches(e, q)]
        return page_of(found, page)

    async def employer(self, employer_id: str) -> Employer:
        employer = await self.store.employer(employer_id)
        if employer is None:
            raise NotFound("Employer")
        return employer

    async def create(self, actor: str, data: Mapping[str, object]) -> Employer:
        form = read_employer(data)
        ctx = self.context
        now = ctx.clock()
        employer_id = "EM" + ctx.ids.next_id().removeprefix(c.ID_PREFIX)
        made = _with_form(Employer(employer_id, "", "", "", "", (), "", "", 1, actor, now, actor, now), form)
        await self._save(made, ctx.audit(actor, "employer.create", f"{employer_id}: {made.company}"))
        return made

    async def update(
        self, actor: str, employer_id: str, data: Mapping[str, object], expected_version: int | None = None
    ) -> Employer:
        """``Conflict`` when the employer is no longer the ``expected_version`` staff edited."""
        form = read_employer(data)
        stored = await self.employer(employer_id)
        if expected_version is not None and expected_version != stored.version:
            raise Conflict(CHANGED_MEANWHILE)
        now = self.context.clock()
        updated = replace(_with_form(stored, form), version=stored.version + 1, updated_by=actor, updated_at=now)
        what = changed_fields(stored, updated, EMPLOYER_FIELDS) or "nothing changed"
        await self._save(updated, self.context.audit(actor, "employer.update", f"{employer_id}: {what}"))
        return updated

    async def _save(self, employer: Employer, audit: AuditEntry) -> None:
        try:
            await self.store.save_employer(employer, audit)
        except PreconditionFailed:
            raise Conflict(CHANGED_MEANWHILE) from None


def _with_form(employer: Employer, form: EmployerInput) -> Employer:
    return replace(
        employer,
        company=form.company,
        country=form.country,
        city=form.city,
        licence_number=form.licence_number,
        contacts=form.contacts,
        notes=form.notes,
        search_key=employer_search_key(employer.id, form),
    )


__all__ = ["EmployersAdmin"]
