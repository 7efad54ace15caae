"""Accounts for hosted play: games follow a player from one browser to another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api_helpers import intent, new_game
from starlette.testclient import TestClient

from cardems.web.app import create_app
from cardems.web.deps import COOKIE

PASSWORD = "correct horse battery"


@pytest.fixture
def hosted(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, accounts=True)) as client:
        yield client


def test_sign_up_play_and_continue_from_a_second_browser(hosted: TestClient) -> None:
    first = hosted
    game_id = new_game(first, code="HH1-N-AAAAAAM")["id"]  # played before signing up
    intent(first, game_id, type="tap", target="stock")
    signup = first.post("/api/account/signup", json={"name": "ana", "password": PASSWORD})
    assert signup.status_code == 201 and first.get("/api/account").json() == {"name": "ana"}
    intent(first, game_id, type="tap", target="stock")
    with TestClient(first.app) as second:  # another browser, another device
        other_game = new_game(second, code="SH1-C4-AAAAAJ2")["id"]  # played anonymously
        wrong = second.post("/api/account/signin", json={"name": "ana", "password": "x" * 9})
        assert wrong.status_code == 403 and "wrong name or password" in wrong.json()["error"]
        assert second.get(f"/api/games/{game_id}").status_code == 403
        signin = second.post("/api/account/signin", json={"name": "ana", "password": PASSWORD})
        assert signin.status_code == 200
        view = second.get(f"/api/games/{game_id}").json()["view"]
        assert view["version"] == 2 and view["moves"] == 2  # the same game, where it was
        assert intent(second, game_id, type="tap", target="stock").status_code == 200
        mine = {g["id"] for g in second.get("/api/games").json()["unfinished"]}
        assert {game_id, other_game} <= mine  # this device's games came along
    assert first.get(f"/api/games/{game_id}").json()["view"]["version"] == 3


def test_an_account_cookie_is_a_session_that_signing_out_ends(hosted: TestClient) -> None:
    hosted.post("/api/account/signup", json={"name": "bob", "password": PASSWORD})
    token = hosted.cookies[COOKIE]
    game_id = new_game(hosted, code="HH1-N-AAAAAAM")["id"]
    assert hosted.post("/api/account/signout").json() == {"name": None}
    assert COOKIE not in hosted.cookies
    with TestClient(hosted.app, cookies={COOKIE: token}) as replayed:
        assert replayed.get(f"/api/games/{game_id}").status_code == 403  # the session ended
        assert replayed.get("/api/account").json() == {"name": None}


def test_changing_the_password_ends_the_other_sessions(hosted: TestClient) -> None:
    hosted.post("/api/account/signup", json={"name": "cyd", "password": PASSWORD})
    with TestClient(hosted.app) as phone:
        phone.post("/api/account/signin", json={"name": "cyd", "password": PASSWORD})
        assert phone.get("/api/account").json() == {"name": "cyd"}
        refused = hosted.post(
            "/api/account/password", json={"current": "nope nope", "password": "n" * 12}
        )
        assert refused.status_code == 403
        changed = hosted.post(
            "/api/account/password", json={"current": PASSWORD, "password": "n" * 12}
        )
        assert changed.status_code == 200
        assert hosted.get("/api/account").json() == {"name": "cyd"}  # this one stays
        assert phone.get("/api/account").json() == {"name": None}  # the other ended
    again = hosted.post("/api/account/signin", json={"name": "cyd", "password": "n" * 12})
    assert again.status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": "x", "password": PASSWORD}, 400, "3 to 32"),
        ({"name": "a b c", "password": PASSWORD}, 400, "3 to 32"),
        ({"name": "dee", "password": "short"}, 400, "8 to 200"),
        ({"name": "dee", "password": 12345678}, 400, "8 to 200"),
        ([], 400, "3 to 32"),
    ],
)
def test_bad_sign_ups_are_refused(
    hosted: TestClient, body: object, status: int, words: str
) -> None:
    response = hosted.post("/api/account/signup", json=body)
    assert response.status_code == status and words in response.json()["error"]


def test_a_name_is_taken_once(hosted: TestClient) -> None:
    assert hosted.post("/api/account/signup", json={"name": "eve", "password": PASSWORD}).is_success
    with TestClient(hosted.app) as other:
        taken = other.post("/api/account/signup", json={"name": "eve", "password": PASSWORD})
        assert taken.status_code == 409


def test_the_account_page_signs_in(hosted: TestClient) -> None:
    page = hosted.get("/account").text
    assert 'id="signin"' in page and 'id="signup"' in page and 'href="/account"' in page
    hosted.post("/api/account/signup", json={"name": "fay", "password": PASSWORD})
    page = hosted.get("/account").text
    assert "Signed in as fay." in page and 'id="signout"' in page


def test_a_local_server_has_no_accounts(client: TestClient) -> None:
    assert client.get("/api/account").status_code == 404
    assert client.get("/account").status_code == 404
    assert 'href="/account"' not in client.get("/").text
