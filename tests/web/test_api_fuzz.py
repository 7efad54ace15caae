"""Whatever a client sends, the API answers below 500 and a refusal changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from cardems.web.app import create_app

TARGETS = ["stock", "waste", "heart:25", "heart:0", "column:3", "column:3:1", "cell:2", "x"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
INTENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["tap", "double_tap", "drag", "undo", "redo", "fly"])},
    optional={
        "target": st.sampled_from(TARGETS) | JSON,
        "source": st.sampled_from(TARGETS),
        "version": st.integers(-2, 50) | JSON,
    },
)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[str]]]:
    app = create_app(tmp_path_factory.mktemp("fuzz") / "c.db", rate=1e6, burst=10**6)
    with TestClient(app) as client:
        ids = [
            client.post("/api/games", json={"code": code}).json()["id"]
            for code in ("HH1-N-AAAAAAM", "SH1-C2-AAAAAJ2")
        ]
        yield client, ids


@pytest.mark.slow
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=INTENTS | JSON, which=st.integers(0, 1), raw=st.booleans(), current=st.booleans())
def test_intents_never_cause_a_server_error(
    games: tuple[TestClient, list[str]], body: Any, which: int, raw: bool, current: bool
) -> None:
    client, ids = games
    url = f"/api/games/{ids[which]}"
    before = client.get(url).json()["view"]
    if current and isinstance(body, dict):  # made on the version shown: reaches the table
        body = {**body, "version": before["version"]}
    if raw:
        response = client.post(url + "/intent", content=repr(body).encode())
    else:
        response = client.post(url + "/intent", json=body)
    assert response.status_code < 500, response.text
    after = client.get(url).json()["view"]
    if response.status_code >= 400:
        assert "error" in response.json()
        assert (after["piles"], after["moves"], after["selected"]) == (
            before["piles"],
            before["moves"],
            before["selected"],
        )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=JSON)
def test_new_games_and_settings_never_cause_a_server_error(
    games: tuple[TestClient, list[str]], body: Any
) -> None:
    client, _ = games
    for path in ("/api/games", "/api/settings"):
        response = client.post(path, json=body)
        assert response.status_code < 500, response.text


def test_paths_with_odd_ids(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "c.db")) as client:
        for game_id in ("%00", "a" * 500, "..", "'; DROP TABLE games; --"):
            assert client.get(f"/api/games/{game_id}").status_code == 404
