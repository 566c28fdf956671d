"""Two app instances can make the same ``VA<ms>`` ID: the second one retries with a new ID."""

from __future__ import annotations

from pathlib import Path

from adapters.files import LocalFileStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.ids import IdGenerator
from agency_core.submissions.service import AgencyService, Upload
from agency_core.submitted import PublicContext
from tests.api.conftest import APPLICATION, PDF
from tests.support.sealing import new_sealer


class NothingSaved:
    """No settings saved in the admin area: the defaults are in force."""

    async def get_settings(self) -> AdminSettings | None:
        return None


async def test_an_application_whose_id_another_instance_took_gets_the_next_one(tmp_path: Path) -> None:
    db = Database(tmp_path / "agency.sqlite3")
    store = SqliteStore(db, new_sealer())
    await store.start()
    settings = LiveSettings(NothingSaved(), AdminSettings(("+233201112233",), "VANDY"))
    files = LocalFileStore(tmp_path / "uploads")
    # Each instance has its own generator; both read the same millisecond.
    a = AgencyService(PublicContext(store, IdGenerator(lambda: 1_780_000_000_000), settings), files)
    b = AgencyService(PublicContext(store, IdGenerator(lambda: 1_780_000_000_000), settings), files)
    cv = {"cv": Upload("cv.pdf", PDF)}
    try:
        first = await a.submit_application({**APPLICATION, "email": "a@example.com"}, cv)
        second = await b.submit_application({**APPLICATION, "email": "b@example.com"}, cv)
        assert first.id == "VA1780000000000"
        assert second.id == "VA1780000000001"
        stored = await store.applications.get("VA1780000000001")
        assert stored is not None
        assert stored.data.email == "b@example.com"
        assert {m.source_id for m in await store.outbox.list()} == {
            "VA1780000000000",
            "VA1780000000001",
            "VA1780000000000-mail",  # the applicants' confirmation e-mails
            "VA1780000000001-mail",
        }
        texts = [m.text for m in await store.outbox.list("VA1780000000001")]
        assert any("VA1780000000001" in text for text in texts)  # the admin alert names the new id
        assert not any("VA1780000000000" in text for text in texts)
    finally:
        await db.close()
