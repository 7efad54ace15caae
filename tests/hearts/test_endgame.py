"""The exact endgame solver (:mod:`cardems.hearts.endgame`): against plain minimax on
small endings, on moons, on the trick rules, and the compiled search against the Python
one."""

from __future__ import annotations

import random

import pytest

from cardems.cards import Card
from cardems.hearts import fast
from cardems.hearts.bots.expert import ExpertBot, ExpertSettings, Research
from cardems.hearts.core import POINTS, SUIT_MASKS, legal_mask, mask_of_cards, to_index
from cardems.hearts.endgame import Ending, final_value, py_solve, random_ending, solve
from cardems.hearts.playout import Position, trick_winner

from .helpers import bot_views, hands_from


def brute_force(
    hands: list[int], leader: int, trick: list[int], points: list[int], broken: bool, seat: int
) -> tuple[int, int]:
    """Plain minimax, every legal card, no pruning, table or merging: (value, best cards)."""
    mover = (leader + len(trick)) & 3
    everything = hands[0] | hands[1] | hands[2] | hands[3]
    if not everything and not trick:
        return final_value(points, seat), 0
    first = everything.bit_count() + len(trick) == 52
    legal = legal_mask(hands[mover], trick[0] // 13 if trick else -1, first, broken)
    values = {}
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
        values[c] = brute_force(h, lead, t, p, broken or 13 <= c < 26, seat)[0]
    value = min(values.values()) if mover == seat else max(values.values())
    return value, sum(1 << c for c, v in values.items() if v == value)


def brute(ending: Ending, seat: int) -> tuple[int, int]:
    hands, leader, trick, points, broken = ending
    return brute_force(list(hands), leader, list(trick), list(points), broken, seat)


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_solver_is_minimax(tricks: int) -> None:
    rng = random.Random(4600 + tricks)
    for _ in range(60 if tricks < 3 else 25):
        ending = random_ending(rng, tricks, rng.randrange(4), moon=0.4)
        seat = rng.randrange(4)
        solution = py_solve(ending, seat)
        assert (solution.value, solution.best) == brute(ending, seat), (ending, seat)


@pytest.mark.slow
def test_solver_is_minimax_four_tricks() -> None:
    rng = random.Random(4604)
    for _ in range(12):
        ending = random_ending(rng, 4, rng.randrange(4), moon=0.4)
        seat = rng.randrange(4)
        solution = py_solve(ending, seat)
        assert (solution.value, solution.best) == brute(ending, seat), (ending, seat)


def test_best_cards_are_legal() -> None:
    rng = random.Random(4610)
    for _ in range(40):
        ending = random_ending(rng, 4, rng.randrange(4))
        hands, leader, trick, _, broken = ending
        mover = (leader + len(trick)) & 3
        legal = legal_mask(hands[mover], trick[0] // 13 if trick else -1, False, broken)
        best = py_solve(ending).best
        assert best and not best & ~legal


def test_no_heart_lead_before_hearts_break() -> None:
    # South leads, hearts unbroken: the 2♥ would take nothing, but it may not be led, and
    # the A♠ takes three hearts; once hearts are broken the 2♥ is the best lead.
    hands = hands_from("2H AS", "3H 4H", "5H 6H", "7H 8H")
    ending = Ending(hands, 0, (), (0, 13, 6, 0), False)
    assert py_solve(ending).best == mask_of_cards([_card("AS")])
    assert py_solve(ending._replace(broken=True)).best == mask_of_cards([_card("2H")])


def test_follow_suit() -> None:
    # West led the 9♦; South holds the K♦ and the 2♠ but must follow with the K♦.
    hands = hands_from("KD 2S", "3C", "4C", "5C")
    ending = Ending(hands, 1, (_index("9D"), _index("TD"), _index("2D")), (0, 0, 0, 0), True)
    assert py_solve(ending).best == mask_of_cards([_card("KD")])


def _card(text: str) -> Card:
    return Card.parse(text)


def _index(text: str) -> int:
    return to_index(Card.parse(text))


def moon_ending(taken: str) -> Ending:
    """West has every point but the two hearts in the trick it led (the T♦); North and
    East discarded ``taken``; South, last to play, holds the K♦ and the 4♦."""
    cards = taken.split()
    hands = hands_from("KD 4D", "5C", "6C", "7C")
    points = 26 - sum(POINTS[_index(c)] for c in cards)
    trick = (_index("TD"), _index(cards[0]), _index(cards[1]))
    return Ending(hands, 1, trick, (0, points, 0, 0), True)


def test_moon_is_stopped() -> None:
    # Taking two hearts (value 4*2-26) is better than West's moon (+26).
    ending = moon_ending("2H 3H")
    solution = py_solve(ending)
    assert solution.best == mask_of_cards([_card("KD")])
    assert solution.value == 4 * 2 - 26


def test_moon_is_let_go_when_stopping_costs_more() -> None:
    # Stopping it would take the Q♠ and a heart (4*14-26 = 30 > 26): let West shoot.
    ending = moon_ending("QS 3H")
    solution = py_solve(ending)
    assert solution.best == mask_of_cards([_card("4D")])
    assert solution.value == 26


def test_own_moon_is_shot() -> None:
    # South has every point but the trick's two hearts and takes them with the K♦: -78.
    ending = moon_ending("2H 3H")
    ending = ending._replace(points=(24, 0, 0, 0))
    solution = py_solve(ending)
    assert solution.best == mask_of_cards([_card("KD")])
    assert solution.value == -78


@pytest.mark.skipif(not fast.COMPILED, reason="the compiled core was not built (no C compiler)")
@pytest.mark.parametrize(
    ("tricks", "many"),
    [(1, 40), (2, 40), (3, 30), (4, 15), (5, 6), pytest.param(6, 12, marks=pytest.mark.slow)],
)
def test_compiled_is_python(tricks: int, many: int) -> None:
    rng = random.Random(4620 + tricks)
    for _ in range(many):
        ending = random_ending(rng, tricks, rng.randrange(4), moon=0.3)
        seat = rng.randrange(4)
        python = py_solve(ending, seat)
        value, best, _ = fast.core.endgame(*ending, seat)
        assert (value, best) == (python.value, python.best), (ending, seat)
        assert solve(ending, seat) == (value, best, _)


def test_a_full_trick_is_taken_first() -> None:
    rng = random.Random(4630)
    for _ in range(20):
        ending = random_ending(rng, 3, 3)
        hands, leader, trick, points, broken = ending
        mover = (leader + 3) & 3
        c = (hands[mover] & -hands[mover]).bit_length() - 1
        if trick[0] // 13 != c // 13 and hands[mover] & SUIT_MASKS[trick[0] // 13]:
            continue
        after = list(hands)
        after[mover] ^= 1 << c
        full = Position(list(hands), leader, list(trick), 10, broken, list(points), [0] * 4)
        full.play(c)
        settled = Ending(
            (full.hands[0], full.hands[1], full.hands[2], full.hands[3]),
            full.leader,
            (),
            (full.points[0], full.points[1], full.points[2], full.points[3]),
            full.broken,
        )
        full_trick = Ending(after, leader, [*trick, c], points, full.broken)
        for seat in range(4):
            expected = py_solve(settled, seat)[:2]
            assert py_solve(full_trick, seat)[:2] == expected
            assert solve(full_trick, seat)[:2] == expected


def test_an_oracle_expert_solving_the_end_plays_a_best_card() -> None:
    checked = 0
    for match, seat_view in bot_views(3):
        rnd = match.round
        if len(rnd.tricks) < 10 or not seat_view.legal_mask & (seat_view.legal_mask - 1):
            continue
        bot = ExpertBot(1, ExpertSettings(endgame=3), Research(oracle=True))
        bot.see(rnd.hands)
        card = bot.choose_play(seat_view)
        ending = Ending(rnd.hands, rnd.leader, rnd.trick, rnd.raw_points, rnd.hearts_broken)
        best = solve(ending, rnd.to_play)
        assert best.best >> card & 1
        checked += 1
    assert checked


@pytest.mark.slow
def test_the_expert_solves_its_last_tricks_by_its_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardems.hearts.bots import expert, make_bot

    assert ExpertBot().horizon == expert.EXACT_TRICKS  # the default: the measured horizon
    assert ExpertBot(0, ExpertSettings(endgame=2)).horizon == 2
    assert make_bot("expert:endgame=0").horizon == 0  # type: ignore[attr-defined]
    calls: list[int] = []

    def counted(*args: object) -> object:
        calls.append(1)
        return solve(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert.endgame, "solve", counted)
    settings = ExpertSettings(worlds=5, budget_ms=1e6, endgame=3)
    solved, played_out = set(), set()
    for _, seat_view in bot_views(2):
        if len(seat_view.tricks) < 8:  # the last five tricks: played out, then solved
            continue
        bot = ExpertBot(1, settings, Research(moon=2, pass_odds=False))
        calls.clear()
        evaluation = bot.evaluate(seat_view)
        if len(evaluation.choices) < 2:
            continue
        left = 13 - len(seat_view.tricks)
        (solved if calls else played_out).add(left)
        assert bool(calls) == (left <= 3)
        if calls:  # one solve a choice and deal, no second plan for the moon
            assert len(calls) == len(evaluation.choices) * bot.searched
    assert solved and played_out
