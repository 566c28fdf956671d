"""The demo's licence and registration numbers: marked samples in the served HTML, never "not set",
and never outside demo mode."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.settings import Settings
from app.site_settings import NOT_SET, SAMPLE_DPC_REGISTRATION, SAMPLE_LABOUR_LICENCE
from tests.support.app_process import running_app

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
CHECK_LICENCE = "Check our licence number before you pay any agency"


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    with running_app("agency-demo-legal-") as app:  # AGENCY_DEMO=1, no licence or registration set
        yield app.base_url


def served(base_url: str, path: str) -> str:
    """The page's HTML without the empty comments React's server render puts between adjacent texts."""
    response = httpx.get(base_url + path, timeout=20)
    assert response.status_code == 200
    return response.text.replace("<!-- -->", "")


@pytest.mark.parametrize("path", ["/", "/terms", "/privacy", "/contact"])
def test_the_demo_footer_shows_the_marked_sample_licence_and_registration(demo_url: str, path: str) -> None:
    page = served(demo_url, path)
    footer = (
        f"Labour Department licence: {html.escape(SAMPLE_LABOUR_LICENCE)} · "
        f"Data Protection Commission registration: {html.escape(SAMPLE_DPC_REGISTRATION)}"
    )
    assert footer in page
    assert NOT_SET not in page


def test_the_demo_terms_put_the_sample_licence_beside_check_our_licence_number(demo_url: str) -> None:
    page = served(demo_url, "/terms")
    assert CHECK_LICENCE in page
    assert '<dd data-testid="labour-licence">SAMPLE-LD/PRA/0000 (sample, demo only)</dd>' in page


def test_the_demo_privacy_notice_lists_the_sample_numbers(demo_url: str) -> None:
    page = served(demo_url, "/privacy")
    assert f'<dd data-testid="labour-licence">{html.escape(SAMPLE_LABOUR_LICENCE)}</dd>' in page
    assert f'<dd data-testid="dpc-registration">{html.escape(SAMPLE_DPC_REGISTRATION)}</dd>' in page
    legal = httpx.get(demo_url + "/api/legal", timeout=20).json()
    assert legal["labourLicence"] == SAMPLE_LABOUR_LICENCE
    assert legal["dataProtectionRegistration"] == SAMPLE_DPC_REGISTRATION


def test_a_demo_with_real_numbers_set_shows_them_not_the_samples(tmp_path: Path) -> None:
    settings = Settings.from_env(
        {
            "AGENCY_DEMO": "1",
            "AGENCY_DATA_DIR": str(tmp_path),
            "AGENCY_LABOUR_LICENCE": "LD/PRA/0423",
            "AGENCY_DPC_REGISTRATION": "DPC-2026-117",
        }
    )
    assert (settings.site.legal.labour_licence, settings.site.legal.dpc_registration) == ("LD/PRA/0423", "DPC-2026-117")


def test_outside_demo_mode_an_unset_number_is_never_replaced_by_a_sample(tmp_path: Path) -> None:
    settings = Settings.from_env({"AGENCY_DATA_DIR": str(tmp_path)})
    assert (settings.site.legal.labour_licence, settings.site.legal.dpc_registration) == (NOT_SET, NOT_SET)
