"""Issue 47, items 1 and 2: a shared match's deal stays on the server until the match
ends, for every member and on every route; and a game id has one owner, so the solo
routes refuse a shared match and the table routes refuse a solo game.

Both tests enumerate the app's routes: a route added later is checked without being
named here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardems.store import Store
from cardems.store_tables import TableStore
from cardems.web.app import create_app

PARAM = re.compile(r"\{(\w+)\}")


@pytest.fixture
def app(database: str) -> Any:
    return create_app(database)


@pytest.fixture
def host(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@pytest.fixture
def guest(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


class Match:
    """A shared table with two people, and what its saved game holds."""

    def __init__(self, database: str, host: TestClient, guest: TestClient) -> None:
        opened = host.post("/api/tables", json={"name": "Ana", "level": "easy"})
        assert opened.status_code == 201, opened.text
        self.table_id = opened.json()["table"]["id"]
        self.join_code = opened.json()["table"]["code"]
        joined = guest.post("/api/tables/join", json={"code": self.join_code, "name": "Bogdan"})
        assert joined.status_code == 200, joined.text
        for client in (host, guest):  # one pass each, so that the log holds hidden cards
            view = client.get(f"/api/tables/{self.table_id}").json()["view"]
            move = {"type": "pass", "cards": view["hand"][:3], "version": 0}
            answer = client.post(f"/api/tables/{self.table_id}/intent", json=move)
            assert answer.status_code == 200, answer.text
        store = Store(database)
        try:
            table = TableStore(store).table(self.table_id)
            assert table is not None
            self.game_id = table.game_id
            saved = store.load_game(self.game_id)
            assert saved is not None
            self.code, self.secret = saved.code, str(saved.options["secret"])
            self.log = [tuple(action) for action in saved.log]
        finally:
            store.close()
        self.database = database

    def saved(self) -> tuple[int, str, list[tuple[str, ...]]]:
        store = Store(self.database)
        try:
            head = store.head(self.game_id)
            saved = store.load_game(self.game_id)
            assert head is not None and saved is not None
            return head[0], head[1], [tuple(action) for action in saved.log]
        finally:
            store.close()


def path_of(route: Route | WebSocketRoute, values: dict[str, str]) -> str:
    return PARAM.sub(lambda m: values[m[1]], route.path)


def test_no_route_shows_a_member_the_deal_of_a_match_in_play(
    database: str, app: Any, host: TestClient, guest: TestClient
) -> None:
    match = Match(database, host, guest)
    hidden = [match.code, match.secret, match.code.replace("-", "")]
    values = {
        "game_id": match.game_id,
        "table_id": match.table_id,
        "game": "hearts",
        "deal": "HT1-N-AAAAAAM",
        "code": match.join_code.replace("-", ""),
        "slug": "x",
    }
    checked = []
    for route in app.routes:
        if not isinstance(route, Route) or "GET" not in (route.methods or ()):
            continue
        path = path_of(route, values)
        for who, client in (("host", host), ("guest", guest)):
            answer = client.get(path, follow_redirects=True)
            assert answer.status_code < 500, (path, answer.text)
            for secret in hidden:
                assert secret not in answer.text, f"{who}: GET {path} shows {secret}"
            assert match.game_id not in answer.text or path != "/api/archive"
        checked.append(route.path)
    assert {"/api/archive", "/game/{game_id}", "/api/games/{game_id}"} <= set(checked)
    assert {"/game/{game_id}/replay", "/api/tables/{table_id}", "/stats"} <= set(checked)
    archive = host.get("/api/archive")
    assert archive.status_code == 200 and match.game_id not in archive.text
    for client in (host, guest):
        with client.websocket_connect(f"/ws/tables/{match.table_id}") as socket:
            first = socket.receive_text()
        assert not any(secret in first for secret in hidden)


def body_for(path: str, version: int) -> dict[str, Any]:
    if path.endswith("/intent"):
        return {"type": "pass", "cards": ["2C", "3C", "4C"], "version": version}
    return {}


def test_each_game_id_has_one_owner_on_every_route(
    database: str, app: Any, host: TestClient, guest: TestClient
) -> None:
    match = Match(database, host, guest)
    before = match.saved()
    solo = host.post("/api/games", json={"game": "hearts"})
    assert solo.status_code == 201, solo.text
    solo_id = solo.json()["id"]
    solo_before = host.get(f"/api/games/{solo_id}").json()["view"]
    on_shared = {"game_id": match.game_id, "table_id": solo_id}
    tried = []
    for route in app.routes:
        if isinstance(route, WebSocketRoute) and "{table_id}" in route.path:
            with (
                pytest.raises(WebSocketDisconnect),
                host.websocket_connect(path_of(route, on_shared)) as socket,
            ):
                socket.receive_text()
            tried.append(("WS", route.path))
            continue
        if not isinstance(route, Route) or not PARAM.search(route.path):
            continue
        names = set(PARAM.findall(route.path))
        if not names & {"game_id", "table_id"}:
            continue
        path = path_of(route, on_shared)
        for method in sorted((route.methods or set()) - {"HEAD"}):
            if method == "GET":
                answer = host.get(path, follow_redirects=False)
            else:
                answer = host.request(method, path, json=body_for(path, before[0]))
            tried.append((method, route.path))
            assert 400 <= answer.status_code < 500, (method, path, answer.text)
            if path.startswith("/api/"):
                error = answer.json()["error"]
                assert error and "\n" not in error
    assert match.saved() == before  # the shared match: nothing changed
    assert host.get(f"/api/games/{solo_id}").json()["view"] == solo_before
    routes = {path for _, path in tried}
    for expected in (
        "/api/games/{game_id}",
        "/api/games/{game_id}/intent",
        "/api/games/{game_id}/hint",
        "/api/games/{game_id}/restart",
        "/api/games/{game_id}/again",
        "/api/games/{game_id}/pause",
        "/api/games/{game_id}/winnable",
        "/game/{game_id}",
        "/game/{game_id}/replay",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/intent",
        "/api/tables/{table_id}/leave",
        "/api/tables/{table_id}/back",
        "/api/tables/{table_id}/revoke",
        "/tables/{table_id}",
        "/ws/tables/{table_id}",
    ):
        assert expected in routes
