"""Helpers of the API tests: start games, send versioned intents, seed saved games."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

from cardems.store import Progress, Store
from cardems.web.deps import COOKIE


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """``POST /api/games``; the answer, which must be a 201."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def play_page(client: TestClient, game: str, query: str = "") -> Any:
    """``/play/<game>`` as a player uses it: the table of the game in progress, or the
    page that deals one, whose button is pressed (a form post with its token)."""
    page = client.get(f"/play/{game}{query}")
    if 'class="deal"' not in page.text:
        return page
    action = re.search(r'<form class="deal" method="post" action="([^"]+)"', page.text)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page.text))
    assert action, page.text
    return client.post(action[1], data=fields)


def version_of(client: TestClient, game_id: str) -> int:
    """The game's version as the server shows it now (0 if it shows none)."""
    view = client.get(f"/api/games/{game_id}").json().get("view", {})
    return int(view.get("version", 0))


def intent(client: TestClient, game_id: str, body: Any = None, /, **fields: Any) -> Any:
    """``POST …/intent`` made on the game's current version (unless the body names one)."""
    if body is None:
        body = fields
    if isinstance(body, dict) and "version" not in body:
        body = {**body, "version": version_of(client, game_id)}
    return client.post(f"/api/games/{game_id}/intent", json=body)


def player(client: TestClient) -> str:
    """The client's player id (its first write makes one)."""
    if COOKIE not in client.cookies:
        assert client.post("/api/settings", json={}).status_code == 200
    return str(client.cookies[COOKIE])


def seed(
    store: Store,
    player_id: str,
    game: str,
    code: str,
    log: list[tuple[str, ...]],
    options: dict[str, Any] | None = None,
) -> str:
    """A saved game with ``log`` as its actions (not checked against the rules)."""
    variant = code.split("-")[1]
    game_id = store.create_game(player_id, game, variant, code, options)
    if log:
        store.append_actions(game_id, 0, log, Progress(0.0, False, "playing", 0, len(log)))
    return game_id


def won_by_hints(client: TestClient, code: str, most: int) -> dict[str, Any]:
    """A new game of ``code`` played by following the API's hints (``most`` of them at
    most), each intent sent on the version the last answer showed: a hint and the
    hint's intents a move, with no other request. The game's last view."""
    created = new_game(client, code=code)
    game_id, view = created["id"], created["view"]
    for _ in range(most):
        if view["status"] != "playing":
            break
        hint = client.post(f"/api/games/{game_id}/hint").json()["hint"]
        assert hint["verdict"] == "move", hint
        for body in hint["intents"]:
            sent = client.post(
                f"/api/games/{game_id}/intent", json={**body, "version": view["version"]}
            )
            assert sent.status_code == 200 and "refused" not in sent.json(), sent.text
            view = sent.json()["view"]
    return view
