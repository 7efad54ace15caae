"""The build family's compiled search (``kit/building/_search.c``) held to the Python one
(:func:`cardems.kit.building.solver.py_solve_state`, the reference) position for
position: for every build-family game and the declarations with a stock dealing onto the
columns, a stock that redeals, foundations that give cards back (Klondike), the same
verdict, the same count of positions expanded and the same winning line at small
budgets; lines that replay to a win on the engine; deals proved lost by both; the clock's
cap; and the Python path where :func:`solve_state` is told to take it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from tests.building.toys import SCORPION_LIKE, SPIDERETTE_LIKE

from cardems.cards import Card
from cardems.core.registry import game_for, games
from cardems.dealcode import DealCode
from cardems.kit.building import (
    UNLIMITED,
    Build,
    BuildRules,
    Empty,
    Foundations,
    Stock,
    Suits,
    Tableau,
    declare,
    engine,
    solver,
)
from cardems.kit.building.engine import BuildState
from cardems.kit.building.game import BuildGame
from cardems.kit.building.solitaire import STUCK_LIMIT
from cardems.kit.building.solver import SolveResult, py_solve_state, solve_state
from cardems.klondike import declared

compiled = pytest.mark.skipif(not solver.COMPILED, reason="the C extension was not built")

REDEALING = declare(
    BuildRules("Toy", Tableau((4,) * 7), Build(Suits.ALTERNATE), stock=Stock(3, UNLIMITED))
)
BUILD_GAMES = sorted(game.family.name for game in games() if isinstance(game, BuildGame))


def game_deal(name: str, number: int) -> BuildState:
    game = game_for(name)
    family = game.family
    state = game.deal(DealCode(family.prefix, family.versions[-1], family.variants[0], number))
    assert isinstance(state, BuildState)
    return state


def rules_deal(rules: BuildRules) -> Callable[[int], BuildState]:
    return lambda number: engine.deal(rules, DealCode("YU", 1, "N", number))


def klondike_deal(variant: str) -> Callable[[int], BuildState]:
    version = game_for("klondike").family.versions[-1]
    return lambda number: declared.deal(DealCode("KL", version, variant, number))


DECLARED: dict[str, Callable[[int], BuildState]] = {
    "scorpion-like": rules_deal(SCORPION_LIKE),
    "spiderette-like": rules_deal(SPIDERETTE_LIKE),
    "redealing": rules_deal(REDEALING),
    "klondike-D1": klondike_deal("D1"),
    "klondike-D3": klondike_deal("D3"),
}


def position(name: str, number: int) -> BuildState:
    if name in DECLARED:
        return DECLARED[name](number)
    return game_deal(name, number)


def same(state: BuildState, nodes: int) -> SolveResult:
    """Both searches' result, once checked equal (a won line replayed to a win)."""
    python = py_solve_state(state, nodes)
    c = solve_state(state, nodes)
    assert (c.winnable, c.nodes, c.moves, c.clocked) == (
        python.winnable,
        python.nodes,
        python.moves,
        python.clocked,
    )
    if c.winnable:
        for move in c.moves:
            state = state.apply(move)
        assert state.won
    return c


def test_every_build_game_is_compared() -> None:
    assert len(BUILD_GAMES) >= 15
    assert {"yukon", "canfield", "mrs-mop", "flower-garden", "fortunes-favor"} <= set(BUILD_GAMES)


@compiled
@pytest.mark.parametrize("name", BUILD_GAMES + sorted(DECLARED))
def test_compiled_and_python_agree_position_for_position(name: str) -> None:
    for number in (1, 2, 3):
        same(position(name, number), 600)


@compiled
@pytest.mark.slow
@pytest.mark.parametrize("name", BUILD_GAMES + sorted(DECLARED))
def test_compiled_and_python_agree_on_more_deals(name: str) -> None:
    verdicts = {same(position(name, number), 2_500).winnable for number in range(4, 10)}
    assert verdicts  # six deals each, every outcome compared


@compiled
@pytest.mark.parametrize(
    ("name", "number", "nodes"),
    [
        ("flower-garden", 3, 884),  # won late: many positions, one line
        ("mrs-mop", 3, 543),  # two decks, whole suits
        ("canfield", 6, 301),  # a reserve pile, the foundations' base
        ("yukon", 2, 71),  # face-down cards, any face-up cards moving
        ("fortunes-favor", 1, 192),  # a waste kept full, columns filled from it
        ("scorpion-like", 8, 43),  # a stock dealt onto the columns, forced builds
        ("klondike-D3", 5, 1162),  # redeals, foundations that give cards back
        ("eight-off", 4, 542),  # free cells, cells' runs
    ],
)
def test_both_win_with_the_same_line(name: str, number: int, nodes: int) -> None:
    found = same(position(name, number), 2_000)
    assert found.winnable is True
    assert found.nodes == nodes


@compiled
@pytest.mark.parametrize(
    ("name", "number", "nodes"),
    [
        ("canfield", 1, 133),
        ("somerset", 3, 451),
        ("russian-solitaire", 2, 58),
        ("scorpion-like", 3, 402),
        ("redealing", 2, 60),
        ("king-albert", 8, 182),
    ],
)
def test_both_prove_the_same_deals_lost(name: str, number: int, nodes: int) -> None:
    found = same(position(name, number), 2_000)
    assert (found.winnable, found.nodes) == (False, nodes)


TAKING_BACK = declare(
    BuildRules(
        "Toy Klondike",
        Tableau((13,) * 4, empty=Empty.NONE),
        Build(Suits.SAME),
        foundations=Foundations(take_back=True),
    )
)


@compiled
def test_taking_back_from_a_foundation_proves_nothing() -> None:
    # The jack of spades lies under the king: no move the search makes frees it, yet a
    # card could come back from a foundation, which the search never tries: out of
    # positions, it is undecided, never lost, in C as in Python.
    spades = tuple(Card.parse(word) for word in ("JS", "KS"))
    state = BuildState(TAKING_BACK, (spades, (Card.parse("QS"),), (), ()), (), (10, 13, 13, 13))
    found = same(state, 1_000)
    assert (found.winnable, found.nodes) == (None, 2)
    lost = same(
        replace(state, rules=declare(replace(TAKING_BACK, foundations=Foundations()))), 1_000
    )
    assert (lost.winnable, lost.nodes) == (False, 2)


@compiled
@pytest.mark.parametrize("name", ["yukon", "mrs-mop", "canfield"])
def test_the_clock_cap_says_clocked(name: str) -> None:
    state = position(name, 1)
    for search in (py_solve_state, solve_state):
        found = search(state, None, 0.0)
        assert (found.winnable, found.nodes, found.clocked) == (None, 0, True)


@compiled
def test_the_clock_is_read_every_1024_positions() -> None:
    state = position("mrs-mop", 1)  # undecided within far more positions than the clock allows
    started = time.monotonic()
    found = solve_state(state, 300_000, 0.02)
    assert found.clocked and found.winnable is None
    assert found.nodes % 1024 == 0 and found.nodes > 0
    assert time.monotonic() - started < 5


@compiled
def test_the_budget_stops_the_compiled_search_where_it_stops_the_python_one() -> None:
    state = position("fan", 1)
    for budget in (0, 1, 2, 37, 1024):
        found = same(state, budget)
        assert (found.winnable, found.nodes) == (None, budget)


def test_solve_state_takes_the_python_search_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position("yukon", 2)
    calls: list[int] = []
    real = solver.py_solve_state

    def spy(
        state: BuildState, node_limit: int | None = None, time_limit: float | None = None
    ) -> SolveResult:
        calls.append(1)
        return real(state, node_limit, time_limit)

    monkeypatch.setattr(solver, "COMPILED", False)
    monkeypatch.setattr(solver, "py_solve_state", spy)
    found = solve_state(state, 500)
    assert calls == [1]
    assert found.winnable is True and found.nodes == 71
    for move in found.moves:
        state = state.apply(move)
    assert state.won


@compiled
def test_the_compiled_search_reads_the_tables_the_python_one_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A test may change the rules the search reads (as test_forced_builds does): the
    # compiled search takes them from the same solver._tables.
    state = position("scorpion-like", 8)
    tables = solver._tables(SCORPION_LIKE)
    assert tables.forced_builds
    monkeypatch.setattr(
        solver, "_tables", lambda rules, base=1: replace(tables, forced_builds=False)
    )
    unforced = same(state, 2_000)
    assert unforced.nodes != 43


def walk(state: BuildState, seed: int, steps: int) -> list[BuildState]:
    """The positions of a random play from ``state`` (seeded), ``state`` first."""
    rng = random.Random(seed)
    seen = [state]
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
        seen.append(state)
    return seen


@compiled
@pytest.mark.parametrize("name", BUILD_GAMES + sorted(DECLARED))
def test_the_stuck_check_agrees_position_for_position(name: str) -> None:
    answers = set()
    for state in walk(position(name, 1), 7, 20):
        for limit in (3, 120):
            python = solver.py_progress_possible(state, limit)
            assert solver.progress_possible(state, limit) is python
            answers.add(python)
    assert answers & {True, None}


@compiled
@pytest.mark.parametrize("name", BUILD_GAMES + sorted(DECLARED))
def test_the_stuck_check_agrees_at_the_tables_limit(name: str) -> None:
    for state in walk(position(name, 2), 11, 60)[::6]:
        python = solver.py_progress_possible(state, STUCK_LIMIT)
        assert solver.progress_possible(state, STUCK_LIMIT) is python


@compiled
def test_both_stuck_checks_see_a_stuck_position() -> None:
    spades = tuple(Card.parse(word) for word in ("JS", "KS"))
    state = BuildState(TAKING_BACK, (spades, (Card.parse("QS"),), (), ()), (), (10, 13, 13, 13))
    assert solver.py_progress_possible(state, 100) is False
    assert solver.progress_possible(state, 100) is False
    assert solver.progress_possible(state, 1) is solver.py_progress_possible(state, 1) is None


def test_the_stuck_check_takes_the_python_walk_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position("yukon", 2)
    assert solver.progress_possible(state, 100) is True
    calls: list[int] = []

    def spy(state: BuildState, limit: int) -> bool | None:
        calls.append(limit)
        return False

    monkeypatch.setattr(solver, "COMPILED", False)
    monkeypatch.setattr(solver, "py_progress_possible", spy)
    assert solver.progress_possible(state, 100) is False
    assert calls == [100]
