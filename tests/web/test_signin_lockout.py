"""Issue 47, item 6: guesses lock the guesser out, not the owner. A device that signed in
to an account before (its device token) is throttled on its own: thirty seconds of wrong
passwords from elsewhere, one guess per wait after that, do not keep the owner out of
it; guesses elsewhere and the per-address limits stay throttled as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from cardems.web import throttle
from cardems.web.app import create_app
from cardems.web.deps import DEVICE_COOKIE

PASSWORD = "correct horse battery"
START = 1_800_000_000.0


@pytest.fixture
def hosted(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, accounts=True)) as client:
        yield client


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The throttle's clock, moved by hand."""
    clock = [START]
    monkeypatch.setattr(throttle, "clock", lambda: clock[0])
    return clock


def signin(client: TestClient, name: str, password: str = PASSWORD) -> int:
    answer = client.post("/api/account/signin", json={"name": name, "password": password})
    return answer.status_code


def guess_for(client: TestClient, now: list[float], seconds: float) -> int:
    """Wrong passwords for ``seconds``, each sent as soon as the throttle allows (one guess
    per wait once it makes them wait); how many were checked (not refused for a wait)."""
    checked, end = 0, now[0] + seconds
    while now[0] < end:
        status = signin(client, "carol", "wrong password")
        assert status in (403, 429)
        checked += status == 403
        now[0] += 0.25
    return checked


def test_guesses_from_elsewhere_do_not_lock_the_owner_out_of_their_device(
    hosted: TestClient, now: list[float]
) -> None:
    owner = hosted
    assert owner.post("/api/account/signup", json={"name": "carol", "password": PASSWORD})
    owner.post("/api/account/signout", json={})  # the laptop is closed; its token stays
    with TestClient(hosted.app) as guesser, TestClient(hosted.app) as stranger:
        assert guess_for(guesser, now, 30) <= 10  # the guesser is throttled
        assert signin(guesser, "carol") == 429  # even the right password, from there
        assert signin(stranger, "carol") == 429  # and from a device never signed in
        assert signin(owner, "carol") == 200  # the owner's own device is not locked
        assert owner.get("/api/account").json() == {"name": "carol"}
        owner.post("/api/account/signout", json={})
        guess_for(guesser, now, 60)  # one guess per wait keeps the account locked…
        assert signin(owner, "carol") == 200  # …for everyone but its owner's devices


def test_a_known_device_is_throttled_on_its_own_and_only_for_its_account(
    hosted: TestClient, now: list[float]
) -> None:
    assert hosted.post("/api/account/signup", json={"name": "carol", "password": PASSWORD})
    token = hosted.cookies.get(DEVICE_COOKIE)
    hosted.post("/api/account/signout", json={})
    statuses = [signin(hosted, "carol", "wrong password") for _ in range(8)]
    assert statuses[: throttle.FREE["device"]] == [403] * throttle.FREE["device"]
    assert 429 in statuses  # a stolen device token gives no free guesses
    with TestClient(hosted.app) as other:
        assert other.post("/api/account/signup", json={"name": "dave", "password": PASSWORD})
        other.post("/api/account/signout", json={})
        other.cookies.set(DEVICE_COOKIE, str(token))  # carol's token: not dave's device
        for _ in range(throttle.FREE["account"] + 2):
            signin(other, "dave", "wrong password")
        assert signin(other, "dave") == 429
    with TestClient(hosted.app) as forger:
        forger.cookies.set(DEVICE_COOKIE, "x" * 16 + "." + "0" * 32)
        for _ in range(throttle.FREE["account"] + 2):
            signin(forger, "carol", "wrong password")
        assert signin(forger, "carol") == 429


def test_the_per_address_limit_stays(hosted: TestClient, now: list[float]) -> None:
    for number in range(throttle.FREE["address"]):
        assert signin(hosted, f"nobody{number}", "wrong password") == 403
    assert signin(hosted, "somebody-else") == 429
