"""Beleaguered Castle, Streets and Alleys, Eight Off, King Albert and Simple Simon on the
kit's table: golden code → layout, the table's undo exact over random play, levels and the
day's deal proved winnable."""

from __future__ import annotations

import datetime
import random
from typing import Any

import pytest

from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode

GOLDEN: dict[
    str, tuple[str, str, list[str | None], dict[str, str | None]]
] = {  # deal 617: the bottom card of each column, the cells, the foundations' tops
    "beleaguered-castle": (
        "BC1-N-AAAAATJ",
        "6H 8D 7C 3D 4D 5D 9H 6D",
        [],
        {"S": "AS", "H": "AH", "D": "AD", "C": "AC"},
    ),
    "streets-and-alleys": (
        "SA1-N-AAAAATJ",
        "8D 2S TH AH 9H 5S 4S 9D",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "king-albert": (
        "KA1-N-AAAAATJ",
        "4S QC QS 4C AD 8D 9H 3C 3S",
        ["5H", "7C", "9C", "QH", "4D", "5S", "6D"],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "simple-simon": (
        "SS1-N-AAAAATJ",
        "JD 8C 6D 3C KD 7D JC 9C 4H AH",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "eight-off": (
        "EO1-N-AAAAATJ",
        "KS JS QD 3S AC 7D 5D 2S",
        ["2D", "6S", "3H", "QS", None, None, None, None],
        {"S": None, "H": None, "D": None, "C": None},
    ),
}
NAMES = sorted(GOLDEN)


@pytest.mark.parametrize("name", NAMES)
def test_a_code_deals_the_same_layout_forever(name: str) -> None:
    game = game_for(name)
    text, bottoms, cells, foundations = GOLDEN[name]
    layout = game.describe(game.code_for(text))
    assert " ".join(column[0] for column in layout["columns"]) == bottoms
    assert layout["cells"] == cells and layout["foundations"] == foundations
    assert sum(map(len, layout["columns"])) + len([c for c in cells if c]) == (
        48 if name == "beleaguered-castle" else 52
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_undo_restores_the_table_exactly(name: str) -> None:
    game = game_for(name)
    rng = random.Random(7)
    table: Any = game.new_table(game.code_for(GOLDEN[name][0]), TableSettings(), {}, lambda: 0)
    for _ in range(25):
        if table.status != "playing":
            break
        before = table.view()
        table.act(rng.choice(table.legal_intents()))
        table.act(("undo",))
        assert table.view() | {"can_redo": False} == before | {"can_redo": False}
        table.act(("redo",))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_levels_and_the_days_deal_are_proved_winnable(name: str) -> None:
    game: Any = game_for(name)
    day = game.daily_code(datetime.date(2026, 12, 6))
    assert day == game.daily_code(datetime.date(2026, 12, 6)) and game.proves_winnable(day)
    easy = game.new_code("N", winnable=True, options={"difficulty": "easy"})
    assert game.level_of(easy) == "easy"


def test_solve_answers_with_a_line_or_a_proof() -> None:
    game: Any = game_for("beleaguered-castle")
    lost = game.solve(DealCode("BC", 1, "N", 16), shortest=False)
    assert lost["winnable"] is False and lost["moves"] == []
    won = game.solve(DealCode("BC", 1, "N", 1), shortest=False)
    assert won["winnable"] is True and won["length"] == len(won["moves"]) > 0


def test_analyze_decides_deals_with_the_generic_solver(capsys: pytest.CaptureFixture[str]) -> None:
    from cardems.cli import main

    assert main(["analyze", "eight-off", "--deals", "3", "--start", "1"]) == 0
    out = capsys.readouterr().out
    assert "Eight Off: 3 of 3 deals winnable (100.0%, 95 % interval" in out
    assert "CPU time per deal: median" in out
