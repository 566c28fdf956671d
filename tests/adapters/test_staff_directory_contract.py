"""The staff directory (the owners an applicant can be given to) on both role directories: the users
whose role is admin, by name; anyone else is left out."""

from __future__ import annotations

from adapters.identity.firestore_roles import FirestoreRoleDirectory
from adapters.identity.local_roles import SqliteRoleDirectory
from agency_core.signin.identity import DEFAULT_ADMIN_NAME
from agency_core.staff.notes import StaffMember
from tests.adapters.test_role_directory_contract import directory, new_uid

__all__ = ["directory"]


async def test_staff_are_the_admins_by_name(directory: SqliteRoleDirectory | FirestoreRoleDirectory) -> None:
    zara, abena, former, unnamed = new_uid(), new_uid(), new_uid(), new_uid()
    await directory.put(zara, "Zara Mensah", "admin")
    await directory.put(abena, "abena Owusu", "admin")
    await directory.put(former, "Former Staff", "viewer")
    await directory.put(unnamed, "  ", "admin")
    staff = await directory.staff()
    ours = [m for m in staff if m.id in {zara, abena, former, unnamed}]
    assert ours == [
        StaffMember(abena, "abena Owusu"),
        StaffMember(unnamed, DEFAULT_ADMIN_NAME),
        StaffMember(zara, "Zara Mensah"),
    ]
    names = [m.name.casefold() for m in staff]
    assert names == sorted(names)
    await directory.delete(zara)
    assert zara not in {m.id for m in await directory.staff()}
