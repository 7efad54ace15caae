"""Klondike declared on the build family (:mod:`cardems.klondike.declared`) plays as
Klondike's own engine did: every deal of the corpus deals the same cards, and every game
of the corpus (``old_klondike_logs.json``) replays on the family engine to the same
positions, standard and Vegas scores, counters, legal moves and refusal words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.klondike.old_logs import OUT, digest, layout

from cardems.kit.building import DeclarationError, Points, declare
from cardems.kit.building.engine import BuildState
from cardems.klondike import declared
from cardems.klondike.rules import Move

RECORD: dict[str, Any] = json.loads(OUT.read_text(encoding="utf-8"))


def position(standard: BuildState, vegas: BuildState, scoring: str) -> dict[str, Any]:
    """What the corpus records of a position (``old_logs.rules_position``), from the same
    game played under both scorings."""
    return {
        **layout(standard),
        "recycles": standard.passes,
        "points": standard.score,
        "vegas": vegas.score,
        "score": (vegas if scoring == "vegas" else standard).score,
        "moves": standard.moves,
        "won": standard.won,
        "legal": [str(move) for move in declared.legal_moves(standard)],
    }


def step(standard: BuildState, vegas: BuildState, scoring: str) -> list[Any]:
    data = position(standard, vegas, scoring)
    fields = ("points", "vegas", "score", "moves", "recycles")
    return [digest(data), *(data[field] for field in fields)]


@pytest.mark.parametrize("code", sorted(RECORD["deals"]))
def test_the_family_deals_klondike_s_cards(code: str) -> None:
    from cardems.dealcode import DealCode

    assert layout(declared.deal(DealCode.parse(code))) == RECORD["deals"][code]


@pytest.mark.parametrize(
    "saved",
    RECORD["games"],
    ids=[f"{game['code']}-{game['scoring']}" for game in RECORD["games"]],
)
def test_a_saved_game_replays_on_the_family_engine(saved: dict[str, Any]) -> None:
    from cardems.dealcode import DealCode

    code = DealCode.parse(saved["code"])
    scoring = saved["scoring"]
    states = [(declared.deal(code, "standard"), declared.deal(code, "vegas"))]
    for number, (text, then) in enumerate(zip(saved["moves"], saved["steps"], strict=True)):
        if text == "undo":
            states.pop()
            now = step(*states[-1], scoring)
        else:
            move = Move.parse(text)
            standard, vegas = states[-1]
            why = declared.refusal(standard, move)
            assert why == declared.refusal(vegas, move)
            if why is not None:
                now = ["refused", why]
            else:
                states.append((declared.apply(standard, move), declared.apply(vegas, move)))
                now = step(*states[-1], scoring)
        assert now == then, f"step {number}: {text}"
    assert position(*states[-1], scoring) == saved["end"]


@pytest.mark.parametrize(
    "saved",
    [game for game in RECORD["tables"] if game["end"]["status"] == "won"],
    ids=lambda game: f"{game['code']}-{game['scoring']}",
)
def test_a_won_line_wins_on_the_family_engine_with_the_same_score(saved: dict[str, Any]) -> None:
    from cardems.dealcode import DealCode

    state = declared.deal(DealCode.parse(saved["code"]), saved["scoring"])
    for text in saved["notation"]:
        state = declared.apply(state, Move.parse(text))
    assert state.won
    assert (state.score, state.moves) == (saved["end"]["score"], saved["end"]["moves"])


def test_every_variant_and_scoring_is_declared() -> None:
    rules = declared.RULES["D1L", "vegas"]
    assert (rules.stock.draw, rules.stock.redeals, rules.points) == (
        1,
        0,
        Points(5, back=-5, start=-52),
    )
    assert declared.RULES["D3L", "standard"].stock.redeals == 2
    assert len(declared.RULES) == 8


@pytest.mark.parametrize(
    ("points", "words"),
    [
        (Points(start=-1, floor=0), "Klondike: score: starts at -1, below its floor 0"),
        (Points(redeal=-20), "Klondike: stock: scores -20 a redeal, yet never redeals"),
    ],
)
def test_contradictory_points_are_refused_in_one_line(points: Points, words: str) -> None:
    from dataclasses import replace

    from cardems.kit.building import Stock

    rules = replace(declared.RULES["D1L", "standard"], points=points, stock=Stock(1))
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == words


def test_a_foundation_s_card_goes_back_only_onto_a_column() -> None:
    from cardems.cellgames.notation import Move as FamilyMove
    from cardems.cellgames.notation import Place
    from cardems.dealcode import DealCode
    from cardems.kit.building.engine import BACK_TO_COLUMN

    saved = next(game for game in RECORD["tables"] if game["end"]["status"] == "won")
    state = declared.deal(DealCode.parse(saved["code"]), saved["scoring"])
    for text in saved["notation"]:
        state = declared.apply(state, Move.parse(text))
        if any(state.foundations):
            break
    suit = next(index for index, height in enumerate(state.foundations) if height)
    other = Place("foundation", (suit + 1) % 4)
    assert state.refusal(FamilyMove(Place("foundation", suit), other)) == BACK_TO_COLUMN
