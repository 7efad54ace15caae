"""What an attacker can no longer do to accounts: guess freely, stall the server while
guessing, take a look-alike name, use a common password, reuse a copied database's
sessions or a forgotten one; and what a refused write leaves behind (nothing)."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from cardems.store import SESSION_SECONDS, Store
from cardems.web import passwords, throttle
from cardems.web.app import create_app
from cardems.web.deps import COOKIE
from cardems.web.names import NameError_, checked_name, name_key

PASSWORD = "correct horse battery"


@pytest.fixture
def hosted(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, accounts=True)) as client:
        yield client


def signup(client: TestClient, name: str, password: str = PASSWORD) -> int:
    return client.post("/api/account/signup", json={"name": name, "password": password}).status_code


def signin(client: TestClient, name: str, password: str = PASSWORD) -> tuple[int, dict[str, str]]:
    answer = client.post("/api/account/signin", json={"name": name, "password": password})
    return answer.status_code, {**answer.json(), **answer.headers}


def test_look_alike_names_are_one_account(hosted: TestClient) -> None:
    assert signup(hosted, "Alice") == 201
    for other in ("ALICE", "aIice", "alice", "al1ce", "ａｌｉｃｅ", "alíce"):
        with TestClient(hosted.app) as second:
            assert signup(second, other) == 409, other
    with TestClient(hosted.app) as second:
        assert signin(second, "ALICE")[0] == 200  # the name is found whatever its case
        assert second.get("/api/account").json() == {"name": "Alice"}


@pytest.mark.parametrize(
    "name", ["alice\n", "ali ce", "аlice", "al\u200bice", "ab", "a" * 33, "ali\x00ce", "a☺b"]
)
def test_names_with_controls_mixed_alphabets_or_odd_characters_are_refused(
    hosted: TestClient, name: str
) -> None:
    answer = hosted.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 400 and "letters of one alphabet" in answer.json()["error"]
    assert COOKIE not in hosted.cookies  # a refused write makes no profile


def test_names_of_one_alphabet_are_taken() -> None:
    for name in ("Ștefan", "דוד", "مريم", "ana-maria_2"):
        assert checked_name(name) == name
    assert name_key("Ştefan") != name_key("Ana") and name_key("ȘTEFAN") == name_key("stefan")
    with pytest.raises(NameError_):
        checked_name("Ștefanמ")


@pytest.mark.parametrize("password", ["password123", "PASSWORD123", "qwertyuiop", "aliceliddell"])
def test_common_passwords_and_the_name_itself_are_refused(
    hosted: TestClient, password: str
) -> None:
    answer = hosted.post("/api/account/signup", json={"name": "aliceliddell", "password": password})
    assert answer.status_code == 400 and "most common" in answer.json()["error"]


def test_guessing_is_throttled_per_account_across_workers(
    hosted: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1_800_000_000.0]  # the throttle's clock, moved by hand: load cannot end a wait
    monkeypatch.setattr(throttle, "clock", lambda: now[0])
    assert signup(hosted, "bob") == 201
    with TestClient(hosted.app) as guesser:
        for _ in range(throttle.FREE["account"] - 1):
            assert signin(guesser, "bob", "wrong password")[0] == 403
        statuses = [signin(guesser, "bob", "wrong password")[0] for _ in range(4)]
        assert statuses[0] == 403 and 429 in statuses  # waits of 1 s, 2 s… begin
        status, answer = signin(guesser, "BOB", PASSWORD)  # even the right one must wait
        wait = int(answer["retry-after"])
        assert status == 429 and 1 <= wait <= 8
        assert answer["error"] == f"too many sign-in attempts: try again in {wait} s"
    other_worker = create_app(hosted.app.state.service.store.db.location, accounts=True)
    with TestClient(other_worker) as elsewhere:  # another process on the same database
        assert signin(elsewhere, "bob")[0] == 429
    now[0] += wait + 0.1
    assert signin(hosted, "bob")[0] == 200


def test_guessing_is_throttled_per_address(
    hosted: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a clock that stands still: on a loaded machine the next guess may otherwise come
    # after the first wait (1 s) is over
    monkeypatch.setattr(throttle, "clock", lambda: 1_800_000_000.0)
    for number in range(throttle.FREE["address"]):
        assert signin(hosted, f"nobody{number}", "wrong password")[0] == 403
    assert signin(hosted, "somebody-else")[0] == 429


def test_the_wait_doubles_and_is_forgotten(db_path: str) -> None:
    store = Store(db_path)
    keys = [("account:x", 2), ("address:y", 100)]
    assert throttle.attempt(store, keys, now=0) == 0
    assert throttle.attempt(store, keys, now=0) == 0  # the 2nd: 1 s to wait
    assert throttle.attempt(store, keys, now=0.5) == 1
    assert throttle.attempt(store, keys, now=1) == 0  # the 3rd: 2 s
    assert throttle.attempt(store, keys, now=2) == 1
    assert throttle.attempt(store, keys, now=3) == 0  # the 4th: 4 s
    assert throttle.attempt(store, keys, now=3 + 3.5) == 1
    assert throttle.attempt(store, keys, now=3 + throttle.FORGET) == 0  # forgotten
    assert throttle.attempt(store, keys, now=3 + throttle.FORGET) == 0
    assert throttle.delay(100, 5) == throttle.LONGEST
    store.close()


def test_the_product_hashes_with_argon2id_at_the_librarys_recommended_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from argon2 import PasswordHasher, Type

    monkeypatch.undo()  # the product's hasher, not the tests' cheaper one
    product = passwords.hasher()
    recommended = PasswordHasher()
    assert product.type is Type.ID
    assert (product.time_cost, product.memory_cost, product.parallelism) == (
        recommended.time_cost,
        recommended.memory_cost,
        recommended.parallelism,
    )
    # an unknown name is checked against a decoy of the same cost as a real hash
    assert not product.check_needs_rehash(passwords.decoy())


def test_passwords_are_hashed_and_checked_off_the_event_loop(
    hosted: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[bool] = []
    real = passwords.hasher()

    def on_loop() -> bool:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    class Spy:
        def hash(self, password: str) -> str:
            threads.append(on_loop())
            return str(real.hash(password))

        def verify(self, stored: str, password: str) -> bool:
            threads.append(on_loop())
            return bool(real.verify(stored, password))

    monkeypatch.setattr(passwords, "hasher", lambda: Spy())
    assert signup(hosted, "carol") == 201
    with TestClient(hosted.app) as second:
        assert signin(second, "carol")[0] == 200
        assert signin(second, "carol", "wrong password")[0] == 403
        second.post("/api/account/password", json={"current": PASSWORD, "password": "x" * 20})
    assert len(threads) >= 4 and not any(threads)


def test_sessions_are_stored_hashed_expire_unused_and_slide_while_used(
    hosted: TestClient,
) -> None:
    assert signup(hosted, "dave") == 201
    token = hosted.cookies[COOKIE]
    store: Store = hosted.app.state.service.store
    with store.db.reading() as db:
        stored = [row["token"] for row in db.execute("SELECT token FROM sessions").fetchall()]
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]
    with store.transaction() as db:  # last seen two hours ago: renewed on the next request
        db.execute("UPDATE sessions SET seen = ?", (time.time() - 7200,))
    store._visitors.clear()
    answer = hosted.get("/api/account")
    assert answer.json() == {"name": "dave"}
    assert f"Max-Age={SESSION_SECONDS}" in answer.headers["set-cookie"]
    with store.db.reading() as db:
        seen = db.execute("SELECT seen FROM sessions").fetchone()["seen"]
    assert time.time() - float(seen) < 60
    with store.transaction() as db:  # unused for longer than a session lasts: ended
        db.execute("UPDATE sessions SET seen = ?", (time.time() - SESSION_SECONDS - 1,))
    store._visitors.clear()
    assert hosted.get("/api/account").json() == {"name": None}


def test_signing_out_everywhere_ends_every_session(hosted: TestClient) -> None:
    assert signup(hosted, "erin") == 201
    with TestClient(hosted.app) as phone, TestClient(hosted.app) as laptop:
        assert signin(phone, "erin")[0] == 200 and signin(laptop, "erin")[0] == 200
        answer = phone.post("/api/account/signout", json={"everywhere": True})
        assert answer.json() == {"name": None}
        hosted.app.state.service.store._visitors.clear()
        for client in (hosted, phone, laptop):
            assert client.get("/api/account").json() == {"name": None}


def test_a_refused_write_makes_no_player_and_sets_no_cookie(db_path: str) -> None:
    with TestClient(create_app(db_path)) as client:
        store: Store = client.app.state.service.store
        for path, body in (
            ("/api/games", {"game": "no such game"}),
            ("/api/settings", {"theme": 12}),
            ("/api/archive", {"format": "nope"}),
        ):
            answer = client.post(path, json=body)
            assert 400 <= answer.status_code < 500 and "set-cookie" not in answer.headers
        with store.db.reading() as db:
            assert db.execute("SELECT count(*) AS n FROM players").fetchone()["n"] == 0
