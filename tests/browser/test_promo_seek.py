"""The home page's promo player seeks: the server answers the video's byte ranges (app/ranged_files.py).

Without them Chrome cannot seek a WebM it has not downloaded: the time went back to 0:00 and the
slider with it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import hydrate_everything, open_route

pytestmark = pytest.mark.browser

SEEK_TO_S = 6.0


def test_seeking_the_promo_player_moves_the_video_and_the_slider_stays(page: Page) -> None:
    range_answers: list[int] = []
    page.on(
        "response",
        lambda response: range_answers.append(response.status) if "/video/promo." in response.url else None,
    )
    open_route(page, "/")
    hydrate_everything(page)
    player = page.locator(".promo__player")
    player.scroll_into_view_if_needed()
    expect(player.get_by_label("Total time")).not_to_have_text("0:00")
    video = player.locator("video")
    duration = float(video.evaluate("v => v.duration"))
    assert duration > SEEK_TO_S + 1, f"the promo is {duration} s long: seek to a smaller time"

    slider = player.get_by_role("slider", name="Seek")
    slider.fill(str(SEEK_TO_S))

    page.wait_for_function(
        "([v, to]) => !v.seeking && Math.abs(v.currentTime - to) < 0.5", arg=[video.element_handle(), SEEK_TO_S]
    )
    expect(player.get_by_label("Elapsed time")).to_have_text("0:06")
    page.wait_for_timeout(1_000)  # the snap back came once the seek had failed
    assert abs(float(video.evaluate("v => v.currentTime")) - SEEK_TO_S) < 0.5
    assert abs(float(slider.input_value()) - SEEK_TO_S) < 0.5
    expect(player.get_by_label("Elapsed time")).to_have_text("0:06")
    assert float(video.evaluate("v => v.seekable.length ? v.seekable.end(0) : 0")) >= duration - 0.5
    assert 206 in range_answers
