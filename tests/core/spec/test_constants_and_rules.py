from __future__ import annotations

import json
from pathlib import Path

from agency_core import rules_export as rules
from agency_core.spec import constants as c

ROOT = Path(__file__).resolve().parents[3]


def test_the_committed_client_rules_file_is_current() -> None:
    committed = (ROOT / "client" / "src" / "generated" / "rules.json").read_text(encoding="utf-8")
    assert committed == rules.render(), "run `make rules` to regenerate client/src/generated/rules.json"
    admin = (ROOT / "client" / "src" / "generated" / "admin-rules.json").read_text(encoding="utf-8")
    assert admin == rules.render(rules.export_admin()), "run `make rules` to regenerate admin-rules.json"
    forms = (ROOT / "client" / "src" / "generated" / "form-rules.json").read_text(encoding="utf-8")
    assert forms == rules.render(rules.export_forms()), "run `make rules` to regenerate form-rules.json"


def test_the_admin_forms_rules_are_the_servers() -> None:
    exported = rules.export_admin()
    settings = exported["settingsForm"]
    assert settings["senderMaxLength"] == c.SENDER_ID_MAX_LENGTH
    assert settings["messages"]["senderTooLong"] == f"Sender id must be at most {c.SENDER_ID_MAX_LENGTH} characters"
    assert exported["feePolicyForm"]["reasonMaxLength"] == 200
    assert exported["templateForm"]["maxLength"] == {"sms": 1000, "email": 10_000}
    assert "settingsForm" not in rules.export(), "the public pages' rules.json carries no admin form"
    assert "forms" not in rules.export(), "the entry's rules.json carries no form: form-rules.json does"


def test_export_carries_every_form_and_list() -> None:
    exported = json.loads(rules.render()) | json.loads(rules.render(rules.export_forms()))
    assert set(exported["forms"]) >= {"newsletter", "jobAlert", "application", "appointment", "contact", "adminLogin"}
    assert exported["constants"]["appointmentTimeSlots"] == list(c.APPOINTMENT_TIME_SLOTS)
    assert [s["title"] for s in exported["applicationSteps"]] == list(c.WIZARD_STEP_TITLES)
    cv = next(f for f in exported["forms"]["application"] if f["name"] == "cv")
    assert cv["upload"]["maxMegabytes"] == 5
    assert cv["upload"]["extensions"] == [".pdf", ".doc", ".docx"]


def test_section_nine_lists_are_exact() -> None:
    assert len(c.APPLICATION_JOB_CATEGORIES) == 12
    assert c.APPLICATION_JOB_CATEGORIES[-1] == "Other"
    assert c.JOB_ALERT_CATEGORIES[-1] == "Any"
    assert c.APPOINTMENT_TIME_SLOTS[0] == "09:00 AM"
    assert len(c.APPOINTMENT_TIME_SLOTS) == 9
    assert c.SALARY_RANGES == (
        "Below $1,000",
        "$1,000-$2,000",
        "$2,000-$3,000",
        "$3,000-$5,000",
        "$5,000-$8,000",
        "Above $8,000",
        "Negotiable",
    )
    assert [(p.country, p.price_usd, p.popular) for p in c.COUNTRY_PACKAGES if p.popular] == [
        ("UAE", 1200, True),
        ("Qatar", 1300, True),
    ]
    assert len(c.STUDY_DESTINATIONS) == 10
    assert sum(b.count for b in c.BLOG_CATEGORIES) == 56
    assert len(c.DISPLAYED_PHONES) == c.ADMIN_ALERT_RECIPIENTS == 4
