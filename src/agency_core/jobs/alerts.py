"""Job alerts that alert: which subscriptions a published job matches, the e-mail each one gets,
and the signed one-click unsubscribe token (pure: no framework, no I/O).

Matching: the alert's category is the job's (or "Any"); its country is the job's ("Any Gulf
Country" takes the six Gulf countries, "Other" the rest); a salary range, when given and the
job's salary is in USD per month, must overlap the job's figures. The job record has no
experience level, so an alert's experience level never excludes a job.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Callable
from datetime import datetime
from typing import Final
from urllib.parse import quote, urlencode

from agency_core.jobs.model import Job
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.ports import JobAlertRepository
from agency_core.spec import constants as c
from agency_core.spec.forms import JobAlertRequest
from agency_core.unit_of_work import PreconditionFailed, UnitOfWork

GULF: Final = frozenset(("United Arab Emirates", "Saudi Arabia", "Qatar", "Kuwait", "Bahrain", "Oman"))
UNSUBSCRIBE_PAGE_PATH: Final = "/job-alerts/unsubscribe"
"""The page the e-mail links to (``?alert=<id>&token=<token>``); its button POSTs to it."""
_AMOUNT = re.compile(r"\$([\d,]+)", re.ASCII)


def salary_bounds(label: str) -> tuple[int, int] | None:
    """The USD-per-month bounds of a job-alert salary range; ``None`` for "Negotiable" or blank."""
    amounts = [int(a.replace(",", "")) for a in _AMOUNT.findall(label)]
    if label.startswith("Below") and amounts:
        return 0, amounts[0]
    if label.startswith("Above") and amounts:
        return amounts[0], 10**9
    if len(amounts) == 2:
        return amounts[0], amounts[1]
    return None


def alert_matches(alert: JobAlertRequest, job: Job) -> bool:
    """Does the job-alert form ``alert`` (its stored values) want to hear about ``job``?"""
    category = alert.job_category.strip()
    if category not in ("Any", job.category):
        return False
    country = alert.preferred_country.strip()
    country_ok = (
        country == job.country
        or (country == "Any Gulf Country" and job.country in GULF)
        or (country == "Other" and job.country not in GULF)
    )
    if not country_ok:
        return False
    bounds = salary_bounds(alert.salary_range.strip())
    has_figures = job.salary_min is not None or job.salary_max is not None
    if bounds is not None and has_figures and job.salary_currency == "USD" and job.salary_period == "month":
        low = job.salary_min if job.salary_min is not None else job.salary_max
        high = job.salary_max if job.salary_max is not None else job.salary_min
        assert low is not None
        assert high is not None
        if high < bounds[0] or low > bounds[1]:
            return False
    return True


# -- unsubscribe tokens ---------------------------------------------------------------------


def unsubscribe_token(secret: str, alert_id: str) -> str:
    """A token only the holder of ``secret`` can make for ``alert_id`` (HMAC-SHA256, URL-safe)."""
    digest = hmac.new(secret.encode(), f"job-alert-unsubscribe:{alert_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def token_ok(secret: str, alert_id: str, token: str) -> bool:
    # Bytes, not str: compare_digest refuses non-ASCII text, and a URL can carry any.
    return hmac.compare_digest(unsubscribe_token(secret, alert_id).encode(), token.encode())


# -- the alert e-mail -----------------------------------------------------------------------


def job_alert_email(job: Job, to: str, job_url: str, unsubscribe_page: str, one_click_url: str) -> Email:
    """The alert e-mail. Its body links to ``unsubscribe_page`` (a page with a button: a mail scanner
    that follows links unsubscribes nobody); ``List-Unsubscribe`` names ``one_click_url`` for the
    mail client's RFC 8058 one-click POST."""
    place = f"{job.city}, {job.country}" if job.city else job.country
    lines = [
        f"A new job matches your job alert: {job.title}",
        "",
        f"Country: {place}",
        f"Category: {job.category}",
    ]
    if job.salary:
        lines.append(f"Salary: {job.salary}")
    lines += [
        "",
        f"See the job and apply: {job_url}",
        "",
        f"Stop these e-mails: {unsubscribe_page}",
        "",
        c.AGENCY_SIGN_OFF,
    ]
    headers = (
        ("List-Unsubscribe", f"<{one_click_url}>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
    )
    return Email(to, f"New job: {job.title} in {job.country}", "\n".join(lines), headers)


class JobAlertMailer:
    """When a job is published, queue one e-mail per matching job alert (id ``<job>-mail-<alert>``,
    so publishing twice never sends twice)."""

    def __init__(
        self,
        alerts: JobAlertRepository,
        uow: Callable[[], UnitOfWork],
        site_url: Callable[[], str],
        secret: str,
        clock: Callable[[], datetime],
        on_enqueue: Callable[[], None] = lambda: None,
    ) -> None:
        self.alerts = alerts
        self.uow = uow
        self.site_url = site_url
        self.secret = secret
        self.clock = clock
        self.on_enqueue = on_enqueue

    def unsubscribe_page_url(self, alert_id: str) -> str:
        """The link in the e-mail: a page that asks for a button press (GET changes nothing)."""
        query = urlencode({"alert": alert_id, "token": unsubscribe_token(self.secret, alert_id)})
        return f"{self.site_url()}{UNSUBSCRIBE_PAGE_PATH}?{query}"

    def one_click_url(self, alert_id: str) -> str:
        """``List-Unsubscribe``: the RFC 8058 one-click POST."""
        token = unsubscribe_token(self.secret, alert_id)
        return f"{self.site_url()}/api/job-alerts/{quote(alert_id, safe='')}/unsubscribe?token={token}"

    def link_ok(self, alert_id: str, token: str) -> bool:
        """The token was made for this alert (nothing is read or changed)."""
        return token_ok(self.secret, alert_id, token)

    async def job_published(self, job: Job) -> int:
        """Queue the alert e-mails of ``job``; returns how many it planned (ids already queued by an
        earlier publication are left as they are)."""
        site = self.site_url()
        now = self.clock()
        planned = [
            outbox_messages.email(
                id=f"{job.id}-mail-{a.id}",
                source_id=job.id,
                mail=job_alert_email(
                    job,
                    a.data.email.strip(),
                    f"{site}/jobs/{job.id}",
                    self.unsubscribe_page_url(a.id),
                    self.one_click_url(a.id),
                ),
                now=now,
            )
            for a in await self.alerts.all()
            if alert_matches(a.data, job) and a.data.email.strip()
        ]
        if planned:
            async with self.uow() as uow:
                await uow.outbox.enqueue_new(planned)
            self.on_enqueue()
        return len(planned)

    async def unsubscribe(self, alert_id: str, token: str) -> bool:
        """True when a valid token removed the alert; False for a forged token or a second use."""
        if not token_ok(self.secret, alert_id, token):
            return False
        try:
            async with self.uow() as uow:
                await uow.job_alerts.remove(alert_id)
        except PreconditionFailed:
            return False
        return True
