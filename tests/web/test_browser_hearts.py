"""Hearts in a real browser: passing, a whole round, reload, refusals, the match's end."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hearts_lines import near_end_log
from web_browser import LiveServer, save_settings, seed_game, snap

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


def start(
    tab: Any,
    live: LiveServer,
    code: str = CODE,
    log: list[Any] | None = None,
    animation: str = "fast",
) -> str:
    """A new player with fast animation (or ``animation``) opens a match against easy
    opponents."""
    save_settings(tab, live.url, animation=animation)
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
    start(tab, live, animation="off")  # the flights have tests of their own
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
    assert tab.input_value("#new-game select[name=game]") == "hearts"
    assert tab.is_visible('.game-choice[data-game="hearts"] input[name=hearts-level]')
    assert not tab.is_visible('.game-choice[data-game="seahaven"]')
    assert not tab.is_visible("input[name=winnable]")  # no solver: every deal is played
    tab.check("input[name=hearts-level][value=expert]")
    tab.click("#new-game-deal")
    tab.wait_for_url(re.compile(r"/game/(?!" + re.escape(first) + r")[\w-]+$"))
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    assert tab.inner_text("#h-level") == "expert"
    sealed = tab.inner_text("#h-commitment")  # the code would name every hand: not shown
    assert re.fullmatch(r"[0-9a-f]{16}", sealed) and not tab.is_visible("#h-code")
    # /play/hearts?new=1 opens the same window over the match.
    tab.goto(live.url + "/play/hearts?new=1")
    tab.wait_for_selector("#new-game", state="visible")
    assert tab.input_value("#new-game select[name=game]") == "hearts"
    tab.fill("input[name=code]", CODE)
    tab.check("input[name=hearts-level][value=medium]")
    tab.click("#new-game-deal")
    tab.wait_for_function(
        f"document.getElementById('h-commitment').textContent.length === 16"
        f" && document.getElementById('h-commitment').textContent !== '{sealed}'"
    )
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


# --- the table on a phone and on a laptop, the round's log, the tracker ------------------

PHONE = {"width": 390, "height": 844}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.fixture
def phone(chromium_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new player on a phone: 390×844, touch, the page at the device's width."""
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    try:
        snap(page, request.node.name)
    finally:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def card_text(code: str) -> str:
    """A card as the page writes it in the log: "10♥"."""
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def press(tab: Any, card: str) -> None:
    """Tap or click a card of the hand where a player can: on its index, top left."""
    target = f'.hcard[data-card="{card}"]'
    if tab.evaluate("matchMedia('(pointer: coarse)').matches"):
        tab.tap(target, position={"x": 8, "y": 30})
    else:
        tab.click(target, position={"x": 8, "y": 30})


def boxes(tab: Any, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = tab.eval_on_selector_all(
        selector,
        """ns => ns.map(n => { const r = n.getBoundingClientRect();
          return {x: r.x, y: r.y, width: r.width, height: r.height}; })""",
    )
    return found


def indexes_in_view(tab: Any) -> list[str]:
    """The hand's cards whose index (the top left corner) is the topmost thing there."""
    shown: list[str] = tab.eval_on_selector_all(
        ".hcard",
        """ns => ns.filter(n => { const r = n.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width * .14, r.y + r.height * .12);
          return hit && hit.closest('.hcard') === n; }).map(n => n.dataset.card)""",
    )
    return shown


def in_first_screen(tab: Any, selector: str, height: int) -> bool:
    (found,) = boxes(tab, selector)
    return bool(found["height"] and found["y"] >= 0 and found["y"] + found["height"] <= height)


def test_a_phone_shows_the_whole_table_in_one_screen(phone: Any, live: LiveServer) -> None:
    tab = phone
    start(tab, live)
    assert next_step(tab) == "pass"
    cards = boxes(tab, ".hcard")
    assert len(cards) == 13
    assert all(abs(b["y"] - cards[0]["y"]) <= 3 for b in cards), "one row of cards"
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] for b in cards)
    for a, b in itertools.pairwise(cards):  # a tap's width, the index of each card in view
        assert b["x"] - a["x"] >= 24 and b["x"] - a["x"] >= 0.28 * a["width"]
    assert indexes_in_view(tab) == hand(tab)
    # The whole play area in the first screen, without scrolling.
    assert tab.evaluate("scrollY") == 0
    for part in (".opponent.north", ".opponent.west", ".opponent.east", "#trick", "#hand"):
        assert in_first_screen(tab, part, PHONE["height"]), part
    assert in_first_screen(tab, "#pass-confirm", PHONE["height"])
    # The totals at a glance; a tap shows the score table and the round's log over it.
    assert in_first_screen(tab, "#h-glance", PHONE["height"])
    assert re.search(r"You 0\s+West 0\s+North 0\s+East 0", tab.inner_text("#h-glance"))
    assert not tab.is_visible("#h-scores")
    tab.tap("#h-glance")
    assert tab.is_visible("#h-scores") and tab.is_visible("#h-log-title")
    assert in_first_screen(tab, "#h-scores", PHONE["height"])
    tab.tap("#h-side-close")
    assert not tab.is_visible("#h-scores")
    # Three cards chosen by tapping their corners: raised, and still readable.
    chosen = hand(tab)[2:5]
    for card in chosen:
        press(tab, card)
    raised = {b["y"] for b in boxes(tab, ".hcard.selected")}
    assert len(boxes(tab, ".hcard.selected")) == 3 and max(raised) < cards[0]["y"] - 10
    assert indexes_in_view(tab) == hand(tab)
    tab.tap("#pass-confirm")
    assert next_step(tab) == "received"
    tab.tap("#received-ok")
    assert next_step(tab) == "turn"
    card = playable(tab)[0]
    press(tab, card)
    tab.wait_for_function(f"!document.querySelector('.hcard[data-card=\"{card}\"]')")
    assert tab.evaluate("scrollY") == 0
    # Right to left: the same table, West still on the player's left.
    save_settings(tab, live.url, language="ar")
    tab.reload()
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    cards = boxes(tab, ".hcard")
    assert all(abs(b["y"] - cards[0]["y"]) <= 3 for b in cards)
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] for b in cards)
    assert in_first_screen(tab, "#hand", PHONE["height"])
    (west,) = boxes(tab, '.opponent[data-seat="1"]')
    (east,) = boxes(tab, '.opponent[data-seat="3"]')
    assert west["x"] < east["x"]


def test_a_laptop_shows_the_scores_beside_the_table(tab: Any, live: LiveServer) -> None:
    tab.set_viewport_size({"width": 1366, "height": 800})
    save_settings(tab, live.url, card_back="red")
    start(tab, live)
    assert next_step(tab) == "pass"
    for part in ("#h-scores", "#hand", "#pass-confirm", ".opponent.north"):
        assert in_first_screen(tab, part, 800), part
    (felt,) = boxes(tab, ".felt")
    (scores,) = boxes(tab, "#h-scores")
    assert scores["x"] >= felt["x"] + felt["width"], "beside the table"
    assert not tab.is_visible("#h-glance")
    # Each opponent holds a fan of the player's own card back.
    for seat in (1, 2, 3):
        backs = tab.eval_on_selector_all(
            f'.opponent[data-seat="{seat}"] .backs use', "ns => ns.map(n => n.getAttribute('href'))"
        )
        assert len(backs) == 13 and all(href.endswith("#card-back-red") for href in backs)
        fan = boxes(tab, f'.opponent[data-seat="{seat}"] .back')
        assert all(a["x"] < b["x"] for a, b in itertools.pairwise(fan))
        assert fan[0]["y"] > fan[6]["y"], "on an arc: the outer cards lower"


def test_the_round_end_shows_its_totals_behind_the_dialog_too(tab: Any, live: LiveServer) -> None:
    tab.set_viewport_size({"width": 1366, "height": 800})
    code = "HT1-N-AAAAAAQ"
    start(tab, live, code, near_end_log(code))
    assert next_step(tab) == "turn"
    before = tab.eval_on_selector_all("#h-scores .total", "ns => ns.map(n => +n.textContent)")
    (card,) = playable(tab)
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    rows = tab.eval_on_selector_all(
        "#round-end-rows tr", "rs => rs.map(r => [...r.children].map(c => c.textContent))"
    )
    totals = [int(row[2]) for row in rows]
    assert totals != before
    behind = tab.eval_on_selector_all("#h-scores .total", "ns => ns.map(n => +n.textContent)")
    this_round = tab.eval_on_selector_all("#h-scores .round", "ns => ns.map(n => n.textContent)")
    assert behind == totals and this_round == [row[1] for row in rows]


def test_the_round_log_lists_passes_and_tricks(tab: Any, live: LiveServer) -> None:
    game_id = start(tab, live, animation="off")  # the flights have tests of their own
    assert tab.inner_text("#h-no-tricks") == "No trick played yet."
    assert next_step(tab) == "pass"
    chosen = hand(tab)[:3]
    for card in chosen:
        tab.click(f'.hcard[data-card="{card}"]')
    tab.click("#pass-confirm")
    assert next_step(tab) == "received"
    received: list[str] = tab.eval_on_selector_all(
        ".hcard.received", "ns => ns.map(n => n.dataset.card)"
    )
    tab.click("#received-ok")
    passes = tab.inner_text("#h-passes")
    given, got = passes.split("\n")
    assert given.startswith("You passed to West:")
    assert all(card_text(c) in given for c in chosen)
    assert got.startswith("You received from East:")
    assert all(card_text(c) in got for c in received)
    while len(boxes(tab, "#h-tricks tbody tr")) < 3:  # three tricks, played like a player
        assert next_step(tab) == "turn"
        card = playable(tab)[0]
        tab.click(f'.hcard[data-card="{card}"]')
        tab.wait_for_function(f"!document.querySelector('.hcard[data-card=\"{card}\"]')")
    tab.wait_for_function("window.cardemsIdle()")
    tricks = tab.evaluate(
        f"() => fetch('/api/games/{game_id}').then(r => r.json()).then(d => d.view.tricks)"
    )
    rows = tab.eval_on_selector_all(
        "#h-tricks tbody tr",
        """rs => rs.map(r => ({label: r.getAttribute('aria-label'),
          cells: [...r.querySelectorAll('td')].slice(0, 4).map(c => c.innerText.trim()),
          led: [...r.querySelectorAll('td')].findIndex(c => c.classList.contains('led')),
          won: [...r.querySelectorAll('td')].findIndex(c => c.classList.contains('won'))}))""",
    )
    assert len(rows) == len(tricks) >= 3
    names = ["You", "West", "North", "East"]
    heads = tab.eval_on_selector_all(
        "#h-tricks thead .seat-name", "ns => ns.map(n => n.textContent)"
    )
    assert heads == names
    for number, (row, trick) in enumerate(zip(rows, tricks, strict=True), 1):
        by_seat = {(trick["leader"] + i) % 4: c for i, c in enumerate(trick["cards"])}
        assert row["cells"] == [card_text(by_seat[seat]) for seat in range(4)]
        assert (row["led"], row["won"]) == (trick["leader"], trick["winner"])
        leader, winner = names[trick["leader"]], names[trick["winner"]]
        assert row["label"].startswith(f"Trick {number}: {leader} led, {winner} took it")
    assert "2♣" in rows[0]["cells"] and not tab.is_visible("#h-no-tricks")


def tracked(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(
        "#h-tracker bdi.cardtext", "ns => ns.map(n => n.textContent)"
    )
    return cards


def test_the_tracker_of_cards_still_out_is_a_setting(tab: Any, live: LiveServer) -> None:
    game_id = start(tab, live)
    assert next_step(tab) == "pass"
    assert tab.get_attribute("html", "data-tracker") is None
    assert not tab.is_visible("#h-tracker") and not tab.is_checked("#h-track")
    save_settings(tab, live.url, tracker=True)
    open_match(tab, live.url + f"/game/{game_id}")
    assert next_step(tab) == "pass"
    assert tab.is_visible("#h-tracker") and tab.is_checked("#h-track")
    out = tracked(tab)
    assert len(out) == 39 and not {card_text(c) for c in hand(tab)} & set(out)
    # The check box beside it writes the same setting, for every page and device.
    tab.uncheck("#h-track")
    tab.wait_for_function("window.cardemsIdle()")
    assert not tab.is_visible("#h-tracker")
    saved = tab.evaluate("() => fetch('/api/settings').then(r => r.json())")
    assert saved["settings"]["tracker"] is False
    assert tab.evaluate("Object.keys(localStorage)") == []
    open_match(tab, live.url + f"/game/{game_id}")
    assert not tab.is_visible("#h-tracker") and not tab.is_checked("#h-track")
