"""Fair Hearts: while a match is played its seat sees a commitment to the deal, never the
code (which names every hand); the code and the secret that check it come at the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from api_helpers import intent, player, seed
from hearts_lines import near_end_log
from starlette.testclient import TestClient

from cardems.hearts.fairness import commitment, verify
from cardems.store import Store

CODE = "HT1-N-AAAAAAQ"
SRC = Path(__file__).resolve().parents[2] / "src"


def test_a_match_in_play_shows_a_commitment_and_never_its_code(client: TestClient) -> None:
    made = client.post("/api/games", json={"code": CODE, "level": "easy"})
    game_id, view = made.json()["id"], made.json()["view"]
    assert view["code"] is None and view["secret"] is None and len(view["commitment"]) == 64
    for seen in (
        made.text,
        client.get(f"/api/games/{game_id}").text,
        client.get(f"/game/{game_id}").text,
        client.get("/api/games").text,
        client.get("/").text,
        client.get("/api/archive").text,
        intent(client, game_id, {"type": "pass", "cards": view["hand"][:3]}).text,
        client.post(f"/api/games/{game_id}/hint").text,
        str(client.get(f"/game/{game_id}/replay", follow_redirects=False).headers),
    ):
        assert CODE not in seen
    other = client.post("/api/games", json={"code": CODE, "level": "easy"}).json()["view"]
    assert other["commitment"] != view["commitment"]  # a new secret for every match


@pytest.mark.slow
def test_the_end_of_a_match_opens_the_code_and_its_secret(client: TestClient, db_path: str) -> None:
    client.get("/")
    store = Store(db_path)
    options = {"level": "easy", "secret": "s3cret"}
    game_id = seed(store, player(client), "hearts", CODE, near_end_log(CODE), options)
    store.close()
    before = client.get(f"/api/games/{game_id}").json()["view"]
    assert before["code"] is None and before["commitment"] == commitment(CODE, "s3cret")
    after = intent(client, game_id, {"type": "play", "card": before["legal"][0]}).json()["view"]
    assert after["status"] in ("won", "lost")
    assert (after["code"], after["secret"]) == (CODE, "s3cret")
    assert verify(before["commitment"], after["code"], after["secret"])
    assert not verify(before["commitment"], "HT1-N-AAAAAAM", after["secret"])
    done = subprocess.run(
        [sys.executable, "-m", "cardems", "hearts-verify", before["commitment"], CODE, "s3cret"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert done.returncode == 0 and "the deal is the one the table committed to" in done.stdout
    wrong = subprocess.run(
        [sys.executable, "-m", "cardems", "hearts-verify", before["commitment"], CODE, "guess"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert wrong.returncode == 1 and "does NOT match" in wrong.stderr
    dealt = subprocess.run(
        [sys.executable, "-m", "cardems", "deal", CODE],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert dealt.returncode == 0 and dealt.stdout.strip()  # the finished deal, hands and all
