"""All in a Row, a declaration of the waste family: the golden deal, the hole that starts
empty and takes any card first (the family's ``empty_start``), its refused declarations,
the dead-end cut's verdicts from an empty hole, the table won along its hints, the
labels and the terminal."""

from __future__ import annotations

import dataclasses
import datetime
import io
import json
import random
from collections.abc import Callable

import pytest

from cardems.all_in_a_row.game import DECLARATION
from cardems.black_hole.game import DECLARATION as BLACK_HOLE
from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.kit.table import SolitaireTable
from cardems.kit.waste.declare import DeclarationError
from cardems.kit.waste.engine import DECK, GONE, Move, WasteState, card_text, deal
from cardems.kit.waste.solver import solve
from cardems.moves import play

GAME = game_for("all-in-a-row")
# columns 1-13, bottom card first, the top card (the one that plays) last
GOLDEN = {
    "AR1-W-AAAAAAB": "4D QD TS QC|JH 7D 6S 3C|JC KH JD QH|8H 2S AC KC|2C 3H 5S 2H|3S 5C 7C 6D"
    "|AH 8D 7H 8C|9H 4S 9D 6C|6H KD AS 4C|AD JS 3D 7S|9S TC TD 9C|5D 2D KS 4H|8S TH 5H QS",
}


def all_in_a_row(code: str) -> WasteState:
    return deal(DECLARATION, DealCode.parse(code))


@pytest.mark.parametrize("code", GOLDEN)
def test_golden_deal_all_52_in_the_columns_and_an_empty_hole(code: str) -> None:
    state = all_in_a_row(code)
    columns = "|".join(
        " ".join(card_text(state.layout[p - 1]) for p in pile) for pile in state.rules.piles
    )
    assert columns == GOLDEN[code]
    assert state.waste == () and state.stock == () and sorted(state.layout) == list(DECK)


def test_any_card_starts_the_hole_then_one_rank_apart() -> None:
    state = all_in_a_row("AR1-W-AAAAAAB")
    assert state.top_rank == 0 and state.outcome is None
    assert state.legal_moves() == [Move(c) for c in range(1, 14)]  # every top card
    state = state.apply(Move(1))  # QC starts the hole
    assert card_text(state.waste_top) == "QC" and state.score == 1
    assert [m.pile for m in state.legal_moves()] == [4]  # the KC: no jack on top
    assert state.refusal(Move(2)) == (
        "Must be one rank above or below the hole's card (K and A are one apart)"
    )


def test_an_empty_start_declaration_that_contradicts_itself_is_refused() -> None:
    with pytest.raises(DeclarationError, match="All in a Row: column: an empty waste at"):
        dataclasses.replace(DECLARATION, start=0)
    with pytest.raises(DeclarationError, match="needs its first_hint"):
        dataclasses.replace(
            DECLARATION, words=dataclasses.replace(DECLARATION.words, first_hint="")
        )
    words = dataclasses.replace(BLACK_HOLE.words, first_hint=DECLARATION.words.first_hint)
    with pytest.raises(DeclarationError, match=r"Black Hole: fan: .* must take 52 cards"):
        dataclasses.replace(BLACK_HOLE, empty_start=True, start=None, words=words)


@pytest.mark.slow
def test_the_cut_keeps_the_verdicts_from_an_empty_hole() -> None:
    plain = dataclasses.replace(DECLARATION, prune=False)
    rules = deal(plain, DealCode.parse("AR1-W-AAAAAAB")).rules
    cut = deal(DECLARATION, DealCode.parse("AR1-W-AAAAAAB")).rules
    rng = random.Random(43)
    seen = set()
    for number in (1, 3, 9, 11):  # winnable: the cards left after 40 moves of the win,
        start = deal(DECLARATION, DealCode("AR", 1, "W", number))  # the hole emptied
        line = solve(start).line
        assert line is not None
        left = play(start, line[:40]).layout
        kept = set(rng.sample(range(52), 12))  # and 12 cards of the deal at random
        scattered = tuple(c if i in kept else GONE for i, c in enumerate(start.layout))
        for layout in (left, scattered):
            unpruned = solve(WasteState(rules, layout, (), ()), 10**6)
            assert unpruned.winnable is solve(WasteState(cut, layout, (), ())).winnable
            seen.add(unpruned.winnable)
    assert seen == {True, False}


@pytest.mark.slow
def test_the_table_is_won_along_its_hints_and_says_the_first_card() -> None:
    table = GAME.new_table(DealCode.parse("AR1-W-AAAAAAL"), TableSettings(), {}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    view = GAME.label(table.view(), "en")
    piles = {pile["target"]: pile for pile in view["piles"]}
    assert piles["hole"]["cards"] == [] and piles["hole"]["label"] == "Hole, empty"
    assert piles["column:13"]["label"].endswith("column 13, available")
    first = table.hint("en")
    assert first["words"].startswith("Hint: start the hole with the ")
    for _ in range(60):
        hint = table.hint("en")
        if hint["verdict"] != "move":
            break
        intent = hint["intents"][0]
        table.act((intent["type"], intent["target"]))
    assert table.status == "won" and table.state.score == 52


def test_the_terminal_plays_and_the_describe_json() -> None:
    text_play = GAME.text_play()
    assert text_play is not None
    out = io.StringIO()
    run(text_play, DealCode.parse("AR1-W-AAAAAAH"), io.StringIO("1\n14\nquit\n"), out)
    shown = out.getvalue()
    assert "hole (0): top none: any card goes" in shown and "hole (1): top " in shown
    assert "column 14 out of range 1-13" in shown
    data = json.loads(json.dumps(GAME.describe(DealCode.parse("AR1-W-AAAAAAB"))))
    assert [entry["card"] for entry in data["columns"][:4]] == ["4D", "QD", "TS", "QC"]
    assert data["waste"] == [] and "stock" not in data


@pytest.mark.slow
def test_levels_winnable_only_and_the_daily_deal(seeded_draws: Callable[[int], None]) -> None:
    assert GAME.level_of(DealCode.parse("AR1-W-AAAAAAL")) == "easy"  # type: ignore[attr-defined]
    assert solve(all_in_a_row("AR1-W-AAAAAAC")).winnable is False
    seeded_draws(3)  # the same hard deal every run (unseeded, from 0.2 to 2.7 s of CPU)
    code = GAME.new_code("W", winnable=True, options={"difficulty": "hard"})
    verdict = solve(deal(DECLARATION, code))
    assert verdict.winnable is True and verdict.nodes >= DECLARATION.level_cuts[1]
    daily = GAME.daily_code(datetime.date(2026, 12, 6))
    assert daily == GAME.daily_code(datetime.date(2026, 12, 6))
    assert solve(deal(DECLARATION, daily)).winnable is True
