"""Spider solver: winning lines replay to a win; verdicts agree with a plain exhaustive
search on small endgames; "lost" only when the search cut nothing; the compiled search
matches the Python one (verdict, line, positions expanded) on seeded deals and endgames."""

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

from cardems.dealcode import DealCode
from cardems.moves import play as play_on
from cardems.spider import declared, solver
from cardems.spider.declared import SpiderBoard, board_of
from cardems.spider.rules import Move, SpiderState, position
from cardems.spider.solver import solve


def deal(code: DealCode) -> SpiderState:
    """The solver's position of a deal (dealt by the declaration)."""
    return declared.deal(code).fast


def play(state: SpiderState, moves: list[Move]) -> SpiderBoard:
    """A line of the solver played from ``state`` on the family engine (refused moves
    raise)."""
    return play_on(board_of(state), moves)


def opened(number: int, opening: str) -> SpiderState:
    """Four-suit deal ``number`` after the moves of ``opening`` (``7>6 D``)."""
    state = deal(DealCode("SP", 1, "S4", number))
    for text in opening.split():
        state = state.after(Move.parse(text))
    return state


def proved_by_the_second_alone(
    state: SpiderState, first: solver.Limits, second: solver.Limits
) -> None:
    """The search of ``first`` leaves ``state`` undecided; that of ``second`` proves it,
    with a line that wins."""
    assert solver.search(state, first).winnable is None
    result = solver.search(state, second)
    assert result.winnable is True and result.moves
    assert play(state, result.moves).is_won()


@pytest.mark.slow
@pytest.mark.parametrize("number", range(3))
def test_one_suit_deals_are_won_and_the_line_replays(number: int) -> None:
    state = deal(DealCode("SP", 1, "S1", number))
    result = solve(state, nodes=100_000, use_compiled=False)  # the staged search's 20,000
    assert result.winnable is True and result.moves
    assert play(state, result.moves).is_won()


def test_a_budget_too_small_is_undecided_not_lost() -> None:
    result = solve(deal(DealCode("SP", 1, "S4", 0)), nodes=50, use_compiled=False)
    assert result.winnable is None and result.moves is None and result.nodes <= 51


def test_a_blocked_position_is_lost() -> None:
    ranks = [0, 2, 4, 6, 8, 10, 12, 0, 2, 4]  # no card one rank below another, no empty column
    columns = tuple((52 * (i % 2) + 13 + rank,) for i, rank in enumerate(ranks))
    state = SpiderState(columns, (0,) * 10, ())
    assert not state.legal_moves()
    assert solve(state, use_compiled=False).winnable is False
    assert solve(state).winnable is False


def brute_force(state: SpiderState) -> bool:
    """Whether any sequence of legal moves wins (every move tried, no pruning but the
    order of the columns)."""
    seen = set()
    stack = [state]
    while stack:
        current = stack.pop()
        if current.is_won():
            return True
        seen_key = position(current)  # columns in any order play alike
        if seen_key in seen:
            continue
        seen.add(seen_key)
        stack += [current.after(move) for move in current.legal_moves()]
    return False


def endgame(seed: int) -> SpiderState:
    """Seven runs gone; the last run's K-6 of spades in order in column 1 and its 5-A
    spread over columns 2-4, some face down (odd seeds: two of them hearts, a spoiled
    run that cannot be won); a king of hearts alone in each other column keeps the
    exhaustive search small."""
    rng = random.Random(seed)
    loose = [4, 3, 2, 1, 0] if seed % 2 == 0 else [4, 3, 13 + 52 + 2, 13 + 52 + 1, 0]
    rng.shuffle(loose)
    kings = [(25 + 52 * i,) for i in range(6)]
    columns: list[tuple[int, ...]] = [tuple(range(12, 4, -1)), (), (), (), *kings]
    for card in loose:
        i = 1 + rng.randrange(3)
        columns[i] = (*columns[i], card)
    down = tuple(max(0, len(c) - 1 - rng.randrange(2)) if i else 0 for i, c in enumerate(columns))
    return SpiderState(tuple(columns), down, (), runs=(0,) * 7)


@pytest.mark.parametrize("seed", range(6))
def test_verdicts_agree_with_an_exhaustive_search(seed: int) -> None:
    state = endgame(seed)
    result = solve(state, nodes=200_000, use_compiled=False)
    truth = brute_force(state)
    assert result.winnable in (truth, None) and (result.winnable is True) == truth
    if result.moves is not None:
        assert play(state, result.moves).is_won()


def test_a_lateral_move_that_frees_a_card_for_its_suit_is_kept() -> None:
    # 8S on 9H in column 1; 9D tops column 2, TH column 3: 8S to 9D is lateral (it makes
    # no run) but frees 9H to go onto TH, so it is searched; 8S onto 9H again would not be.
    spades, hearts, diamonds = 0, 13, 26
    columns = ((hearts + 8, spades + 7), (diamonds + 8,), (hearts + 9,)) + ((25,),) * 7
    state = SpiderState(columns, (0,) * 10, ())
    moves, dropped = solver.successors(state)
    assert "1>2" in map(str, moves) and not dropped


compiled = solver.compiled()
needs_c = pytest.mark.skipif(compiled is None, reason="the C search was not built")


@needs_c
@pytest.mark.parametrize(
    ("variant", "number", "nodes"),
    [
        pytest.param("S1", 0, 20_000, marks=pytest.mark.slow),
        pytest.param("S1", 5, 20_000, marks=pytest.mark.slow),
        ("S2", 3, 3_000),
        pytest.param("S2", 7, 4_000, marks=pytest.mark.slow),
        ("S4", 1, 2_000),
    ],
)
def test_compiled_search_matches_python(variant: str, number: int, nodes: int) -> None:
    state = deal(DealCode("SP", 1, variant, number))
    python = solve(state, nodes=nodes, use_compiled=False)
    c = solve(state, nodes=nodes)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)


@needs_c
@pytest.mark.parametrize("seed", range(6))
def test_compiled_search_matches_python_on_endgames(seed: int) -> None:
    state = endgame(seed)
    python = solve(state, nodes=200_000, use_compiled=False)
    c = solve(state, nodes=200_000)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)


@needs_c
@pytest.mark.slow
def test_compiled_search_keeps_its_shape_and_ceiling() -> None:
    state = deal(DealCode("SP", 1, "S2", 3))
    shape: dict[str, Any] = {"stage": 50, "branch": 2, "last": 100, "max_stored": 2_000}
    python = solve(state, nodes=5_000, use_compiled=False, **shape)
    c = solve(state, nodes=5_000, **shape)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)


@needs_c
def test_compiled_search_refuses_bad_input() -> None:
    # runs, nodes, seconds, stage, last, branch, max_stored, width, keep, the weights, the
    # supermoves' and laterals' flags, twins, join_weight, jitter, salt, deal_rank, ordered
    shape = (0, 10, -1.0, 10, 10, 2, 100, 0, 1, 4, 3, False, False, False, 0, 1, 0, 0, False, False)
    with pytest.raises(ValueError, match="too many cards"):
        compiled.solve([[0]] * 10, [0] * 10, [1] * 95, *shape)
    with pytest.raises(ValueError, match="face down"):
        compiled.solve([[0]] * 10, [1] * 10, [], *shape)
    with pytest.raises(ValueError, match="out of range"):
        compiled.solve([[99]] * 10, [0] * 10, [], *shape)
    with pytest.raises(ValueError, match="twins"):
        compiled.solve([[0]] * 10, [0] * 10, [], *shape[:-6], -1, *shape[-5:])
    with pytest.raises(ValueError, match="weight"):
        compiled.solve([[0]] * 10, [0] * 10, [], *shape[:-4], -1, *shape[-3:])


def test_a_supermove_is_spelled_out_as_legal_moves_to_the_same_position() -> None:
    # Column 1: a face-down card under 9S 8H 7H 6C 5C (three one-suit runs); column 2 tops
    # with TD; columns 3 and 4 are empty: two empty columns carry four runs.
    spades, hearts, clubs, diamonds = 0, 13, 39, 26
    sequence = (spades + 8, hearts + 7, hearts + 6, clubs + 5, clubs + 4)
    kings = ((spades + 12,),) * 6
    columns = ((diamonds + 1, *sequence), (diamonds + 9,), (), (), *kings)
    state = SpiderState(columns, (1,) + (0,) * 9, ())
    supermove = Move(0, 1, 5)
    assert supermove in solver.successors(state, supermoves=True)[0]
    assert supermove not in solver.successors(state)[0]
    moves = solver.single_moves(state, supermove)
    assert len(moves) == 5 and all(move.count <= 2 for move in moves)
    after = play(state, moves)
    assert (after.columns, after.down) == (state.after(supermove).columns, (0,) * 10)


def test_a_supermove_carries_no_more_runs_than_the_empty_columns_allow() -> None:
    # One empty column carries two runs: 8H 7H 6C 5C onto 9H, not 9S 8H 7H 6C 5C onto TD.
    spades, hearts, clubs, diamonds = 0, 13, 39, 26
    sequence = (spades + 8, hearts + 7, hearts + 6, clubs + 5, clubs + 4)
    kings = ((spades + 12,),) * 6
    columns = ((diamonds + 1, *sequence), (diamonds + 9,), (), (52 + hearts + 8,), *kings)
    state = SpiderState(columns, (1,) + (0,) * 9, ())
    moves = solver.successors(state, supermoves=True)[0]
    assert Move(0, 3, 4) in moves and Move(0, 1, 5) not in moves
    assert Move(0, 3, 4) not in solver.successors(state)[0]


@pytest.mark.slow
def test_four_suits_are_searched_by_a_portfolio_of_beams() -> None:
    state = deal(DealCode("SP", 1, "S4", 1))
    total = solver.portfolio_nodes(solver.FOUR_SUITS)
    allowed = spent = 0
    for share, shape in solver.FOUR_SUITS:  # each its share and what the ones before left
        allowed += 3_000 * share // total
        result = solver.BeamSearch(solver.Limits(allowed - spent, **shape)).run(state)
        assert result.winnable is None and shape["width"]
        spent += result.nodes
    assert solve(state, nodes=3_000, use_compiled=False) == solver.Result(None, None, spent)
    assert solver.FOUR_BEAM == {**solver.BEAM, "stage": 10_000}
    stuck = {**solver.FOUR_BEAM, "stuck_laterals": True}
    assert solver.FOUR_SUITS[0][1] == solver.FOUR_STUCK == stuck
    assert all(shape["stuck_laterals"] for _, shape in solver.FOUR_SUITS)
    assert solver.suits_in_play(state) == 4
    assert solver.suits_in_play(deal(DealCode("SP", 1, "S2", 1))) == 2


SMALL_BEAM = {**solver.BEAM, "width": 4, "keep": 2, "stage": 500, "last": 2_000}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "number", "nodes", "won"),
    [("S2", 7, 8_000, True), ("S1", 5, 8_000, True), ("S4", 1, 3_000, None)],
)
def test_the_beam_wins_with_a_line_that_replays_and_the_compiled_beam_matches_it(
    variant: str, number: int, nodes: int, won: bool | None
) -> None:
    """One Python search serves both checks: its verdict and a won line that replays, and
    the compiled beam's same verdict, line and positions (where the C search was built)."""
    state = deal(DealCode("SP", 1, variant, number))
    python = solve(state, nodes=nodes, use_compiled=False, **SMALL_BEAM)
    assert python.winnable is won
    if won:
        assert python.moves and play(state, python.moves).is_won()
    if compiled is not None:
        c = solve(state, nodes=nodes, **SMALL_BEAM)
        assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)


@needs_c
@pytest.mark.parametrize("seed", range(6))
def test_compiled_beam_matches_python_on_endgames(seed: int) -> None:
    state = endgame(seed)
    python = solve(state, nodes=200_000, use_compiled=False, **SMALL_BEAM)
    c = solve(state, nodes=200_000, **SMALL_BEAM)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)
    assert python.winnable in (True, None) and (python.winnable is True) == brute_force(state)


def test_diverse_takes_at_most_twins_of_a_signature_then_fills_with_the_others() -> None:
    state = deal(DealCode("SP", 1, "S4", 1))
    turned = state.after(solver.successors(state)[0][0])  # the first move turns a card
    assert solver.signature(turned) != solver.signature(state)
    states = [state, state, turned, state, turned]
    ranked = ["a", "b", "c", "d", "e"]
    assert solver.diverse(ranked, 3, 0, states) == ["a", "b", "c"]
    assert solver.diverse(ranked, 3, 1, states) == ["a", "c", "b"]
    assert solver.diverse(ranked, 2, 1, states) == ["a", "c"]
    assert solver.diverse(ranked, 4, 2, states) == ["a", "b", "c", "e"]
    assert solver.diverse(ranked, 9, 1, states) == ["a", "c", "b", "d", "e"]


TINY_BEAM = {**SMALL_BEAM, "width": 6, "keep": 3, "stage": 200, "last": 400, "stuck_laterals": True}


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "number", "shape"),
    [
        ("S4", 3, {"twins": 1}),  # won, where the beam without twins is undecided
        ("S2", 0, {"jitter": 12, "salt": 7, "twins": 1}),
        ("S2", 0, {"jitter": 6, "salt": 1}),
        ("S4", 1, {"jitter": 6, "salt": 1}),  # undecided, the beam spent within the budget
        ("S2", 1, {"join_weight": 3}),
        ("S2", 1, {"ordered": True, "deal_rank": True}),  # won
        ("S4", 3, {"ordered": True}),
    ],
)
def test_compiled_beam_of_each_new_shape_matches_python(
    variant: str, number: int, shape: dict[str, Any]
) -> None:
    state = deal(DealCode("SP", 1, variant, number))
    python = solve(state, nodes=6_000, use_compiled=False, **TINY_BEAM, **shape)
    c = solve(state, nodes=6_000, **TINY_BEAM, **shape)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)
    assert c.nodes < 6_000  # decided, or the beam ran out of positions: not the budget
    plain = solve(state, nodes=6_000, **TINY_BEAM)
    assert (plain.winnable, plain.nodes) != (c.winnable, c.nodes)  # the shape searched
    if c.moves is not None:
        assert play(state, c.moves).is_won()


@needs_c
@pytest.mark.slow
def test_compiled_staged_search_with_jitter_matches_python() -> None:
    state = deal(DealCode("SP", 1, "S2", 3))
    shape: dict[str, Any] = {"jitter": 6, "salt": 1, "join_weight": 3}
    python = solve(state, nodes=3_000, use_compiled=False, **shape)
    c = solve(state, nodes=3_000, **shape)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)
    assert solver.Limits(jitter=6, salt=1).priority(state, 5) in range(
        solver.badness(state), solver.badness(state) + 7
    )
    draws = {solver.Limits(jitter=6, salt=salt).priority(state, 5) for salt in range(20)}
    assert len(draws) > 1  # the salt changes the draw


@needs_c
@pytest.mark.slow
def test_the_portfolio_proves_a_two_suit_deal_the_staged_search_leaves_undecided() -> None:
    state = deal(DealCode("SP", 1, "S2", 33344796301))  # of seed 1's tuning deals
    assert solver.search(state, solver.Limits()).winnable is None
    result = solve(state)
    assert result.winnable is True and result.moves
    assert play(state, result.moves).is_won()


def lateral_endgame() -> SpiderState:
    """Seven runs gone, every card face up, the stock empty: KS-3S in column 1, 2S under
    5H 4C in column 2. Only 4C onto 5D (a lateral move: off a card one rank higher, onto
    another suit, freeing nothing for its suit) lets 5H go onto 6D, then 2S and AS home."""
    spades, hearts, diamonds, clubs = 0, 13, 26, 39
    columns = (
        tuple(range(spades + 12, spades + 1, -1)),
        (spades + 1, hearts + 4, clubs + 3),
        (clubs + 5, diamonds + 4),
        (diamonds + 5,),
        (spades + 0,),
        *((hearts + 12 + 52 * i,) for i in range(5)),
    )
    return SpiderState(columns, (0,) * 10, (), runs=(0,) * 7)


@pytest.mark.parametrize("use_compiled", [False, pytest.param(True, marks=needs_c)])
def test_the_beam_keeps_lateral_moves_once_every_card_is_face_up(use_compiled: bool) -> None:
    state = lateral_endgame()
    assert brute_force(state)
    without = solve(state, use_compiled=use_compiled, endgame_laterals=False)
    assert without.winnable is None
    result = solve(state, use_compiled=use_compiled)
    assert result.winnable is True and result.moves
    assert play(state, result.moves).is_won()


@needs_c
@pytest.mark.slow
def test_the_second_beam_proves_a_four_suit_deal_the_first_leaves_undecided() -> None:
    state = opened(9363191554, "7>6 D")  # of seed 1's tuning deals; the second beam's opening
    (first_share, first), (second_share, second) = solver.FOUR_SUITS[:2]
    proved_by_the_second_alone(
        state, solver.Limits(first_share, **first), solver.Limits(second_share, **second)
    )


@needs_c
@pytest.mark.slow
def test_four_suit_stages_of_ten_thousand_prove_a_deal_stages_of_three_thousand_leave() -> None:
    state = deal(DealCode("SP", 1, "S4", 8541039626))  # of seed 1's tuning deals
    short = solver.Limits(solver.FOUR_BEAM_NODES, **{**solver.FOUR_BEAM, "stage": 3_000})
    assert solver.search(state, short).winnable is None  # every last position a dead end
    result = solve(state)
    assert result.winnable is True and result.moves
    assert play(state, result.moves).is_won()


def stuck_position() -> SpiderState:
    """4C on 5H in column 1, 5D alone in column 2, a king of hearts on each other column and
    ten cards in the stock: the one move but the deal is 4C onto 5D, a lateral move (off a
    card one rank higher, onto another suit, freeing nothing for its suit)."""
    hearts, diamonds, clubs = 13, 26, 39
    columns = ((hearts + 4, clubs + 3), (diamonds + 4,), *((hearts + 12,),) * 8)
    return SpiderState(columns, (0,) * 10, tuple(range(10)))


def test_stuck_laterals_keep_the_lateral_moves_of_a_position_that_has_no_other() -> None:
    state = stuck_position()
    moves, dropped = solver.successors(state)
    assert moves == [Move.deal()] and dropped
    assert solver.Limits().successors(state) == (moves, True)
    moves, dropped = solver.Limits(stuck_laterals=True).successors(state)
    assert moves == [Move(0, 1, 1), Move.deal()] and not dropped
    # With 6D on column 3, 5D may go onto it (emptying column 2): 4C onto 5D is dropped.
    columns = list(state.columns)
    columns[2] = (26 + 5,)
    other = SpiderState(tuple(columns), state.down, state.stock)
    moves, dropped = solver.Limits(stuck_laterals=True).successors(other)
    assert Move(1, 2, 1) in moves and Move(0, 1, 1) not in moves and dropped


@needs_c
@pytest.mark.parametrize(("seed", "beam"), [(1, False), (3, False), (5, False), (5, True)])
def test_compiled_stuck_laterals_match_python_on_endgames(seed: int, beam: bool) -> None:
    state = endgame(seed)  # unwinnable, with positions whose only moves are lateral
    shape: dict[str, Any] = {**(SMALL_BEAM if beam else {}), "stuck_laterals": True}
    python = solve(state, nodes=200_000, use_compiled=False, **shape)
    c = solve(state, nodes=200_000, **shape)
    assert (c.winnable, c.moves, c.nodes) == (python.winnable, python.moves, python.nodes)
    assert python.winnable is None  # the seed's spoiled run: never "won"
    without = solve(state, nodes=200_000, **{**shape, "stuck_laterals": False})
    assert without.nodes != c.nodes  # the stuck positions' lateral moves were searched


TWINS_OPENING = (
    "2>10 2>10 2>6 5>6 1>3 2>3 2>1 10>5 10>2 1>10 5:2>1 6>3 D 5>10 7>5 2>7 3>9 4>3 4>3 1>3 "
    "2:2>3 1:3>2 1>9 5:2>9 5>10 1>7 1>3 2:3>1 4>2 4>2 4>1 9:2>1 9>5 1:2>5 1>9 5:2>9 D"
)
"""The twins beam's first 39 moves (two deals) of its win of a tuning deal of seed 1: from
there the two beams expand some 560,000 positions (from the deal, the twins beam alone
1,390,000)."""


@needs_c
@pytest.mark.slow
def test_the_twins_beam_proves_a_four_suit_deal_the_first_beam_leaves() -> None:
    state = opened(2565713961, TWINS_OPENING)  # of seed 1's tuning deals
    share, twins = solver.FOUR_SUITS[5]
    assert twins == {**solver.FOUR_STUCK, "twins": 1}
    proved_by_the_second_alone(
        state, solver.Limits(share, **solver.FOUR_STUCK), solver.Limits(share, **twins)
    )
    assert [shape.get("twins") for _, shape in solver.FOUR_SUITS[5:]] == [1, 1, 1]


STUCK_OPENING = (
    "10>2 3>7 3>1 4>3 9>1 8>9 7:2>5 7>8 10>8 7>6 7>9 6>3 6>9 7>6 1>7 1:2>10 7>10 5:2>7 5>4 "
    "7:2>4 2:2>1 1:2>7 1>5 7:2>5 1>9 4:2>7 4>2 7:2>2 4>7 4>3 4>5 1>4 1>5 7>1 8>9 3>8 3>7 9>7 "
    "9>3 8:2>9 7>3 7>8 9>8 3>9 3:3>7 9>7 D 2>9 6>9 1>10 D"
)
"""The first 51 moves (two deals) of the win of :data:`~cardems.spider.solver.FOUR_STUCK`'s
beam of a tuning deal of seed 3: from there the two beams expand some 320,000 positions."""


@needs_c
@pytest.mark.slow
def test_stuck_laterals_prove_a_four_suit_deal_the_beam_without_them_leaves() -> None:
    state = opened(789231884, STUCK_OPENING)  # of seed 3's tuning deals
    share = solver.FOUR_BEAM_NODES
    proved_by_the_second_alone(
        state, solver.Limits(share, **solver.FOUR_BEAM), solver.Limits(share, **solver.FOUR_STUCK)
    )


def benchmark() -> Any:
    """``benchmarks/spider_solver.py`` as a module."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "spider_solver.py"
    spec = importlib.util.spec_from_file_location("spider_solver_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_names_the_deals_left_undecided() -> None:
    from cardems.spider.commands import Verdict

    bench = benchmark()
    won = Verdict("SP1-S4-AAAAAAB", True, 1.0, 300)
    left = [Verdict("SP1-S4-AAAAAAC", None, 9.0, None), Verdict("SP1-S4-AAAAAAD", None, 8.0, None)]
    assert bench.undecided([won, *left]) == "  undecided: SP1-S4-AAAAAAC SP1-S4-AAAAAAD"
    assert bench.undecided([won]) == ""


def test_the_benchmarks_shape_round_trips_and_refuses_bad_words() -> None:
    bench = benchmark()
    shape = bench.parse_shape(["stage=20000", "width=120", "endgame_laterals=false"])
    assert shape == {"stage": 20_000, "width": 120, "endgame_laterals": False}
    assert bench.parse_shape(bench.format_shape(shape).split()) == shape
    for bad in ("nodes=3", "seconds=1", "stage=x", "stage=-1", "supermoves=yes", "foo=1"):
        with pytest.raises(ValueError, match=r"^--shape: "):
            bench.parse_shape([bad])
