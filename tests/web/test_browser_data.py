"""Moving to another browser as a player does it: download the file on the statistics
page, take it in from another browser, reset a game's statistics (Playwright)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_browser import LiveServer, click, info, open_game, open_prepared, settled


def test_a_player_moves_their_games_to_another_browser(
    chromium_browser: Any, live: LiveServer, tmp_path: Path
) -> None:
    first = chromium_browser.new_context()
    second = chromium_browser.new_context()
    try:
        tab = first.new_page()
        game_id = open_prepared(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [])
        click(tab, "stock")
        settled(tab)
        tab.goto(live.url + "/stats")
        with tab.expect_download() as download:
            tab.get_by_role("link", name="Download all my games").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name.startswith("cardems-") and saved.suffix == ".json"

        other = second.new_page()
        other.goto(live.url + "/stats")
        other.set_input_files("#archive-file", str(saved))
        other.wait_for_url("**/stats?imported=1")
        assert "1 game taken in from the file." in other.locator("main").inner_text()
        other.goto(live.url + "/")  # the game to continue, a copy with an id of its own
        resume = other.locator("a.resume-link")
        assert resume.count() == 1 and resume.get_attribute("href") != f"/game/{game_id}"
        assert resume.inner_text() == "HH1-N-AAAAAAM"
        open_game(other, live.url + str(resume.get_attribute("href")))
        assert info(other)["moves"] == "1"

        bad = tmp_path / "notes.json"
        bad.write_text('{"format": "zip"}')
        other.goto(live.url + "/stats")
        other.set_input_files("#archive-file", str(bad))
        other.wait_for_selector("#archive-error:text('not a Cardems archive')")
    finally:
        first.close()
        second.close()
