"""``/api/admin/data-requests``: find, export (ZIP with decrypted files), erase with confirmation."""

from __future__ import annotations

import io
import json
import zipfile

from agency_core.records import ContactMessage
from agency_core.spec.forms import ContactForm, form_of
from agency_core.submissions.service import Upload
from agency_core.submitted import Accepted
from agency_core.whatsapp.model import InboundMessage, OptIn
from agency_core.whatsapp.optins import WHATSAPP_OPT_IN_VERSION, WHATSAPP_OPT_IN_WORDING
from tests.admin.area import T0, audit_actions, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPLICATION, APPOINTMENT, PDF
from tests.support import writes

URL = "/api/admin/data-requests"


async def test_find_export_and_erase_one_person(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    outcome = await c.agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    await c.bookings.book_appointment({**APPOINTMENT, "email": APPLICATION["email"], "phone": APPLICATION["phone"]})

    bad = await h.client.get(URL, params={"q": "nobody"})
    assert (bad.status_code, bad.json()) == (
        422,
        {"errors": {"q": "Enter an email address, a phone number or a passport number"}},
    )
    found = await h.client.get(URL, params={"q": "020 123 4567"})
    assert found.status_code == 200, found.text
    body = found.json()
    assert body["counts"]["applications"] == 1
    assert body["counts"]["appointments"] == 1
    assert body["counts"]["files"] == 1
    assert body["counts"]["sms"] >= 2

    export = await h.client.get(f"{URL}/export.zip", params={"q": APPLICATION["email"].upper()})
    assert export.status_code == 200
    assert export.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(export.content)) as z:
        names = z.namelist()
        assert "data.json" in names
        (cv_name,) = [n for n in names if n.startswith("files/")]
        assert z.read(cv_name) == PDF
        assert json.loads(z.read("data.json"))["applications"][0]["applicationId"] == outcome.id

    refused = await h.unsafe("POST", f"{URL}/erase", json={"q": APPLICATION["email"], "confirm": "someone@example.com"})
    assert refused.status_code == 422
    assert (await h.client.post(f"{URL}/erase", json={"q": APPLICATION["email"]})).status_code == 403  # no CSRF token
    erased = await h.unsafe("POST", f"{URL}/erase", json={"q": APPLICATION["email"], "confirm": APPLICATION["email"]})
    assert erased.status_code == 200, erased.text
    assert erased.json()["erased"]["applications"] == 1
    assert erased.json()["masked"] == "k***@example.com"

    for q in (APPLICATION["email"], APPLICATION["phone"]):
        assert all(v == 0 for v in (await h.client.get(URL, params={"q": q})).json()["counts"].values())
    assert (await h.client.get(f"/api/admin/applications/{outcome.id}")).status_code == 404
    entries = await audit_actions(h)
    actions = [e["action"] for e in entries]
    for action in ("data_request.find", "data_request.export", "data_request.erase"):
        assert action in actions
    text = json.dumps(entries)
    assert APPLICATION["email"] not in text
    assert "+233201234567" not in text


async def test_an_export_for_a_non_ascii_email_names_its_file_in_ascii(make_harness: MakeHarness) -> None:
    # Schemathesis found it: "ā" is a letter to str.isalnum(), and a header value is Latin-1 (500).
    h = await signed_in(make_harness)
    export = await h.client.get(f"{URL}/export.zip", params={"q": "00@\u0100"})
    assert export.status_code == 200
    disposition = export.headers["content-disposition"]
    assert disposition.isascii()
    assert disposition.startswith('attachment; filename="data-request-')
    assert zipfile.ZipFile(io.BytesIO(export.content)).namelist() == ["data.json"]


async def test_the_access_export_has_staff_notes_and_replies_and_erasure_removes_them(
    make_harness: MakeHarness,
) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    outcome = await c.agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    contact = {"name": "Kwame Mensah", "email": APPLICATION["email"], "phone": APPLICATION["phone"]}
    await writes.add_contact_message(
        c.store, ContactMessage("MSG1", form_of(ContactForm, {**contact, "message": "Visa?"}), T0)
    )
    other = await c.agency.submit_application(
        {**APPLICATION, "email": "yaw@example.com", "phone": "0241119999"}, {"cv": Upload("cv.pdf", PDF)}
    )
    assert isinstance(other, Accepted)
    notes = f"/api/admin/applications/{outcome.id}/notes"
    kept = (await h.unsafe("POST", notes, json={"text": "Passport expires in March"})).json()
    gone = (await h.unsafe("POST", notes, json={"text": "Called, no answer"})).json()
    assert (await h.unsafe("DELETE", f"{notes}/{gone['id']}")).status_code == 204
    assert (await h.unsafe("POST", f"/api/admin/applications/{other.id}/notes", json={"text": "Not Kwame"})).is_success
    sent = await h.unsafe("POST", "/api/admin/messages/MSG1/replies", json={"channel": "sms", "text": "Two weeks."})
    assert sent.status_code == 201, sent.text

    found = (await h.client.get(URL, params={"q": APPLICATION["email"]})).json()
    assert (found["counts"]["notes"], found["counts"]["replies"]) == (2, 1)
    by_id = {n["id"]: n for n in found["notes"]}
    assert set(by_id) == {kept["id"], gone["id"]}
    assert (by_id[kept["id"]]["text"], by_id[kept["id"]]["authorName"], by_id[kept["id"]]["deletedAt"]) == (
        "Passport expires in March",
        "Admin User",
        None,
    )
    assert by_id[gone["id"]]["deletedAt"] is not None
    (reply,) = found["replies"]
    assert (reply["messageId"], reply["channel"], reply["text"]) == ("MSG1", "sms", "Two weeks.")
    assert "admin@vandytravel.com" not in json.dumps(found["notes"] + found["replies"])  # staff e-mails stay out

    export = await h.client.get(f"{URL}/export.zip", params={"q": APPLICATION["email"]})
    with zipfile.ZipFile(io.BytesIO(export.content)) as z:
        data = json.loads(z.read("data.json"))
    assert sorted(n["text"] for n in data["notes"]) == ["Called, no answer", "Passport expires in March"]
    assert [r["text"] for r in data["replies"]] == ["Two weeks."]

    erased = await h.unsafe("POST", f"{URL}/erase", json={"q": APPLICATION["email"], "confirm": APPLICATION["email"]})
    assert (erased.json()["erased"]["notes"], erased.json()["erased"]["replies"]) == (2, 1)
    again = (await h.client.get(URL, params={"q": APPLICATION["email"]})).json()
    assert (again["notes"], again["replies"]) == ([], [])
    assert [n["text"] for n in (await h.client.get(f"/api/admin/applications/{other.id}/notes")).json()["items"]] == [
        "Not Kwame"
    ]


async def test_pipeline_documents_and_whatsapp_are_exported_and_erased_with_the_applicant(
    make_harness: MakeHarness,
) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    outcome = await c.agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    scan = b"%PDF-1.7\npassport scan\n" + b"1" * 512
    fields = {"kind": "passport", "number": "G1234567", "issued_on": "2021-02-01", "expires_on": "2031-01-31"}
    recorded = await h.unsafe(
        "POST",
        f"/api/admin/applications/{outcome.id}/documents",
        files={**{k: (None, v) for k, v in fields.items()}, "file": ("scan.pdf", scan, "application/pdf")},
    )
    assert recorded.status_code == 201, recorded.text
    (version,) = await c.backend.documents.history(outcome.id)
    assert version.file_key is not None
    assert await c.files.read(version.file_key) == scan  # sealed in the store, read back decrypted
    phone = "+233201234567"  # APPLICATION's phone, as the opt-in keeps it
    await c.backend.whatsapp_optins.record(OptIn(phone, T0, "apply", WHATSAPP_OPT_IN_VERSION))
    assert await c.backend.whatsapp_optins.claim(InboundMessage("wamid.K1", phone, T0, "text", "Hello"))
    stranger = OptIn("+233241119999", T0, "book", WHATSAPP_OPT_IN_VERSION)
    await c.backend.whatsapp_optins.record(stranger)

    export = await h.client.get(f"{URL}/export.zip", params={"q": APPLICATION["email"]})
    assert export.status_code == 200
    with zipfile.ZipFile(io.BytesIO(export.content)) as z:
        data = json.loads(z.read("data.json"))
        (document,) = data["documents"]
        assert (document["applicationId"], document["kind"], document["version"]) == (outcome.id, "passport", 1)
        assert document["fields"]["number"] == "G1234567"
        assert "recordedBy" not in document  # a staff address, as for notes
        assert z.read(document["scan"]) == scan  # the scan's bytes, decrypted
    assert data["whatsapp"]["optIns"] == [
        {
            "phone": phone,
            "optedInAt": T0.isoformat(),
            "source": "apply",
            "wordingVersion": WHATSAPP_OPT_IN_VERSION,
            "wording": WHATSAPP_OPT_IN_WORDING,
            "optedOutAt": None,
        }
    ]
    assert data["whatsapp"]["inbound"] == [{"messageId": "wamid.K1", "phone": phone, "at": T0.isoformat()}]

    erased = await h.unsafe("POST", f"{URL}/erase", json={"q": APPLICATION["email"], "confirm": APPLICATION["email"]})
    assert erased.status_code == 200, erased.text
    assert await c.backend.documents.history(outcome.id) == []
    assert await c.files.read(version.file_key) is None
    assert await c.backend.whatsapp_optins.current(phone) is None
    assert await c.backend.whatsapp_optins.inbound(phone) == []
    assert await c.backend.whatsapp_optins.current(stranger.phone) == stranger
    after = await h.client.get(f"{URL}/export.zip", params={"q": phone})
    with zipfile.ZipFile(io.BytesIO(after.content)) as z:
        assert z.namelist() == ["data.json"]
        assert "whatsapp" not in json.loads(z.read("data.json"))
