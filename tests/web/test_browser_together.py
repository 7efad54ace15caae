"""Hearts with friends in four browsers: one opens a table, three join by its link, and
they play a whole round together on the solo table's felt (each at the bottom of their
own screen, the others around the trick by name, the score sheet beside), one reloading
and one losing its network for 3 s in the middle of a trick (back and caught up within
2 s of the network's return, without a reload). On PostgreSQL the four are split over
two app instances (two workers on one database); on SQLite one server serves them all."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from together_helpers import finish_the_match
from web_browser import LiveServer, snap

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Bogdan", "Chana", "Dalia"]


@pytest.fixture
def servers(database: str) -> Iterator[list[LiveServer]]:
    count = 1 if database.endswith(".db") else 2
    started = [LiveServer(database) for _ in range(count)]  # type: ignore[arg-type]
    yield started
    for server in started:
        server.stop()


@pytest.fixture
def pages(chromium_browser: Any, servers: list[LiveServer]) -> Iterator[list[Any]]:
    contexts = [
        chromium_browser.new_context(viewport={"width": 1000, "height": 800}) for _ in NAMES
    ]
    tabs = [context.new_page() for context in contexts]
    errors: list[str] = []
    for tab in tabs:
        tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tabs
    for name, tab, context in zip(NAMES, tabs, contexts, strict=True):
        snap(tab, f"together-{name}", full_page=True)
        context.close()
    assert not errors, errors


def seats(tab: Any) -> list[dict[str, str]]:
    """The seats around the felt as a player sees them, by seat: name, state, place
    (south, west, north or east of the felt)."""
    result: list[dict[str, str]] = tab.eval_on_selector_all(
        ".felt .seat",
        """plates => plates.map(p => ({seat: Number(p.dataset.seat),
            name: p.querySelector('.name').textContent,
            state: p.querySelector('.state').textContent,
            place: ['south', 'west', 'north', 'east'].find(c => p.classList.contains(c)),
            connected: p.dataset.connected})).sort((a, b) => a.seat - b.seat)""",
    )
    return result


def hand(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(
        "#t-hand .hcard", "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def trick(tab: Any) -> list[str]:
    """The cards in the middle of the felt, in the order of the seats' places."""
    cards: list[str] = tab.eval_on_selector_all(
        ".felt #t-trick .played .tcard", "nodes => nodes.map(n => n.dataset.card)"
    )
    return sorted(cards)


def press(tab: Any, card: str) -> None:
    """A tap on a card of the hand (fanned: the next card covers its middle), found and
    tapped at one moment (an update may draw the hand again between two)."""
    tab.evaluate(
        "card => document.querySelector(`#t-hand .hcard[data-card='${card}']`).click()", card
    )


def message(tab: Any) -> tuple[str, str, str]:
    """The status line: its text, its colour and the page's error colour."""
    result: tuple[str, str, str] = tab.evaluate(MESSAGE)
    return result


MESSAGE = """() => {
  const line = document.getElementById("t-message");
  const probe = document.createElement("span");
  probe.style.color = "var(--error)";
  document.body.appendChild(probe);
  const error = getComputedStyle(probe).color;
  probe.remove();
  return [line.textContent, getComputedStyle(line).color, error];
}"""


def version(tab: Any) -> int:
    return int(tab.eval_on_selector("#together-table", "n => n.dataset.version || -1"))


PAST = "at => Number(document.getElementById('together-table').dataset.version || -1) > at"
"""Whether the page shows a version of the game past ``at`` (waited for in the page)."""

VERSION_HAND = """() => [
  Number(document.getElementById("together-table").dataset.version || -1),
  [...document.querySelectorAll("#t-hand .hcard")].map(n => n.dataset.card),
]"""


def same_version_hands(tabs: list[Any]) -> tuple[int, list[set[str]]]:
    """Wait until every page shows the same version of the game; that version, and the
    hand each page shows at it (each page's version and hand read in one moment)."""
    found: list[tuple[int, list[set[str]]]] = []

    def check() -> bool:
        read = [tab.evaluate(VERSION_HAND) for tab in tabs]
        found[:] = [(read[0][0], [set(cards) for _, cards in read])]
        return len({at for at, _ in read}) == 1

    wait_for(check, "every page at one version")
    return found[0]


TRICK_SAID = f"""() => [
  [...document.querySelectorAll(".felt #t-trick .played .tcard")].map(n => n.dataset.card),
  ({MESSAGE})(),
]"""


def trick_said(tab: Any, cards: list[str], said: list[tuple[str, str, str]]) -> bool:
    """Whether ``tab`` shows the trick ``cards``; its status line of that moment (as
    :func:`message`) added to ``said`` when it does."""
    shown, line = tab.evaluate(TRICK_SAID)
    if sorted(shown) != cards:
        return False
    said.append(tuple(line))
    return True


def wait_for(check: Any, what: str, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)


def same_version(tabs: list[Any]) -> int:
    """Wait until every page shows the same version of the game; that version."""
    wait_for(lambda: len({version(tab) for tab in tabs}) == 1, "every page at one version")
    return version(tabs[0])


def act(tab: Any, rng: random.Random) -> bool:
    """The player of ``tab`` passes or plays, if it is their turn; whether they did (the
    round-end window closed first, as a player closes it to pass)."""
    ended, passing, hand_shown, message, playable = tab.evaluate(TURN)
    if ended:
        tab.click("#t-round-end-close")
        ended, passing, hand_shown, message, playable = tab.evaluate(TURN)
    if passing:
        tab.evaluate(PRESS_ALL, rng.sample(hand_shown, 3))
        tab.click("#t-pass-confirm")
        return True
    if "Your turn" not in message:
        return False
    assert playable, f"told {message!r} with no card to play on {tab.url}"
    press(tab, rng.choice(playable))
    return True


TURN = """() => {
  const bar = document.getElementById("t-passbar");
  const box = bar && bar.getBoundingClientRect();
  const shown = Boolean(box && box.width > 0 && box.height > 0)
    && getComputedStyle(bar).visibility !== "hidden";
  return [
    document.getElementById("t-round-end").open,
    shown,
    [...document.querySelectorAll("#t-hand .hcard")].map(n => n.dataset.card),
    document.getElementById("t-message").textContent,
    [...document.querySelectorAll("#t-hand .hcard.playable")].map(n => n.dataset.card),
  ];
}"""
"""What a player sees in one read (an update may redraw the page between two): whether
the round-end window is open, whether the pass bar is shown (as Playwright's
``is_visible``), the hand, the status line, and the cards that can be played."""

PRESS_ALL = """cards => cards.forEach(card =>
  document.querySelector(`#t-hand .hcard[data-card='${card}']`).click())"""
"""Taps on cards of the hand one after the other, as :func:`press` each."""
PLACES = ["south", "west", "north", "east"]


@pytest.mark.one_database("postgres")  # two workers on one database: SQLite's one server and more
def test_four_friends_play_a_round_together(pages: list[Any], servers: list[LiveServer]) -> None:
    host = pages[0]
    host.goto(servers[0].url + "/together")
    host.evaluate(SETTINGS, True)  # Ana's coach on: her notes at the round's end
    host.fill('#open-table input[name="name"]', NAMES[0])
    host.click('#open-table button[type="submit"]')
    host.wait_for_url("**/tables/*")
    wait_for(lambda: len(host.inner_text("#t-code")) == 9, "the table's code")
    code = host.inner_text("#t-code")
    link = host.input_value("#t-link")
    assert code.replace("-", "") in link
    for index, tab in enumerate(pages[1:], start=1):
        base = servers[index % len(servers)].url
        tab.goto(base + "/together/" + code.replace("-", "").lower())
        assert tab.inner_text("#join-code") == code
        tab.evaluate(SETTINGS, False)
        tab.fill('#join-table input[name="name"]', NAMES[index])
        tab.click('#join-table button[type="submit"]')
        tab.wait_for_url("**/tables/*")
    for tab in pages:  # who sits where, and everybody connected, on every screen
        wait_for(
            lambda tab=tab: [s["connected"] for s in seats(tab)] == ["true"] * 4,
            f"four connected seats on {tab.url}: {seats(tab)}",
        )
        assert [s["name"] for s in seats(tab)] == [f"{name} (guest)" for name in NAMES]
        assert len(hand(tab)) == 13
    for seat, tab in enumerate(pages):  # each at the bottom of the felt, the others around
        assert [s["place"] for s in seats(tab)] == [PLACES[(s - seat) % 4] for s in range(4)]
        # the pass prompt names who receives the cards (left: the next seat), not a bot
        receiver = f"{NAMES[(seat + 1) % 4]} (guest)"
        wait_for(
            lambda tab=tab, r=receiver: r in tab.inner_text("#t-passbar"),
            f"{receiver} in {tab.inner_text('#t-passbar')}",
        )
        text = tab.inner_text("#t-pass-text")
        assert text == f"Choose three cards to pass to {receiver}: 0 of 3 chosen.", text
        assert tab.inner_text("#t-message") == ""  # said once, on the felt
        names = tab.eval_on_selector_all(
            "#t-scores tbody .name", "ns => ns.map(n => n.textContent)"
        )
        assert names == [f"{name} (guest)" for name in NAMES]  # the score sheet
    hands = [set(hand(tab)) for tab in pages]
    assert len(set().union(*hands)) == 52  # four hands of thirteen, no card twice

    rng = random.Random(31)
    plays = 0
    reloaded = dropped = False
    while host.inner_text("#t-round") == "1":
        at, shown = same_version_hands(pages)  # one moment of the game on every screen
        for seat, mine in enumerate(shown):
            assert not mine & set().union(*(shown[s] for s in range(4) if s != seat))
        moved = [act(tab, rng) for tab in pages]
        deadline = time.monotonic() + 15  # a taken trick is shown a moment before the turn
        while not any(moved):
            said = [tab.inner_text("#t-message") for tab in pages]
            assert time.monotonic() < deadline, said
            time.sleep(0.1)
            moved = [act(tab, rng) for tab in pages]
        for tab in pages:  # the move on every page, each waited for in the page
            tab.wait_for_function(PAST, arg=at, timeout=15_000)
        current = trick(host)
        if 0 < len(current) < 4:  # in the middle of a trick (one move or more a turn)
            plays += 1
            for tab in pages:  # the trick on every felt, and whose turn it is said plainly
                said: list[tuple[str, str, str]] = []
                wait_for(
                    lambda tab=tab, c=current, said=said: trick_said(tab, c, said),
                    f"the trick on {tab.url}",
                )
                text, colour, error = said[-1]
                assert text and colour != error, (text, colour, error)
        if plays == 2 and not reloaded:  # Bogdan reloads in the middle of a trick
            reloaded = True
            held = hand(pages[1])
            pages[1].reload()
            wait_for(lambda: trick(pages[1]) == trick(host), "Bogdan's trick after reloading")
            wait_for(lambda held=held: hand(pages[1]) == held, "Bogdan's hand after reloading")
        if plays == 4 and not dropped:  # Dalia's network drops for 3 s in the middle of a trick
            dropped = True
            held = hand(pages[3])
            pages[3].evaluate("window.notReloaded = true")
            pages[3].context.set_offline(True)
            offline = time.monotonic()
            wait_for(lambda: seats(host)[3]["connected"] == "false", "Dalia shown offline")
            assert "not connected" in seats(host)[3]["state"]
            time.sleep(max(0.0, 3 - (time.monotonic() - offline)))  # 4 retries (≤ 1 s)
            pages[3].context.set_offline(False)
            back = time.monotonic()
            wait_for(lambda: seats(host)[3]["connected"] == "true", "Dalia back", 2)
            wait_for(lambda: trick(pages[3]) == trick(host), "Dalia's trick when back", 2)
            wait_for(
                lambda: "reconnecting" not in message(pages[3])[0],
                f"Dalia's page caught up: {message(pages[3])}",
                2 - (time.monotonic() - back),
            )
            assert pages[3].evaluate("window.notReloaded === true")  # no reload
            assert hand(pages[3]) == held
    assert reloaded and dropped
    same_version(pages)
    # the round's end said above the table while the next round's cards are passed
    wait_for(lambda: "Round 1 over: Ana (guest)" in host.inner_text("#t-message"), "round 1 over")
    for tab in pages:
        assert tab.inner_text("#t-round") == "2"
        assert len(hand(tab)) == 13
        totals = tab.eval_on_selector_all(
            "#t-scores .total", "nodes => nodes.map(n => Number(n.textContent))"
        )
        assert sum(totals) in (26, 78)
    for seat, tab in enumerate(pages):  # the round-end window, as on the solo table
        rows = tab.eval_on_selector_all(
            "#t-round-end-rows tr", "rows => rows.map(r => r.cells[0].textContent)"
        )
        if not rows:  # closed already, to pass
            continue
        assert tab.inner_text("#t-round-end-title") == "Round 1 over"
        assert rows == [f"{name} (guest)" for name in NAMES]
        if seat:
            assert tab.is_hidden("#t-round-end-coach")  # their coach is off
    assert host.evaluate("() => document.getElementById('t-round-end').open")
    wait_for(lambda: host.is_visible("#t-round-end-coach"), "Ana's coach", 20)
    assert host.inner_text("#t-round-end-coach-title") == "The coach on round 1"


SETTINGS = """coach => fetch('/api/settings', {method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({guide_seen: true, coach, animation: 'fast'})}).then(r => r.status)"""
"""A player's settings before they sit: the cards fly at the fast pace (the flights
still drawn, in less time), the coach on or off."""

NO_SOCKET = """
window.WebSocket = class {
  constructor() { this.readyState = 0; }
  addEventListener() {}
  send() { throw new Error("this page has no socket"); }
  close() {}
};
"""
"""A browser whose WebSocket never opens (a proxy that does not pass them)."""


@pytest.mark.one_database("postgres")  # host and guest at two workers: SQLite's one server and more
def test_moves_go_over_the_socket_and_are_posted_while_it_is_down(
    chromium_browser: Any, servers: list[LiveServer]
) -> None:
    contexts = [chromium_browser.new_context() for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    guest.add_init_script(NO_SOCKET)
    errors: list[str] = []
    posted: dict[Any, int] = {host: 0, guest: 0}
    for tab in (host, guest):
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on(
            "request",
            lambda request, tab=tab: (
                posted.__setitem__(tab, posted[tab] + 1)
                if request.method == "POST" and request.url.endswith("/intent")
                else None
            ),
        )
    host.goto(servers[0].url + "/together")
    host.fill('#open-table input[name="name"]', "Ana")
    host.click('#open-table button[type="submit"]')
    host.wait_for_url("**/tables/*")
    wait_for(lambda: len(host.inner_text("#t-code")) == 9, "the table's code")
    guest.goto(servers[-1].url + "/together/" + host.inner_text("#t-code").replace("-", ""))
    guest.fill('#join-table input[name="name"]', "Bogdan")
    guest.click('#join-table button[type="submit"]')
    guest.wait_for_url("**/tables/*")
    wait_for(lambda: host.eval_on_selector("#together-table", "n => n.dataset.live") == "open", "")
    for tab in (host, guest):
        wait_for(lambda tab=tab: len(hand(tab)) == 13, "a hand")
        before = version(tab)
        for card in hand(tab)[:3]:
            press(tab, card)
        tab.click("#t-pass-confirm")
        wait_for(lambda tab=tab, before=before: version(tab) > before, "the pass drawn")
        assert tab.is_hidden("#t-passbar")  # passed: nothing more to choose
    assert posted == {host: 0, guest: 1}  # the host's pass went over its socket
    wait_for(lambda: version(host) == version(guest), "the guest's pass on the host's screen")
    for context in contexts:
        context.close()
    assert not errors, errors


# One person at one server: what the page shows does not depend on the store, whose paths
# test_together.py takes on every database.
@pytest.mark.one_database("sqlite")
def test_bots_sit_around_the_felt_by_the_solo_tables_names(
    chromium_browser: Any, servers: list[LiveServer]
) -> None:
    """A table of one person and three bots: the bots are named as the solo table names
    the seats where they sit (West, North, East) and marked as bots, the pass prompt names
    the bot that receives the cards, and the bots' cards are in the middle of the felt."""
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(servers[0].url + "/together")
    tab.fill('#open-table input[name="name"]', "Ana")
    tab.click('#open-table button[type="submit"]')
    tab.wait_for_url("**/tables/*")
    wait_for(lambda: len(hand(tab)) == 13, "a hand")
    assert [(s["name"], s["place"]) for s in seats(tab)] == [
        ("Ana (guest)", "south"),
        ("West (bot)", "west"),
        ("North (bot)", "north"),
        ("East (bot)", "east"),
    ]
    assert not any(s["name"] == "Bot" for s in seats(tab))
    text = tab.inner_text("#t-pass-text")
    assert text == "Choose three cards to pass to West (bot): 0 of 3 chosen.", text
    for card in hand(tab)[:3]:
        press(tab, card)
    assert "3 of 3 chosen" in tab.inner_text("#t-pass-text")
    tab.click("#t-pass-confirm")
    wait_for(lambda: tab.is_hidden("#t-passbar") and len(hand(tab)) == 13, "the pass made")
    wait_for(lambda: "Your turn" in message(tab)[0], f"Ana's turn: {message(tab)}")
    text, colour, error = message(tab)
    assert colour != error, (text, colour, error)  # a prompt, not a refusal
    if "2C" not in hand(tab):  # a bot led the first trick: its cards are in the middle
        played = trick(tab)
        assert 1 <= len(played) <= 3, played
        felt = tab.locator(".felt").bounding_box()
        middle = tab.locator("#t-trick").bounding_box()
        assert (
            felt["y"] < middle["y"] and middle["y"] + middle["height"] < felt["y"] + felt["height"]
        )
    dimmed = tab.eval_on_selector_all("#t-hand .hcard.dimmed", "ns => ns.map(n => n.dataset.card)")
    if dimmed:  # a card the rules refuse: the reason, in the error's colour
        press(tab, dimmed[0])
        text, colour, error = message(tab)
        assert text and "Your turn" not in text and colour == error, (text, colour, error)
    rows = tab.eval_on_selector_all("#t-scores tbody tr .name", "ns => ns.map(n => n.textContent)")
    assert rows == ["Ana (guest)", "West (bot)", "North (bot)", "East (bot)"]
    context.close()
    assert not errors, errors


@pytest.mark.one_database("postgres")  # the removed person at the other worker: as above
def test_the_opener_removes_a_member_whose_seat_a_bot_takes(
    pages: list[Any], servers: list[LiveServer]
) -> None:
    """Only the opener sees Remove on the others' plates; pressing it gives that seat to a
    bot on every screen and closes the removed person's socket for good (no reconnecting)."""
    host, guest = pages[0], pages[1]
    host.goto(servers[0].url + "/together")
    host.fill('#open-table input[name="name"]', NAMES[0])
    host.click('#open-table button[type="submit"]')
    host.wait_for_url("**/tables/*")
    wait_for(lambda: len(host.inner_text("#t-code")) == 9, "the table's code")
    code = host.inner_text("#t-code").replace("-", "").lower()
    guest.goto(servers[-1].url + "/together/" + code)
    guest.fill('#join-table input[name="name"]', NAMES[1])
    guest.click('#join-table button[type="submit"]')
    guest.wait_for_url("**/tables/*")
    wait_for(lambda: seats(host)[1]["connected"] == "true", f"Bogdan seated: {seats(host)}")
    assert guest.locator(".felt .seat .remove:visible").count() == 0  # not the opener
    removes = host.locator(".felt .seat .remove:visible")
    assert removes.count() == 1  # Bogdan's plate only: not the opener's own, not a bot's
    removes.click()
    wait_for(lambda: seats(host)[1]["name"] == "West (bot)", f"a bot in seat 1: {seats(host)}")
    wait_for(
        lambda: (
            guest.evaluate("document.querySelector('#together-table').dataset.live") == "closed"
        ),
        "Bogdan's socket closed",
    )
    guest.wait_for_timeout(1500)  # no reconnection follows
    assert guest.evaluate("document.querySelector('#together-table').dataset.live") == "closed"


# One person at one server: what the page shows does not depend on the store, whose paths
# test_together.py takes on every database.
@pytest.mark.one_database("sqlite")
def test_play_again_with_the_same_people_from_the_match_end(
    chromium_browser: Any, servers: list[LiveServer], database: str
) -> None:
    """Once the match is over the table offers to play again: the button leads everyone
    who presses it to one new table, at the same seats, with a new deal."""
    context = chromium_browser.new_context(viewport={"width": 1000, "height": 800})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(servers[0].url + "/together")
    tab.fill('#open-table input[name="name"]', "Ana")
    tab.click('#open-table button[type="submit"]')
    tab.wait_for_url("**/tables/*")
    wait_for(lambda: len(hand(tab)) == 13, "a hand")
    assert tab.is_hidden("#t-again")  # not while the match is played
    old = tab.url
    finish_the_match(database)
    tab.reload()
    wait_for(lambda: tab.is_visible("#t-again"), "Play again at the match's end")
    assert tab.is_hidden("#t-leave") and "won the match" in message(tab)[0]
    tab.click("#t-again")
    tab.wait_for_url(lambda url: url != old and "/tables/" in url)
    tab.wait_for_load_state()
    wait_for(lambda: len(hand(tab)) == 13, "the next match's hand")
    assert tab.is_hidden("#t-again")
    assert [s["name"] for s in seats(tab)] == [
        "Ana (guest)",
        "West (bot)",
        "North (bot)",
        "East (bot)",
    ]
    context.close()
    assert not errors, errors
