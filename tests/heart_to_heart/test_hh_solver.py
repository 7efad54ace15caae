"""The solver: verdict, winning lines, hints, lost positions and provably shortest wins."""

from __future__ import annotations

import random
import sys
from collections import Counter, deque
from functools import cache
from pathlib import Path

import pytest
from hh_helpers import example, state_of

from cardems.dealcode import DealCode
from cardems.heart_to_heart.layout import COVER_MASK
from cardems.heart_to_heart.rules import (
    DECK,
    HeartState,
    Move,
    MoveKind,
    deal,
    deck_is_winnable,
    initial_state,
    play,
)
from cardems.kit.pairs.ranks import (
    hint,
    is_winnable,
    winning_line,
    winning_plan,
)
from cardems.kit.pairs.ranks_shortest import ShortestSearch, best_hint, shortest_win
from cardems.rng import shuffled

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import find_deal_salt  # the lead's independent naive checker


def decks(count: int, start: int = 0) -> list[list[int]]:
    return [shuffled(list(DECK), "HH1-N", n) for n in range(start, start + count)]


def brute_winnable(state: HeartState) -> bool:
    """Exhaustive search from any position: only the pool's rank counts matter."""

    @cache
    def search(heart: tuple[int, ...], pool: tuple[int, ...]) -> bool:
        if not any(heart):
            return True
        free = [
            i
            for i in range(25)
            if heart[i] and not any(heart[j] for j in range(25) if COVER_MASK[i] >> j & 1)
        ]
        for a, i in enumerate(free):
            gone = list(heart)
            gone[i] = 0
            if pool[heart[i]]:
                rest = list(pool)
                rest[heart[i]] -= 1
                if search(tuple(gone), tuple(rest)):
                    return True
            for j in free[a + 1 :]:
                if heart[j] == heart[i]:
                    both = list(gone)
                    both[j] = 0
                    if search(tuple(both), pool):
                        return True
        return False

    counts = Counter(state.stock + state.waste)
    return search(state.heart, tuple(counts[r] for r in range(14)))


def bfs_length(state: HeartState, cap: int = 300_000) -> int | None:
    """Fewest moves to a win by breadth-first search over real positions."""
    seen = {(state.heart, state.stock, state.waste)}
    queue = deque([(state, 0)])
    while queue:
        position, depth = queue.popleft()
        if position.is_won():
            return depth
        for move in position.legal_moves():
            after = position.apply(move)
            key = (after.heart, after.stock, after.waste)
            if key not in seen:
                seen.add(key)
                queue.append((after, depth + 1))
        assert len(seen) < cap, "position too large for the brute force"
    return None


def random_positions(count: int, left: int, seed: int) -> list[HeartState]:
    """Positions reached by random play (pairs preferred) with at most ``left`` heart cards."""
    rnd = random.Random(seed)
    found: list[HeartState] = []
    number = 0
    while len(found) < count:
        state = deal(DealCode("HH", 1, "N", number))
        number += 1
        for _ in range(400):
            if 25 - state.heart.count(0) <= left:
                found.append(state)
                break
            moves = state.legal_moves()
            if not moves:
                break
            pairs = [m for m in moves if m.kind in (MoveKind.PAIR, MoveKind.WASTE)]
            state = state.apply(rnd.choice(pairs) if pairs and rnd.random() < 0.8 else moves[-1])
    return found


def test_verdict_agrees_with_the_naive_checker_on_random_deals() -> None:
    sample = decks(150)
    verdicts = [deck_is_winnable(deck) for deck in sample]
    assert verdicts == [find_deal_salt.winnable(deck) for deck in sample]
    assert 0.15 < sum(verdicts) / len(verdicts) < 0.45  # about 28 % of deals


def test_the_worked_example_is_winnable_and_matches_the_salt_search() -> None:
    deck = find_deal_salt.example_deck(45713)
    assert find_deal_salt.matches_example(deck) and find_deal_salt.winnable(deck)
    assert is_winnable(example())


@pytest.mark.slow
def test_verdict_agrees_with_brute_force_mid_game() -> None:
    positions = random_positions(40, 14, seed=1) + random_positions(20, 20, seed=2)
    verdicts = [is_winnable(state) for state in positions]
    assert verdicts == [brute_winnable(state) for state in positions]
    assert any(verdicts) and not all(verdicts)


def test_winning_lines_win_and_lost_deals_have_none() -> None:
    for deck in decks(60, start=1000):
        state = initial_state(deck)
        line = winning_line(state)
        assert (line is not None) == deck_is_winnable(deck)
        if line is not None:
            assert play(state, line).is_won()
            plan = winning_plan(state)
            assert plan is not None and sum(1 + (j >= 0) for _, j in plan) == 25


def test_following_hints_wins() -> None:
    state = example()
    for _ in range(400):
        move = hint(state)
        if move is None:
            break
        state = state.apply(move)
    assert state.is_won()
    assert hint(state) is None
    assert hint(deal(DealCode.parse("HH1-N-AAAAAAA"))) is None  # a lost deal


def test_a_position_can_be_lost_long_before_it_is_blocked() -> None:
    """After a careless move the solver says so while moves remain."""
    state = example()
    lost: HeartState | None = None
    for _ in range(60):
        for move in state.legal_moves():
            after = state.apply(move)
            if not is_winnable(after) and not after.is_blocked():
                lost = after
                break
        if lost is not None:
            break
        move = hint(state)
        assert move is not None
        state = state.apply(move)
    assert lost is not None and lost.legal_moves() and not is_winnable(lost)
    assert not brute_winnable(lost)


def test_a_blocked_position_is_lost() -> None:
    assert not is_winnable(state_of({25: 4, 24: 4}, stock=(5,), waste=(6,)))
    assert is_winnable(state_of({}))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "count", "left"), [(3, 25, 11), (4, 25, 11), (5, 8, 15), (7, 12, 17)]
)
def test_shortest_win_matches_breadth_first_search(seed: int, count: int, left: int) -> None:
    positions = random_positions(count, left, seed)
    won = 0
    for state in positions:
        line = shortest_win(state)
        expected = bfs_length(state)
        assert (None if line is None else len(line)) == expected
        if line is not None:
            won += 1
            assert play(state, line).is_won()
    assert won >= 2


def test_shortest_win_matches_bfs_on_hand_made_positions() -> None:
    cases = [
        state_of({25: 4}, stock=(1, 2, 4), waste=(4,)),  # the waste 4 at once: 1 move
        state_of({25: 4}, stock=(1, 2, 4), waste=(3,)),  # three draws, then the pair
        state_of({25: 4, 23: 4, 24: 5}, stock=(5, 5, 4), waste=(1, 4)),
        state_of({23: 7, 24: 7, 25: 2}, stock=(2, 7), waste=(3, 2)),
        state_of({20: 6, 23: 6, 24: 9, 25: 5}, stock=(3, 9, 6, 5), waste=(6, 1)),
    ]
    lengths = []
    for state in cases:
        line = shortest_win(state)
        assert line is not None and play(state, line).is_won()
        assert len(line) == bfs_length(state)
        lengths.append(len(line))
    assert lengths[:2] == [1, 4]
    # two cards of a rank one under the other, and no pool card of it: lost
    assert shortest_win(state_of({24: 9, 25: 9}, stock=(3,), waste=(1,))) is None


@pytest.mark.slow
def test_shortest_win_of_deals_is_a_real_win_no_longer_than_any_line() -> None:
    for deck in decks(40, start=2000):
        state = initial_state(deck)
        if not deck_is_winnable(deck):
            assert shortest_win(state) is None
            continue
        search = ShortestSearch(state)
        line = search.solve()
        assert line is not None and play(state, line).is_won()
        any_line = winning_line(state)
        assert any_line is not None and len(line) <= len(any_line)
        assert len(line) >= search.bound(state.removed_mask, 0, len(state.waste))


def test_golden_shortest_win_of_the_example() -> None:
    line = shortest_win(example())
    assert line is not None and play(example(), line).is_won()
    assert len(line) == 67  # pinned: found by this A*, checked optimal by its bound proof
    assert line[:4] == [Move.draw()] * 3 + [Move.with_waste(25)]  # the first 4 is 3rd drawn


def test_made_up_positions_are_judged_by_the_usable_pool_cards() -> None:
    # an odd number of a rank left and no pool card of it: one card always stays
    assert not is_winnable(state_of({23: 6, 24: 6, 25: 6}, stock=(1,)))
    # three of a rank and two pool cards: only one pool card can ever be used
    assert is_winnable(state_of({23: 6, 24: 6, 25: 6}, stock=(6, 6)))
    assert winning_line(state_of({23: 6, 24: 6, 25: 6}, stock=(6, 6))) is not None
    with pytest.raises(ValueError, match="too many cards of rank 6"):
        is_winnable(state_of({20: 6, 22: 6, 23: 6, 24: 6, 25: 6}, stock=(6,)))


def test_a_node_limit_gives_up_without_a_verdict() -> None:
    search = ShortestSearch(example(), node_limit=10)
    assert search.solve() is None and search.gave_up
    full = ShortestSearch(example())
    assert full.solve() is not None and not full.gave_up


def test_best_hint_follows_the_shortest_line_or_falls_back() -> None:
    state = example()
    line = shortest_win(state)
    assert line is not None
    for move in line[:6]:
        assert best_hint(state) == move
        state = state.apply(move)
    assert best_hint(example(), node_limit=1) == hint(example())  # gave up: any line
    assert best_hint(deal(DealCode.parse("HH1-N-AAAAAAA"))) is None
