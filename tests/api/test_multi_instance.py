"""Three app processes on one Firestore emulator and one SMS gateway: nothing doubled, nothing lost.

The instances share records, the SMS outbox, the admin sessions, the sign-in limits and the
public rate limit through Firestore (``AGENCY_STORE=firestore``); in the session test sign-in
goes to the Firebase Auth emulator and the role records to Firestore, as in a real
multi-instance deployment, and with the WhatsApp channel on against the local Cloud API their
webhooks move one message's state (``whatsapp_messages``) forward once per state. Each instance
keeps its own data directory, so nothing is shared through SQLite. The delivery figures are
printed and written to ``artifacts/multi-instance.json``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from adapters.firestore.counters import doc_id
from agency_core.messaging.outbox_messages import EMAIL_KIND
from agency_core.whatsapp.channel import fallback_id
from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import AppProcess
from tests.support.clock import NOW
from tests.support.firebase_auth_emulator import FirebaseAuthEmulator
from tests.support.firestore_emulator import REPO_ROOT, SCRIPT, _wait_for_port, free_port
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.whatsapp_cloud import WhatsAppCloudServer, settings_env, signature, status_value

pytestmark = pytest.mark.emulator

PROJECT_ID = "demo-agency"
SECRET_KEY = "multi-instance-secret-key-0123456789abcdef"
ADMIN_PHONE = "+233201112233"
APPLICATIONS = 150
EXPECTED = APPLICATIONS * 2  # the applicant and one admin each
OUTAGE_S = 10.0
PASSWORD = "multi instance password 1"


@dataclass(frozen=True)
class Cluster:
    firestore_host: str
    tmp: Path

    def env(self, name: str, gateway: SmsGatewayServer | None = None, **extra: str) -> dict[str, str]:
        env = {
            "AGENCY_DATA_DIR": str(self.tmp / name),
            "AGENCY_SECRET_KEY": SECRET_KEY,
            "AGENCY_STORE": "firestore",
            "FIREBASE_PROJECT_ID": PROJECT_ID,
            "GOOGLE_CLOUD_PROJECT": PROJECT_ID,
            "FIRESTORE_EMULATOR_HOST": self.firestore_host,
            "AGENCY_RATE_LIMIT": "0",
            "AGENCY_ADMIN_PHONES": ADMIN_PHONE,
        }
        if gateway is not None:
            env |= {"AGENCY_SMS_BASE_URL": gateway.base_url, "AGENCY_SMS_API_KEY": "k"}
        return env | extra

    def start(self, names: list[str], gateway: SmsGatewayServer | None = None, **extra: str) -> list[AppProcess]:
        """Start the instances side by side (their start-up mostly waits on imports and the emulator)."""
        apps: list[AppProcess] = []
        for name in names:
            (self.tmp / name).mkdir(parents=True, exist_ok=True)
            apps.append(AppProcess(self.env(name, gateway, **extra), log_path=self.tmp / f"{name}.log"))
        with ThreadPoolExecutor(max_workers=len(apps)) as pool:
            started = [pool.submit(app.start) for app in apps]  # START_WITHIN_S each, side by side
        try:
            for future in started:
                future.result()
        except BaseException:
            for app in apps:
                app.kill()
            raise
        return apps


def own_cluster(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Cluster]:
    """A Firestore emulator of its own: the apps use the unprefixed collections."""
    node = shutil.which("node")
    assert node is not None
    port = free_port()
    process = subprocess.Popen(
        [node, str(SCRIPT), str(port)], cwd=REPO_ROOT / "tools", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        _wait_for_port(port, process)
        yield Cluster(f"127.0.0.1:{port}", tmp_path_factory.mktemp(name))
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    yield from own_cluster(tmp_path_factory, "cluster")


def firestore_client(cluster: Cluster) -> object:
    from google.cloud import firestore

    saved = os.environ.get("FIRESTORE_EMULATOR_HOST")
    os.environ["FIRESTORE_EMULATOR_HOST"] = cluster.firestore_host
    try:
        return firestore.Client(project=PROJECT_ID)
    finally:
        if saved is None:
            os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
        else:
            os.environ["FIRESTORE_EMULATOR_HOST"] = saved


def wait_until_delivered(cluster: Cluster, count: int, timeout_s: float) -> Counter[str]:
    """The outbox's SMS statuses once ``count`` SMS are delivered (or at the timeout). The outbox
    also holds each applicant's confirmation e-mail (kind ``email``, logged here): not counted."""
    client = firestore_client(cluster)
    deadline = time.monotonic() + timeout_s
    while True:
        docs = [doc.to_dict() for doc in client.collection("outbox").stream()]  # type: ignore[attr-defined]
        statuses = Counter(doc["status"] for doc in docs if doc.get("kind") != EMAIL_KIND)
        if statuses["delivered"] >= count or time.monotonic() > deadline:
            return statuses
        time.sleep(0.25)


def submit(base_url: str, i: int) -> str:
    data = {**APPLICATION, "email": f"multi{i}@example.com"}
    response = httpx.post(
        f"{base_url}/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=30
    )
    assert response.status_code == 201, response.text
    return str(response.json()["applicationId"])


def test_three_instances_deliver_every_sms_exactly_once_through_an_outage_and_a_crash(
    cluster: Cluster, sms_server: SmsGatewayServer
) -> None:
    fast = {
        "AGENCY_OUTBOX_LEASE_S": "8",
        "AGENCY_OUTBOX_RETRY_BASE_S": "0.5",
        "AGENCY_OUTBOX_RETRY_CAP_S": "2",
        "AGENCY_OUTBOX_MAX_ATTEMPTS": "60",
        "AGENCY_OUTBOX_POLL_S": "0.5",
    }
    apps = cluster.start(["a", "b", "c"], sms_server, **fast)
    a, b, c = apps
    try:
        sms_server.behaviour.fail_until = time.monotonic() + OUTAGE_S  # 503 for the first 10 s
        sms_server.behaviour.delay_s = 0.05  # sends take a moment, so some are in flight at the kill
        # C takes the first 60 applications' share; the rest go to A and B, so C can be
        # killed while the others still take applications.
        targets = [apps[i % 3] if i < 60 else apps[i % 2] for i in range(APPLICATIONS)]
        with ThreadPoolExecutor(max_workers=6) as pool:
            pending = [pool.submit(submit, targets[i].base_url, i) for i in range(APPLICATIONS)]
            c_done = [f for i, f in enumerate(pending) if targets[i] is c]
            for future in c_done:
                future.result()
            # Kill C just after the outage, while it is sending what it had leased (or 1 s
            # into the first deliveries, if the submissions outlast the outage).
            recovered_at = sms_server.behaviour.fail_until
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and (time.monotonic() < recovered_at + 0.3 or not sms_server.delivered()):
                time.sleep(0.01)
            c.kill()
            delivered_at_kill = len(sms_server.delivered())
            ids = [f.result() for f in pending]
        assert len(set(ids)) == APPLICATIONS
        assert 0 < delivered_at_kill < EXPECTED  # the crash really came mid-delivery
        sms_server.wait_for(EXPECTED, timeout_s=60)
        delivered_at = time.monotonic()
        # The outbox is drained once every message is marked delivered: the ones the killed
        # instance sent but never marked are claimed again after their lease and replayed.
        settled = wait_until_delivered(cluster, EXPECTED, timeout_s=60)
        drained_at = time.monotonic()
        time.sleep(0.5)  # room for a duplicate to show up, if there were one
    finally:
        for app in (a, b):
            app.stop()
        c.kill()

    requests = list(sms_server.requests)
    delivered = sms_server.delivered()
    per_key = Counter(r.idempotency_key for r in delivered)
    expected_keys = {f"{app_id}-{n}" for app_id in ids for n in range(2)}
    figures = {
        "instances": 3,
        "applications": APPLICATIONS,
        "expected_sms": EXPECTED,
        "sent_requests": len(requests),
        "answered_503": sum(r.answered_status == 503 for r in requests),
        "replayed": sum(r.replayed for r in requests),
        "delivered": len(per_key),
        "duplicated": sum(count - 1 for count in per_key.values()),
        "lost": len(expected_keys - set(per_key)),
        "delivered_before_kill": delivered_at_kill,
        "gateway_all_delivered_s_after_outage": round(delivered_at - recovered_at, 2),
        "outbox_drained_s_after_outage": round(drained_at - recovered_at, 2),
    }
    print("\nmulti-instance outbox:", json.dumps(figures))
    artifacts = REPO_ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "multi-instance.json").write_text(json.dumps(figures, indent=2) + "\n")

    assert set(per_key) == expected_keys
    assert figures["duplicated"] == 0
    assert figures["lost"] == 0
    assert figures["answered_503"] > 0
    assert settled == {"delivered": EXPECTED}


RECEIPTS = 100


def test_two_instances_number_the_receipts_of_100_payments_consecutively_once_each(cluster: Cluster) -> None:
    """Every payment confirmed at once on both instances (the payer's return and a retry): each
    paid fee takes one receipt number, and the 100 numbers are 1..100 with no gap and no repeat."""
    from cryptography.fernet import Fernet

    from tests.support.paystack import LocalPaystack

    paystack = LocalPaystack().start()
    paystack.behaviour.auto_webhook = False
    keys = {
        "PAYSTACK_SECRET_KEY": paystack.secret_key,
        "PAYSTACK_BASE_URL": paystack.base_url,
        # one files key for both, as a deployment has: each reads the applications the other stored
        "AGENCY_FILES_KEY": Fernet.generate_key().decode(),
    }
    a, b = cluster.start(["ra", "rb"], None, **keys)
    try:

        def pay(i: int) -> tuple[str, str]:
            home = (a, b)[i % 2]
            data = {**APPLICATION, "email": f"receipt{i}@example.com"}
            made = httpx.post(
                f"{home.base_url}/api/applications",
                data=data,
                files={"cv": ("cv.pdf", PDF, "application/pdf")},
                timeout=30,
            )
            assert made.status_code == 201, made.text
            app_id, key = made.json()["applicationId"], made.json()["paymentKey"]
            started = httpx.post(
                f"{home.base_url}/api/applications/{app_id}/payment", json={"paymentKey": key}, timeout=30
            )
            assert started.status_code == 201, started.text
            reference = str(started.json()["reference"])
            paystack.complete(reference, "success")
            return app_id, reference

        def verify(base_url: str, reference: str) -> str:
            answer = httpx.get(f"{base_url}/api/payments/{reference}", timeout=60)
            assert answer.status_code == 200, answer.text
            return str(answer.json()["state"])

        with ThreadPoolExecutor(max_workers=8) as pool:
            paid = list(pool.map(pay, range(RECEIPTS)))
            states = list(
                pool.map(lambda job: verify(*job), [(app.base_url, ref) for _, ref in paid for app in (a, b)])
            )
    finally:
        a.stop()
        b.stop()
        paystack.stop()
    assert set(states) == {"paid"}
    client = firestore_client(cluster)
    numbers = []
    for app_id, _ in paid:
        doc = client.collection("applications").document(app_id).get().to_dict()  # type: ignore[attr-defined]
        numbers.append(doc["payment"]["receipt_number"])
    assert sorted(numbers) == list(range(1, RECEIPTS + 1))
    counter = client.collection("counters").document("receipts").get().to_dict()  # type: ignore[attr-defined]
    assert counter == {"last": RECEIPTS}
    issued = [d.id for d in client.collection("receipt_numbers").stream()]  # type: ignore[attr-defined]
    assert len(issued) == RECEIPTS


@dataclass(frozen=True)
class SignedInCluster:
    """Three instances as in production (Firebase sign-in, role records in Firestore) with the
    WhatsApp channel on against one local Cloud API: shared by the session and the WhatsApp tests."""

    apps: tuple[AppProcess, AppProcess, AppProcess]
    cloud: WhatsAppCloudServer


@pytest.fixture(scope="module")
def signed_in_cluster(cluster: Cluster, firebase_auth_emulator: FirebaseAuthEmulator) -> Iterator[SignedInCluster]:
    # As in production: Firebase sign-in, role records in Firestore, nothing shared through SQLite.
    identity = {
        "AGENCY_IDENTITY": "firebase",
        "AGENCY_ROLES": "firestore",
        "FIREBASE_API_KEY": firebase_auth_emulator.api_key,
        "FIREBASE_AUTH_EMULATOR_HOST": firebase_auth_emulator.host,
    }
    with WhatsAppCloudServer() as cloud:
        a, b, c = cluster.start(["sa", "sb", "sc"], None, **identity, **settings_env(cloud.base_url))
        try:
            yield SignedInCluster((a, b, c), cloud)
        finally:
            for app in (a, b, c):
                app.stop()


def test_a_session_made_on_one_instance_works_on_the_others_until_signed_out(
    cluster: Cluster, firebase_auth_emulator: FirebaseAuthEmulator, signed_in_cluster: SignedInCluster
) -> None:
    email = f"multi-{uuid.uuid4().hex[:8]}@vandytravel.com"
    uid = firebase_auth_emulator.create_user(email, PASSWORD)
    client = firestore_client(cluster)
    client.collection("users").document(uid).set({"name": "Abena Owusu", "role": "admin"})  # type: ignore[attr-defined]
    a, b, c = signed_in_cluster.apps
    csrf = httpx.get(f"{a.base_url}/api/admin/session", timeout=10).cookies["csrftoken"]
    signed_in = httpx.post(
        f"{a.base_url}/api/admin/session",
        json={"email": email, "password": PASSWORD},
        headers={"X-CSRF-Token": csrf, "Cookie": f"csrftoken={csrf}"},
        timeout=20,
    )
    assert signed_in.status_code == 200, signed_in.text
    token = signed_in.cookies["agency_session"]
    csrf = signed_in.cookies.get("csrftoken") or csrf
    cookie = {"Cookie": f"agency_session={token}; csrftoken={csrf}"}
    me = {"id": uid, "email": email, "name": "Abena Owusu"}

    for app in (b, c):
        who = httpx.get(f"{app.base_url}/api/admin/session", headers=cookie, timeout=10)
        assert (who.status_code, who.json()) == (200, me)
        # A state-changing request: refused without the session's CSRF token, let through with it.
        bare = httpx.post(f"{app.base_url}/api/admin/messages/nope/read", headers=cookie, timeout=10)
        assert (bare.status_code, bare.json()) == (403, {"message": "CSRF token missing or invalid"})
        guarded = httpx.post(
            f"{app.base_url}/api/admin/messages/nope/read", headers={**cookie, "X-CSRF-Token": csrf}, timeout=10
        )
        assert guarded.status_code == 404, guarded.text

    out = httpx.delete(f"{b.base_url}/api/admin/session", headers={**cookie, "X-CSRF-Token": csrf}, timeout=10)
    assert out.status_code == 204
    for app in (a, c):
        refused = httpx.get(f"{app.base_url}/api/admin/dashboard", headers=cookie, timeout=10)
        assert (refused.status_code, refused.json()) == (401, {"message": "Not signed in"})


REPLAYS = 10
WHATSAPP_APPLICANT = "+233551234987"
"""A phone no other test here writes to: only this test's confirmation goes to it."""


def test_statuses_replayed_ten_times_across_three_instances_move_the_message_once_per_state(
    cluster: Cluster, signed_in_cluster: SignedInCluster
) -> None:
    """An applicant who ticked the WhatsApp box gets the confirmation by WhatsApp; the local Cloud
    API's signed statuses, each ``sent``, ``delivered`` and ``read`` ten times, shuffled, posted side by
    side round-robin to the three instances, move the message forward once per state and end ``read``
    (``whatsapp_message_moves``: one document per state left); a forged ``failed`` changes nothing."""
    apps, cloud = signed_in_cluster.apps, signed_in_cluster.cloud
    data = {
        **APPLICATION,
        "email": f"whatsapp-{uuid.uuid4().hex[:8]}@example.com",
        "phone": WHATSAPP_APPLICANT,
        "whatsappOptIn": "true",
    }
    made = httpx.post(
        f"{apps[0].base_url}/api/applications",
        data=data,
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    deadline = time.monotonic() + 60
    while not cloud.sent_to(WHATSAPP_APPLICANT) and time.monotonic() < deadline:
        time.sleep(0.1)
    [send] = cloud.sent_to(WHATSAPP_APPLICANT)
    assert send.wamid is not None
    client = firestore_client(cluster)
    key = doc_id(send.wamid)
    message = client.collection("whatsapp_messages").document(key)  # type: ignore[attr-defined]

    def stored() -> dict[str, object]:
        snapshot = message.get()
        return dict(snapshot.to_dict() or {}) if snapshot.exists else {}

    while stored().get("state") != "sent" and time.monotonic() < deadline:  # the sender's own write
        time.sleep(0.1)
    assert stored()["state"] == "sent"

    first = int(NOW.timestamp())
    at = {"sent": first, "delivered": first + 100, "read": first + 200}
    bodies = {
        state: [cloud.signed(status_value(send.wamid, state, at=at[state] + i)) for i in range(REPLAYS)] for state in at
    }
    shuffle = random.Random(48)

    def post_all(signed: list[tuple[bytes, str]]) -> list[int]:
        shuffle.shuffle(signed)
        jobs = [(apps[i % 3].base_url, raw, sig) for i, (raw, sig) in enumerate(signed)]
        with ThreadPoolExecutor(max_workers=9) as pool:
            return list(pool.map(lambda job: post_status(*job), jobs))

    # First the sent and delivered statuses, mixed; then the reads with every earlier one replayed late.
    assert post_all(bodies["sent"] + bodies["delivered"]) == [200] * 2 * REPLAYS
    assert stored()["state"] == "delivered"
    assert post_all(bodies["read"] + bodies["sent"] + bodies["delivered"]) == [200] * 3 * REPLAYS

    doc = stored()
    assert doc["state"] == "read"
    assert str(doc["outbox_id"]).endswith("~wa")
    assert doc["phone"] == WHATSAPP_APPLICANT
    moves = {
        snap.id.removeprefix(f"{key}-"): snap.to_dict()
        for snap in client.collection("whatsapp_message_moves").stream()  # type: ignore[attr-defined]
        if snap.id.startswith(f"{key}-")
    }
    # Each state entered once: the send's own write, then one move per status, whichever instance won.
    assert {left: move["to"] for left, move in moves.items()} == {
        "queued": "sent",
        "sent": "delivered",
        "delivered": "read",
    }
    assert int(moves["sent"]["at"].timestamp()) in range(at["delivered"], at["delivered"] + REPLAYS)
    assert int(moves["delivered"]["at"].timestamp()) in range(at["read"], at["read"] + REPLAYS)
    assert doc["updated_at"] == moves["delivered"]["at"]  # no later replay wrote the document again

    forged = cloud.signed(status_value(send.wamid, "failed", at=first + 300))[0]
    for app in apps:
        assert post_status(app.base_url, forged, signature(forged, "not-the-app-secret")) == 401
    assert stored() == doc
    fallback = client.collection("outbox").document(fallback_id(str(doc["outbox_id"]))).get()  # type: ignore[attr-defined]
    assert fallback.to_dict()["status"] == "pending"  # not sent early: only a real "failed" would send it now
    assert len(cloud.sent_to(WHATSAPP_APPLICANT)) == 1


def post_status(base_url: str, raw: bytes, signed: str) -> int:
    headers = {"Content-Type": "application/json", "X-Hub-Signature-256": signed}
    return httpx.post(f"{base_url}/api/whatsapp/webhook", content=raw, headers=headers, timeout=30).status_code


# Last: its failed sign-ins count against 127.0.0.1 in the module's Firestore for 15 minutes, so a
# sign-in after it (the session test above) would be refused.
def test_the_sign_in_limit_and_the_public_rate_limit_hold_across_the_instances(cluster: Cluster) -> None:
    """Both limits count in Firestore: attempts spread over three instances add up to one limit."""
    a, b, c = cluster.start(["la", "lb", "lc"], AGENCY_RATE_LIMIT="5")
    apps = (a, b, c)
    try:
        csrf = httpx.get(f"{a.base_url}/api/admin/session", timeout=10).cookies["csrftoken"]
        guard = {"X-CSRF-Token": csrf, "Cookie": f"csrftoken={csrf}"}
        wrong = {"email": f"nobody-{uuid.uuid4().hex[:8]}@vandytravel.com", "password": "not the password"}

        def sign_in(app: AppProcess) -> httpx.Response:
            return httpx.post(f"{app.base_url}/api/admin/session", json=wrong, headers=guard, timeout=20)

        failures = [sign_in(apps[i % 3]).status_code for i in range(5)]  # a, b, c, a, b
        assert failures == [401] * 5
        for app in apps:  # the sixth, from any instance
            refused = sign_in(app)
            assert refused.status_code == 429, refused.text
            assert refused.json()["message"].startswith("Too many")
            assert int(refused.headers["Retry-After"]) > 0

        def submit_form(app: AppProcess) -> httpx.Response:
            return httpx.post(f"{app.base_url}/api/job-alerts", json={}, timeout=10)

        allowed = [submit_form(apps[i % 3]) for i in range(5)]
        assert [r.status_code for r in allowed] == [422] * 5
        assert sorted(int(r.headers["RateLimit-Remaining"]) for r in allowed) == [0, 1, 2, 3, 4]
        for app in apps:
            limited = submit_form(app)
            assert limited.status_code == 429, limited.text
            assert limited.json()["message"].startswith("Too many requests: at most 5 submissions a minute")
            assert 1 <= int(limited.headers["Retry-After"]) <= 60
    finally:
        for app in apps:
            app.stop()
