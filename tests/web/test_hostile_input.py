"""Text that ``str.isdigit`` takes and ``int`` refuses, odd ids and cookies: a 4xx (or the
page without the odd part), never a 500, in every language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient

from cardems.web.app import create_app

ODD_NUMBERS = [
    pytest.param("²", id="superscript"),
    pytest.param("٣", id="arabic-indic"),
    pytest.param("9" * 4301, id="4301-digits"),
]
LANGUAGES = ["en", "ar", "he", "ro"]


@pytest.fixture
def polyglot(db_path: str) -> TestClient:
    return TestClient(create_app(db_path), raise_server_exceptions=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_odd_numbers_in_urls_are_refused_or_ignored(
    polyglot: TestClient, lang: str, odd: str
) -> None:
    with polyglot as client:
        client.headers["accept-language"] = lang
        stats = client.get("/stats", params={"imported": odd})
        assert stats.status_code == 200
        step = client.get("/replay/step", params={"code": "HH1-N-AAAAAAM", "step": odd})
        assert step.status_code == 400 and "error" in step.json()
        code = client.get(f"/api/codes/HH{odd}-N-AAAAAAM")
        assert code.status_code == 200 and code.json()["part"] in ("version", "form")
        for typed in (odd, f"#{odd}"):
            dealt = client.post("/api/games", json={"game": "freecell", "code": typed})
            assert dealt.status_code in (400, 413), dealt.text
            assert "error" in dealt.json()


def test_an_odd_move_number_is_an_ordinary_refusal(client: TestClient) -> None:
    data = new_game(client, code="HH1-N-AAAAAAM")
    answer = client.post(
        f"/api/games/{data['id']}/intent",
        json={"type": "tap", "target": "heart:²", "version": data["view"]["version"]},
    )
    assert answer.status_code < 500


@pytest.mark.parametrize("game_id", ["a%00b", "x" * 300, "%C3%A9"])
def test_an_impossible_game_id_is_a_404(polyglot: TestClient, game_id: str) -> None:
    with polyglot as client:
        assert client.get(f"/api/games/{game_id}").status_code == 404
        assert client.get(f"/game/{game_id}").status_code == 404


def test_the_archive_without_a_player_is_an_empty_archive(polyglot: TestClient) -> None:
    with polyglot as client:
        client.cookies.set("cardems_player", "nobody")
        answer = client.get("/api/archive")
        assert answer.status_code == 200 and answer.json()["games"] == []


@pytest.mark.parametrize(
    "words",
    [
        ["deal", "HH²-N-AAAAAAM"],
        ["deal", "--game", "freecell", "²"],
        ["replay", "HH1-N-AAAAAAM", "²"],
    ],
)
def test_the_command_line_says_what_is_wrong_without_a_traceback(words: list[str]) -> None:
    src = Path(__file__).resolve().parents[2] / "src"
    done = subprocess.run(
        [sys.executable, "-m", "cardems", *words],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.startswith("cardems: ")
