"""No GET changes anything: ``/play/<game>`` shows the table or the page that deals a
game, and only its form's POST deals (or, through it, ends the game in progress)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import new_game, play_page
from starlette.testclient import TestClient
from web_browser import LiveServer, open_home, player_id

from cardems.store import Store

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def counts(client: TestClient) -> tuple[int, int]:
    store: Store = client.app.state.service.store
    with store.db.reading() as db:
        players = db.execute("SELECT count(*) AS n FROM players").fetchone()["n"]
        games = db.execute("SELECT count(*) AS n FROM games").fetchone()["n"]
    return int(players), int(games)


def test_a_get_of_play_makes_no_player_and_no_game(client: TestClient) -> None:
    for query in ("", "?variant=C1", "?new=1"):
        page = client.get(f"/play/seahaven{query}")
        assert page.status_code == 200 and "Deal a new game" in page.text
        assert "set-cookie" not in page.headers
    assert counts(client) == (0, 0)


def test_a_get_of_another_variant_leaves_the_game_in_progress(client: TestClient) -> None:
    playing = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    page = client.get("/play/seahaven?variant=C1")
    assert page.status_code == 200 and "counts as lost" in page.text
    assert f'href="/game/{playing}"' in page.text
    assert counts(client) == (1, 1)
    assert client.get(f"/api/games/{playing}").json()["view"]["status"] == "playing"
    dealt = play_page(client, "seahaven", "?variant=C1")  # the player presses the button
    unfinished = [game["id"] for game in client.get("/api/games").json()["unfinished"]]
    assert dealt.url.path != f"/game/{playing}" and unfinished == [dealt.url.path[6:]]


def test_the_deal_form_needs_its_token_and_a_refusal_leaves_nothing(client: TestClient) -> None:
    refused = client.post("/play/seahaven", data={"token": "forged"})
    assert refused.status_code == 403 and "set-cookie" not in refused.headers
    foreign = client.post(
        "/play/seahaven", data={"token": "x"}, headers={"origin": "http://evil.example"}
    )
    assert foreign.status_code == 403
    assert counts(client) == (0, 0)


@pytest.fixture
def attacker() -> Iterator[str]:
    """A page served on another port of the same host."""
    page = {"html": b""}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(page["html"])

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    yield url, page  # type: ignore[misc]
    server.shutdown()


@pytest.mark.browser
def test_an_image_on_another_port_of_the_host_abandons_nothing(
    tab: Any, live: LiveServer, attacker: Any
) -> None:
    url, page = attacker
    open_home(tab, live.url)
    tab.evaluate(
        """() => fetch('/api/games', {method: 'POST', headers: {'content-type':
            'application/json'}, body: JSON.stringify({code: 'SH1-C4-AAAAAJ2'})})"""
    )
    store = Store(live.db)
    try:
        before = store.unfinished_games(player_id(tab))
        target = live.url.rstrip("/")
        page["html"] = (
            f'<img src="{target}/play/seahaven?variant=C1">'
            f'<img src="{target}/play/freecell">'
            f'<img src="{target}/play/hearts?new=1">'
        ).encode()
        tab.goto(url)
        tab.wait_for_load_state("networkidle")
        after = store.unfinished_games(player_id(tab))
    finally:
        store.close()
    assert len(before) == 1 and [g["id"] for g in after] == [g["id"] for g in before]
