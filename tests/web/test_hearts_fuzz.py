"""Whatever a client sends to a Hearts match, the answer is below 500 and a refusal
changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from cardems.web.app import create_app

CARDS = st.sampled_from(["2C", "QS", "AH", "10H", "th", "ZZ", "", "4S"]) | st.text(max_size=4)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
INTENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["pass", "play", "finish", "undo"])},
    optional={
        "card": CARDS | JSON,
        "cards": st.lists(CARDS, max_size=4) | JSON,
        "version": st.integers(-2, 50) | JSON,
    },
)


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    app = create_app(tmp_path_factory.mktemp("fuzz") / "h.db", rate=1e6, burst=10**6)
    with TestClient(app) as client:
        answer = client.post(
            "/api/games", json={"game": "hearts", "code": "HT1-N-AAAAAAM", "level": "easy"}
        )
        game_id = answer.json()["id"]
        view = answer.json()["view"]
        client.post(
            f"/api/games/{game_id}/intent",
            json={"type": "pass", "cards": view["hand"][:3], "version": view["version"]},
        )
        yield client, game_id


@pytest.mark.slow
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=INTENTS | JSON, raw=st.booleans(), current=st.booleans())
def test_hearts_intents_never_cause_a_server_error(
    match: tuple[TestClient, str], body: Any, raw: bool, current: bool
) -> None:
    client, game_id = match
    url = f"/api/games/{game_id}"
    before = client.get(url).json()["view"]
    if current and isinstance(body, dict):  # made on the version shown: reaches the table
        body = {**body, "version": before["version"]}
    if raw:
        response = client.post(url + "/intent", content=repr(body).encode())
    else:
        response = client.post(url + "/intent", json=body)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert "error" in response.json()
        assert client.get(url).json()["view"] == before
    assert client.post(url + "/hint", json=body).status_code < 500
    assert client.get(url).json()["view"]["status"] == "playing"


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=JSON
    | st.fixed_dictionaries(
        {"game": st.just("hearts")}, optional={"level": JSON, "code": CARDS | JSON}
    )
)
def test_new_matches_never_cause_a_server_error(match: tuple[TestClient, str], body: Any) -> None:
    client, _ = match
    with TestClient(client.app) as other:  # another player: the fuzzed match stays open
        response = other.post("/api/games", json=body)
        assert response.status_code in (201, 400, 404), response.text
