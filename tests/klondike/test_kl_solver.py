"""Klondike's solver: lines replay to a win, verdicts agree with a brute-force search of
small endgames, the compiled search matches the Python one position for position, and
the budget gives an honest "undecided"."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.klondike.positions import deal_cards
from tests.klondike.positions import laid as position

from cardems.dealcode import DealCode
from cardems.kit.building.engine import BuildState
from cardems.klondike import declared, solver
from cardems.klondike.declared import deal, solver_rules
from cardems.klondike.rules import SUITS, Rules

compiled = solver.compiled()


def replays_to_a_win(state: BuildState, line: list[solver.Move] | None) -> bool:
    assert line is not None
    for move in line:
        state = declared.apply(state, move)  # raises on an illegal move
    return state.won


def endgame(
    seed: int, rules: Rules, talon: int = 6, lows: tuple[int, int] = (11, 12), spread: int = 7
) -> BuildState:
    """A small endgame: the ranks from ``low`` (one of ``lows``) up of every suit laid
    out at random in the first ``spread`` columns (up to ``talon`` of them in the stock),
    the rest on the foundations."""
    rng = random.Random(seed)
    low = rng.randint(*lows)
    cards = [s * 13 + r - 1 for s in range(4) for r in range(low, 14)]
    rng.shuffle(cards)
    split = rng.randint(0, min(talon, len(cards)))
    columns: list[list[int]] = [[] for _ in range(7)]
    for card in cards[split:]:
        columns[rng.randrange(spread)].append(card)
    hidden = tuple(max(0, len(c) - 1) for c in columns)  # only the top cards face up
    return position(
        rules,
        tuple(tuple(c) for c in columns),
        hidden,
        tuple(cards[:split]),
        (),
        (low - 1,) * 4,
    )


def brute_force(state: BuildState) -> bool:
    """Every legal move from every position (no pruning at all), but for taking back
    from the foundations a card the endgame started with there."""
    floor = min(state.foundations)
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    while stack:
        current = stack.pop()
        unlimited = solver_rules(current.rules).recycles is None
        piles = (tuple(card.ordinal for card in pile) for pile in current.columns)
        columns = tuple(sorted(zip(current.down, piles, strict=True)))
        recycles = 0 if unlimited else current.passes
        key = (columns, current.stock, current.waste, current.foundations, recycles)
        if key in seen:
            continue
        seen.add(key)
        if current.won:
            return True
        stack.extend(
            declared.apply(current, move)
            for move in declared.legal_moves(current)
            if not (
                move.source[0] == "F" and current.foundations[SUITS.index(move.source[1])] <= floor
            )
        )
    return False


@pytest.mark.parametrize(
    "seed", [s if s in (0, 5) else pytest.param(s, marks=pytest.mark.slow) for s in range(8)]
)  # two in the quick run, the rest (seconds each) slow
def test_verdicts_agree_with_brute_force_on_endgames(seed: int) -> None:
    rules = Rules(3 if seed % 2 else 1, None if seed % 3 else 2)
    state = endgame(seed, rules)
    verdict = solver.solve(state, use_compiled=False)
    assert verdict.winnable == brute_force(state)
    if verdict.winnable:
        assert replays_to_a_win(state, verdict.line)


@pytest.mark.parametrize(
    "seed", [s if s in (0, 2, 4) else pytest.param(s, marks=pytest.mark.slow) for s in range(16)]
)  # three in the quick run, the rest (seconds each) slow
def test_verdicts_agree_with_brute_force_on_draw_three_endgames(seed: int) -> None:
    # Draw three with unlimited passes mostly (where draw positions are compared to
    # each other): even seeds crowd the cards in two columns (seeds 2 and 4 are lost),
    # odd ones put up to all of them in the stock.
    rules = Rules(3, 2) if seed % 5 == 4 else Rules(3, None)
    shape = {"talon": 12} if seed % 2 else {"talon": 4, "spread": 2}
    state = endgame(seed, rules, **shape)
    expected = brute_force(state)
    for use_compiled in (False, True) if compiled else (False,):
        verdict = solver.solve(state, use_compiled=use_compiled)
        assert verdict.winnable == expected
        if verdict.winnable:
            assert replays_to_a_win(state, verdict.line)


def test_the_compiled_table_grows() -> None:
    # 30,000 positions expanded and more cut, past the table's first 65,536 slots (the
    # table once sized for twice the budget filled up here and the search never ended).
    if compiled is None:
        pytest.skip("the C search was not built")
    state = deal(DealCode("KL", 1, "D3", 100_031))
    assert solver.solve(state, 30_000) == solver.Verdict(None, None, 30_001)


@pytest.mark.parametrize(
    "code",
    [
        "KL1-D3-AAAAAAA",
        pytest.param("KL1-D1-AAAAAAB", marks=pytest.mark.slow),
        pytest.param("KL1-D3L-AAAAAAH", marks=pytest.mark.slow),
    ],
)
def test_lines_replay_to_a_win(code: str) -> None:
    state = deal(DealCode.parse(code))
    verdict = solver.solve(state, 50_000, use_compiled=False)
    assert verdict.winnable
    assert replays_to_a_win(state, verdict.line)


def test_a_deal_without_a_first_move_is_lost() -> None:
    # Every column's top and every stock card are kings and queens that fit nowhere
    # useful... built so that no ace ever comes free: the aces lie under the kings.
    deck = list(range(52))
    aces = [0, 13, 26, 39]
    kings = [12, 25, 38, 51]
    rest = [c for c in deck if c not in aces + kings]
    # columns 4-7 hold an ace at the bottom under a face-down run ending in a king
    state = deal_cards(aces[:1] + rest[:27] + kings + aces[1:] + rest[27:], Rules(3, None))
    verdict = solver.solve(state, 10_000, use_compiled=False)
    assert verdict.winnable in (False, True, None)  # decided or not, never a crash
    if verdict.winnable:
        assert replays_to_a_win(state, verdict.line)


def test_the_budget_gives_undecided() -> None:
    state = deal(DealCode.parse("KL1-D3-AAAAAAB"))
    verdict = solver.solve(state, 3, use_compiled=False)
    assert verdict == solver.Verdict(None, None, 4)


def test_blocked_card_is_seen() -> None:
    # 5H lies on 6S over 6C over 4H: it can neither move to a six nor go home.
    state = position(
        Rules(1, None),
        ((3 + 13, 5 + 39, 5, 4 + 13), (), (), (), (), (), ()),
        (3, 0, 0, 0, 0, 0, 0),
        (),
        (),
    )
    assert solver.blocked(solver.Position.of(state))


def test_a_deadlock_across_two_columns_is_seen() -> None:
    # TS (over 9S 9C JD, face down) waits for JH, under TC; TC waits for JD, under TS,
    # or for 9C to go home first: neither ever moves.
    spades, hearts, diamonds, clubs = 0, 13, 26, 39
    talon = [spades + r for r in (10, 11, 12)] + [hearts + 11, hearts + 12]
    talon += [diamonds + 11, diamonds + 12, clubs + 10, clubs + 11, clubs + 12]
    state = position(
        Rules(3, None),
        ((spades + 8, clubs + 8, diamonds + 10, spades + 9), (hearts + 10, clubs + 9)) + ((),) * 5,
        (3, 0, 0, 0, 0, 0, 0),
        tuple(talon),
        (),
        (8, 10, 10, 8),
    )
    assert solver.blocked(solver.Position.of(state))
    assert solver.solve(state, use_compiled=False).winnable is False


def test_a_place_in_the_talon_counts_only_once_it_can_be_laid() -> None:
    # As above, with JD in the stock: it could take TC, but only on a black queen, and
    # both lie under TS.
    spades, hearts, diamonds, clubs = 0, 13, 26, 39
    talon = [spades + 10, spades + 12, hearts + 11, hearts + 12, diamonds + 10]
    talon += [diamonds + 11, diamonds + 12, clubs + 10, clubs + 12]
    state = position(
        Rules(3, None),
        ((spades + 11, clubs + 11, spades + 8, clubs + 8, spades + 9), (hearts + 10, clubs + 9))
        + ((),) * 5,
        (4, 0, 0, 0, 0, 0, 0),
        tuple(talon),
        (),
        (8, 10, 10, 8),
    )
    assert solver.blocked(solver.Position.of(state))
    assert solver.solve(state, use_compiled=False).winnable is False


def test_a_card_riding_on_a_kings_run_is_not_blocked() -> None:
    # Deal 94: QS lies on KD over KH, with JS under them, and is no dead end: KD takes
    # it to an empty column. (A test of the card alone once called this deal lost.)
    state = deal(DealCode.parse("KL1-D3-AAAAAC6"))
    verdict = solver.solve(state, use_compiled=False)
    assert verdict.winnable
    assert replays_to_a_win(state, verdict.line)


needs_c = pytest.mark.skipif(compiled is None, reason="the C search was not built")


@pytest.mark.slow
@needs_c
@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["D1", "D3", "D1L", "D3L"]),
    st.integers(0, 32**7 - 1),
    st.integers(1, 3000),
)
def test_compiled_search_matches_python(variant: str, number: int, budget: int) -> None:
    state = deal(DealCode("KL", 1, variant, number))
    python = solver.solve(state, budget, use_compiled=False)
    c = solver.solve(state, budget)
    assert (c.winnable, c.nodes) == (python.winnable, python.nodes)
    assert c.line == python.line


@needs_c
@pytest.mark.parametrize("seed", range(12))
def test_compiled_search_matches_python_on_endgames(seed: int) -> None:
    state = endgame(seed, Rules(3 if seed % 2 else 1, None if seed % 3 else 2))
    python = solver.solve(state, use_compiled=False)
    c = solver.solve(state)
    assert (c.winnable, c.nodes, c.line) == (python.winnable, python.nodes, python.line)


@needs_c
def test_compiled_search_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        compiled.solve([0] * 7, [[99]] + [[]] * 6, [], 0, [0] * 4, 0, 3, -1, 10)
    with pytest.raises(ValueError):
        compiled.solve([0] * 6, [[]] * 7, [], 0, [0] * 4, 0, 3, -1, 10)


def test_a_card_that_may_move_but_never_go_home_is_seen() -> None:
    # TD (over JC JS 3H 7C 9H, face down) can only go home, after 9D; 9D may move onto
    # TS, but it goes home only once 8C leaves it, and 8C waits for 7C or 9H, both under
    # TD. (A fixpoint asking only whether every card may leave its place missed it.)
    spades, hearts, diamonds, clubs = 0, 13, 26, 39
    talon = [spades + 11, spades + 12, *(hearts + r for r in (3, 4, 5, 6, 7, 9, 10, 11, 12))]
    talon += [diamonds + 10, diamonds + 11, diamonds + 12, clubs + 8, clubs + 9, clubs + 11]
    talon += [clubs + 12]
    column = (hearts + 8, clubs + 6, hearts + 2, spades + 10, clubs + 10, diamonds + 9)
    state = position(
        Rules(3, None),
        (column, (diamonds + 8, clubs + 7), (spades + 9,)) + ((),) * 4,
        (5, 0, 0, 0, 0, 0, 0),
        tuple(talon),
        (),
        (9, 2, 8, 6),
    )
    assert len(state.all_cards()) == 52
    assert solver.blocked(solver.Position.of(state))
    assert solver.solve(state, use_compiled=False).winnable is False
    if compiled is not None:
        assert solver.solve(state).winnable is False


def test_a_draw_position_that_reaches_less_of_the_talon_is_cut() -> None:
    # At draw three with unlimited passes, one card turned reaches talon cards 0, 3, 6…
    # and then every third from the recycle; four turned reach a subset of those, and
    # none turned fewer still; with limited passes no such order holds.
    state = deal(DealCode.parse("KL1-D3-AAAAAAB"))
    position = solver.Position.of(state)
    search = solver.Search(solver_rules(state.rules))
    position.turned = 1
    search.seen.add(position.key(solver_rules(state.rules)))
    for turned, cut in [(0, True), (4, True), (7, True), (1, False), (2, False), (5, False)]:
        position.turned = turned
        assert search.dominated(position) is cut
    limited = solver.Search(Rules(3, 2))
    position.turned = 1
    limited.seen.add(position.key(limited.rules))
    position.turned = 4
    assert not limited.dominated(position)


@pytest.mark.parametrize("use_compiled", [False, True] if compiled else [False])
def test_a_deal_undecided_within_the_budget_is_searched_again_deeper(use_compiled: bool) -> None:
    state = deal(DealCode.parse("KL1-D3-AAAAAAB"))
    whole = solver.solve(state, 50_000, use_compiled=use_compiled)
    assert whole.winnable and whole.nodes > 4
    verdict = solver.solve(state, 3, deep=50_000, use_compiled=use_compiled)
    assert verdict == solver.Verdict(True, whole.line, 4 + whole.nodes)
    assert solver.solve(state, 3, deep=3, use_compiled=use_compiled).winnable is None


def test_cardems_solve_gives_an_undecided_deal_the_deeper_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardems.klondike.game import GAME

    asked: list[dict[str, object]] = []
    search = solver.solve

    def spy(state: BuildState, *args: object, **options: object) -> solver.Verdict:
        asked.append(options)
        return search(state, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "solve", spy)
    record = GAME.solve(DealCode.parse("KL1-D3-AAAAAAB"), shortest=False)
    assert record["winnable"] is True
    assert asked == [{"deep": solver.DEEP_BUDGET}]
