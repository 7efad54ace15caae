"""The max-n endgame solver (:func:`cardems.hearts.endgame.py_solve_maxn`): every seat
playing for its own points, against a plain search of every card on small endings, on
moons, and the compiled search against the Python one; and the best response to a
play-out's policy (:func:`cardems.hearts.bots.rollout.py_best_response`)."""

from __future__ import annotations

import random

import pytest

from cardems.cards import Card
from cardems.hearts import fast
from cardems.hearts.bots.expert import ExpertBot, ExpertSettings, Research
from cardems.hearts.bots.rollout import (
    DEFEND_LATE,
    policy_choose,
    py_best_response,
    py_generic_rollout,
    py_heuristic_rollout,
)
from cardems.hearts.core import FULL_DECK, POINTS, legal_mask, mask_of_cards, to_index
from cardems.hearts.endgame import (
    Ending,
    preference,
    py_solve_maxn,
    random_ending,
    solve_maxn,
    utility,
)
from cardems.hearts.playout import round_score, trick_winner

from .helpers import bot_views, hands_from


def brute_force(
    hands: list[int], leader: int, trick: list[int], points: list[int], broken: bool, seat: int
) -> tuple[tuple[int, ...], int]:
    """Plain max-n, every legal card, no table or merging: (end points, the mover's
    cards as good for it as the best)."""
    mover = (leader + len(trick)) & 3
    everything = hands[0] | hands[1] | hands[2] | hands[3]
    if not everything and not trick:
        return tuple(points), 0
    first = everything.bit_count() + len(trick) == 52
    legal = legal_mask(hands[mover], trick[0] // 13 if trick else -1, first, broken)
    ends = {}
    for c in range(52):
        if not legal >> c & 1:
            continue
        h = hands[:]
        h[mover] ^= 1 << c
        t, p, lead = [*trick, c], points[:], leader
        if len(t) == 4:
            lead = (leader + trick_winner(t)) & 3
            p[lead] += sum(POINTS[x] for x in t)
            t = []
        ends[c] = brute_force(h, lead, t, p, broken or 13 <= c < 26, seat)[0]
    end = min(ends.values(), key=lambda e: preference(e, mover, seat))
    own = utility(end, mover)
    return end, sum(1 << c for c, e in ends.items() if utility(e, mover) == own)


def brute(ending: Ending, seat: int) -> tuple[tuple[int, ...], int]:
    hands, leader, trick, points, broken = ending
    return brute_force(list(hands), leader, list(trick), list(points), broken, seat)


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_maxn_is_plain_maxn(tricks: int) -> None:
    rng = random.Random(4640 + tricks)
    for _ in range(60 if tricks < 3 else 20):
        ending = random_ending(rng, tricks, rng.randrange(4), moon=0.4)
        seat = rng.randrange(4)
        line = py_solve_maxn(ending, seat)
        assert (line.points, line.best) == brute(ending, seat), (ending, seat)


@pytest.mark.slow
def test_maxn_is_plain_maxn_four_tricks() -> None:
    rng = random.Random(4644)
    for _ in range(8):
        ending = random_ending(rng, 4, rng.randrange(4), moon=0.4)
        seat = rng.randrange(4)
        line = py_solve_maxn(ending, seat)
        assert (line.points, line.best) == brute(ending, seat), (ending, seat)


def _index(text: str) -> int:
    return to_index(Card.parse(text))


def test_utility_counts_moons() -> None:
    assert utility((3, 13, 10, 0), 0) == 3
    assert utility((26, 0, 0, 0), 0) == -26
    assert utility((26, 0, 0, 0), 2) == 26


def test_ties_go_against_the_solvers_seat() -> None:
    # West (1) takes nothing either way; between its two ends it sends the points to
    # North (2), the solver's seat, not East (3); its own points come first.
    to_north, to_east = (0, 0, 13, 13), (0, 0, 0, 26 - 0)
    assert preference(to_north, 1, 2) < preference((0, 0, 3, 23), 1, 2)
    assert preference((0, 1, 25, 0), 1, 2) > preference((0, 0, 3, 23), 1, 2)
    assert preference(to_east, 1, 2) > preference(to_north, 1, 2)  # East's moon: 26 for West


def test_each_seat_plays_for_itself() -> None:
    # North (2) led the 9♦ and East (3) played the T♦; South (0) and West (1) are void
    # and take nothing whatever they discard. For themselves, both dump their points on
    # East; paranoid for North they would too (North takes nothing) — but for South
    # (the solver's seat) max-n still sends the points to East, the trick's winner.
    hands = hands_from("QS", "KH", "", "")
    ending = Ending(hands, 2, (_index("9D"), _index("TD")), (0, 0, 0, 0), True)
    assert py_solve_maxn(ending, 0).points == (0, 0, 0, 14)
    assert solve_maxn(ending, 2).points == (0, 0, 0, 14)


def moon_ending(taken: str) -> Ending:
    """West has every point but the two hearts in the trick it led (the T♦); North and
    East discarded ``taken``; South, last to play, holds the K♦ and the 4♦."""
    cards = taken.split()
    hands = hands_from("KD 4D", "5C", "6C", "7C")
    points = 26 - sum(POINTS[_index(c)] for c in cards)
    trick = (_index("TD"), _index(cards[0]), _index(cards[1]))
    return Ending(hands, 1, trick, (0, points, 0, 0), True)


def test_maxn_stops_a_moon_that_costs_less_than_26() -> None:
    line = py_solve_maxn(moon_ending("2H 3H"))
    assert line.best == mask_of_cards([Card.parse("KD")])
    assert line.points == (2, 24, 0, 0)


def test_maxn_lets_a_moon_go_when_stopping_costs_more() -> None:
    # Stopping it takes the Q♠ and a heart (14 < 26): max-n still stops it, 14 points
    # being less than the moon's 26 for South.
    line = py_solve_maxn(moon_ending("QS 3H"))
    assert line.best == mask_of_cards([Card.parse("KD")])
    assert line.points == (14, 12, 0, 0)


@pytest.mark.skipif(not fast.COMPILED, reason="the compiled core was not built (no C compiler)")
@pytest.mark.parametrize(
    ("tricks", "many"),
    [(1, 40), (2, 40), (3, 30), (4, 15), pytest.param(5, 4, marks=pytest.mark.slow)],
)
def test_compiled_maxn_is_python(tricks: int, many: int) -> None:
    rng = random.Random(4650 + tricks)
    for _ in range(many):
        ending = random_ending(rng, tricks, rng.randrange(4), moon=0.3)
        seat = rng.randrange(4)
        python = py_solve_maxn(ending, seat)
        a, b, c, d, best, nodes = fast.core.endgame_maxn(*ending, seat)
        assert ((a, b, c, d), best) == (python.points, python.best), (ending, seat)
        assert solve_maxn(ending, seat) == ((a, b, c, d), best, nodes)


def test_the_expert_solves_by_maxn_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardems.hearts.bots import expert

    calls: list[int] = []

    def counted(*args: object) -> object:
        calls.append(1)
        return solve_maxn(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert.endgame, "solve_maxn", counted)
    settings = ExpertSettings(worlds=4, budget_ms=1e6, endgame=2)
    checked = 0
    for _, seat_view in bot_views(2):
        if len(seat_view.tricks) < 11:
            continue
        bot = ExpertBot(1, settings, Research(maxn=True, pass_odds=False))
        calls.clear()
        evaluation = bot.evaluate(seat_view)
        if len(evaluation.choices) < 2:
            continue
        assert len(calls) == len(evaluation.choices) * bot.searched
        checked += 1
    assert checked


def _policy_cases(rng: random.Random, tricks: int) -> tuple[list[object], int, bool, int, bool]:
    ending = random_ending(rng, tricks, rng.randrange(4), moon=0.3)
    hands, leader, trick, points, broken = ending
    played = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
    seat = rng.randrange(4)
    generic = rng.random() < 0.5
    runner = rng.choice([-1, -1, rng.randrange(4)])
    args = [list(hands), leader, list(trick), 13 - tricks, broken, list(points), played, seat]
    return args, seat, generic, runner, rng.random() < 0.5


@pytest.mark.parametrize("tricks", [1, 2, 3, 4])
def test_best_response_beats_its_play_out(tricks: int) -> None:
    # The seat searched exactly against the play-out's policy does at least as well as
    # the play-out (its own cards by the same policy), and exactly as well where it has
    # no choice left.
    rng = random.Random(4660 + tricks)
    better = 0
    for _ in range(40):
        args, seat, generic, runner, wary = _policy_cases(rng, tricks)
        choose = policy_choose(generic, runner, wary, seat, DEFEND_LATE)
        value, _ = py_best_response(*args, choose, 26.0)  # type: ignore[arg-type]
        hands, leader, trick, done, broken, points, played = args[:7]
        if generic:
            end = py_generic_rollout(
                [*hands],
                leader,
                [*trick],
                done,
                broken,
                [*points],
                played,
                seat,
                runner,  # type: ignore[misc, arg-type]
            )
        else:
            end = py_heuristic_rollout(
                [*hands],
                leader,
                [*trick],
                done,
                broken,
                [*points],
                played,
                runner,
                wary,  # type: ignore[misc, arg-type]
            )
        played_out = round_score(end, seat, 26.0)
        assert value <= played_out
        better += value < played_out
    assert better or tricks == 1


@pytest.mark.skipif(not fast.COMPILED, reason="the compiled core was not built (no C compiler)")
@pytest.mark.parametrize("tricks", [1, 2, 3, 4, 5])
def test_compiled_best_response_is_python(tricks: int) -> None:
    rng = random.Random(4670 + tricks)
    for _ in range(40):
        args, seat, generic, runner, wary = _policy_cases(rng, tricks)
        choose = policy_choose(generic, runner, wary, seat, DEFEND_LATE)
        python = py_best_response(*args, choose, 26.0)  # type: ignore[arg-type]
        compiled = fast.core.best_response(
            *args,  # type: ignore[arg-type]
            generic,
            runner,
            wary,
            seat,
            DEFEND_LATE,
            26.0,
        )
        assert compiled == python, (args, generic, runner, wary)


def test_the_expert_answers_its_play_out_model_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardems.hearts.bots import expert, rollout

    calls: list[int] = []

    def counted(*args: object) -> tuple[float, int]:
        calls.append(1)
        return rollout.best_response(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert, "best_response", counted)
    settings = ExpertSettings(worlds=4, budget_ms=1e6, endgame=2)
    checked = 0
    for _, seat_view in bot_views(2):
        if len(seat_view.tricks) < 11:
            continue
        bot = ExpertBot(1, settings, Research(maxn=2, pass_odds=False))
        calls.clear()
        evaluation = bot.evaluate(seat_view)
        if len(evaluation.choices) < 2:
            continue
        assert len(calls) == len(evaluation.choices) * bot.searched
        checked += 1
    assert checked
