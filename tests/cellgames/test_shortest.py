"""Proven pars: the A* search's length equals a breadth-first search's over every legal
move on small positions, the compiled
search and the Python one agree, lines replay to a win in as many moves as the player's
counter shows, and a budget that runs out leaves the par "best known"."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from cardems.cellgames import shortest as shortest_module
from cardems.cellgames import solver
from cardems.cellgames.shortest import par, shortest
from cardems.cellgames.solver import _encode, _key
from cardems.dealcode import DealCode
from cardems.freecell import rules as freecell_rules
from cardems.freecell import solver as freecell_solver
from cardems.seahaven import rules as seahaven
from cardems.seahaven import solver as seahaven_solver
from freecell.helpers import position as freecell_position
from freecell.test_solver import ENDGAMES
from gil import runs_beside
from seahaven.helpers import position as seahaven_position


def fewest_moves(state: Any) -> int | None:
    """Breadth-first search over every legal move but Seahaven's take-backs from the
    foundations (which the pars leave out), positions compared up to the order of columns
    and of cells: the fewest moves to a win, or None."""

    def key(state: Any) -> bytes:
        cols, cells, found = _encode(state)
        return _key(cols, cells) + bytes(found)

    seen = {key(state)}
    queue = deque([(state, 0)])
    while queue:
        current, moves = queue.popleft()
        if current.won:
            return moves
        for move in current.legal_moves():
            if move.source.kind == "foundation":
                continue
            nxt = current.apply(move)
            if key(nxt) not in seen:
                seen.add(key(nxt))
                queue.append((nxt, moves + 1))
    return None


SEAHAVEN_ENDGAMES = [
    pytest.param(  # four cells: the largest search (slow)
        ["KD", "QC KC", "JC", "QD", "JD TC"],
        [None, None, None, None],
        (13, 13, 10, 9),
        marks=pytest.mark.slow,
    ),
    (["JD KC QC", "QD", "KD JC", "TC"], [None, None], (13, 13, 10, 9)),
    (["KC JC", "KD QC TC", "QD JD"], [None], (13, 13, 10, 9)),
    (["KC JD QC", "KD TC", "JC QD"], [None], (13, 13, 10, 9)),
]


@pytest.fixture(params=[True, False], ids=["compiled", "python"])
def compiled(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Each test once with the compiled search (where it was built) and once without."""
    if request.param and not solver.COMPILED:
        pytest.skip("the compiled search was not built (no C compiler)")
    monkeypatch.setattr(shortest_module, "COMPILED", request.param)
    return bool(request.param)


def check(state: Any, rules: solver.Rules) -> None:
    found = shortest(state, rules)
    expected = fewest_moves(state)
    assert found.proven and found.moves == expected
    if expected is not None:
        replay = state
        for move in found.line:
            replay = replay.apply(move)
        assert replay.won and replay.moves == state.moves + expected


@pytest.mark.parametrize(("columns", "cells", "found"), SEAHAVEN_ENDGAMES)
def test_seahaven_pars_are_the_fewest_moves(
    compiled: bool, columns: list[str], cells: list[str | None], found: tuple[int, ...]
) -> None:
    state = seahaven_position(columns, cells, found)  # type: ignore[arg-type]
    check(state, seahaven_solver.rules_of(state))


@pytest.mark.parametrize(("columns", "found", "cells"), ENDGAMES[:2])
@pytest.mark.parametrize("by_suit", [False, True], ids=["freecell", "bakers"])
def test_freecell_pars_replay_to_a_win(
    compiled: bool,
    columns: list[str],
    found: tuple[int, int, int, int],
    cells: list[str | None],
    by_suit: bool,
) -> None:
    """FreeCell's and Baker's Game's pars are proven and replay to a win in that many
    moves (that they are the fewest is checked by breadth-first search on Seahaven's
    endgames above: with four free cells it would take minutes here)."""
    state = freecell_position(columns, cells, found, by_suit)
    par = shortest(state, freecell_solver.rules_of(state))
    assert par.proven and par.moves is not None
    replay = state
    for move in par.line:
        replay = replay.apply(move)
    assert replay.won and replay.moves == state.moves + par.moves


@pytest.mark.skipif(not solver.COMPILED, reason="the compiled search was not built")
@pytest.mark.parametrize(
    "code",
    [
        pytest.param(DealCode("SH", 1, "C4", 1), marks=pytest.mark.slow),
        pytest.param(DealCode("SH", 1, "C4", 4), marks=pytest.mark.slow),
        DealCode("SH", 1, "C1", 2),
    ],
    ids=str,
)
def test_the_compiled_search_and_the_python_one_agree_on_deals(
    code: DealCode, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = seahaven.deal(code)
    rules = seahaven_solver.rules_of(state)
    compiled = shortest(state, rules)
    monkeypatch.setattr(shortest_module, "COMPILED", False)
    python = shortest(state, rules)
    assert compiled.proven and python.proven
    assert (compiled.moves, compiled.nodes) == (python.moves, python.nodes)
    replay = state
    for move in compiled.line:
        replay = seahaven.apply_move(replay, move)
    assert replay.won and replay.moves == compiled.moves


def test_a_lost_deal_has_no_par(compiled: bool) -> None:
    state = seahaven.deal(DealCode("SH", 1, "C1", 0))
    assert seahaven_solver.solve_state(state).winnable is False
    found = par(state, seahaven_solver.rules_of(state))
    assert found.moves is None and found.proven


@pytest.mark.parametrize(
    "compiled",
    [True, pytest.param(False, marks=pytest.mark.slow)],
    ids=["compiled", "python"],
    indirect=True,
)  # the fixture's two cases; the Python search's (a whole solve) is slow
def test_past_the_budget_the_par_is_the_solvers_line_not_proven(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = seahaven.deal(DealCode("SH", 1, "C4", 1))
    rules = seahaven_solver.rules_of(state)
    found = par(state, rules, node_limit=10)
    assert not found.proven
    assert found.moves == len(seahaven_solver.solve_state(state).moves)
    with monkeypatch.context() as patch:  # the fewest moves by the compiled search where
        # built (a fifth of a second; Python's, nine seconds, agrees: the test above)
        patch.setattr(shortest_module, "COMPILED", solver.COMPILED)
        fewest = shortest(state, rules).moves
    assert found.moves is not None and fewest is not None and found.moves >= fewest


@pytest.mark.skipif(not solver.COMPILED, reason="the compiled search was not built")
def test_the_compiled_search_queues_children_in_the_python_ones_order() -> None:
    """Expansion by expansion, both hold as many entries (the moves into an empty column
    or a cell come last in both, so ties are broken alike)."""
    from cardems.cellgames._bestfirst import Shortest

    state = seahaven.deal(DealCode("SH", 1, "C1", 2))
    rules = seahaven_solver.rules_of(state)
    start = solver._settle(*_encode(state), rules.by_suit, None)
    compiled = Shortest(start, rules)
    python = solver._started(shortest_module._py_shortest(start, rules))
    for _ in range(200):
        ours, theirs = compiled.send(1), python.send(1)
        assert ours[1:] == theirs[1:]
        if ours[0] is not None:
            assert ours[0] == theirs[0]
            break


@pytest.mark.skipif(not solver.COMPILED, reason="the compiled search was not built")
def test_other_threads_run_while_the_compiled_search_expands() -> None:
    """A server searching a par in a thread keeps serving: the search lets go of the GIL
    while it expands (one long ``send`` here), so the main thread ticks meanwhile."""
    from cardems.cellgames._bestfirst import Shortest

    state = freecell_rules.deal(DealCode("FC", 1, "N", 1))
    rules = freecell_solver.rules_of(state)
    search = Shortest(solver._settle(*_encode(state), rules.by_suit, None), rules)
    runs_beside(lambda: search.send(8_000))
