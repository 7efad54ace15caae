"""Accordion, the row family's first declaration: the deal pinned by its code, the row
rule's facts (jumps, what matches), refused declarations, the notation, the solver held
to a plain search, hints that win on the table, statistics, the terminal and
``cardems analyze``."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import Card
from cardems.core.game import PlayedGame, TableSettings
from cardems.core.history import IllegalMove
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.kit.row import DeclarationError, Match, RowRules, declare
from cardems.kit.row.engine import Move, MoveParseError, RowState, deal, parse_move
from cardems.kit.row.solver import connected, solve

GAME = game_for("accordion")
RULES = GAME.rules  # type: ignore[attr-defined]
CODE = DealCode.parse("AC1-N-AAAAAAB")
ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "cardems"]


def row(text: str, rules: RowRules = RULES) -> RowState:
    """A position from card texts, one pile each, left to right (``9H 2H 7C``)."""
    return RowState(rules, tuple((Card.parse(c).ordinal,) for c in text.split()))


def test_the_code_deals_the_same_cards_forever() -> None:
    described = GAME.describe(CODE)
    first = ["9H", "2H", "7C", "TC", "6H", "7S", "2C", "8C", "QD", "7H", "AH", "6C", "JS"]
    assert [pile[0] for pile in described["piles"][:13]] == first
    assert [pile[0] for pile in described["piles"][-4:]] == ["5D", "KD", "8D", "JC"]
    assert len(described["piles"]) == 52 and all(len(p) == 1 for p in described["piles"])
    assert "   9H    2H    7C    TC" in GAME.render(CODE) and "piles: 52" in GAME.render(CODE)
    assert GAME.code_for("ac1-n-aaaaaab") == CODE


def test_a_pile_moves_one_or_three_places_left_onto_a_match_in_suit_or_rank() -> None:
    state = row("9H 2H 7C TC 6H 9S")
    # 2H onto 9H and TC onto 7C (the same suit, next to it), 6H onto 2H (three places
    # left); 9S matches neither 6H nor 7C
    assert state.legal_moves() == [Move(1, 0), Move(3, 2), Move(4, 1)]
    assert state.refusal(Move(5, 4)) == "The top cards must be of the same suit or the same rank"
    assert state.refusal(Move(5, 3)) == "A pile may move left by these numbers of places only: 1, 3"
    assert state.refusal(Move(0, 1)) == "A pile moves only onto a pile to its left"
    assert state.refusal(Move(8, 1)) == "There is no pile 9"
    after = state.apply(Move(4, 1))
    assert [len(p) for p in after.piles] == [1, 2, 1, 1, 1]
    assert after.tops() == row("9H 6H 7C TC 9S").tops()  # the mover's card on top
    assert after.score == 1 and after.moves == 1 and after.card_count() == 6
    with pytest.raises(IllegalMove):
        after.apply(Move(4, 3))


def test_the_rank_matches_too_and_one_pile_wins() -> None:
    state = row("9H 9S")
    assert state.legal_moves() == [Move(1, 0)]
    won = state.apply(Move(1, 0))
    assert won.outcome == "won" and won.legal_moves() == [] and won.score == 1
    assert won.refusal(Move(1, 0)) == "The game is won"
    assert row("9H 2S").outcome == "blocked"


def test_variants_are_data_the_jumps_and_the_match() -> None:
    suits = declare(RowRules("Suits only", match=Match.SUIT))
    assert row("9H 9S", suits).legal_moves() == []
    assert row("9H 9S", suits).refusal(Move(1, 0)) == "The top cards must be of the same suit"
    assert row("9H 2H", suits).legal_moves() == [Move(1, 0)]
    wide = declare(RowRules("One, two", jumps=(1, 2)))
    assert row("9H 2D 9S", wide).legal_moves() == [Move(2, 0)]
    assert row("9H 2D 9S").legal_moves() == []


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (RowRules("Toy", deal=60), "Toy: row: the deal lays out 60 cards, the deck has 52"),
        (RowRules("Toy", jumps=()), "Toy: row: no jump is declared"),
        (RowRules("Toy", jumps=(0, 1)), "Toy: row: a jump of 0 is not to the left"),
        (RowRules("Toy", jumps=(1, 9), deal=6), "Toy: row: a jump of 9 is longer than the row"),
        (RowRules("Toy", jumps=(3, 1)), r"Toy: row: the jumps \(3, 1\) must rise"),
        (RowRules("Toy", jumps=(2, 3)), "Toy: row: without a jump of 1 the first two piles"),
    ],
)
def test_declarations_that_contradict_themselves_are_refused(rules: RowRules, words: str) -> None:
    with pytest.raises(DeclarationError, match=words) as error:
        declare(rules)
    assert "\n" not in str(error.value)


@settings(max_examples=40)
@given(st.integers(1, 52), st.integers(1, 52))
def test_moves_round_trip(source: int, target: int) -> None:
    if source != target:
        move = parse_move(f" {source} - {target} ")
        assert parse_move(str(move)) == move and str(move) == f"{source}-{target}"


@pytest.mark.parametrize("text", ["", "5", "5-5", "0-1", "53-1", "x-1", "1-", "٣-1", "1" * 200])
def test_bad_moves_get_one_line(text: str) -> None:
    with pytest.raises(MoveParseError) as error:
        parse_move(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 120


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**31))
def test_random_play_conserves_the_cards(number: int, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("AC", 1, "N", number))
    while state.legal_moves():
        state = state.apply(rng.choice(state.legal_moves()))
        assert state.card_count() == 52 and state.score == 52 - len(state.piles)
        assert sorted(c for p in state.piles for c in p) == list(range(52))


def test_undo_restores_the_table_exactly() -> None:
    table: Any = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    first = table.view()
    move = table.state.legal_moves()[0]
    table.act(table.solitaire.intent_of(table.state, move))
    assert table.view()["moves"] == 1
    table.act(("undo",))
    assert {k: table.view()[k] for k in ("piles", "score", "moves")} == {
        k: first[k] for k in ("piles", "score", "moves")
    }


def brute(state: RowState) -> bool:
    """Winnable by trying every legal move, nothing remembered, nothing cut."""
    return state.is_won() or any(brute(state.apply(m)) for m in state.legal_moves())


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**31), st.integers(2, 8))
def test_the_solver_agrees_with_a_plain_search_on_short_rows(seed: int, length: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(52), length)
    state = RowState(RULES, tuple((c,) for c in cards))
    verdict = solve(state)
    assert verdict.winnable is brute(state)
    if verdict.line is not None:
        for move in verdict.line:
            state = state.apply(move)
        assert state.is_won()


def test_two_groups_that_never_match_are_lost() -> None:
    assert not connected(row("9H 2S").tops(), Match.SUIT_OR_RANK)
    assert connected(row("9H 2S 9S").tops(), Match.SUIT_OR_RANK)
    assert solve(row("9H 2S 4D 4C 9D")).winnable is brute(row("9H 2S 4D 4C 9D"))


def test_a_verdict_is_bounded_by_positions() -> None:
    found = solve(deal(RULES, CODE), 50)
    assert found.winnable is None and found.nodes <= 50


@pytest.mark.slow
def test_hints_win_on_the_table() -> None:
    table = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    for _ in range(60):
        if table.status != "playing":
            break
        hint: Any = table.hint()
        assert hint["verdict"] == "move", hint
        for intent in hint["intents"]:
            keys = ("type", "source", "target")
            table.act(tuple(intent[key] for key in keys if key in intent))
    assert table.status == "won" and table.view()["score"] == 51
    assert "onto pile" in GAME.solitaire().hint_words(  # type: ignore[attr-defined]
        row("9H 9S"), Move(1, 0), "en"
    )


def test_taps_select_then_move_and_a_wrong_pile_says_why() -> None:
    table = GAME.new_table(CODE, TableSettings(move_errors=True), {}, lambda: 0.0)
    table.act(("drag", "pile:12", "pile:9"))  # 6C onto QD, three places left: no match
    assert table.view()["message"] == "The top cards must be of the same suit or the same rank"
    table.act(("drag", "pile:12", "pile:8"))  # onto 8C, four places left: too far
    assert table.view()["message"].startswith("A pile may move left by")
    assert table.view()["moves"] == 0
    table.act(("tap", "pile:4"))  # TC
    table.act(("tap", "pile:3"))  # onto 7C: the same suit
    view = table.view()
    assert view["moves"] == 1 and view["score"] == 1
    third = view["piles"][2]
    assert third["cards"][0]["card"] == "TC" and third["count"] == 2
    assert view["piles"][51]["cards"] == []
    text = json.dumps(view)
    assert table.hidden_cards() == frozenset() and '"TC"' in text


def test_statistics_show_the_fewest_piles_left() -> None:
    played = [PlayedGame("N", "blocked", 40, 40, 10.0), PlayedGame("N", "won", 51, 51, 9.0)]
    blocks = GAME.statistics(played)
    line = next(line for line in blocks[0].lines if line.key == "fewest_piles")
    assert line.value == 1


def test_the_terminal_plays_and_hints() -> None:
    play = GAME.text_play()
    assert play is not None
    out = io.StringIO()
    last = run(play, CODE, io.StringIO("4-3\nzz\nq\n"), out)
    assert last.moves == 1 and "not a move" in out.getvalue()


@pytest.mark.slow
def test_winnable_deals_levels_and_the_solve_record_are_proven_wins() -> None:
    level_of = GAME.level_of  # type: ignore[attr-defined]
    assert level_of(DealCode.parse("AC1-N-AAAAAAH")) == "easy"  # won in 247 positions
    assert level_of(DealCode.parse("AC1-N-AAAAAAG")) == "hard"  # in 10,828
    assert level_of(DealCode.parse("AC1-N-AAAAAAJ")) is None  # not won within 20,000
    record = GAME.solve(CODE, shortest=False)
    state = deal(RULES, CODE)
    for text in record["moves"]:
        state = state.apply(parse_move(text))
    assert record["winnable"] is True and state.is_won() and len(record["moves"]) == 51


@pytest.mark.slow
def test_cardems_analyze_prints_the_share_and_the_times() -> None:
    done = subprocess.run(
        [*CLI, "analyze", "accordion", "--deals", "3", "--start", "1", "--nodes", "3000"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "of 3 deals winnable" in done.stdout and "CPU time per deal" in done.stdout


def test_screen_readers_hear_each_pile_its_count_and_its_top_card() -> None:
    table = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    table.act(("drag", "pile:4", "pile:3"))
    piles = GAME.localize(table.view(), "en")["piles"]
    assert piles[2]["label"] == "Pile 3 of the row, 2 cards, 10 of clubs"
    assert piles[2]["cards"][0]["label"] == "10 of clubs, Pile 3 of the row"
    assert piles[51]["label"] == "Pile 52 of the row, empty"
    assert GAME.localize(table.view(), "ro")["piles"][2]["label"].startswith("Grămada 3 din rând")
