"""Pyramid's shortest-win search: lines that replay to wins, lengths that breadth-first
search confirms on small endgames, and the compiled search node for node the Python one."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import ALL_CARDS
from cardems.dealcode import DealCode
from cardems.kit.pairs import shortest
from cardems.kit.pairs.compiled import run, twin
from cardems.kit.pairs.shortest import python_search
from cardems.pyramid.rules import RULES, PyramidState, deal, play
from gil import runs_beside


def endgame(seed: int, rows: int, pool: int, in_waste: int, passes: int | None) -> PyramidState:
    """A position with the pyramid's top ``rows`` rows left and ``pool`` cards beside it."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    kept = rows * (rows + 1) // 2
    pyramid = (*deck[:kept], *([None] * (28 - kept)))
    rest = deck[kept : kept + pool]
    waste, stock = rest[: min(in_waste, pool)], rest[min(in_waste, pool) :]
    return PyramidState(tuple(pyramid), tuple(stock), tuple(waste), 0, passes)


def bare(state: PyramidState) -> PyramidState:
    """The position without its move count (and its recycles, when they are unlimited)."""
    recycles = 0 if state.passes is None else state.recycles
    return PyramidState(state.pyramid, state.stock, state.waste, recycles, state.passes)


def breadth_first(state: PyramidState) -> int | None:
    """The fewest moves to a win, by breadth-first search of the rules engine's moves."""
    start = bare(state)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        position, depth = queue.popleft()
        if position.is_won():
            return depth
        for move in position.legal_moves():
            after = bare(position.apply(move))
            if after not in seen:
                seen.add(after)
                queue.append((after, depth + 1))
    return None


endgames = st.builds(
    endgame,
    st.integers(0, 10**9),
    st.integers(1, 3),
    st.integers(0, 6),
    st.integers(0, 3),
    st.sampled_from([1, 2, 3, None]),
)


@settings(max_examples=60, deadline=None)
@given(endgames)
def test_shortest_lengths_agree_with_breadth_first_search(state: PyramidState) -> None:
    outcome = python_search(state)
    expected = breadth_first(state)
    assert outcome.winnable is (expected is not None)
    if outcome.line is not None:
        assert len(outcome.line) == expected
        assert play(state, outcome.line).is_won()


@pytest.mark.parametrize("number", [12, 40, 77])
def test_a_deal_is_won_by_its_line(number: int) -> None:
    state = deal(DealCode("PY", 1, "P3", number))
    outcome = shortest.search(state, 3_000_000)
    assert outcome.winnable is not None
    if outcome.line is not None:
        assert play(state, outcome.line).is_won()


def test_the_node_limit_gives_an_honest_undecided() -> None:
    outcome = python_search(deal(DealCode.parse("PY1-P3-AAAAAAM")), 10)
    assert outcome.gave_up and outcome.winnable is None and outcome.line is None


compiled = pytest.mark.skipif(twin(RULES, "search") is None, reason="the C search was not built")


@compiled
@settings(max_examples=60, deadline=None)
@given(endgames)
def test_the_compiled_search_is_the_python_one_on_endgames(state: PyramidState) -> None:
    assert shortest.compiled_search(state) == python_search(state)


@compiled
@pytest.mark.parametrize(
    ("variant", "number"),
    [
        pytest.param("P3", 7, marks=pytest.mark.slow),
        pytest.param("P1", 3, marks=pytest.mark.slow),
        ("U", 5),
        ("P2", 9),
    ],
)
def test_the_compiled_search_is_the_python_one_on_deals(variant: str, number: int) -> None:
    state = deal(DealCode("PY", 1, variant, number))
    for limit in (2_000, 60_000):
        assert shortest.compiled_search(state, limit) == python_search(state, limit)


@compiled
def test_the_compiled_search_refuses_bad_input() -> None:
    from cardems.pyramid._astar import search

    with pytest.raises(ValueError, match="28 bytes"):
        search(b"\x01", b"", 0, 0, 0, 3, 0)
    with pytest.raises(ValueError, match="1-13"):
        search(bytes(28), b"", 0, 0, 0, 3, 0)


@compiled
def test_other_threads_run_while_the_compiled_search_expands() -> None:
    """A server searching a par in a thread keeps serving: the A* lets go of the GIL while
    it expands, so the main thread ticks meanwhile."""
    code = DealCode.parse("PY1-P3-AAAAAAE")  # some 280,000 positions to its shortest win
    state = deal(code)
    search = twin(state.rules, "search")
    assert search is not None
    assert runs_beside(lambda: run(search, state, None))[0] == 1
