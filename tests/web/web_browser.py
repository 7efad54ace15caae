"""Helpers for the browser tests: open games, press cards like a player, read the screen."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from cardems.core.game import Action
from cardems.store import Progress, Store
from cardems.web.app import create_app
from cardems.web.deps import COOKIE

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class LiveServer:
    """The app under uvicorn in a thread, on a free loopback port, over a temp database."""

    def __init__(self, db: Path, *, accounts: bool = False, **settings: Any) -> None:
        """``settings``: uvicorn's, over the limits every server runs with; ``accounts``:
        offer sign-in."""
        import socket
        import threading

        import uvicorn

        from cardems.web.serving import limits

        self.db = db
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        app = create_app(db, accounts=accounts)
        config = uvicorn.Config(app, log_level="warning", **(limits() | settings))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self.thread.start()
        import time

        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started, "the test server did not start"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def open_home(tab: Any, base: str) -> None:
    """The home page, as a player (see :func:`become_player`)."""
    tab.goto(base + "/")
    become_player(tab, base)


def become_player(tab: Any, base: str) -> None:
    """Make this tab's player, if it has none yet, as the page makes one: on its first
    write (see :func:`save_settings`)."""
    if not has_player(tab):
        save_settings(tab, base)


def has_player(tab: Any) -> bool:
    return any(c["name"] == COOKIE for c in tab.context.cookies())


def save_settings(tab: Any, base: str, **changes: Any) -> None:
    """Save ``changes`` to this tab's player's settings, sent from the tab's browser (its
    cookies) without loading a page: a page is a second or more of drawing. A new player
    is made by this first write, with the first-game guide seen (so that it leaves the
    tables as they are after it)."""
    if not has_player(tab):
        changes = {"guide_seen": True} | changes
    answer = tab.context.request.post(
        base + "/api/settings",
        data=json.dumps(changes),
        headers={"content-type": "application/json"},
    )
    assert answer.status == 200, answer.text()


def player_id(tab: Any) -> str:
    cookies = {c["name"]: c["value"] for c in tab.context.cookies()}
    return str(cookies[COOKIE])


def seed_game(
    tab: Any,
    live: Any,
    game: str,
    code: str,
    log: list[Action],
    options: dict[str, Any] | None = None,
) -> str:
    """Save a game with ``log`` already played for this tab's player; its id."""
    become_player(tab, live.url)
    store = Store(live.db)
    try:
        variant = code.split("-")[1]
        game_id = store.create_game(player_id(tab), game, variant, code, options)
        progress = Progress(
            elapsed=0.0, timer_stopped=False, status="playing", score=0, moves=len(log)
        )
        store.append_actions(game_id, 0, log, progress)
    finally:
        store.close()
    return game_id


def open_prepared(
    tab: Any, live: Any, game: str, code: str, log: list[Action], *, known_win: int | None = None
) -> str:
    """Save a game with ``log`` already played for this tab's player, and open it.

    ``known_win``: the length of a win of the deal that the test knows (the line it
    plays), saved as the deal's best known win (not proven the shortest) before the game
    is opened, as the server saves it once its search has run: a win then shows it at
    once instead of asking the server's par search (seconds of solving, and what the
    page waits for before it is idle), for tests whose point is not the par."""
    game_id = seed_game(tab, live, game, code, log)
    if known_win is not None:
        store = Store(live.db)
        try:
            store.save_par(game_id, known_win, proven=False)
        finally:
            store.close()
    open_game(tab, live.url + f"/game/{game_id}")
    return game_id


def open_game(tab: Any, url: str) -> None:
    """Open a game's table; ``/play/<game>`` without a game in progress shows the page
    that deals one, whose button is pressed."""
    tab.goto(url)
    if tab.locator("form.deal").count():
        tab.click("form.deal button")
    tab.wait_for_selector("#table[data-ready]")


DEAL_CODE = re.compile(r"\b[A-Z]{2}[0-9]+-[A-Z0-9]+-[A-Z2-7]+\b")
"""A deal code, such as the new-game window's examples (``AC1-N-AAAAATJ``)."""


def page_without_names(tab: Any, *names: str) -> str:
    """The page's HTML without ``names`` (the deal code, the game's random id) and without
    any deal code: letters in them may spell a card ("5Q" in an id, "AC" in Accordion's
    codes) that is not a card shown."""
    html: str = tab.content()
    for name in names:
        html = html.replace(name, "")
    return DEAL_CODE.sub("", html)


def box(tab: Any, target: str, index: int = -1) -> dict[str, float]:
    """The on-screen box of a pile's card (top card by default) or of the pile's slot."""
    cards = tab.locator(f'.card[data-target="{target}"]')
    if cards.count():
        found: dict[str, float] = cards.nth(
            index if index >= 0 else cards.count() - 1
        ).bounding_box()
        return found
    slot: dict[str, float] = tab.locator(f'.pile[data-target="{target}"] .slot').bounding_box()
    return slot


POINTS = """(places) => places.map(([target, index]) => {
  const cards = document.querySelectorAll(`.card[data-target="${target}"]`);
  const node = cards.length ? cards[index >= 0 ? index : cards.length - 1]
    : document.querySelector(`.pile[data-target="${target}"] .slot`);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + Math.min(r.height / 2, 12)];
})"""


def points(tab: Any, *places: tuple[str, int]) -> list[tuple[float, float]]:
    """For each ``(target, index)``, a point on the visible part of a card (the top card
    for index -1) or of the pile's slot: near its top for fanned columns. One round trip
    to the page for them all (:func:`box` takes three for one): players' gestures ask
    for them at every move."""
    found = tab.evaluate(POINTS, [list(place) for place in places])
    for (target, _), at in zip(places, found, strict=True):
        assert at is not None, f"no card nor slot is drawn for {target}"
    return [(at[0], at[1]) for at in found]


def point(tab: Any, target: str, index: int = -1) -> tuple[float, float]:
    """A point on a card or a pile's slot (see :func:`points`)."""
    return points(tab, (target, index))[0]


def settled(tab: Any) -> None:
    """Wait until every request sent so far has been answered and drawn."""
    tab.wait_for_function("window.cardemsIdle && window.cardemsIdle()")


def click(tab: Any, target: str, index: int = -1) -> None:
    tab.mouse.click(*point(tab, target, index))
    settled(tab)


def double_click(tab: Any, target: str, index: int = -1) -> None:
    tab.mouse.dblclick(*point(tab, target, index))
    settled(tab)


def taps_at(
    tab: Any, x: float, y: float, times_ms: list[float], waits_ms: list[float] | None = None
) -> None:
    """Taps at (x, y) that the page sees happening at ``times_ms``: each press and release
    goes through Chromium's input with its own timestamp (what the page reads as the
    pointer events' ``event.timeStamp``), whatever the time it is delivered at. Before
    each tap, ``waits_ms`` of real time pass (none by default): a busy machine whose
    handlers run late, or bunched together."""
    import time

    cdp = tab.context.new_cdp_session(tab)
    try:
        start = time.time()
        for at, wait in zip(times_ms, waits_ms or [0] * len(times_ms), strict=True):
            time.sleep(wait / 1000)
            for kind, after in (("mousePressed", 0.0), ("mouseReleased", 0.03)):
                event = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
                cdp.send(
                    "Input.dispatchMouseEvent", event | {"timestamp": start + (at / 1000 + after)}
                )
    finally:
        cdp.detach()


def right_click(tab: Any, target: str, index: int = -1) -> None:
    tab.mouse.click(*point(tab, target, index), button="right")
    settled(tab)


def drag(tab: Any, source: str, target: str, index: int = -1) -> None:
    (x, y), (tx, ty) = points(tab, (source, index), (target, -1))
    tab.mouse.move(x, y)
    tab.mouse.down()
    tab.mouse.move(x + 10, y + 10)  # past table.js's 8-pixel threshold: a drag starts
    tab.mouse.move(tx, ty + 10, steps=2)
    tab.mouse.up()
    settled(tab)


def info(tab: Any) -> dict[str, str]:
    """The info bar as shown (each field's ``innerText``, read in one call into the page)."""
    shown: dict[str, str] = tab.evaluate(
        """() => Object.fromEntries(['time', 'score', 'moves', 'code'].map(
            (key) => [key, document.getElementById(key).innerText]))"""
    )
    return shown


def cards(tab: Any, target: str) -> list[str]:
    """The card ids drawn for a pile, bottom to top (``back`` for a face-down card)."""
    result: list[str] = tab.eval_on_selector_all(
        f'.card[data-target="{target}"]', "nodes => nodes.map(n => n.dataset.card)"
    )
    return result


def classes(tab: Any, target: str) -> set[str]:
    """The classes of a pile's top card."""
    cls: str = tab.locator(f'.card[data-target="{target}"]').last.get_attribute("class")
    return set(cls.split())


def count_label(tab: Any, target: str) -> str:
    text: str = tab.text_content(f'.pile[data-target="{target}"] .count')
    return text


def screen_piles(tab: Any) -> dict[str, list[str]]:
    """Every pile's drawn cards, bottom to top, as read from the page."""
    piles: dict[str, list[str]] = tab.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board > .pile')].map(
            g => [g.dataset.target,
                  [...g.querySelectorAll('.card')].map(c => c.dataset.card)]))"""
    )
    return piles


def snap(target: Any, name: str, *, full_page: bool = False) -> None:
    """Keep a screenshot of this moment (a page, or a locator's part of it) under
    test-artifacts/ for people to look at, when ``CARDEMS_TEST_SCREENSHOTS`` is set: a
    screenshot asserts nothing and costs up to two seconds (a failed test's is always
    kept, by the ``tab`` fixture)."""
    if not os.environ.get("CARDEMS_TEST_SCREENSHOTS"):
        return
    ARTIFACTS.mkdir(exist_ok=True)
    whole = {"full_page": True} if full_page else {}
    target.screenshot(path=str(ARTIFACTS / f"{name}.png"), **whole)
