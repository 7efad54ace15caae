"""Gaps (Montana), the spaces family's first declaration: the deal and its redeals pinned
by the code, the engine's rules and words, refused declarations, the notation, the
solver held to a plain search on miniature decks, hints that win on the table, the
terminal and ``cardems analyze``."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import Card
from cardems.core.game import TableSettings
from cardems.core.history import IllegalMove
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.kit.spaces import DeclarationError, Lead, SpacesRules, declare
from cardems.kit.spaces.engine import (
    REDEAL,
    SPACE,
    Move,
    MoveParseError,
    SpacesState,
    deal,
    parse_move,
    runs,
)
from cardems.kit.spaces.game import SpacesGame
from cardems.kit.spaces.solver import solve
from cardems.kit.spaces.text import rows_of

GAME = game_for("gaps")
assert isinstance(GAME, SpacesGame)
RULES = GAME.rules
CODE = DealCode.parse("GP1-N-AAAAAAB")
ROOT = Path(__file__).resolve().parents[2]
R = Move(REDEAL, REDEAL)


def state_of(rows: list[str], redeals: int = 0, rules: SpacesRules = RULES) -> SpacesState:
    """A position from its rows ("2S 3S .. 4H", ``..`` a space)."""
    cells = [SPACE if t == ".." else Card.parse(t).ordinal for row in rows for t in row.split()]
    return SpacesState(rules, bytes(cells), redeals, "GP1-N", 0)


def test_the_code_deals_the_same_cards_forever() -> None:
    described = GAME.describe(CODE)
    assert " ".join(described["rows"][0]) == "JH KS 2C KD TC 5C 4D QH QS 8H 9S QC 2D"
    third = [card or ".." for card in described["rows"][2]]
    assert " ".join(third) == ".. 9D .. 5H TD .. QD 4H 3C 3D 3S JS 2H"
    assert described["redeals"] == 2 and described["score"] == 1  # the 2 of spades at B1
    assert "A  JH KS 2C KD TC 5C 4D QH QS 8H 9S QC 2D" in GAME.render(CODE)
    assert GAME.code_for("gp1-n-aaaaaab") == CODE
    strict = GAME.describe(DealCode.parse("GP1-S-AAAAAAB"))
    assert strict["redeals"] == 0 and strict["rows"][0][:3] == ["JS", "5C", "QH"]


def test_a_redeal_keeps_each_rows_run_and_deals_the_same_shuffle_forever() -> None:
    state = deal(RULES, CODE)
    after = state.apply(R)
    rows = rows_of(after)
    assert rows[0][:3] == [None, "4D", "4H"] and rows[3][:3] == [None, "2H", "TS"]
    assert rows[1][:2] == ["2S", None]  # the 2 of spades stays, its space right after it
    assert after.redeals == 1 and after.dealt == 1 and after.card_count() == 48
    assert after.apply(R).grid != after.grid and state.apply(R) == after
    last = after.apply(R)
    assert last.redeals == 0 and last.refusal(R) == "No redeal is left"


def test_a_space_takes_the_next_card_of_the_suit_on_its_left() -> None:
    state = state_of(
        [
            "2S 3S .. 4H 5H 6H 7H 8H 9H TH JH QH KS",
            "2H 3H KH .. 5S 6S 7S 8S 9S TS JS QS 4S",
            ".. 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            ".. 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        ]
    )
    assert runs(RULES, state.grid) == (2, 2, 0, 0)
    legal = {str(m) for m in state.legal_moves()}
    # A3 takes the 4S; B4 (right of a king) nothing; A1's and D1's spaces any two
    assert legal == {"B13-A3", "A1-C1", "B1-C1", "C2-C1", "D2-C1"} | {
        "A1-D1",
        "B1-D1",
        "C2-D1",
        "D2-D1",
    }
    assert state.refusal(parse_move("A4-A3", RULES)) == (
        "A space takes the card one rank higher, of the same suit, than the card on its left"
    )
    assert (
        state.refusal(parse_move("A13-B4", RULES))
        == "Nothing goes right of a king or of another space"
    )
    assert (
        state.refusal(parse_move("A4-C1", RULES)) == "A space in the first column takes only a two"
    )
    assert state.refusal(parse_move("A4-A5", RULES)) == "A card goes only into a space"
    after = state.apply(parse_move("B13-A3", RULES))
    assert after.score == 3 + 2 and after.moves == 1 and after.grid[25] == SPACE
    with pytest.raises(IllegalMove):
        after.apply(parse_move("B13-A3", RULES))


def test_the_rows_own_two_when_the_declaration_says_so() -> None:
    strict = declare(SpacesRules("Toy", (("N", 0),), lead=Lead.ROW_SUIT))
    state = state_of(
        [
            ".. 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH ..",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD ..",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC ..",
        ],
        rules=strict,
    )
    assert [str(m) for m in state.legal_moves()] == ["A13-A1"]  # not B1's, C1's, D1's twos
    other = state_of(
        [
            ".. 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
            "2S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH ..",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD ..",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC ..",
        ],
        rules=strict,
    )
    assert other.refusal(parse_move("A13-A1", strict)) == (
        "A space in the first column takes only the two of its row's suit"
    )
    assert state.apply(parse_move("A13-A1", strict)).outcome == "won"


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            SpacesRules("Toy", (("N", 2),), rows=3),
            "Toy: rows: 3 rows, but each row ends as one of the 4 suits",
        ),
        (
            SpacesRules("Toy", (("N", 2),), columns=14),
            "Toy: columns: 14 columns: a suit's run needs 3 to 13",
        ),
        (SpacesRules("Toy", ()), "Toy: variants: none declared"),
        (SpacesRules("Toy", (("N", 2), ("N", 0))), "Toy: variants: a letter named twice in N, N"),
        (SpacesRules("Toy", (("n", 2),)), "Toy: variant 'n': a variant is one capital letter"),
        (SpacesRules("Toy", (("N", -1),)), "Toy: variant N: -1 redeals (0 to 9)"),
    ],
)
def test_declarations_that_contradict_themselves_are_refused(
    rules: SpacesRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as error:
        declare(rules)
    assert str(error.value) == message


@given(st.sampled_from(["R", "r", "C7-B4", " a1 - d13 ", "D13-A1", "b10-b9"]))
def test_moves_round_trip(text: str) -> None:
    move = parse_move(text, RULES)
    assert parse_move(str(move), RULES) == move


@pytest.mark.parametrize(
    "text", ["", "A1", "A1-A1", "E1-A1", "A14-A1", "A0-A1", "A01-A2", "A1-٣", "RR", "1" * 200]
)
def test_bad_moves_get_one_line(text: str) -> None:
    with pytest.raises(MoveParseError) as error:
        parse_move(text, RULES)
    assert "\n" not in str(error.value) and len(str(error.value)) < 120


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**31))
def test_random_play_conserves_the_cards_and_undo_restores(number: int, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("GP", 1, "N", number))
    for _ in range(60):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
        assert state.card_count() == 48 and sorted(state.grid)[:48] == sorted(
            c for c in range(52) if c % 13
        )
    table = GAME.new_table(DealCode("GP", 1, "N", number), TableSettings(), {}, lambda: 0.0)
    first = {key: table.view()[key] for key in ("piles", "score", "moves")}
    table.act(("tap", "redeal"))
    assert table.view()["moves"] == 1
    table.act(("undo",))
    assert {key: table.view()[key] for key in ("piles", "score", "moves")} == first


MINI = declare(SpacesRules("Mini", (("N", 1), ("S", 0)), columns=4))
"""Aces to fours: four rows of three cards and a space, small enough to search whole."""


def brute(state: SpacesState, seen: set[tuple[bytes, int]]) -> bool:
    """Winnable by trying every legal move of the engine, each position once."""
    if state.is_won():
        return True
    key = (state.grid, state.redeals)
    if key in seen:
        return False
    seen.add(key)
    return any(brute(state.apply(m), seen) for m in state.legal_moves())


def test_the_solver_agrees_with_a_plain_search_on_miniature_decks() -> None:
    verdicts = []
    for variant in ("N", "S"):
        for number in range(10):
            state = deal(MINI, DealCode("GP", 1, variant, number))
            found = solve(state)
            assert found.winnable is brute(state, set()), (variant, number)
            verdicts.append(found.winnable)
            if found.line is not None:
                for move in found.line:
                    state = state.apply(move)
                assert state.is_won()
    assert True in verdicts and False in verdicts  # both answers are exercised


def test_hints_win_on_the_table() -> None:
    table = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    for _ in range(400):
        if table.status != "playing":
            break
        hint = table.hint()
        assert hint is not None
        for intent in hint["intents"]:
            keys = ("type", "source", "target")
            table.act(tuple(intent[key] for key in keys if key in intent))
    assert table.status == "won" and table.view()["score"] == 48


def test_the_view_says_spaces_places_and_redeals() -> None:
    table = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    view = table.view()
    piles = {pile["target"]: pile for pile in view["piles"]}
    assert len(piles) == 53 and piles["tile:27"]["cards"] == [] and piles["redeal"]["count"] == 2
    assert max(p["x"] for p in piles.values()) < 7 * 108 + 20  # seven places a line
    labelled = GAME.label(view, "en")
    said = {pile["target"]: pile["label"] for pile in labelled["piles"]}
    assert said["tile:27"] == "Row 3, place 1, space"
    assert said["tile:1"] == "Row 1, place 1, jack of hearts"
    assert said["redeal"] == "Redeal, 2 left"
    assert json.dumps(view)  # JSON-ready


@pytest.mark.slow
def test_winnable_deals_levels_and_the_day_are_proven_wins() -> None:
    code = GAME.random_code("N", winnable=True)
    assert GAME.proves_winnable(code)
    assert GAME.level_of(CODE) in {"easy", "medium", "hard"}
    record = GAME.solve(CODE, shortest=False)
    state = deal(RULES, CODE)
    for text in record["moves"]:
        state = state.apply(parse_move(text, RULES))
    assert record["winnable"] is True and state.is_won()


@pytest.mark.slow
def test_a_deal_of_the_level_asked_and_a_followed_hint_remembered() -> None:
    from cardems.core.difficulty import DIFFICULTY

    for level in ("easy", "hard"):
        code = GAME.new_code("N", winnable=True, options={DIFFICULTY.name: level})
        assert GAME.level_of(code) == level
    solitaire = GAME.solitaire()
    state = deal(RULES, CODE)
    kind, move = solitaire.hint_move(state, None)
    assert kind == "move" and move is not None
    after = state.apply(move)
    remembered = solitaire._next[(after.grid, after.redeals, after.seed, after.number)]
    assert solitaire.hint_move(after, state) == ("move", remembered)  # no new search


def test_the_terminal_plays_and_hints() -> None:
    play = GAME.text_play()
    assert play is not None
    out = io.StringIO()
    last = run(play, CODE, io.StringIO("R\nzz\nq\n"), out)
    assert last.moves == 1 and "not a move" in out.getvalue()


@pytest.mark.slow
def test_cardems_analyze_prints_the_share_and_the_times() -> None:
    command = [sys.executable, "-m", "cardems", "analyze", "gaps", "--deals", "4"]
    done = subprocess.run(
        [*command, "--start", "1", "--nodes", "3000"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "of 4 deals winnable" in done.stdout and "CPU time per deal" in done.stdout
