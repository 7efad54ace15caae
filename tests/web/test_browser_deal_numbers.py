"""FreeCell's classic numbers, typed where a code is: the address /play/freecell/617 and
Enter code, on a desktop and a phone; the table names the deal "#617" (Playwright)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, become_player, info


@pytest.mark.parametrize("size", [{"width": 1366, "height": 800}, {"width": 390, "height": 844}])
def test_classic_numbers_are_typed_anywhere_and_shown(
    chromium_browser: Any, live: LiveServer, size: dict[str, int]
) -> None:
    context = chromium_browser.new_context(viewport=size)
    try:
        tab = context.new_page()
        become_player(tab, live.url)
        tab.goto(live.url + "/play/freecell/617")
        assert tab.locator("h1").inner_text() == "FreeCell #617"
        tab.get_by_role("button", name="Deal this game").click()
        tab.wait_for_url("**/game/*")
        tab.wait_for_function("document.getElementById('code').textContent !== ''")
        assert info(tab)["code"] == "#617 · FC1-N-AAAAATJ"
        tab.click("#enter-code")
        tab.keyboard.type("618")
        tab.keyboard.press("Enter")
        tab.wait_for_function("document.getElementById('code').textContent.startsWith('#618')")
        assert info(tab)["moves"] == "0"
        tab.click("#enter-code")
        tab.keyboard.type("0")
        tab.keyboard.press("Enter")
        error = tab.locator("#new-game-form .form-error")
        tab.wait_for_function(
            "document.querySelector('#new-game-form .form-error').textContent !== ''"
        )
        assert "malformed" not in error.inner_text() and "'0'" in error.inner_text()
    finally:
        context.close()
