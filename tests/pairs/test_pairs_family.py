"""The pairs family's one solver over both declarations: on Heart to Heart it agrees with
the game's faster exact search (verdicts wherever it decides, shortest lengths); a
declaration that contradicts itself is refused at once."""

from __future__ import annotations

import dataclasses

import pytest

from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import RULES as HH
from cardems.heart_to_heart.rules import deal, play
from cardems.kit.pairs import Pairing, PairsRules, Stock
from cardems.kit.pairs.decide import python_decide
from cardems.kit.pairs.ranks import is_winnable
from cardems.kit.pairs.ranks_shortest import ShortestSearch
from cardems.kit.pairs.shortest import python_search


def test_the_family_solver_decides_heart_to_heart_as_its_own_search_does() -> None:
    decided = 0
    for number in range(30):
        state = deal(DealCode("HH", 1, "N", number))
        decision = python_decide(state, 20_000)
        if decision.winnable is None:
            continue
        decided += 1
        assert decision.winnable is is_winnable(state), number
        if decision.line is not None:
            assert play(state, decision.line).is_won()
    assert decided >= 25


@pytest.mark.slow
@pytest.mark.parametrize("number", [3, 5, 6])
def test_the_family_a_star_finds_heart_to_heart_wins_as_short_as_its_own(number: int) -> None:
    state = deal(DealCode("HH", 1, "N", number))
    outcome = python_search(state, 200_000)
    own = ShortestSearch(state).solve()
    assert outcome.line is not None and own is not None and not outcome.gave_up
    assert len(outcome.line) == len(own)
    assert play(state, outcome.line).is_won()


def test_a_declaration_dealing_more_cards_than_its_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="Heart to Heart: 53 cards dealt from a deck of 52"):
        dataclasses.replace(HH, stock=Stock(waste_dealt=28))


def test_an_unknown_pairing_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown pairing rule 'odd'"):
        Pairing("odd", "no")


def test_a_lone_card_refusal_without_a_lone_card_is_refused() -> None:
    with pytest.raises(ValueError, match="an alone refusal without a card that goes alone"):
        PairsRules(
            **{
                **{f.name: getattr(HH, f.name) for f in dataclasses.fields(HH)},
                "pairing": Pairing("same rank", "x", alone_refusal="y"),
            }
        )


@pytest.mark.parametrize("game", ["heart_to_heart", "pyramid"])
def test_a_state_class_makes_the_games_move_class(game: str) -> None:
    """The move class the state class makes is the module's ``Move``, bound to the game's
    rules and no other's, and its moves cross a process boundary (the analyze workers)
    as themselves."""
    import importlib
    import pickle

    rules = importlib.import_module(f"cardems.{game}.rules")
    state_class = rules.HeartState if game == "heart_to_heart" else rules.PyramidState
    move = state_class.move.parse("D")
    assert state_class.move is rules.Move and rules.Move.rules is rules.RULES
    assert (rules.Move.__module__, rules.Move.__qualname__) == (rules.__name__, "Move")
    back = pickle.loads(pickle.dumps(move))
    assert back == move and type(back) is rules.Move
    other = importlib.import_module(
        "cardems.pyramid.rules" if game != "pyramid" else "cardems.heart_to_heart.rules"
    )
    assert other.Move is not rules.Move and other.Move.parse("D") != move
