"""Hearts that moves (issue 30, item 4), as a player sees it: cards travel from the hand
to the trick and the trick to its winner, a speed on the table, a card clicked during the
opponents' turns waits with words, the Rules link, the hand in view on a phone held
either way."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_hearts import hand, next_step, open_match, playable, start
from web_browser import LiveServer, seed_game, snap

PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
CENTRE = "(r) => [r.x + r.width / 2, r.y + r.height / 2]"


def to_first_turn(tab: Any) -> None:
    """Pass the first three cards and take the ones received."""
    assert next_step(tab) == "pass"
    for card in hand(tab)[:3]:
        tab.click(f'.hcard[data-card="{card}"]')
    tab.click("#pass-confirm")
    assert next_step(tab) == "received"
    tab.click("#received-ok")
    assert next_step(tab) == "turn"


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def frozen_box(tab: Any, selector: str, at: float) -> dict[str, float]:
    """Where ``selector`` is drawn ``at`` ms into its animation (all paused there)."""
    box: dict[str, float] = tab.evaluate(
        """([selector, at]) => {
          for (const a of document.getAnimations()) { a.pause(); a.currentTime = at; }
          const r = document.querySelector(selector).getBoundingClientRect();
          return {x: r.x, y: r.y, width: r.width, height: r.height};
        }""",
        [selector, at],
    )
    return box


def freeze_when(tab: Any, condition: str) -> None:
    """Wait for ``condition`` and pause every animation in the frame it first holds, so a
    slow test runner cannot arrive after they have ended."""
    tab.wait_for_function(
        f"""() => {{
          if (!({condition})) return false;
          document.getAnimations().forEach((a) => a.pause());
          return true;
        }}"""
    )


def resume(tab: Any) -> None:
    tab.evaluate("() => document.getAnimations().forEach((a) => a.play())")


def test_cards_travel_to_the_trick_and_to_its_winner(tab: Any, live: LiveServer) -> None:
    tab.set_viewport_size({"width": 1366, "height": 800})
    start(tab, live)
    to_first_turn(tab)
    card = playable(tab)[0]
    in_hand = centre(tab.locator(f'.hcard[data-card="{card}"]').bounding_box())
    slot = centre(tab.locator('#trick .played[data-seat="0"]').bounding_box())
    tab.click(f'.hcard[data-card="{card}"]')
    mine = f'#trick .tcard[data-card="{card}"]'
    freeze_when(tab, f"document.querySelector('{mine}')?.getAnimations().length")
    early = centre(frozen_box(tab, mine, 5))
    snap(tab, "hearts-card-on-its-way")
    resume(tab)
    # Leaving the hand: still nearer the hand than its place in the trick.
    assert abs(early[1] - in_hand[1]) < abs(early[1] - slot[1]), (in_hand, early, slot)
    # Then the full trick goes to the seat that took it.
    freeze_when(
        tab,
        """document.querySelectorAll('#trick .tcard').length === 4
          && [...document.querySelectorAll('#trick .tcard')].every((n) => n.getAnimations()
            .some((a) => a.effect.getKeyframes().some((k) => k.opacity !== undefined)))""",
    )
    first = "#trick .tcard"
    start_box = centre(frozen_box(tab, first, 0))
    end_box = centre(frozen_box(tab, first, 100))
    resume(tab)
    assert abs(end_box[0] - start_box[0]) + abs(end_box[1] - start_box[1]) > 40


def test_a_card_clicked_while_the_opponents_play_waits_for_the_turn(
    tab: Any, live: LiveServer
) -> None:
    start(tab, live)
    to_first_turn(tab)
    tab.select_option("#h-speed", "slow")  # time to click while the opponents play
    tab.wait_for_function("() => window.cardemsIdle()")
    first = playable(tab)[0]
    tab.click(f'.hcard[data-card="{first}"]')
    tab.wait_for_function("() => document.getElementById('hearts').dataset.turn === '0'")
    waiting = next(c for c in hand(tab) if c != first)
    tab.click(f'.hcard[data-card="{waiting}"]')
    message = tab.inner_text("#h-message")
    assert "will be played when your turn comes" in message
    assert "queued" in (tab.get_attribute(f'.hcard[data-card="{waiting}"]', "class") or "")
    # Clicked again: the same answer (issue 41), it still waits.
    tab.click(f'.hcard[data-card="{waiting}"]')
    assert "queued" in (tab.get_attribute(f'.hcard[data-card="{waiting}"]', "class") or "")
    # On the player's turn it is sent: played, or refused with the server's reason.
    tab.wait_for_function(
        f"""() => window.cardemsIdle() && (!document.querySelector('.hcard[data-card="{waiting}"]')
          || document.getElementById('h-message').textContent.trim() !== '')""",
        timeout=30_000,
    )
    assert waiting not in hand(tab) or tab.inner_text("#h-message").strip()


def test_the_speed_is_chosen_on_the_table(tab: Any, live: LiveServer) -> None:
    game_id = start(tab, live)
    assert tab.input_value("#h-speed") == "fast"
    tab.select_option("#h-speed", "off")
    tab.wait_for_function("() => window.cardemsIdle()")
    saved = tab.evaluate("() => fetch('/api/settings').then((r) => r.json())")
    assert saved["settings"]["animation"] == "off"
    open_match(tab, live.url + f"/game/{game_id}")
    assert tab.input_value("#h-speed") == "off"


def test_the_rules_are_linked_from_the_table(tab: Any, live: LiveServer) -> None:
    start(tab, live)
    link = tab.locator("#hearts a.rules-link")
    assert link.is_visible() and link.get_attribute("href") == "/rules/hearts"
    assert tab.request.get(live.url + "/rules/hearts").status == 200


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_hand_is_in_view_on_a_phone(
    chromium_browser: Any, live: LiveServer, viewport: dict[str, int]
) -> None:
    context = chromium_browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    tab = context.new_page()
    try:
        game_id = seed_game(tab, live, "hearts", "HT1-N-AAAAAAM", [], {"level": "easy"})
        open_match(tab, live.url + f"/game/{game_id}")
        snap(tab, f"hearts-phone-{viewport['width']}x{viewport['height']}")
        cards = tab.locator(".hcard")
        assert cards.count() == 13
        for i in (0, 12):
            box = cards.nth(i).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
        assert tab.locator("#pass-confirm").is_visible()
        assert tab.evaluate("() => document.documentElement.scrollHeight") <= viewport["height"] + 1
    finally:
        context.close()
