"""Hearts in a real browser: passing, a whole round, reload, refusals, the match's end."""

from __future__ import annotations

import itertools
import re
from typing import Any

from hearts_lines import near_end_log
from web_browser import LiveServer, open_home, seed_game, snap

CODE = "HT1-N-AAAAAAM"

NEXT = """() => {
  const shown = (id) => !document.getElementById(id).hidden;
  if (shown('received')) return 'received';
  if (document.getElementById('round-end').open) return 'round-end';
  if (document.getElementById('match-end').open) return 'match-end';
  if (!window.cardemsIdle()) return false;
  if (shown('passbar')) return 'pass';
  if (document.getElementById('hearts').dataset.turn === '1') return 'turn';
  return false;
}"""


def start(tab: Any, live: LiveServer, code: str = CODE, log: list[Any] | None = None) -> str:
    """A new player with fast animation opens a match against easy opponents."""
    open_home(tab, live.url)
    tab.evaluate(
        """() => fetch('/api/settings', {method: 'POST', headers: {'content-type':
        'application/json'}, body: JSON.stringify({animation: 'fast'})})"""
    )
    game_id = seed_game(tab, live, "hearts", code, log or [], {"level": "easy"})
    open_match(tab, live.url + f"/game/{game_id}")
    return game_id


def open_match(tab: Any, url: str) -> None:
    tab.goto(url)
    tab.wait_for_selector("#hearts[data-ready]", state="attached")


def next_step(tab: Any) -> str:
    """Wait until the page asks something of the player; say what."""
    handle = tab.wait_for_function(NEXT)
    return str(handle.json_value())


def hand(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(".hcard", "ns => ns.map(n => n.dataset.card)")
    return cards


def playable(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(
        ".hcard:not(.dimmed)", "ns => ns.map(n => n.dataset.card)"
    )
    return cards


def pass_by_keyboard(tab: Any) -> list[str]:
    """Choose the first, second and fourth cards with the arrow keys, Enter and Space."""
    tab.focus(".hcard >> nth=0")
    tab.keyboard.press("Enter")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("Space")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("Enter")
    chosen: list[str] = tab.eval_on_selector_all(
        '.hcard[aria-pressed="true"]', "ns => ns.map(n => n.dataset.card)"
    )
    assert chosen == [hand(tab)[i] for i in (0, 1, 3)]
    tab.click("#pass-confirm")
    return chosen


def test_a_whole_round_through_passing_and_thirteen_tricks(tab: Any, live: LiveServer) -> None:
    start(tab, live)
    assert tab.inner_text("#h-pass").startswith("left")
    assert next_step(tab) == "pass"
    assert tab.is_disabled("#pass-confirm")
    before = hand(tab)
    passed = pass_by_keyboard(tab)
    assert next_step(tab) == "received"
    received: list[str] = tab.eval_on_selector_all(
        ".hcard.received", "ns => ns.map(n => n.dataset.card)"
    )
    assert len(received) == 3 and not set(passed) & set(hand(tab))
    assert set(hand(tab)) == set(before) - set(passed) | set(received)
    tab.click("#received-ok")
    plays = 0
    dragged = False
    while (step := next_step(tab)) == "turn":
        legal = playable(tab)
        assert legal
        card = legal[0]
        if not dragged:  # one card is dragged to the trick, the others tapped
            source = tab.locator(f'.hcard[data-card="{card}"]').bounding_box()
            target = tab.locator("#trick").bounding_box()
            tab.mouse.move(source["x"] + 20, source["y"] + 30)
            tab.mouse.down()
            tab.mouse.move(target["x"] + 135, target["y"] + 120, steps=6)
            tab.mouse.up()
            dragged = True
        else:
            tab.click(f'.hcard[data-card="{card}"]')
        plays += 1
        tab.wait_for_function(f"!document.querySelector('.hcard[data-card=\"{card}\"]')")
    assert step == "round-end"
    assert plays == 13
    snap(tab, "hearts-round-end")
    rows = tab.eval_on_selector_all(
        "#round-end-rows tr", "rs => rs.map(r => [...r.children].map(c => c.textContent))"
    )
    points = [int(row[1]) for row in rows]
    assert sum(points) in (26, 78)
    assert [int(row[2]) for row in rows] == points
    assert any("♥" in row[3] for row in rows)
    tab.click("#round-end-next")
    assert next_step(tab) == "pass"
    assert tab.inner_text("#h-round") == "2" and tab.inner_text("#h-pass").startswith("right")
    totals = tab.eval_on_selector_all("#h-scores .total", "ns => ns.map(n => +n.textContent)")
    assert totals == points


def test_reload_mid_round_and_an_illegal_card(tab: Any, live: LiveServer) -> None:
    game_id = start(tab, live)
    assert next_step(tab) == "pass"
    for card in hand(tab)[:3]:
        tab.click(f'.hcard[data-card="{card}"]')
    tab.click("#pass-confirm")
    assert next_step(tab) == "received"
    tab.click("#received-ok")
    assert next_step(tab) == "turn"
    dimmed: list[str] = tab.eval_on_selector_all(
        ".hcard.dimmed", "ns => ns.map(n => n.dataset.card)"
    )
    assert dimmed, "the first trick always bars some cards"
    cards = hand(tab)
    reason = tab.get_attribute(f'.hcard[data-card="{dimmed[0]}"]', "title")
    label = tab.get_attribute(f'.hcard[data-card="{dimmed[0]}"]', "aria-label")
    assert reason and reason in label and "not playable" in label
    tab.click(f'.hcard[data-card="{dimmed[0]}"]')
    # "Move errors" is off by default: the refusal is said without its reason
    assert tab.inner_text("#h-message") == "That move is not possible."
    assert hand(tab) == cards and next_step(tab) == "turn"
    # The server refuses it too, and nothing changes.
    refused = tab.evaluate(
        f"""() => fetch('/api/games/{game_id}').then(r => r.json()).then(d => fetch(
        '/api/games/{game_id}/intent', {{method: 'POST', headers: {{'content-type':
        'application/json'}}, body: JSON.stringify({{type: 'play', card: '{dimmed[0]}',
        version: d.view.version}})}})).then(async r => [r.status, (await r.json()).refused])"""
    )
    assert refused == [200, reason]  # a refusal is an ordinary answer
    tab.click("#h-hint")  # the expert's card, framed in the hand
    tab.wait_for_selector(".hcard.hint")
    (hinted,) = tab.eval_on_selector_all(".hcard.hint", "ns => ns.map(n => n.dataset.card)")
    assert hinted in playable(tab) and tab.inner_text("#h-message").startswith("Hint: ")
    tab.click(f'.hcard[data-card="{hinted}"]')
    assert next_step(tab) == "turn"
    seen = screen(tab)
    tab.reload()
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    assert next_step(tab) == "turn"
    assert screen(tab) == seen
    tab.click("#h-last")
    assert tab.locator("#last-trick-cards .tcard").count() == 4
    tab.click("#last-trick-close")


def screen(tab: Any) -> dict[str, Any]:
    """What the table shows: hand, trick, counts, scores, info."""
    shown: dict[str, Any] = tab.evaluate(
        """() => ({
          hand: [...document.querySelectorAll('.hcard')].map(n => n.dataset.card),
          trick: [...document.querySelectorAll('#trick .tcard')].map(n => n.dataset.card),
          counts: [...document.querySelectorAll('.opponent .count')].map(n => n.textContent),
          scores: document.getElementById('h-scores').innerText,
          info: document.querySelector('.info').innerText,
        })"""
    )
    return shown


def test_the_end_of_the_match(tab: Any, live: LiveServer) -> None:
    code = "HT1-N-AAAAAAQ"
    start(tab, live, code, near_end_log(code))
    assert next_step(tab) == "turn"
    (card,) = playable(tab)
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    tab.click("#round-end-next")
    assert next_step(tab) == "match-end"
    totals = tab.eval_on_selector_all("#match-end-rows td", "ns => ns.map(n => +n.textContent)")
    assert max(totals) >= 100
    winner = totals.index(min(totals))
    title = tab.inner_text("#match-end-title")
    assert ("You won" in title) == (winner == 0)
    assert (
        tab.inner_text("#match-end-rows tr.winner th") == ["You", "West", "North", "East"][winner]
    )
    tab.goto(live.url + "/stats")
    assert tab.inner_text('.stat[data-game="hearts"] .played') == "1"


def unnamed(tab: Any) -> list[str]:
    """Buttons, links and form fields without an accessible name."""
    missing = []
    for role in ("button", "link", "checkbox", "radio", "textbox"):
        every = tab.get_by_role(role).count()
        named = tab.get_by_role(role, name=re.compile(r"\S")).count()
        if every != named:
            missing.append(f"{role}: {every - named} without a name")
    return missing


def test_roles_names_and_right_to_left(tab: Any, live: LiveServer) -> None:
    start(tab, live)
    assert tab.get_by_role("heading", level=1, name="Hearts").count() == 1
    assert tab.get_by_role("toolbar", name="Your hand").count() == 1
    assert unnamed(tab) == []
    first = hand(tab)[0]
    named = tab.get_by_role("button", name=re.compile(r"^\w+ of (spades|hearts|diamonds|clubs)$"))
    assert named.count() == 13
    assert tab.locator('.hcard[tabindex="0"]').count() == 1
    tab.evaluate(
        """() => fetch('/api/settings', {method: 'POST', headers: {'content-type':
        'application/json'}, body: JSON.stringify({language: 'ar'})})"""
    )
    tab.reload()
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    assert tab.locator("html").get_attribute("dir") == "rtl"
    assert unnamed(tab) == []
    west = tab.locator('.opponent[data-seat="1"]').bounding_box()
    east = tab.locator('.opponent[data-seat="3"]').bounding_box()
    assert west["x"] < east["x"], "West stays on the player's left"
    # Cards keep their faces: the hand runs left to right as in every card app, each card
    # covering the previous one from the right, so every index (top left) stays in view.
    boxes = [tab.locator(".hcard").nth(i).bounding_box() for i in range(len(hand(tab)))]
    assert all(a["x"] + 20 <= b["x"] for a, b in itertools.pairwise(boxes))
    assert (
        tab.evaluate("getComputedStyle(document.querySelector('.hcard svg')).direction") == "ltr"
    ), "a card's J and 10 are not turned around"
    tab.focus(f'.hcard[data-card="{first}"]')
    tab.keyboard.press("ArrowRight")  # the next card is on the right, as drawn
    assert tab.evaluate("document.activeElement.dataset.card") == hand(tab)[1]


def test_new_match_through_the_shared_new_game_window(tab: Any, live: LiveServer) -> None:
    first = start(tab, live)
    tab.click("#h-new")
    tab.wait_for_selector("#new-game", state="visible")
    assert tab.is_checked('input[name=game][value="hearts"]')
    assert tab.is_visible('.game-choice[data-game="hearts"] input[name=level]')
    assert not tab.is_visible('.game-choice[data-game="seahaven"]')
    assert not tab.is_visible("input[name=winnable]")  # no solver: every deal is played
    tab.check("input[name=level][value=expert]")
    tab.click("#new-game-deal")
    tab.wait_for_url(re.compile(r"/game/(?!" + re.escape(first) + r")[\w-]+$"))
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    assert tab.inner_text("#h-level") == "expert"
    assert re.fullmatch(r"HT1-N-\w+", tab.inner_text("#h-code"))
    # /play/hearts?new=1 opens the same window over the match.
    tab.goto(live.url + "/play/hearts?new=1")
    tab.wait_for_selector("#new-game", state="visible")
    assert tab.is_checked('input[name=game][value="hearts"]')
    tab.fill("input[name=code]", CODE)
    tab.check("input[name=level][value=medium]")
    tab.click("#new-game-deal")
    tab.wait_for_function(f"document.getElementById('h-code').textContent === '{CODE}'")
    assert tab.inner_text("#h-level") == "medium"


def test_a_stale_tab_shows_the_match_as_it_stands(tab: Any, live: LiveServer) -> None:
    """Two tabs on one match: the second passes after the first has passed; the server
    refuses the stale pass, and the second tab draws the match as it stands."""
    game_id = start(tab, live)
    other = tab.context.new_page()
    try:
        open_match(other, live.url + f"/game/{game_id}")
        assert next_step(tab) == "pass" and next_step(other) == "pass"
        chosen = hand(tab)[:3]
        for card in chosen:
            tab.click(f'.hcard[data-card="{card}"]')
        tab.click("#pass-confirm")
        assert next_step(tab) == "received"
        for card in hand(other)[-3:]:
            other.click(f'.hcard[data-card="{card}"]')
        other.click("#pass-confirm")
        other.wait_for_function("window.cardemsIdle()")
        assert other.inner_text("#h-message") == (
            "This game has changed elsewhere: it is shown as it stands now."
        )
        assert not other.is_visible("#passbar")
        assert hand(other) == hand(tab)  # the first tab's pass, received cards included
        passed = other.evaluate(
            f"() => fetch('/api/games/{game_id}').then(r => r.json()).then(d => d.view.passed)"
        )
        assert sorted(passed) == sorted(chosen)  # only the first tab's pass was played
    finally:
        other.close()
