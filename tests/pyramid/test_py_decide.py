"""Pyramid's decision search: verdicts that breadth-first search confirms on small
endgames, lines that replay to wins (pool kings put back in), the same verdicts as the
A* on deals, and the compiled search position for position the Python one."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_py_solver import breadth_first, endgame

from cardems.cards import Card
from cardems.dealcode import DealCode
from cardems.kit.pairs import decide, shortest
from cardems.kit.pairs.decide import python_decide, with_pool_kings
from cardems.pyramid.rules import Move, PyramidState, deal, play

wide_endgames = st.builds(
    endgame,
    st.integers(0, 10**9),
    st.integers(1, 3),
    st.integers(0, 12),
    st.integers(0, 6),
    st.sampled_from([1, 2, 3, None]),
)
"""Endgames with pools long enough for a frame to be entered again at an earlier pass."""


@settings(max_examples=150, deadline=None)
@given(wide_endgames)
@example(endgame(399286198, 3, 12, 6, 2))  # a frame re-entered earlier must search again
def test_verdicts_agree_with_breadth_first_search_and_lines_win(state: PyramidState) -> None:
    decision = python_decide(state)
    assert decision.winnable is (breadth_first(state) is not None)
    if decision.line is not None:
        assert play(state, decision.line).is_won()


@pytest.mark.parametrize(("variant", "number"), [("P3", 7), ("P3", 12), ("P1", 3), ("U", 5)])
def test_a_deal_is_decided_as_the_a_star_decides_it(variant: str, number: int) -> None:
    state = deal(DealCode("PY", 1, variant, number))
    decision = decide.decide(state, 2_000_000)
    exact = shortest.search(state, 3_000_000).winnable
    assert exact is not None and decision.winnable is exact
    if decision.line is not None:
        assert play(state, decision.line).is_won()


def test_a_line_without_pool_kings_is_played_with_them_removed_on_the_way() -> None:
    cards = [Card.parse(code) for code in ("6S", "KH", "7D", "KS")]
    pyramid = (cards[0], *([None] * 27))
    state = PyramidState(pyramid, (cards[1], cards[2]), (cards[3],), 0, 3)
    line = with_pool_kings(state, [Move.parse("D"), Move.parse("1+W")])
    assert [str(move) for move in line] == ["S", "W", "D", "1+W"]
    assert play(state, line).is_won()


def test_the_limit_gives_an_honest_undecided() -> None:
    decision = python_decide(deal(DealCode("PY", 1, "P3", 7)), 10)
    assert decision.gave_up and decision.winnable is None and decision.line is None


compiled = pytest.mark.skipif(
    not decide.compiled(deal(DealCode("PY", 1, "P3", 0))), reason="the C search was not built"
)


@compiled
@settings(max_examples=100, deadline=None)
@given(wide_endgames)
def test_the_compiled_decision_is_the_python_one_on_endgames(state: PyramidState) -> None:
    assert decide.compiled_decide(state) == python_decide(state)


@compiled
@pytest.mark.parametrize(
    ("variant", "number"),
    [
        pytest.param("P3", 7, marks=pytest.mark.slow),
        ("P3", 1),
        pytest.param("P1", 3, marks=pytest.mark.slow),
        pytest.param("U", 11, marks=pytest.mark.slow),
        ("P2", 9),
    ],
)
def test_the_compiled_decision_is_the_python_one_on_deals(variant: str, number: int) -> None:
    state = deal(DealCode("PY", 1, variant, number))
    for limit in (300, 20_000, None):
        assert decide.compiled_decide(state, limit) == python_decide(state, limit)


@compiled
def test_the_compiled_decision_refuses_bad_input() -> None:
    from cardems.pyramid._astar import decide as compiled

    with pytest.raises(ValueError, match="28 bytes"):
        compiled(b"\x01", b"", 0, 0, 0, 3, 0)
    with pytest.raises(ValueError, match="cursor"):
        compiled(bytes([1] * 28), b"\x02", 0, 2, 0, 3, 0)
