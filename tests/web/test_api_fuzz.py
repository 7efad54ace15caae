"""Whatever a client sends, the API answers below 500 and a refusal changes nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
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


@pytest.mark.slow
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


def app_routes(app: Any) -> list[tuple[str, str]]:
    """Every (method, path template) the app answers, its static files left out."""
    found = []
    for route in app.routes:
        methods = sorted(getattr(route, "methods", None) or ())
        for method in methods:
            if method != "HEAD":
                found.append((method, route.path))
    return found


ODD_TEXTS = ["x", "%00", "%C2%B2", "9" * 5000, "a" * 300, "..%2F..", "%ED%A0%80", "HH1-N-AAAAAAM"]
ODD_BODIES: list[Any] = [
    None,
    {},
    [],
    {"type": "tap", "target": "stock", "version": 2**70},
    {"name": "ａｌｉｃｅ\n", "password": "²" * 9, "everywhere": "yes", "code": "HH²-N-AAAAAAM"},
    {"format": "cardems-archive", "version": 1, "games": [{"score": 2**80}]},
    {"theme": "\u202e", "game": "seahaven", "variant": "C1", "level": 10**30},
]


@pytest.mark.slow
def test_every_route_answers_below_500_on_every_database(db_path: str) -> None:
    """A deterministic sweep of every route of the app (accounts on), path parameters and
    bodies chosen to hit the parsers, as a visitor and as a player. Its 2,500 requests go
    to the app in the sweep's own event loop, as the test client's would but without its
    hops between threads (over a quarter of its CPU)."""
    app = create_app(db_path, rate=1e6, burst=10**6, newcomer_rate=1e6, accounts=True)
    routes = app_routes(app)
    assert len(routes) >= 30

    async def sweep() -> set[tuple[str, str]]:
        seen = set()
        transport = httpx2.ASGITransport(
            app, raise_app_exceptions=False, client=("testclient", 50000)
        )
        async with (
            app.router.lifespan_context(app),
            httpx2.AsyncClient(transport=transport, base_url="http://testserver") as client,
        ):
            created = await client.post("/api/games", json={"code": "HH1-N-AAAAAAM"})
            game_id = created.json()["id"]
            for method, template in routes:
                params = re.findall(r"{(\w+)(?::\w+)?}", template)
                for text in [*ODD_TEXTS, game_id]:
                    path = re.sub(r"{\w+(?::\w+)?}", text, template)
                    for body in ODD_BODIES if method == "POST" else [None]:
                        for cookie in ("", client.cookies.get("cardems_player", "")):
                            headers = {"cookie": f"cardems_player={cookie}"} if cookie else {}
                            if body is None:
                                response = await client.request(method, path, headers=headers)
                            else:
                                response = await client.request(
                                    method, path, json=body, headers=headers
                                )
                            assert response.status_code < 500, (method, path, body, response.text)
                            seen.add((method, template))
                    if not params:
                        break
        return seen

    assert anyio.run(sweep) == set(routes)
