"""``cardems solve CODE --lost-at MOVES…``: where a game played by these moves was lost."""

from __future__ import annotations

import json
import random

import pytest

from cardems.cli import main
from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode

PYRAMID = "PY1-P3-AAAAAAA"


def moves_of(slug: str, code: str, intents: object) -> list[str]:
    """The notation of every move a table plays for ``intents`` (a callable of the table
    giving the next intent, or None to stop)."""
    table = game_for(slug).new_table(DealCode.parse(code), TableSettings(), {}, lambda: 0.0)
    moves: list[str] = []
    for _ in range(300):
        intent = intents(table)  # type: ignore[operator]
        if intent is None:
            break
        moves += [e["move"] for e in table.act(intent) if e["type"] == "move"]
    return moves


def test_pyramid_stock_taps(capsys: pytest.CaptureFixture[str]) -> None:
    taps = moves_of("pyramid", PYRAMID, lambda table: ("tap", "stock"))
    assert main(["solve", PYRAMID, "--lost-at", *taps]) == 0
    out = capsys.readouterr().out
    assert out == (
        f"{PYRAMID}: You could still have won until move 40."
        " Hint: remove the king of diamonds at position 22\n"
    )
    assert main(["solve", PYRAMID, "--json", "--lost-at", *taps]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["lost_at"]["move"] == 40
    assert record["lost_at"]["notation"] == "22"


def test_klondike_random_loss(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(0)

    def pick(table: object) -> object:
        intents = table.legal_intents()  # type: ignore[attr-defined]
        playing = table.status == "playing"  # type: ignore[attr-defined]
        return rng.choice(intents) if playing and intents else None

    moves = moves_of("klondike", "KL1-D3-Z7KMA3B", pick)
    assert main(["solve", "KL1-D3-Z7KMA3B", "--json", "--lost-at", *moves]) == 0
    lost = json.loads(capsys.readouterr().out)["lost_at"]
    assert 1 <= lost["move"] < len(moves)
    assert lost["notation"] and lost["said"].startswith(
        f"You could still have won until move {lost['move']}."
    )


def test_not_lost_and_bad_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", PYRAMID, "--lost-at", "D"]) == 0
    assert "not lost" in capsys.readouterr().out
    assert main(["solve", PYRAMID, "--lost-at", "D", "X"]) == 2
    assert "X is not a legal move at move 2" in capsys.readouterr().err
