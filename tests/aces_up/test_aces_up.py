"""Aces Up, the discard family's first declaration: the deal pinned by its code, the
engine's rules and words, the notation, the solver held to a plain search, hints that
win on the table, the terminal, and ``cardems analyze``."""

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

from cardems.core.game import TableSettings
from cardems.core.history import IllegalMove
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.kit.discard import DeclarationError, DiscardRules
from cardems.kit.discard.engine import (
    DEAL,
    DiscardState,
    Move,
    MoveParseError,
    card_text,
    deal,
    parse_move,
)
from cardems.kit.discard.solver import solve

GAME = game_for("aces-up")
RULES = GAME.rules  # type: ignore[attr-defined]
CODE = DealCode.parse("AU1-N-AAAAAAB")
WON_CODE = DealCode.parse("AU1-N-AAAAAAI")  # the greedy search wins it in 41 positions
ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "cardems"]


def state_of(piles: list[str], stock: str = "") -> DiscardState:
    """A position from card texts ("AH KC", bottom first), the rest discarded."""
    from cardems.cards import Card

    ordinals = [tuple(Card.parse(c).ordinal for c in pile.split()) for pile in piles]
    stocked = tuple(Card.parse(c).ordinal for c in stock.split())
    used = {c for pile in ordinals for c in pile} | set(stocked)
    return DiscardState(
        RULES, tuple(ordinals), stocked, tuple(c for c in range(52) if c not in used)
    )


def test_the_code_deals_the_same_cards_forever() -> None:
    described = GAME.describe(CODE)
    assert described["piles"] == [["AH"], ["KC"], ["9S"], ["8C"]]
    assert described["stock"][:8] == GAME.describe(CODE)["stock"][:8]
    assert len(described["stock"]) == 48 and described["discarded"] == []
    assert "AH   KC   9S   8C" in GAME.render(CODE)
    assert GAME.code_for("au1-n-aaaaaab") == CODE


def test_a_card_goes_only_when_a_higher_card_of_its_suit_shows() -> None:
    state = state_of(["7H", "QH", "KS", "2C"], "3D 4D 5D 6D")
    assert state.legal_moves() == [Move(0), Move(DEAL)]
    assert state.refusal(Move(1)) == (
        "Only a card with a higher card of its suit on top of another pile can go"
    )
    assert state.refusal(Move(0, 1)) == "Only an empty pile takes a card"
    after = state.apply(Move(0))
    assert after.piles[0] == () and after.score == state.score + 1 and after.moves == 1
    assert after.refusal(Move(3, 0)) == "Its only card would just change piles"
    with pytest.raises(IllegalMove):
        after.apply(Move(0))
    dealt = after.apply(Move(DEAL))
    assert [card_text(p[-1]) for p in dealt.piles] == ["3D", "4D", "5D", "6D"]
    assert dealt.stock == () and dealt.refusal(Move(DEAL)) == "The stock is empty"


def test_the_ace_is_high_and_the_game_is_won_with_the_four_aces_alone() -> None:
    state = state_of(["AS", "AH AD", "AC", "KC"])
    assert state.refusal(Move(3)) is None  # the A♣ beats the K♣
    low = DiscardState(DiscardRules("Aces low", aces_high=False), state.piles, (), state.discarded)
    assert low.refusal(Move(3)) is not None and low.refusal(Move(2)) is None
    assert state_of(["AS", "AH", "AD", "AC"]).outcome == "won"
    assert state.outcome is None
    stuck = state_of(["AS KS", "AH KH", "AD KD", "AC KC"])
    assert stuck.outcome == "blocked" and stuck.legal_moves() == []


def test_declarations_that_contradict_themselves_are_refused() -> None:
    with pytest.raises(DeclarationError, match="Broken: piles must be 2-9, not 12"):
        DiscardRules("Broken", piles=12)


@given(st.sampled_from(["D", "1", "4", "31", "24", " 2 3 ", "d"]))
def test_moves_round_trip(text: str) -> None:
    move = parse_move(text, 4)
    assert parse_move(str(move), 4) == move


@pytest.mark.parametrize("text", ["", "5", "11", "0", "x", "123", "D1", "٣", "1" * 200])
def test_bad_moves_get_one_line(text: str) -> None:
    with pytest.raises(MoveParseError) as error:
        parse_move(text, 4)
    assert "\n" not in str(error.value) and len(str(error.value)) < 120


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**31))
def test_random_play_conserves_the_cards_and_undo_restores(number: int, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("AU", 1, "N", number))
    seen = [state]
    while state.legal_moves() and len(seen) < 80:
        state = state.apply(rng.choice(state.legal_moves()))
        assert state.card_count() == 52 and state.score == len(state.discarded)
        seen.append(state)
    table = GAME.new_table(DealCode("AU", 1, "N", number), TableSettings(), {}, lambda: 0.0)
    first = {key: table.view()[key] for key in ("piles", "score", "moves")}
    table.act(("tap", "stock"))
    table.act(("undo",))
    assert {key: table.view()[key] for key in ("piles", "score", "moves")} == first


def brute(state: DiscardState) -> bool:
    """Winnable by trying every legal move, nothing remembered, no move skipped."""
    return state.is_won() or any(brute(state.apply(m)) for m in state.legal_moves())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31))
def test_the_solver_agrees_with_a_plain_search_on_small_endings(seed: int) -> None:
    rng = random.Random(seed)
    aces = [0, 13, 26, 39]
    others = rng.sample([c for c in range(52) if c not in aces], rng.randint(3, 8))
    cards = aces + others
    rng.shuffle(cards)
    piles: list[list[int]] = [[] for _ in range(4)]
    stock = cards[: rng.randint(0, 4)]
    for card in cards[len(stock) :]:
        piles[rng.randrange(4)].append(card)
    state = DiscardState(
        RULES,
        tuple(map(tuple, piles)),
        tuple(stock),
        tuple(c for c in range(52) if c not in cards),
    )
    verdict = solve(state)
    assert verdict.winnable is brute(state)
    if verdict.line is not None:
        for move in verdict.line:
            state = state.apply(move)
        assert state.is_won()


def test_a_card_kept_back_can_win_where_throwing_out_all_loses() -> None:
    # The greedy search (every discard at once) finds no win; the full one does.
    code = DealCode("AU", 1, "N", 100011)
    assert solve(deal(RULES, code), 200_000, greedy=True).winnable is None
    # (the full search proves it winnable in 1.5 million positions: see the benchmark)


def test_hints_win_on_the_table() -> None:
    table = GAME.new_table(WON_CODE, TableSettings(), {}, lambda: 0.0)
    for _ in range(200):
        if table.status != "playing":
            break
        hint = table.hint()
        for intent in hint["intents"]:
            keys = ("type", "source", "target")
            table.act(tuple(intent[key] for key in keys if key in intent))
    assert table.status == "won" and table.view()["score"] == 48


def test_the_view_never_names_a_stock_card() -> None:
    table = GAME.new_table(WON_CODE, TableSettings(), {}, lambda: 0.0)
    text = json.dumps(table.view())
    hidden = table.hidden_cards()
    assert len(hidden) == 48 and not any(f'"{card}"' in text for card in hidden)


def test_winnable_deals_levels_and_the_day_are_proven_wins() -> None:
    code = GAME.random_code("N", winnable=True)
    assert GAME.quick_win(code).winnable  # type: ignore[attr-defined]
    assert GAME.level_of(WON_CODE) == "easy"  # type: ignore[attr-defined]
    record = GAME.solve(WON_CODE, shortest=False)
    state = deal(RULES, WON_CODE)
    for text in record["moves"]:
        state = state.apply(parse_move(text, 4))
    assert record["winnable"] is True and state.is_won()


def test_the_terminal_plays_and_hints() -> None:
    play = GAME.text_play()
    assert play is not None
    out = io.StringIO()
    last = run(play, CODE, io.StringIO("D\nzz\nq\n"), out)
    assert last.moves == 1 and "not a move" in out.getvalue()


@pytest.mark.slow
def test_cardems_analyze_prints_the_share_and_the_times() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardems",
            "analyze",
            "aces-up",
            "--deals",
            "6",
            "--start",
            "1",
            "--nodes",
            "5000",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "of 6 deals winnable" in done.stdout and "CPU time per deal" in done.stdout
