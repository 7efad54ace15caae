"""Hearts with friends in four browsers: one opens a table, three join by its link, and
they play a whole round together, one reloading and one losing its connection in the
middle of a trick. On PostgreSQL the four are split over two app instances (two
workers on one database); on SQLite one server serves them all."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_browser import ARTIFACTS, LiveServer

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
    ARTIFACTS.mkdir(exist_ok=True)
    for name, tab, context in zip(NAMES, tabs, contexts, strict=True):
        tab.screenshot(path=str(ARTIFACTS / f"together-{name}.png"), full_page=True)
        context.close()
    assert not errors, errors


def seats(tab: Any) -> list[dict[str, str]]:
    """The seats as a player sees them: name, state, total."""
    result: list[dict[str, str]] = tab.eval_on_selector_all(
        "#t-seats li",
        """items => items.map(li => ({name: li.querySelector('.name').textContent,
            state: li.querySelector('.state').textContent,
            connected: li.dataset.connected}))""",
    )
    return result


def hand(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(
        "#t-hand .card-button", "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def trick(tab: Any) -> list[str]:
    cards: list[str] = tab.eval_on_selector_all(
        "#t-trick .played[data-card]", "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def version(tab: Any) -> int:
    return int(tab.eval_on_selector("#together-table", "n => n.dataset.version || -1"))


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
    """The player of ``tab`` passes or plays, if it is their turn; whether they did."""
    if tab.is_visible("#t-passbar"):
        for card in rng.sample(hand(tab), 3):
            tab.click(f'#t-hand .card-button[data-card="{card}"]')
        tab.click("#t-pass")
        return True
    # The message and the hand in one read: an update may redraw the page between two.
    message, playable = tab.evaluate(TURN)
    if "Your turn" not in message:
        return False
    assert playable, f"told {message!r} with no card to play on {tab.url}"
    tab.click(f'#t-hand .card-button[data-card="{rng.choice(playable)}"]')
    return True


TURN = """() => [
  document.getElementById("t-message").textContent,
  [...document.querySelectorAll("#t-hand .card-button.playable")].map(n => n.dataset.card),
]"""


def test_four_friends_play_a_round_together(pages: list[Any], servers: list[LiveServer]) -> None:
    host = pages[0]
    host.goto(servers[0].url + "/together")
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
    hands = [set(hand(tab)) for tab in pages]
    assert len(set().union(*hands)) == 52  # four hands of thirteen, no card twice

    rng = random.Random(31)
    plays = 0
    reloaded = dropped = False
    while host.inner_text("#t-round") == "1":
        at = same_version(pages)
        shown = [set(hand(tab)) for tab in pages]  # one moment of the game on every screen
        for seat, mine in enumerate(shown):
            assert not mine & set().union(*(shown[s] for s in range(4) if s != seat))
        moved = [act(tab, rng) for tab in pages]
        assert any(moved), [tab.inner_text("#t-message") for tab in pages]
        wait_for(lambda at=at: min(version(tab) for tab in pages) > at, "the move on every page")
        current = trick(host)
        if 0 < len(current) < 4:  # in the middle of a trick (one move or more a turn)
            plays += 1
        if plays == 2 and not reloaded:  # Bogdan reloads in the middle of a trick
            reloaded = True
            held = hand(pages[1])
            pages[1].reload()
            wait_for(lambda: trick(pages[1]) == trick(host), "Bogdan's trick after reloading")
            wait_for(lambda held=held: hand(pages[1]) == held, "Bogdan's hand after reloading")
        if plays == 4 and not dropped:  # Dalia's connection drops in the middle of a trick
            dropped = True
            held = hand(pages[3])
            pages[3].context.set_offline(True)
            wait_for(lambda: seats(host)[3]["connected"] == "false", "Dalia shown offline")
            assert "not connected" in seats(host)[3]["state"]
            pages[3].context.set_offline(False)
            wait_for(lambda: seats(host)[3]["connected"] == "true", "Dalia back", 30)
            wait_for(lambda: trick(pages[3]) == trick(host), "Dalia's trick when back")
            assert hand(pages[3]) == held
    assert reloaded and dropped
    same_version(pages)
    for tab in pages:
        assert tab.inner_text("#t-round") == "2"
        assert len(hand(tab)) == 13
        totals = tab.eval_on_selector_all(
            "#t-seats .total", "nodes => nodes.map(n => Number(n.textContent))"
        )
        assert sum(totals) in (26, 78)


NO_SOCKET = """
window.WebSocket = class {
  constructor() { this.readyState = 0; }
  addEventListener() {}
  send() { throw new Error("this page has no socket"); }
  close() {}
};
"""
"""A browser whose WebSocket never opens (a proxy that does not pass them)."""


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
            tab.click(f'#t-hand .card-button[data-card="{card}"]')
        tab.click("#t-pass")
        wait_for(lambda tab=tab, before=before: version(tab) > before, "the pass drawn")
        assert tab.is_hidden("#t-passbar")  # passed: nothing more to choose
    assert posted == {host: 0, guest: 1}  # the host's pass went over its socket
    wait_for(lambda: version(host) == version(guest), "the guest's pass on the host's screen")
    for context in contexts:
        context.close()
    assert not errors, errors
