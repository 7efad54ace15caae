"""Spider's ``stuck``: moves remain but none leads to progress (a card dealt or turned, a
run gone), found by the same search in C and in Python."""

import random

import pytest

from cardems.dealcode import DealCode
from cardems.spider import declared, rules
from cardems.spider.declared import board_of
from cardems.spider.rules import SpiderState

SPADES, HEARTS, DIAMONDS = 0, 13, 26
KINGS = tuple((12 + 13 * (i % 4) + 52 * (i // 4),) for i in range(8))


def seven_between_two_eights(nine: bool) -> SpiderState:
    """7S on 8H over a face-down 2S; 8D alone; kings elsewhere, or a 9C in the last
    column when ``nine``: 7S can only go back and forth between the eights, unless 8H
    can go onto the nine and turn the 2S."""
    columns = ((SPADES + 1, HEARTS + 7, SPADES + 6), (DIAMONDS + 7,), *KINGS)
    if nine:
        columns = (*columns[:-1], (39 + 8,))
    return SpiderState(columns, (1,) + (0,) * 9, ())


@pytest.mark.parametrize("use_compiled", [True, False])
def test_moves_that_only_go_round_are_stuck(use_compiled: bool) -> None:
    state = seven_between_two_eights(nine=False)
    assert state.legal_moves()
    assert state.progress_reachable(use_compiled=use_compiled) is False
    assert board_of(state).outcome == "stuck"


@pytest.mark.parametrize("use_compiled", [True, False])
def test_progress_two_moves_away_is_not_stuck(use_compiled: bool) -> None:
    state = seven_between_two_eights(nine=True)
    assert state.progress_reachable(use_compiled=use_compiled) is True
    assert board_of(state).outcome is None


def test_a_deal_is_progress() -> None:
    state = declared.deal(DealCode("SP", 1, "S4", 3)).fast
    assert state.progress_reachable() is True and not state.stuck
    assert state.after(rules.Move.deal()).progress == state.progress + 10


def test_a_search_past_its_limit_is_not_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "STUCK_LIMIT", 1)
    state = seven_between_two_eights(nine=True)
    assert state.progress_reachable(use_compiled=False) is None
    assert not state.stuck


needs_c = pytest.mark.skipif(
    pytest.importorskip("cardems.spider.solver").compiled() is None,
    reason="the C search was not built",
)


@needs_c
@pytest.mark.parametrize("seed", range(4))
def test_compiled_stuck_search_matches_python_along_random_play(seed: int) -> None:
    rng = random.Random(seed)
    state = declared.deal(DealCode("SP", 1, ("S1", "S2", "S4")[seed % 3], seed)).fast
    answers = set()
    for _ in range(120):
        moves = state.legal_moves()
        if not moves:
            break
        python = state.progress_reachable(use_compiled=False)
        assert state.progress_reachable() == python
        answers.add(python)
        state = state.after(rng.choice([m for m in moves if not m.is_deal] or moves))
    assert True in answers
