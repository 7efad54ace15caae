"""Issue 47, item 5: a seat's hand stops reaching a socket whose person signed out on
every device or was removed by the table's opener, on every worker, within a second;
the opener removes a member and a bot plays their seat. A real server (two workers,
one database, on PostgreSQL)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from together_helpers import Person
from web_browser import LiveServer
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardems.web.table_live import REMOVED_CODE

PASSWORD = "correct horse battery"
PROMPT = 1.0
"""How soon a socket must close once its person is signed out or removed (seconds)."""


@pytest.fixture
def servers(database: str) -> Iterator[list[LiveServer]]:
    """One server on SQLite; two (two workers, one database) on PostgreSQL."""
    count = 1 if database.endswith(".db") else 2
    started = [LiveServer(database, accounts=True) for _ in range(count)]  # type: ignore[arg-type]
    yield started
    for server in started:
        server.stop()


def closed_within(person: Person, seconds: float) -> tuple[list[dict[str, Any]], int | None]:
    """The messages the socket got until the server closed it (and its code), waiting at
    most ``seconds``; code None if it was still open then."""
    assert person.socket is not None
    received: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            received.append(json.loads(person.socket.recv(max(0.0, deadline - time.monotonic()))))
        except ConnectionClosed as closed:
            return received, closed.rcvd.code if closed.rcvd else None
        except TimeoutError:
            break
    return received, None


def drain(person: Person) -> None:
    """Read what the socket has now (its first update, and any other sent meanwhile)."""
    person.until(0)
    with contextlib.suppress(TimeoutError):
        while True:
            person.receive(0.5)


def test_signing_out_everywhere_closes_a_socket_opened_before(
    servers: list[LiveServer],
) -> None:
    laptop = Person(servers[0].url, "Ana")
    account = {"name": "Ana", "password": PASSWORD}
    assert laptop.post("/api/account/signup", account).status_code == 201
    opened = laptop.open(level="easy")
    phone = Person(servers[-1].url, "Ana")  # the same account on another device
    assert phone.post("/api/account/signin", account).status_code == 200
    phone.table_id = opened["table"]["id"]
    phone.connect()
    drain(phone)
    signed_out = laptop.post("/api/account/signout", {"everywhere": True})
    assert signed_out.status_code == 200
    received, code = closed_within(phone, PROMPT)
    assert code == REMOVED_CODE, (code, received)
    assert not any(message.get("view") for message in received)  # no hand after it
    assert "signed out" in received[-1]["error"] and "\n" not in received[-1]["error"]
    phone.close()
    laptop.close()


def test_the_opener_removes_a_member_whose_sockets_close_and_a_bot_plays_the_seat(
    servers: list[LiveServer],
) -> None:
    host, friend = Person(servers[0].url, "Ana"), Person(servers[-1].url, "Bogdan")
    opened = host.open(level="easy")
    old_code = opened["table"]["code"]
    friend.join(old_code)
    friend.connect()
    drain(friend)
    refused = friend.post(f"/api/tables/{friend.table_id}/remove", {"seat": 0})
    assert refused.status_code == 403 and "\n" not in refused.json()["error"]
    for bad in (0, 3, 9, "1", True, None):  # their own seat, an empty one, no seat
        answer = host.post(f"/api/tables/{host.table_id}/remove", {"seat": bad})
        assert answer.status_code == 400, (bad, answer.text)
    removed = host.post(f"/api/tables/{host.table_id}/remove", {"seat": 1})
    assert removed.status_code == 200, removed.text
    received, code = closed_within(friend, PROMPT)
    assert code == REMOVED_CODE, (code, received)
    assert "removed" in received[-1]["error"]
    seats = removed.json()["table"]["seats"]
    assert seats[1]["name"] is None and seats[1]["bot"]
    assert removed.json()["table"]["code"] not in (None, old_code)
    assert friend.http.get(f"/api/tables/{friend.table_id}").status_code == 404
    again = friend.post("/api/tables/join", {"code": old_code, "name": "Bogdan"})
    assert again.status_code == 404  # the old code lets them in no more
    with pytest.raises(InvalidStatus):  # a new socket is refused
        friend.connect()
    view = host.show()["view"]
    assert view["status"] == "playing"  # the bots play on for the seat
    friend.close()
    host.close()
