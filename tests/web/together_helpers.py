"""Helpers of the shared-table tests: a person at a table over HTTP and a WebSocket."""

from __future__ import annotations

import http.cookiejar
import json
import random
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import ClientConnection, connect

from cardems.dealcode import DealCode
from cardems.hearts.together import SharedMatch
from cardems.store import Progress, Store
from cardems.web.deps import COOKIE


class Answer:
    """An HTTP answer: its status, text and JSON."""

    def __init__(self, status: int, text: str) -> None:
        self.status_code = status
        self.text = text

    def json(self) -> Any:
        return json.loads(self.text)


class Browser:
    """Requests with a cookie jar of their own (one browser)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def request(self, method: str, path: str, body: Any = None) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("content-type", "application/json")
        try:
            with self.opener.open(request, timeout=20) as response:
                return Answer(response.status, response.read().decode())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read().decode())

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, json: Any = None) -> Answer:
        return self.request("POST", path, {} if json is None else json)

    def cookie(self) -> str:
        return next((c.value or "" for c in self.cookies if c.name == COOKIE), "")

    def close(self) -> None:
        """Nothing to close."""


class Person:
    """One browser's worth of a player: their cookie, their requests, their socket."""

    def __init__(self, base: str, name: str) -> None:
        self.base = base
        self.name = name
        self.http = Browser(base)
        self.table_id = ""
        self.seat = -1
        self.socket: ClientConnection | None = None

    def post(self, path: str, body: Any = None) -> Answer:
        return self.http.post(path, json={} if body is None else body)

    def open(self, **body: Any) -> dict[str, Any]:
        answer = self.post("/api/tables", {"name": self.name, **body})
        assert answer.status_code == 201, answer.text
        data: dict[str, Any] = answer.json()
        self.table_id, self.seat = data["table"]["id"], data["table"]["seat"]
        return data

    def join(self, code: str) -> dict[str, Any]:
        answer = self.post("/api/tables/join", {"code": code, "name": self.name})
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        self.table_id, self.seat = data["table"]["id"], data["table"]["seat"]
        return data

    def show(self) -> dict[str, Any]:
        answer = self.http.get(f"/api/tables/{self.table_id}")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def act(self, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.post(f"/api/tables/{self.table_id}/intent", body)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def connect(self, base: str | None = None) -> ClientConnection:
        """A WebSocket to the table, on ``base`` (another worker) if given."""
        url = (base or self.base).replace("http", "ws", 1) + f"/ws/tables/{self.table_id}"
        cookie = self.http.cookie()
        opened = connect(url, additional_headers={"Cookie": f"{COOKIE}={cookie}"})
        self.socket = opened.__enter__()
        return self.socket

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        assert self.socket is not None
        data: dict[str, Any] = json.loads(self.socket.recv(timeout))
        return data

    def until(self, version: int, timeout: float = 10) -> dict[str, Any]:
        """The first update at ``version`` or later (answers to moves skipped)."""
        while True:
            message = self.receive(timeout)
            if message["type"] == "update" and message["version"] >= version:
                return message

    def send(self, message: Any) -> None:
        """``message`` over the socket (JSON unless already text or bytes)."""
        assert self.socket is not None
        self.socket.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def reply(self, timeout: float = 10) -> dict[str, Any]:
        """The next answer or error on the socket (updates skipped)."""
        while True:
            message = self.receive(timeout)
            if message["type"] != "update":
                return message

    def move(self, ident: int, body: dict[str, Any]) -> dict[str, Any]:
        """A move over the socket, and its answer (or error)."""
        self.send({"id": ident, "intent": body})
        reply = self.reply()
        assert reply["id"] == ident, reply
        return reply

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
        self.http.close()


def a_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal pass or play of the seat whose view this is, if it has one to make."""
    if view["status"] != "playing":
        return None
    if view["phase"] == "passing":
        if view["passes_chosen"][view["seat"]]:
            return None
        return {"type": "pass", "cards": rng.sample(view["hand"], 3)}
    if view["to_play"] != view["seat"]:
        return None
    return {"type": "play", "card": rng.choice(view["legal"])}


def finish_the_match(database: str) -> None:
    """The one table's match played to its end by bots alone (saved as its moves)."""
    store = Store(database)
    try:
        game_id = store.db.execute("SELECT game_id FROM shared_tables")[0]["game_id"]
        saved = store.load_game(game_id)
        assert saved is not None
        match = SharedMatch(DealCode.parse(saved.code), "beginner", secret="s")
        for action in saved.log:
            match.replay(action)
        before = len(match.log)
        match.run_bots(range(4))
        assert match.over
        progress = Progress(0.0, True, "over", match.score_of(0), len(match.log))
        store.append_actions(game_id, before, match.log[before:], progress)
    finally:
        store.close()
