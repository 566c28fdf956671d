"""CV packs over HTTP (issue 46 items 3 to 6): staff send a pack of candidates to an employer's
contact; every answer the employer receives is searched for each candidate's name, phone, e-mail
and passport number (none before a release, only the released candidate's after); a guessed,
revoked or expired link gets the one neutral 404 page; Select clicked twice moves the stage once;
the figures and their CSV."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from httpx import Response
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.employers.packs import reminder_id
from agency_core.messaging.outbox_messages import email_of
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.access_log import logged_path
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from app.employer_page import NOT_FOUND_TEXT
from tests.api.conftest import APPLICATION, PDF, AppFactory, container_of
from tests.support.clock import NOW

EMPLOYERS = "/api/admin/employers"
ORDERS = "/api/admin/job-orders"
CONTACT = "mariam@gulfhomes.example"
EMPLOYER: dict[str, Any] = {
    "company": "Gulf Homes LLC",
    "country": "AE",
    "city": "Dubai",
    "licenceNumber": "TL-55521",
    "contacts": [{"name": "Mariam Al Nuaimi", "email": CONTACT, "phone": "050 123 4567"}],
}
ORDER: dict[str, Any] = {
    "positions": [{"trade": "Mason", "headCount": 4, "salary": 1500, "currency": "AED"}],
    "benefits": {"accommodation": True},
    "contractMonths": 24,
    "validUntil": "2027-03-31",
    "domesticWork": False,
}
FIRST_NAMES = ("Kwabena", "Akosua", "Yaw", "Efua", "Kojo", "Adwoa", "Kofi", "Ama", "Kwesi", "Abena")


@dataclass
class Shifted:
    """The app's clock: the tests' instant, moved on when a test says so."""

    offset: timedelta = timedelta()
    start: datetime = field(default_factory=lambda: NOW)

    def __call__(self) -> datetime:
        return self.start + self.offset


@dataclass(frozen=True)
class Candidate:
    application_id: str
    first_name: str
    last_name: str
    email: str
    phone_local: str
    passport: str

    def secrets(self) -> Iterator[str]:
        """Each way the applicant's personal data could show: the name, e-mail, phone (as typed and
        E.164, with and without the plus) and passport number."""
        yield from (self.first_name, self.last_name, f"{self.first_name} {self.last_name}", self.email)
        yield from (self.phone_local, "+233" + self.phone_local[1:], "233" + self.phone_local[1:], self.passport)


class Staff:
    def __init__(self, client: AsyncTestClient[Litestar]) -> None:
        self.client = client

    async def send(self, method: str, path: str, body: dict[str, Any] | None = None) -> Response:
        headers = {CSRF_HEADER: self.client.cookies[CSRF_COOKIE]}
        return await self.client.request(method, path, json=body, headers=headers)


@pytest.fixture
def moved() -> Shifted:
    return Shifted()


@pytest.fixture
async def app(make_app: AppFactory, moved: Shifted) -> Litestar:
    return make_app(moved, AGENCY_DEMO="1", AGENCY_PACK_DAYS="14", AGENCY_PACK_REMINDER_DAYS="3")


@pytest.fixture
async def staff(client: AsyncTestClient[Litestar]) -> Staff:
    await client.get("/api/admin/session")
    signed = await client.post(
        "/api/admin/session",
        json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
    )
    assert signed.status_code == 200, signed.text
    return Staff(client)


async def candidate(staff: Staff, n: int, *, approve: bool = False) -> Candidate:
    first, last = FIRST_NAMES[n % 10], f"Owusu{'abcdefghij'[n % 10]}nsah"
    email, phone, passport = f"{first.lower()}.{n}@example.com", f"02012345{n:02d}", f"G76543{n:02d}"
    sent = {**APPLICATION, "firstName": first, "lastName": last, "email": email, "phone": phone}
    cv = PDF + f"CV of {first} {last}".encode()
    made = await staff.client.post(
        "/api/applications",
        data={**sent, "passportNumber": passport},
        files={"cv": ("cv.pdf", cv, "application/pdf")},
    )
    assert made.status_code == 201, made.text
    app_id = str(made.json()["applicationId"])
    for status in ("processing", "approved") if approve else ():
        assert (await staff.send("POST", f"/api/admin/applications/{app_id}/status", {"status": status})).is_success
    return Candidate(app_id, first, last, email, phone, passport)


async def order_of(staff: Staff) -> str:
    employer = await staff.send("POST", EMPLOYERS, EMPLOYER)
    assert employer.status_code == 201, employer.text
    order = await staff.send("POST", ORDERS, {**ORDER, "employerId": employer.json()["id"]})
    assert order.status_code == 201, order.text
    return str(order.json()["id"])


async def send_pack(staff: Staff, order_id: str, ids: list[str]) -> dict[str, Any]:
    sent = await staff.send("POST", f"{ORDERS}/{order_id}/packs", {"contactEmail": CONTACT, "applicationIds": ids})
    assert sent.status_code == 201, sent.text
    body: dict[str, Any] = sent.json()
    return body


def path_of(link: str) -> str:
    return link[link.index("/employer/packs/") :]


def leaked(responses: list[Response], candidates: list[Candidate]) -> set[str]:
    """The application IDs whose personal data any of ``responses`` shows (bodies and headers)."""
    found: set[str] = set()
    for response in responses:
        text = response.content.decode("utf-8", "replace") + " ".join(f"{k}: {v}" for k, v in response.headers.items())
        for c in candidates:
            if any(secret.casefold() in text.casefold() for secret in c.secrets()):
                found.add(c.application_id)
    return found


async def test_a_pack_of_ten_shows_no_personal_data_until_a_release_and_then_only_the_released(staff: Staff) -> None:
    candidates = [await candidate(staff, n) for n in range(10)]
    order_id = await order_of(staff)
    sent = await send_pack(staff, order_id, [c.application_id for c in candidates])
    pack, page_path = sent["pack"], path_of(sent["link"])
    assert [x["code"] for x in pack["candidates"]] == [f"C{n:02d}" for n in range(1, 11)]
    employer = staff.client  # the employer has no session: its cookies are cleared below
    staff_cookies = dict(employer.cookies)
    employer.cookies.clear()

    before: list[Response] = []
    page = await employer.get(page_path)
    before.append(page)
    assert page.status_code == 200
    assert (page.headers["cache-control"], page.headers["x-robots-tag"]) == ("no-store", "noindex")
    assert "Candidate C10" in page.text
    assert "Mid Level (3-5 years)" in page.text
    assert "30-34" in page.text
    assert all(c.application_id not in page.text for c in candidates)
    before.append(await employer.get(f"{page_path}/cv/C01"))
    assert before[-1].status_code == 404
    answer = {"decision": "interview", "comment": "Good mason", "time1": "2026-12-03T10:00"}
    before.append(await employer.post(f"{page_path}/candidates/C01", follow_redirects=False, data=answer))
    assert before[-1].status_code == 303
    before.append(
        await employer.post(f"{page_path}/candidates/C02", follow_redirects=False, data={"decision": "reject"})
    )
    before.append(
        await employer.post(f"{page_path}/candidates/C03", follow_redirects=False, data={"decision": "maybe"})
    )
    assert before[-1].status_code == 422
    before.append(
        await employer.post(f"{page_path}/candidates/C99", follow_redirects=False, data={"decision": "select"})
    )
    assert before[-1].status_code == 404
    again = await employer.get(page_path, params={"saved": "C01"})
    before.append(again)
    assert "Your answer on C01 is saved" in again.text
    assert "Thu 3 Dec 2026 10:00 Dubai (06:00 Accra)" in again.text
    assert leaked(before, candidates) == set()

    employer.cookies.update(staff_cookies)
    released = await staff.send("POST", f"{ORDERS}/{order_id}/packs/{pack['id']}/candidates/C04/release")
    assert released.status_code == 200, released.text
    employer.cookies.clear()
    after = [await employer.get(page_path), await employer.get(f"{page_path}/cv/C04")]
    assert after[1].status_code == 200
    assert after[1].content.startswith(b"%PDF")
    after.append(await employer.get(f"{page_path}/cv/C05"))
    after.append(
        await employer.post(f"{page_path}/candidates/C04", follow_redirects=False, data={"decision": "interview"})
    )
    assert leaked(after, candidates) == {candidates[3].application_id}

    employer.cookies.update(staff_cookies)
    listed = (await staff.client.get(f"{ORDERS}/{order_id}/packs")).json()["items"][0]
    answers = {d["code"]: (d["decision"], d["comment"]) for d in listed["decisions"]}
    assert answers == {"C01": ("interview", "Good mason"), "C02": ("reject", ""), "C04": ("interview", "")}
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    actions = [(e["action"], e["target"]) for e in audit]
    assert ("pack.cv", f"{pack['id']}: C04 from testclient") in actions
    assert ("pack.decision", f"{pack['id']}: C01 interview from testclient") in actions
    assert any(a == "pack.view" and t.startswith(f"{pack['id']}: C01, C02") for a, t in actions)


async def test_the_contact_gets_the_link_by_e_mail_and_the_sender_a_flag_unless_answered(
    staff: Staff, app: Litestar
) -> None:
    ids = [(await candidate(staff, n)).application_id for n in range(2)]
    order_id = await order_of(staff)
    sent = await send_pack(staff, order_id, ids)
    outbox = container_of(app).store.outbox
    mail = await outbox.get(f"{sent['pack']['id']}-mail")
    assert mail is not None
    assert email_of(mail).to == CONTACT
    assert sent["link"] in email_of(mail).text
    flag = await outbox.get(reminder_id(sent["pack"]["id"]))
    assert flag is not None
    assert email_of(flag).to == DEMO_ADMIN_EMAIL
    assert flag.next_attempt_at == NOW + timedelta(days=3)
    token = sent["link"].rsplit("/", 1)[1]
    assert len(token) >= 22
    assert token not in (await staff.client.get(f"{ORDERS}/{order_id}/packs")).text
    staff.client.cookies.clear()
    await staff.client.post(
        f"{path_of(sent['link'])}/candidates/C01", follow_redirects=False, data={"decision": "reject"}
    )
    withdrawn = await outbox.get(reminder_id(sent["pack"]["id"]))
    assert withdrawn is not None
    assert withdrawn.status == "failed"


async def test_a_guessed_revoked_or_expired_link_gets_the_one_neutral_page(staff: Staff, moved: Shifted) -> None:
    ids = [(await candidate(staff, n)).application_id for n in range(2)]
    order_id = await order_of(staff)
    first, second = await send_pack(staff, order_id, ids), await send_pack(staff, order_id, ids[:1])
    revoked = await staff.send("POST", f"{ORDERS}/{order_id}/packs/{second['pack']['id']}/revoke")
    assert (revoked.status_code, revoked.json()["state"]) == (200, "revoked")
    cookies = dict(staff.client.cookies)
    staff.client.cookies.clear()
    guessed = [
        f"/employer/packs/{first['pack']['id']}",
        "/employer/packs/" + "A" * 32,
        path_of(first["link"])[:-1] + ("B" if not first["link"].endswith("B") else "C"),
        path_of(second["link"]),
        f"{path_of(second['link'])}/cv/C01",
    ]
    answers = [await staff.client.get(p) for p in guessed]
    answers.append(
        await staff.client.post(
            f"{path_of(second['link'])}/candidates/C01", follow_redirects=False, data={"decision": "select"}
        )
    )
    assert {a.status_code for a in answers} == {404}
    assert len({a.text for a in answers}) == 1
    assert NOT_FOUND_TEXT in answers[0].text
    assert all(a.headers["cache-control"] == "no-store" for a in answers)
    assert (await staff.client.get(path_of(first["link"]))).status_code == 200
    moved.offset = timedelta(days=14)
    expired = await staff.client.get(path_of(first["link"]))
    assert (expired.status_code, expired.text) == (404, answers[0].text)
    staff.client.cookies.update(cookies)
    state = (await staff.client.get(f"{ORDERS}/{order_id}/packs/{first['pack']['id']}")).json()["state"]
    assert state == "expired"


async def test_select_clicked_twice_moves_the_stage_once_and_the_figures_count_it(staff: Staff) -> None:
    chosen = await candidate(staff, 1, approve=True)
    other = await candidate(staff, 2)
    order_id = await order_of(staff)
    sent = await send_pack(staff, order_id, [chosen.application_id, other.application_id])
    cookies = dict(staff.client.cookies)
    staff.client.cookies.clear()
    path = path_of(sent["link"])
    for _ in range(2):
        clicked = await staff.client.post(
            f"{path}/candidates/C01", follow_redirects=False, data={"decision": "select", "comment": "Yes"}
        )
        assert clicked.status_code == 303
    await staff.client.post(f"{path}/candidates/C02", follow_redirects=False, data={"decision": "select"})
    staff.client.cookies.update(cookies)
    history = (await staff.client.get(f"/api/admin/applications/{chosen.application_id}/pipeline")).json()
    assert [(m["toStage"], m["reason"]) for m in history["history"]] == [
        ("selected", f"Selected by Gulf Homes LLC for order {order_id} (pack {sent['pack']['id']}, C01)")
    ]
    decisions = (await staff.client.get(f"{ORDERS}/{order_id}/packs/{sent['pack']['id']}")).json()["decisions"]
    told = (await staff.client.get(f"/api/admin/applications/{chosen.application_id}/notes")).json()["items"]
    assert [n["authorName"] for n in told] == ["Gulf Homes LLC (employer)"] * 2
    notes = {d["code"]: d["stageNote"] for d in decisions}
    assert notes["C01"] == "Moved to Selected by employer."
    assert notes["C02"] == "Not moved: Only an approved application enters the pipeline"
    figures = (await staff.client.get(f"{ORDERS}/{order_id}/figures")).json()
    assert figures["packs"] == {
        "packsSent": 1,
        "candidatesSent": 2,
        "answered": 2,
        "selected": 2,
        "medianDaysToDecision": 0.0,
        "selectionRate": 1.0,
    }
    detail = (await staff.client.get(f"{ORDERS}/{order_id}")).json()
    assert detail["packs"] == figures["packs"]
    assert (await staff.client.get(ORDERS)).json()["items"][0]["packs"] is None
    employer_id = detail["employerId"]
    by_employer = (await staff.client.get(f"{EMPLOYERS}/{employer_id}/figures")).json()
    assert (by_employer["packs"]["packsSent"], by_employer["fill"]["headCount"]) == (1, 4)
    csv = await staff.client.get(f"{ORDERS}/export.csv")
    assert csv.status_code == 200
    assert f"{order_id},Gulf Homes LLC,4," in csv.text
    assert (await staff.client.get(f"{EMPLOYERS}/EM404/figures")).status_code == 404


async def test_staff_routes_refuse_strangers_and_bad_packs(staff: Staff) -> None:
    order_id = await order_of(staff)
    one = (await candidate(staff, 3)).application_id
    bad = await staff.send("POST", f"{ORDERS}/{order_id}/packs", {"contactEmail": "x@y.z", "applicationIds": [one]})
    assert (bad.status_code, list(bad.json()["errors"])) == (422, ["contactEmail"])
    none = await staff.send("POST", f"{ORDERS}/{order_id}/packs", {"contactEmail": CONTACT, "applicationIds": []})
    assert (none.status_code, list(none.json()["errors"])) == (422, ["applicationIds"])
    unknown = await staff.send("POST", f"{ORDERS}/JO404/packs", {"contactEmail": CONTACT, "applicationIds": [one]})
    assert unknown.status_code == 404
    csrf = staff.client.cookies[CSRF_COOKIE]
    staff.client.cookies.clear()
    assert (await staff.client.get(f"{ORDERS}/{order_id}/packs")).status_code == 401
    refused = await staff.client.post(
        f"{ORDERS}/{order_id}/packs",
        json={"contactEmail": CONTACT, "applicationIds": [one]},
        headers={CSRF_HEADER: csrf},
    )
    assert refused.status_code in (401, 403)


def test_the_access_log_keeps_no_pack_token() -> None:
    assert logged_path("/employer/packs/Dw5bdxekvYLhNSyp3hoEwmsC/cv/C01") == "/employer/packs/***/cv/C01"
    assert logged_path("/employer/packs/Dw5bdxekvYLhNSyp3hoEwmsC") == "/employer/packs/***"
    assert logged_path("/api/jobs/JB1") == "/api/jobs/JB1"


async def test_the_employers_page_is_counted_by_the_public_rate_limit(make_app: AppFactory) -> None:
    limited = make_app(AGENCY_RATE_LIMIT="3")
    async with AsyncTestClient(limited) as client:
        answers = [await client.get("/employer/packs/" + "A" * 32) for _ in range(4)]
    assert [a.status_code for a in answers] == [404, 404, 404, 429]
    assert answers[0].headers["ratelimit-limit"] == "3"
