"""schema.org ``JobPosting`` structured data for one job (Google for Jobs), as a plain dict.

Required: title, description, datePosted, hiringOrganization (name, logo), jobLocation
(addressCountry, addressLocality). Recommended, when the job has them: validThrough,
employmentType, baseSalary, directApply, identifier.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime, time
from typing import Any, Final

from agency_core.jobs.model import Job
from agency_core.jobs.rules import SCHEMA_EMPLOYMENT_TYPES
from agency_core.spec import constants as c

LOGO_PATH: Final = "/images/brand/logo.svg"
SCHEMA_UNITS: Final = {"hour": "HOUR", "day": "DAY", "week": "WEEK", "month": "MONTH", "year": "YEAR"}
COUNTRY_CODES: Final = {
    "United Arab Emirates": "AE",
    "Saudi Arabia": "SA",
    "Qatar": "QA",
    "Kuwait": "KW",
    "Bahrain": "BH",
    "Oman": "OM",
    "Singapore": "SG",
    "Malaysia": "MY",
}


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def description_html(job: Job) -> str:
    """The description Google shows: the job's texts as escaped HTML paragraphs and a benefit list."""
    parts = [f"<p>{html.escape(p)}</p>" for p in job.description.split("\n\n") if p.strip()]
    if job.requirements.strip():
        parts.append("<h3>Requirements</h3>")
        parts.extend(f"<p>{html.escape(p)}</p>" for p in job.requirements.split("\n\n") if p.strip())
    if job.benefits:
        parts.append("<h3>Benefits</h3><ul>" + "".join(f"<li>{html.escape(b)}</li>" for b in job.benefits) + "</ul>")
    return "".join(parts)


def job_posting(job: Job, site_url: str) -> dict[str, Any]:
    """The ``JobPosting`` object for ``job``; ``site_url`` is the public origin, no trailing slash."""
    locality = job.city or job.country
    data: dict[str, Any] = {
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": job.title,
        "description": description_html(job),
        "identifier": {"@type": "PropertyValue", "name": c.AGENCY_NAME, "value": job.id},
        "datePosted": _iso(job.published_at or job.created_at),
        "hiringOrganization": {
            "@type": "Organization",
            "name": c.AGENCY_NAME,
            "sameAs": site_url,
            "logo": site_url + LOGO_PATH,
        },
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "addressLocality": locality,
                "addressCountry": COUNTRY_CODES.get(job.country, job.country),
            },
        },
        "employmentType": SCHEMA_EMPLOYMENT_TYPES.get(job.employment_type, "OTHER"),
        "directApply": True,
        "url": f"{site_url}/jobs/{job.id}",
    }
    if job.positions > 1:
        data["totalJobOpenings"] = job.positions
    if job.closing_date is not None:
        data["validThrough"] = _iso(datetime.combine(job.closing_date, time(23, 59, 59), tzinfo=UTC))
    if job.salary_min is not None or job.salary_max is not None:
        value: dict[str, Any] = {"@type": "QuantitativeValue", "unitText": SCHEMA_UNITS.get(job.salary_period, "MONTH")}
        if job.salary_min is not None and job.salary_max is not None and job.salary_min != job.salary_max:
            value["minValue"] = job.salary_min
            value["maxValue"] = job.salary_max
        else:
            value["value"] = job.salary_min if job.salary_min is not None else job.salary_max
        data["baseSalary"] = {"@type": "MonetaryAmount", "currency": job.salary_currency, "value": value}
    return data
