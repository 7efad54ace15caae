"""Issue 47, item 3: a member cannot flood a worker through the table's WebSocket, nor
hold it with requests that never end. A real server (uvicorn with the limits every
``cardems serve`` runs with, :mod:`cardems.web.serving`) on SQLite."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from together_helpers import Person
from web_browser import LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardems.web import commands, serving, table_live
from cardems.web.deps import COOKIE
from cardems.web.serving import TimedHttp


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    started = LiveServer(tmp_path / "cardems.db")
    yield started
    started.stop()


def member(server: LiveServer, name: str = "Ana", code: str | None = None) -> Person:
    person = Person(server.url, name)
    if code is None:
        person.open(level="easy")
    else:
        person.join(code)
    return person


def open_socket(person: Person) -> ClientConnection:
    url = person.base.replace("http", "ws", 1) + f"/ws/tables/{person.table_id}"
    cookie = f"{COOKIE}={person.http.cookie()}"
    return connect(url, additional_headers={"Cookie": cookie}, max_size=2**20).__enter__()


def until_closed(sock: ClientConnection, timeout: float = 10) -> tuple[list[Any], int | None]:
    """The messages received until the server closed the socket, and its close code."""
    received = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            received.append(json.loads(sock.recv(deadline - time.monotonic())))
        except ConnectionClosed as closed:
            return received, closed.rcvd.code if closed.rcvd else None
        except TimeoutError:
            break
    return received, None


def test_every_server_runs_with_the_limits() -> None:
    settings = commands.uvicorn_settings(commands.ServeOptions())
    assert settings["ws_max_size"] <= 64 * 1024
    assert settings["ws_ping_interval"] and settings["ws_ping_timeout"]
    assert 0 < settings["timeout_keep_alive"] <= 10
    assert settings["h11_max_incomplete_event_size"] <= 64 * 1024
    assert settings["http"] == "cardems.web.serving:TimedHttp"


def test_a_message_over_64_kib_closes_the_socket_before_it_is_read(server: LiveServer) -> None:
    ana = member(server)
    sock = open_socket(ana)
    assert json.loads(sock.recv(10))["type"] == "update"
    sock.send("x" * (15 * 1024 * 1024))
    _, code = until_closed(sock)
    assert code == 1009  # message too big
    assert ana.show()["table"]["seats"][0]["name"] == "Ana"  # the server goes on


def test_a_binary_message_is_refused_in_one_line_and_closes_the_socket(
    server: LiveServer,
) -> None:
    ana = member(server)
    sock = open_socket(ana)
    sock.recv(10)
    sock.send(b"\x00" * 100)
    received, code = until_closed(sock)
    assert code == 1003
    assert received[-1]["type"] == "error" and "text" in received[-1]["error"]
    assert "\n" not in received[-1]["error"]


def test_one_member_holds_a_few_sockets_not_hundreds(server: LiveServer) -> None:
    ana = member(server)
    kept, refused = [], []
    for _ in range(table_live.MEMBER_SOCKETS + 6):
        sock = open_socket(ana)
        first = json.loads(sock.recv(10))
        (kept if first["type"] == "update" else refused).append((sock, first))
    assert len(kept) == table_live.MEMBER_SOCKETS and len(refused) == 6
    for sock, first in refused:
        assert "too many connections" in first["error"] and "\n" not in first["error"]
        _, code = until_closed(sock)
        assert code == table_live.TOO_MANY_CODE
    kept[0][0].close()  # one closed: its place is free again
    time.sleep(0.3)
    again = open_socket(ana)
    assert json.loads(again.recv(10))["type"] == "update"
    for sock, _ in kept[1:]:
        sock.close()
    again.close()


def test_one_address_holds_a_few_sockets(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_live, "ADDRESS_SOCKETS", 3)
    monkeypatch.setattr(table_live, "UNCAPPED", frozenset())  # loopback counts here
    ana = member(server)
    code = ana.show()["table"]["code"]
    bogdan = member(server, "Bogdan", code)
    opened = [open_socket(ana), open_socket(ana), open_socket(bogdan)]
    for sock in opened:
        assert json.loads(sock.recv(10))["type"] == "update"
    late = open_socket(bogdan)
    assert json.loads(late.recv(10))["type"] == "error"
    assert until_closed(late)[1] == table_live.TOO_MANY_CODE
    for sock in opened:
        sock.close()


@pytest.mark.slow
def test_the_caps_hold_on_every_worker_together(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers on one database: a person's sockets and an address's are counted on
    both together, so the second worker refuses what the first has used up."""
    monkeypatch.setattr(table_live, "ADDRESS_SOCKETS", 5)
    monkeypatch.setattr(table_live, "UNCAPPED", frozenset())  # loopback counts here
    workers = [LiveServer(database) for _ in range(2)]  # type: ignore[arg-type]
    try:
        ana = member(workers[0])
        opened = []
        for index in range(table_live.MEMBER_SOCKETS):  # two on each worker
            ana.base = workers[index % 2].url
            opened.append(open_socket(ana))
            assert json.loads(opened[-1].recv(10))["type"] == "update"
        for worker in workers:  # one more on either: refused
            ana.base = worker.url
            late = open_socket(ana)
            first = json.loads(late.recv(10))
            assert first["type"] == "error" and "too many" in first["error"], first
            assert until_closed(late)[1] == table_live.TOO_MANY_CODE
        bogdan = member(workers[1], "Bogdan", ana.show()["table"]["code"])
        opened.append(open_socket(bogdan))  # the address's fifth socket, on worker 2
        assert json.loads(opened[-1].recv(10))["type"] == "update"
        bogdan.base = workers[0].url
        late = open_socket(bogdan)  # its sixth, on worker 1, which holds only two
        assert json.loads(late.recv(10))["type"] == "error"
        assert until_closed(late)[1] == table_live.TOO_MANY_CODE
        opened.pop(0).close()  # one closed: its place is free again, on either worker
        time.sleep(0.3)
        ana.base = workers[1].url
        again = open_socket(ana)
        assert json.loads(again.recv(10))["type"] == "update"
        for sock in [*opened, again]:
            sock.close()
    finally:
        for worker in workers:
            worker.stop()


def raw(server: LiveServer) -> socket.socket:
    where = urlsplit(server.url)
    return socket.create_connection((where.hostname, where.port), timeout=10)


def read_all(conn: socket.socket) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long it took."""
    began, data = time.monotonic(), b""
    while chunk := conn.recv(65536):
        data += chunk
    return data, time.monotonic() - began


class Quick(TimedHttp):
    head_seconds = 0.5
    body_seconds = 0.5


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose deadlines and pings are short enough to test."""
    started = LiveServer(
        tmp_path / "cardems.db", http=Quick, ws_ping_interval=0.3, ws_ping_timeout=0.3
    )
    yield started
    started.stop()


@pytest.mark.slow
def test_a_request_that_never_ends_is_closed(quick: LiveServer) -> None:
    silent = raw(quick)  # connects and sends nothing: closed quietly
    data, took = read_all(silent)
    assert data == b"" and took < 5
    partial = raw(quick)
    partial.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    data, took = read_all(partial)
    assert data.startswith(b"HTTP/1.1 408") and took < 5
    mid_body = raw(quick)
    mid_body.sendall(
        b"POST /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        b'content-length: 1000\r\n\r\n{"a": '
    )
    data, took = read_all(mid_body)  # the client went quiet mid-body: closed
    assert took < 5
    home = raw(quick)  # a whole request is answered, its connection then kept alive
    home.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    data, _ = read_all(home)
    assert data.startswith(b"HTTP/1.1 200")


@pytest.mark.slow
def test_a_socket_that_answers_no_ping_is_closed(quick: LiveServer) -> None:
    ana = member(quick)
    where = urlsplit(quick.url)
    conn = raw(quick)
    conn.sendall(
        f"GET /ws/tables/{ana.table_id} HTTP/1.1\r\nHost: {where.netloc}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Cookie: {COOKIE}={ana.http.cookie()}\r\n\r\n".encode()
    )
    data, took = read_all(conn)  # never answers the pings
    assert data.startswith(b"HTTP/1.1 101") and took < 5
    time.sleep(0.3)
    seats = ana.show()["table"]["seats"]
    assert not seats[0]["connected"]  # its connection counted no more


def test_the_serving_module_names_its_limits() -> None:
    assert serving.WS_MAX_SIZE <= 64 * 1024 and serving.limits()["ws_max_size"] <= 64 * 1024
