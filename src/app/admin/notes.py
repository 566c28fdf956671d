"""Notes on an applicant (``/api/admin/applications/{id}/notes``), its owner, the staff list,
and replies to a contact message (``/api/admin/messages/{id}``). Every change is audited."""

from __future__ import annotations

from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.signin.identity import AdminUser
from agency_core.spec.inputs import input_of
from agency_core.staff.notes import Author, NoteInput, OwnerInput, ReplyInput
from agency_core.staff.notes_service import NotesService
from app.admin.common import CONFLICT
from app.admin.schemas.common import to_core
from app.admin.schemas.notes import (
    AdminNote,
    MessageThread,
    NoteList,
    NoteText,
    Owner,
    OwnerChange,
    ReplyRequest,
    StaffList,
    admin_note,
    message_thread,
    owner_of,
    staff_member,
)
from app.checked_body import CoreChecked


def author(admin: AdminUser) -> Author:
    return Author(admin.email, admin.name)


class NotesController(Controller):
    path = "/applications/{application_id:str}"

    @get("/notes", summary="The applicant's notes, oldest first (deleted ones left out)")
    async def list_notes(self, notes: NamedDependency[NotesService], application_id: FromPath[str]) -> NoteList:
        return NoteList(items=[admin_note(n) for n in await notes.notes(application_id)])

    @post("/notes", status_code=201, summary="Write a note (audited)", dto=CoreChecked, return_dto=None)
    async def add_note(
        self,
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[NoteText],
    ) -> AdminNote:
        return admin_note(await notes.add_note(author(admin), application_id, input_of(NoteInput, to_core(data))))

    @put(
        "/notes/{note_id:str}",
        summary="Edit a note (audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def edit_note(
        self,
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        note_id: FromPath[str],
        data: JSONBody[NoteText],
    ) -> AdminNote:
        note = await notes.edit_note(author(admin), application_id, note_id, input_of(NoteInput, to_core(data)))
        return admin_note(note)

    @delete(
        "/notes/{note_id:str}",
        status_code=204,
        summary="Delete a note (kept as a tombstone; audited)",
        responses={409: CONFLICT},
    )
    async def delete_note(
        self,
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        note_id: FromPath[str],
    ) -> None:
        await notes.delete_note(author(admin), application_id, note_id)

    @put(
        "/owner",
        summary="Give the applicant to a staff member, or to nobody (audited)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def set_owner(
        self,
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[OwnerChange],
    ) -> Owner:
        return owner_of(await notes.set_owner(admin.email, application_id, input_of(OwnerInput, to_core(data))))


@get("/staff", summary="The staff members an applicant can be given to, by name")
async def staff_list(notes: NamedDependency[NotesService]) -> StaffList:
    return StaffList(items=[staff_member(m) for m in await notes.staff()])


class RepliesController(Controller):
    path = "/messages/{message_id:str}"

    @get("/", summary="A contact message and its thread of replies")
    async def thread(self, notes: NamedDependency[NotesService], message_id: FromPath[str]) -> MessageThread:
        return message_thread(await notes.thread(message_id))

    @post(
        "/replies",
        status_code=201,
        summary="Reply by e-mail, SMS or WhatsApp through the outbox (audited; WhatsApp free text only inside"
        " the 24-hour window, else 409 and only the template)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def reply(
        self,
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        message_id: FromPath[str],
        data: JSONBody[ReplyRequest],
    ) -> MessageThread:
        return message_thread(await notes.reply(author(admin), message_id, input_of(ReplyInput, to_core(data))))
