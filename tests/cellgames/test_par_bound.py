"""The A*'s bound and its dead-position rule against exhaustive search on small endgames:
the bound never exceeds the fewest moves to a win, a position the rule calls dead has no
win, and the A* (compiled and in Python) finds the fewest moves with both in place."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cellgames import shortest as shortest_module
from cardems.cellgames import solver
from cardems.cellgames.shortest import (
    MAX_MOVES,
    Group,
    _Bound,
    _column_part,
    _cycles,
    dead,
    shortest,
)
from cardems.cellgames.solver import FITS, _encode, _key, _settle
from cardems.dealcode import DealCode
from cardems.freecell import rules as freecell
from cardems.freecell import solver as freecell_solver
from cardems.seahaven import rules as seahaven
from cardems.seahaven import solver as seahaven_solver
from cellgames.test_shortest import fewest_moves
from freecell.helpers import position as freecell_position
from seahaven.helpers import position as seahaven_position

SUITS = "SHDC"
RANKS = "A23456789TJQK"


def ordinals(text: str) -> bytes:
    """Cards as the searches hold them (``"KS QH"`` → their ordinals)."""
    return bytes(SUITS.index(card[1]) * 13 + RANKS.index(card[0]) for card in text.split())


def test_a_columns_blocked_cards_cost_a_move_per_run_that_must_leave() -> None:
    by_colour = FITS[False]
    assert _column_part(ordinals("KS QH"), by_colour)[0] == 2  # nothing blocked
    assert _column_part(ordinals("5S 9S"), by_colour)[0] == 3  # the 9 must leave first
    # the 9 and the 8 may leave as one run; the 4 after a break needs a second move
    assert _column_part(ordinals("3S 9S 8H 4S"), by_colour)[0] == 4 + 2
    assert _column_part(ordinals("3S 9S 8H"), by_colour)[0] == 3 + 1
    # by suit the 8 of hearts is not in sequence on the 9 of spades: two runs
    assert _column_part(ordinals("3S 3H 9S 8H"), FITS[True])[0] == 4 + 2


def test_two_cards_that_block_each_other_cost_a_move_more() -> None:
    """The 5 of spades waits for the 2 under the 6 of hearts, which waits for the 3 of
    hearts under the 5: one of the two must move aside first."""
    by_colour = FITS[False]
    first, second = (
        _column_part(ordinals("3H 5S"), by_colour),
        _column_part(ordinals("2S 6H"), by_colour),
    )
    assert first[0] == second[0] == 2  # no card blocked in either column
    assert _cycles([first[1], second[1]]) == 1
    assert _cycles([first[1], _column_part(ordinals("2D 6H"), by_colour)[1]]) == 0
    assert _cycles([first[1], second[1], first[1], second[1]]) == 2  # each column once


def test_the_pairs_of_columns_in_a_cycle_are_the_most_that_share_no_column() -> None:
    """Columns 0-1, 0-2 and 1-3 block each other: pairing 0 with 1 first (as the greedy
    bound did) leaves 2 and 3 unpaired, one move; 0 with 2 and 1 with 3 are two."""
    six_spades = (((0, 5, (13, 2, 13, 13)),),)  # over the 3 of hearts
    seven_hearts = (((1, 6, (1, 13, 13, 13)),),)  # over the 2 of spades
    eight_hearts = (((1, 7, (4, 13, 13, 13)),),)  # over the 5 of spades
    four_spades = (((0, 3, (13, 4, 13, 13)),),)  # over the 5 of hearts
    columns: list[tuple[Group, ...]] = [six_spades, seven_hearts, eight_hearts, four_spades]
    assert [_cycles([columns[i], columns[j]]) for i, j in ((0, 1), (0, 2), (1, 3))] == [1, 1, 1]
    assert [_cycles([columns[i], columns[j]]) for i, j in ((0, 3), (1, 2), (2, 3))] == [0, 0, 0]
    assert _cycles(columns) == 2
    assert _cycles([(), *columns, ()]) == 2  # columns without candidates pair with none
    # in one column, two stretches in sequence: two runs, each may pair with another column
    assert _cycles([six_spades + four_spades, seven_hearts, eight_hearts]) == 2
    assert _cycles([six_spades, four_spades, seven_hearts + eight_hearts]) == 2


def test_each_stretch_in_sequence_of_a_column_is_a_group_of_its_own() -> None:
    """The 2 of spades waits for the ace under the 6 of hearts, which waits for the 3 of
    hearts under the 2 (and the same for the clubs and diamonds): two cycles between the
    same two columns, each costing a run, as the 2s lie in two stretches in sequence."""
    by_colour = FITS[False]
    first = _column_part(ordinals("3H 2S 3D 2C"), by_colour)
    second = _column_part(ordinals("AS 6H AC 6D"), by_colour)
    assert [len(group) for group in first[1]] == [2, 2]
    assert _cycles([first[1], second[1]]) == 2
    state = freecell_position(["3H 2S 3D 2C", "AS 6H AC 6D"], [None] * 4, (0, 1, 1, 0))
    assert _Bound(freecell_solver.rules_of(state))(*_encode(state)) == 8 + 2


JAMMED_TWO = ["KS KH JS JH QS QH"]
"""The queen of hearts must go to a cell, then the queen of spades too: two cells."""


def test_a_column_that_needs_more_cells_than_there_are_is_dead() -> None:
    one = seahaven_position(JAMMED_TWO, [None], (10, 10, 13, 13))
    two = seahaven_position(JAMMED_TWO, [None, None], (10, 10, 13, 13))
    cols, cells, _ = _encode(one)
    assert dead(cols, cells, 1) and not dead(cols, cells, 2)
    assert fewest_moves(one) is None and fewest_moves(two) is not None
    assert shortest(one, seahaven_solver.rules_of(one)) == (None, True, [], 0, False)
    # a queen right on her king may leave inside a king's run: not dead
    assert not dead((ordinals("KH KS QS JS JH QH"),), b"", 1)
    # a card in a cell that waits for cards under the queen counts as parked
    assert dead((ordinals("KS KH JS JH QS"),), ordinals("QH"), 1)
    assert not dead((ordinals("KS KH JS JH QS"),), ordinals("QH"), 2)


def random_endgame(seed: int, seahaven: bool) -> Any:
    """Seahaven: the tens to kings of two suits, most in one tall column (where cards jam),
    one or two cells; FreeCell or Baker's Game: two or three top cards of two suits over
    three columns, maybe one in a cell (small enough for the exhaustive search)."""
    rng = random.Random(seed)
    home = 9 if seahaven else rng.randint(10, 11)
    cards = [rank + suit for suit in "SH" for rank in RANKS[home:]]
    rng.shuffle(cards)
    found = (home, home, 13, 13)
    if seahaven:
        tall = rng.randint(5, 8)
        cells: list[str | None] = [None] * rng.choice((1, 2))
        columns = [" ".join(cards[:tall]), " ".join(cards[tall:])]
        return seahaven_position(columns, cells, found)
    cells = [cards.pop() if rng.random() < 0.4 else None, None, None, None]
    columns = [" ".join(cards[k::3]) for k in range(3)]
    return freecell_position(columns, cells, found, by_suit=rng.random() < 0.5)


@pytest.fixture(params=[True, False], ids=["compiled", "python"])
def compiled(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if request.param and not solver.COMPILED:
        pytest.skip("the compiled search was not built (no C compiler)")
    monkeypatch.setattr(shortest_module, "COMPILED", request.param)
    return bool(request.param)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seahaven=st.booleans())
def test_the_bound_and_the_dead_rule_agree_with_an_exhaustive_search(
    seed: int, seahaven: bool
) -> None:
    state = random_endgame(seed, seahaven)
    rules = (seahaven_solver if seahaven else freecell_solver).rules_of(state)
    fewest = fewest_moves(state)
    cols, cells, found = _settle(*_encode(state), rules.by_suit, None)
    settled_moves = sum(found) - sum(_encode(state)[2])
    bound = _Bound(rules)(cols, cells, found)
    if bound is None:
        assert fewest is None, "a winnable position called dead"
    elif fewest is not None:
        assert settled_moves + bound <= fewest, "the bound overestimates"
    for compiled in (False, True) if solver.COMPILED else (False,):
        shortest_module.COMPILED = compiled
        try:
            found_par = shortest(state, rules)
        finally:
            shortest_module.COMPILED = solver.COMPILED
        assert found_par.proven and found_par.moves == fewest


def test_the_dead_rule_prunes_lost_seahaven_endgames(compiled: bool) -> None:
    """Some of the random endgames are pruned at the start, each lost."""
    pruned = 0
    for seed in range(60):
        state = random_endgame(seed, seahaven=True)
        cols, cells, _ = _settle(*_encode(state), True, None)
        if dead(cols, cells, len(state.cells)):
            pruned += 1
            assert fewest_moves(state) is None
            assert shortest(state, seahaven_solver.rules_of(state)).nodes == 0
    assert pruned >= 2


def cards_out(state: Any) -> int:
    return 52 - sum(state.foundations)


def iterative_deepening(state: Any) -> int | None:
    """The fewest moves to a win by depth-first searches over every legal move (as
    :func:`fewest_moves`), each to a depth one more than the last, cut only where the
    moves made and one move home per card out pass the depth: slow, but it shares
    nothing with the A* but the rules."""

    def key(state: Any) -> bytes:
        cols, cells, found = _encode(state)
        return _key(cols, cells) + bytes(found)

    def reaches(state: Any, moves: int, depth: int, best: dict[bytes, int]) -> bool:
        if state.won:
            return True
        if moves + cards_out(state) > depth or best.get(key(state), depth + 1) <= moves:
            return False
        best[key(state)] = moves
        return any(
            reaches(state.apply(move), moves + 1, depth, best)
            for move in state.legal_moves()
            if move.source.kind != "foundation"
        )

    for depth in range(cards_out(state), MAX_MOVES + 1):
        if reaches(state, 0, depth, {}):
            return depth
    return None


def late_in_the_solvers_line(code: DealCode, out: int) -> Any:
    """The first position of the exact solver's line for ``code`` with ``out`` cards or
    fewer out of the foundations."""
    game: Any = seahaven if code.game == "SH" else freecell
    module: Any = seahaven_solver if code.game == "SH" else freecell_solver
    state = game.deal(code)
    for move in module.solve_state(state).moves:
        if cards_out(state) <= out:
            break
        state = state.apply(move)
    return state


@pytest.mark.slow
@pytest.mark.parametrize(
    ("code", "out"),
    [
        (DealCode("FC", 1, "N", 3), 18),
        (DealCode("FC", 1, "B", 2), 16),
        (DealCode("SH", 1, "C4", 1), 28),
        (DealCode("SH", 1, "C4", 4), 28),
    ],
    ids=str,
)
def test_pars_from_deals_equal_an_iterative_deepening_search(
    compiled: bool, code: DealCode, out: int
) -> None:
    """Positions of real deals late in the solver's line (which is not the shortest):
    the A*'s par equals the slow exhaustive search's."""
    state = late_in_the_solvers_line(code, out)
    module: Any = seahaven_solver if code.game == "SH" else freecell_solver
    found = shortest(state, module.rules_of(state))
    assert found.proven and found.moves == iterative_deepening(state)
