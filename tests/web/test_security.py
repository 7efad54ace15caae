"""What a hostile page, a careless client and a broken disk can do to the local server:
each case of the security issue as a test, and a fuzzer of every route."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api_helpers import intent, new_game, player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from cardems.store import DamagedStore, ReadOnlyStore, Store
from cardems.web import commands
from cardems.web.app import create_app
from cardems.web.lock import ServerLock

WORKED = "HH1-N-AAAAAAM"


def saved(db_path: Path, game_id: str) -> tuple[int, list[tuple[str, ...]]]:
    store = Store(db_path)
    try:
        game = store.load_game(game_id)
        assert game is not None
        return game.moves, game.log
    finally:
        store.close()


# 1. Cross-site requests ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"content-type": "text/plain"}, 415),  # a form or a "simple" cross-site fetch
        ({"content-type": "application/x-www-form-urlencoded"}, 415),
        ({"content-type": "application/json", "origin": "http://127.0.0.1:9999"}, 403),
        ({"content-type": "application/json", "origin": "null"}, 403),
        ({"content-type": "application/json", "sec-fetch-site": "cross-site"}, 403),
        ({"content-type": "application/json", "sec-fetch-site": "same-site"}, 403),
    ],
)
def test_a_cross_site_request_changes_nothing(
    client: TestClient, db_path: Path, headers: dict[str, str], status: int
) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    body = b'{"type": "tap", "target": "stock", "version": 0}'
    response = client.post(f"/api/games/{game_id}/intent", content=body, headers=headers)
    assert response.status_code == status
    settings_body = b'{"theme": "dark"}'
    assert client.post("/api/settings", content=settings_body, headers=headers).status_code in (
        403,
        415,
    )
    assert client.post("/api/games", content=b'{"game": "seahaven"}', headers=headers).status_code
    assert saved(db_path, game_id) == (0, [])
    assert client.get("/api/settings").json()["settings"]["theme"] == "light"
    assert [g["id"] for g in client.get("/api/games").json()["unfinished"]] == [game_id]


def test_the_same_origin_and_a_json_body_are_accepted(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    headers = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    body = {"type": "tap", "target": "stock", "version": 0}
    response = client.post(f"/api/games/{game_id}/intent", json=body, headers=headers)
    assert response.status_code == 200


def test_the_settings_form_needs_its_token_and_the_same_origin(client: TestClient) -> None:
    player(client)
    page = client.get("/settings").text
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    forged = client.post("/settings", data={"theme": "dark"})
    assert forged.status_code == 403
    foreign = client.post(
        "/settings", data={"theme": "dark", "token": token}, headers={"origin": "http://evil"}
    )
    assert foreign.status_code == 403
    assert client.get("/api/settings").json()["settings"]["theme"] == "light"
    assert client.post("/settings", data={"theme": "dark", "token": token}).status_code == 200


def test_the_player_cookie_is_strict_and_secure_over_https(db_path: Path) -> None:
    with TestClient(create_app(db_path)) as plain:
        cookie = plain.post("/api/settings", json={}).headers["set-cookie"].lower()
        assert "samesite=strict" in cookie and "httponly" in cookie and "secure" not in cookie
    with TestClient(create_app(db_path), base_url="https://cardems.example") as tls:
        app_host = create_app(db_path, allowed_hosts=["cardems.example"])
        with TestClient(app_host, base_url="https://cardems.example") as behind_proxy:
            cookie = behind_proxy.post("/api/settings", json={}).headers["set-cookie"].lower()
            assert "secure" in cookie and "samesite=strict" in cookie
        assert tls.get("/api/games").status_code == 200


# 2. Large bodies --------------------------------------------------------------------------


def post_chunks(db_path: Path, headers: dict[str, str], chunks: int, size: int) -> tuple[int, int]:
    """POST a body of ``chunks`` pieces straight to the ASGI app; the status and how many
    pieces the server pulled before it answered."""
    app = create_app(db_path)
    pulled = 0
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * size, "more_body": pulled < chunks}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    runner = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    runner.start()
    runner.join()
    return status, pulled


def test_a_huge_declared_body_is_refused_before_it_is_read(tmp_path: Path) -> None:
    headers = {"content-type": "application/json", "content-length": str(400 * 10**6)}
    status, pulled = post_chunks(tmp_path / "c.db", headers, chunks=400, size=10**6)
    assert status == 413 and pulled == 0


def test_an_undeclared_huge_body_stops_being_read_at_the_cap(tmp_path: Path) -> None:
    headers = {"content-type": "application/json", "transfer-encoding": "chunked"}
    status, pulled = post_chunks(tmp_path / "c.db", headers, chunks=4000, size=100_000)
    assert status == 413 and pulled == 1


# 3. Deep nesting and lone surrogates ---------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 1500 + b"]" * 1500,  # 3 KB, 1,500 deep
        b'{"game": ' + b"[" * 100 + b"]" * 100 + b"}",
        b'{"game": "\\ud800"}',
        b'{"code": "HH1-N-\\udfff"}',
        b'{"\\ud800": true}',
        b'{"language": "\\ud800"}',
        b'{"game": "\xff\xfe"}',
    ],
    ids=[
        "deep",
        "nested-value",
        "surrogate",
        "surrogate-code",
        "surrogate-key",
        "setting",
        "bytes",
    ],
)
def test_deep_or_non_unicode_json_is_a_400_on_every_post_route(
    client: TestClient, db_path: Path, raw: bytes
) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    headers = {"content-type": "application/json"}
    for path in ("/api/games", "/api/settings", f"/api/games/{game_id}/intent"):
        response = client.post(path, content=raw, headers=headers)
        assert response.status_code == 400, (path, response.text)
        assert response.json()["error"]
    assert saved(db_path, game_id) == (0, [])


# 4. A damaged or read-only database at start -------------------------------------------


def test_random_bytes_are_kept_aside_and_a_fresh_database_started(tmp_path: Path) -> None:
    db = tmp_path / "cardems.db"
    db.write_bytes(os.urandom(64 * 1024))
    original = db.read_bytes()
    with pytest.raises(DamagedStore):
        Store(db, check=True)
    store = commands.open_store(db)
    kept = [path for path in tmp_path.iterdir() if ".damaged-" in path.name]
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert store.create_player() and store.schema_version > 0


def test_a_zeroed_page_is_found_at_start(tmp_path: Path) -> None:
    db = tmp_path / "cardems.db"
    store = Store(db)
    player_id = store.create_player()
    for n in range(200):
        store.create_game(player_id, "heart-to-heart", "N", f"HH1-N-AAAAA{n:02d}"[:13])
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    page = 4096
    data[2 * page : 3 * page] = bytes(page)  # zero the third page
    db.write_bytes(bytes(data))
    with pytest.raises(DamagedStore):
        Store(db, check=True)
    fresh = commands.open_store(db)
    assert fresh.unfinished_games(player_id) == []
    assert any(".damaged-" in path.name for path in tmp_path.iterdir())


@pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr")
def test_a_read_only_database_is_reported_at_start(tmp_path: Path) -> None:
    db = tmp_path / "cardems.db"
    Store(db).close()
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA journal_mode=DELETE")  # no -wal/-shm files beside it
    if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode != 0:
        pytest.skip("this file system cannot make a file immutable")
    try:
        with pytest.raises(ReadOnlyStore):
            Store(db, check=True)
        with pytest.raises(SystemExit) as stopped:
            commands.open_store(db)
        assert "cannot write" in str(stopped.value) and "--db" in str(stopped.value)
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)


# 5. Players and rate limits: see test_api (players on the first write, pages limited,
# newcomers from one address).

# 6. The Host allow-list on a network address ---------------------------------------------


def test_serving_the_network_keeps_a_host_allow_list(db_path: Path) -> None:
    options = commands.ServeOptions(host="0.0.0.0", allowed_hosts=("cards.lan",))
    names = commands.host_names(options)
    assert "cards.lan" in names and "127.0.0.1" in names and "evil.example" not in names
    app = create_app(db_path, allowed_hosts=names)
    with TestClient(app, base_url="http://cards.lan") as lan:
        assert lan.get("/api/games").status_code == 200
    with TestClient(app, base_url="http://evil.example") as rebound:
        assert rebound.get("/api/games").status_code == 400


# 7. Durability -----------------------------------------------------------------------------


def test_every_commit_is_synced_to_disk(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


# 8. One server per database ---------------------------------------------------------------


def test_a_second_start_on_the_same_database_finds_the_first(tmp_path: Path) -> None:
    db = tmp_path / "cardems.db"
    with ServerLock(db) as first:
        assert first.held
        first.publish("http://127.0.0.1:8765/")
        with ServerLock(db) as second:
            assert not second.held and second.url == "http://127.0.0.1:8765/"
    with ServerLock(db) as again:
        assert again.held


def test_serve_opens_the_running_server_instead_of_a_second_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "cardems.db"
    opened: list[str] = []
    monkeypatch.setattr(commands.webbrowser, "open", opened.append)
    with ServerLock(db) as first:
        first.publish("http://127.0.0.1:8765/")
        commands.serve(commands.ServeOptions(db=db))  # returns at once
    assert opened == ["http://127.0.0.1:8765/"]


# A fuzzer of every route ------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
RAW = st.sampled_from(
    [b"[" * 2000, b'{"type": "tap", "target": "\\ud800", "version": 0}', b"\xff", b"", b"{"]
)
ROUTES = [
    ("GET", "/api/games"),
    ("POST", "/api/games"),
    ("GET", "/api/games/{id}"),
    ("POST", "/api/games/{id}/intent"),
    ("POST", "/api/games/{id}/hint"),
    ("POST", "/api/games/{id}/winnable"),
    ("POST", "/api/games/{id}/restart"),
    ("POST", "/api/games/{id}/pause"),
    ("GET", "/api/settings"),
    ("POST", "/api/settings"),
    ("GET", "/api/stats"),
    ("GET", "/api/codes/{text}"),
    ("GET", "/game/{id}"),
    ("GET", "/play/{text}"),
    ("GET", "/rules/{text}"),
    ("POST", "/settings"),
]


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, Path]]:
    db = tmp_path_factory.mktemp("fuzz") / "c.db"
    with TestClient(create_app(db, rate=1e6, burst=10**6)) as client:
        game_id = new_game(client, code=WORKED)["id"]
        intent(client, game_id, type="tap", target="stock")
        yield client, game_id, db


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    route=st.sampled_from(ROUTES),
    body=JSON | st.fixed_dictionaries({"type": st.just("tap"), "version": JSON}),
    raw=st.none() | RAW,
    text=st.sampled_from(["x", "%ED%A0%80", "..%2F..", "a" * 300, "SH1-C4-AAAAAJ2", "\u202e"]),
    known=st.booleans(),
    declared=st.none() | st.integers(0, 10**9),
    kind=st.sampled_from(["application/json", "text/plain", ""]),
)
def test_no_route_answers_5xx_or_changes_state_when_it_refuses(
    fuzzed: tuple[TestClient, str, Path],
    route: tuple[str, str],
    body: Any,
    raw: bytes | None,
    text: str,
    known: bool,
    declared: int | None,
    kind: str,
) -> None:
    client, game_id, _ = fuzzed
    method, template = route
    path = template.format(id=game_id if known else text, text=text)
    before = client.get(f"/api/games/{game_id}").json()["view"]
    settings_before = client.get("/api/settings").json()
    content = (
        raw if raw is not None else repr(body).encode() if kind != "application/json" else None
    )
    headers = {"content-type": kind} if kind else {}
    if declared is not None and content is not None:
        headers["content-length"] = str(max(declared, len(content)))
    if method == "GET":
        response = client.get(path)
    elif content is None:
        response = client.post(path, json=body, headers=headers)
    else:
        response = client.post(path, content=content, headers=headers)
    assert response.status_code < 500, (path, response.status_code, response.text[:200])
    if response.status_code >= 400 and path != f"/api/games/{game_id}/restart":
        after = client.get(f"/api/games/{game_id}").json()["view"]
        assert after["version"] == before["version"]
        assert client.get("/api/settings").json() == settings_before
