"""The open solitaires of the build family on the kit's table: golden
code → layout, the table's undo exact over random play, levels and the day's deal
proved winnable."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
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
    "bakers-dozen": (
        "BD1-N-AAAAATJ",
        "KD 5D 8H AH KH QH AS 9S KS KC 6S 8D 9D",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "spanish-patience": (
        "SN1-N-AAAAATJ",
        "QH KD 4S 2H AC KH 7C 8H AS TC 5C 5S TS",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "fan": (
        "FN1-N-AAAAATJ",
        "6S AC KD 8C QS 3S 2S 9C 5C 3H QD JC JD 7D 7S 6C 9D QC",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "somerset": (
        "SO1-N-AAAAATJ",
        "AH JD QC 3D 9D AD 8S AC 8D KH",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "raglan": (
        "RG1-N-AAAAATJ",
        "5C 8H QD QC JC TD TH 9H JH",
        ["7D", "JS", "KD", "TS", "4S", "9D"],
        {"S": "AS", "H": "AH", "D": "AD", "C": "AC"},
    ),
    "flower-garden": (
        "FG1-N-AAAAATJ",
        "9D TH AS 9H AC 2S",
        [
            *("5D", "8H", "7H", "KH", "5H", "3H", "JH", "KC"),
            *("8S", "AH", "7C", "3D", "9S", "2D", "7D", "2H"),
        ],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "simple-simon": (
        "SS1-N-AAAAATJ",
        "JD 8C 6D 3C KD 7D JC 9C 4H AH",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "fortunes-favor": (  # and a stock of 35, the waste's 7C (tests/building/test_stock.py)
        "FF1-N-AAAAATJ",
        "2D 5H 4C 4D 6H TH KD 2S 8H 3C 3H 4H",
        [],
        {"S": "AS", "H": "AH", "D": "AD", "C": "AC"},
    ),
    "yukon": (
        "YU1-N-AAAAATJ",
        "AC JS 4C 7S 4D 5S 3C",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "russian-solitaire": (
        "RU1-N-AAAAATJ",
        "5D TH JC 9D 6C 2H 7S",
        [],
        {"S": None, "H": None, "D": None, "C": None},
    ),
    "canfield": (  # and a reserve of 13, a stock of 34 (tests/building/test_canfield.py)
        "CF1-N-AAAAAAB",
        "5H 5S KC 6C",
        [],
        {"S": "4S", "H": None, "D": None, "C": None},
    ),
    "mrs-mop": (
        "MM1-N-AAAAATJ",
        "3S 5S 3H TH JH 9S 8S AS 6C 6D 7S 2C 2S",
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
    talon = len(layout.get("stock", [])) + len(layout.get("waste", []))
    talon += len(layout.get("reserve", []))
    home = len([card for card in foundations.values() if card])
    deck = 104 if name == "mrs-mop" else 52
    assert sum(map(len, layout["columns"])) + len([c for c in cells if c]) + talon + home == deck


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


SEARCH_EXCEPTIONS = {"mrs-mop"}
"""Games the search wins on few deals (docs/GAMES.md): their winnable-only, level and
day's deals come from a shipped pool (tests/building/test_pool.py), won within more
positions than a player's budget, so their search's levels are checked on known deals."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(NAMES) - SEARCH_EXCEPTIONS))
def test_levels_and_the_days_deal_are_proved_winnable(
    name: str, seeded_draws: Callable[[int], None]
) -> None:
    """The day's deal (the same in every process: tests/test_daily.py) and an easy deal,
    drawn from seeded numbers (a level draws until its search rates a deal so)."""
    game: Any = game_for(name)
    assert game.proves_winnable(game.daily_code(datetime.date(2026, 12, 6)))
    seeded_draws(3)
    easy = game.new_code("N", winnable=True, options={"difficulty": "easy"})
    assert game.level_of(easy) == "easy"


@pytest.mark.slow
def test_mrs_mops_levels_are_the_positions_its_wins_take() -> None:
    game: Any = game_for("mrs-mop")
    levels = [game.level_of(DealCode("MM", 1, "N", n)) for n in (3, 1012, 1079, 0)]
    assert levels == ["easy", "medium", "hard", None]  # won in 543, 749, 2,144; undecided


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


def card_width_on_a_phone(name: str, phone: tuple[int, int] = (360, 640)) -> float:
    """The width of a card of ``name``'s first table on a phone held upright (the board
    scaled to fit, as the page's SVG does)."""
    game = game_for(name)
    table: Any = game.new_table(game.code_for(GOLDEN[name][0]), TableSettings(), {}, lambda: 0)
    board = table.view()["board"]
    width, height = float(board["width"]) + 8, float(board["height"]) + 8
    return 100 * min(phone[0] / width, phone[1] / height)


def test_a_table_of_eighteen_columns_lays_them_out_in_two_rows_that_fit_a_phone() -> None:
    game = game_for("fan")
    code = game.code_for(GOLDEN["fan"][0])
    state: Any = game.deal(code)
    rng = random.Random(5)
    for _ in range(40):  # a played table: its columns grow
        moves = [m for m in state.legal_moves() if m.dest.kind == "column"]
        if not moves:
            break
        state = state.apply(rng.choice(moves))
    solitaire: Any = game.solitaire()  # type: ignore[attr-defined]
    board = solitaire.board(state)
    columns = [solitaire.place(state, f"column:{n}") for n in range(1, 19)]
    assert sorted({place["y"] for place in columns}) == [columns[0]["y"], columns[9]["y"]]
    assert [place["x"] for place in columns[:9]] == [place["x"] for place in columns[9:]]
    longest = max(len(pile) for pile in state.columns[:9])
    bottom = columns[0]["y"] + (longest - 1) * columns[0]["fan"] + 140
    assert bottom < columns[9]["y"]  # the first row's cards never cover the second's
    tallest = max(len(pile) for pile in state.columns[9:])
    assert columns[9]["y"] + (tallest - 1) * columns[9]["fan"] + 140 <= board["height"]
    tops = [solitaire.place(state, f"foundation:{suit}") for suit in "SHDC"]
    assert max(place["x"] for place in columns + tops) + 100 <= board["width"]
    assert card_width_on_a_phone("fan") >= 36 and card_width_on_a_phone("bakers-dozen") >= 36


@pytest.mark.parametrize(
    ("name", "places"), [("fan", ""), ("king-albert", "the reserve"), ("eight-off", "a free cell")]
)
def test_the_terminal_offers_the_cells_a_game_has(name: str, places: str) -> None:
    import io

    from cardems.core.terminal import run

    game = game_for(name)
    code = DealCode.parse(GOLDEN[name][0])
    out = io.StringIO()
    run(game.text_play(), code, io.StringIO("quit\n"), out)
    first_line, shown = out.getvalue().split("\n", 1)
    assert ("free cell" in first_line) == (places == "a free cell")
    assert ("reserve" in first_line) == (places == "the reserve")
    assert ("cells:" in shown) == bool(places)
