"""Issue 47, item 9: blank passwords, guests under an account holder's name, and a
client's faults logged as one line."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from starlette.testclient import TestClient
from together_helpers import Person
from web_browser import LiveServer

from cardems.web.app import create_app
from cardems.web.deps import COOKIE

PASSWORD = "correct horse battery"


@pytest.fixture
def hosted(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, accounts=True)) as client:
        yield client


@pytest.mark.parametrize(
    "password",
    [" " * 8, "\t\t\t\t\n\n\n\n", "\u200b" * 8, "\x01\x02\x03\x04\x05\x06\x07\x08", "\u3000" * 9],
)
def test_a_password_of_blanks_or_control_characters_is_refused(
    hosted: TestClient, password: str
) -> None:
    answer = hosted.post("/api/account/signup", json={"name": "Alice", "password": password})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "not only spaces" in error and "\n" not in error
    assert hosted.get("/api/account").json().get("name") is None  # nothing made


def test_a_guest_cannot_sit_under_an_account_holders_name(hosted: TestClient) -> None:
    signed = hosted.post("/api/account/signup", json={"name": "Alice", "password": PASSWORD})
    assert signed.status_code == 201, signed.text
    opened = hosted.post("/api/tables", json={"level": "easy"}).json()["table"]
    with TestClient(hosted.app) as guest:
        for name in ("Alice", "ALICE", "al1ce"):
            taken = guest.post("/api/tables/join", json={"code": opened["code"], "name": name})
            assert taken.status_code == 409, name
            assert "account" in taken.json()["error"] and "\n" not in taken.json()["error"]
            own = guest.post("/api/tables", json={"level": "easy", "name": name})
            assert own.status_code == 409  # nor open a table under it
        joined = guest.post("/api/tables/join", json={"code": opened["code"], "name": "Bogdan"})
        assert joined.status_code == 200, joined.text
    seats = hosted.get(f"/api/tables/{opened['id']}").json()["table"]["seats"]
    assert [(s["name"], s["guest"]) for s in seats[:2]] == [("Alice", False), ("Bogdan", True)]
    assert not seats[2]["guest"]  # an empty seat is nobody's


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    started = LiveServer(tmp_path / "cardems.db")
    yield started
    started.stop()


@pytest.mark.slow
def test_a_clients_faults_are_logged_in_one_line(
    server: LiveServer, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    ana = Person(server.url, "Ana")
    ana.open(level="easy")
    where = urlsplit(server.url)
    frame = socket.create_connection((where.hostname, where.port), timeout=10)
    frame.sendall(
        f"GET /ws/tables/{ana.table_id} HTTP/1.1\r\nHost: {where.netloc}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Cookie: {COOKIE}={ana.http.cookie()}\r\n\r\n".encode()
    )
    time.sleep(0.3)
    mask, payload = b"\x01\x02\x03\x04", b"\xff\xfe\xfd"  # a text frame, not UTF-8
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    frame.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    while frame.recv(65536):  # closed by the server (1007)
        pass
    dropped = socket.create_connection((where.hostname, where.port), timeout=10)
    dropped.sendall(
        f"POST /api/tables/{ana.table_id}/intent HTTP/1.1\r\nHost: {where.netloc}\r\n"
        "content-type: application/json\r\ncontent-length: 100\r\n"
        f"Cookie: {COOKIE}={ana.http.cookie()}\r\n\r\n{{".encode()
    )
    time.sleep(0.3)
    dropped.close()  # gone mid-body
    time.sleep(0.5)
    assert ana.show()["table"]["id"] == ana.table_id  # the server goes on
    assert "Traceback" not in capfd.readouterr().err
    assert not [record for record in caplog.records if record.exc_info]
    said = [record.getMessage() for record in caplog.records]
    assert sum("Invalid UTF-8" in line and "\n" not in line for line in said) == 1
    assert sum("left during POST" in line and "\n" not in line for line in said) == 1
