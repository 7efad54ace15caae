"""The expert's play-out policies: the generic player assumes nothing of the field."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardems.cards import parse_cards
from cardems.hearts.arena import research_settings
from cardems.hearts.bots import rollout
from cardems.hearts.bots.expert import Research
from cardems.hearts.bots.rollout import (
    generic_card,
    generic_rollout,
    heuristic_rollout,
    py_generic_rollout,
    sighted_card,
    trick_outcome,
)
from cardems.hearts.core import QUEEN_OF_SPADES, mask_of_cards, to_index

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _mask(text: str) -> int:
    return mask_of_cards(parse_cards(text)) if text else 0


def _card(text: str) -> int:
    return to_index(parse_cards(text)[0])


def test_generic_player_dumps_the_queen_at_the_first_void() -> None:
    hand = _mask("QS 3S AH 2D")
    trick = [_card("5C")]
    assert generic_card(0, hand, hand, trick, _mask("5C"), [0, 0, 0, 0]) == QUEEN_OF_SPADES


def test_generic_player_dumps_a_spade_honour_while_the_queen_is_out_then_hearts() -> None:
    hand = _mask("KS 3S AH 2D")
    trick = [_card("5C")]
    assert generic_card(0, hand, hand, trick, _mask("5C"), [0, 0, 0, 0]) == _card("KS")
    played = _mask("5C QS")
    assert generic_card(0, hand, hand, trick, played, [0, 0, 0, 0]) == _card("AH")


def test_generic_player_ducks_and_keeps_spade_honours_under_the_queen() -> None:
    hand = _mask("AS 9S 4S 2C")
    spades = _mask("AS 9S 4S")
    assert generic_card(0, hand, spades, [_card("TS")], _mask("TS"), [0, 0, 0, 0]) == _card("9S")
    # The queen falls on the ace or king: it goes there.
    hand = _mask("QS 9S 2C")
    assert (
        generic_card(0, hand, _mask("QS 9S"), [_card("KS")], _mask("KS"), [0, 0, 0, 0])
        == QUEEN_OF_SPADES
    )


def test_generic_player_flushes_the_queen_and_does_not_lead_under_it() -> None:
    played = _mask("2C 3C 4C 5C")
    hand = _mask("JS 4S 9D 2H")
    assert generic_card(0, hand, _mask("JS 4S 9D"), [], played, [0, 0, 0, 0]) == _card("JS")
    hand = _mask("AS 4S 9D TD")
    lead = generic_card(0, hand, _mask("AS 4S 9D TD"), [], played, [0, 0, 0, 0])
    assert lead not in (_card("AS"),)


def test_generic_rollout_ends_the_round_with_every_point_taken() -> None:
    rng = random.Random(3)
    deck = list(range(52))
    for _ in range(50):
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for k, c in enumerate(deck):
            hands[k % 4] |= 1 << c
        leader = next(s for s in range(4) if hands[s] >> 39 & 1)
        points = generic_rollout(hands[:], leader, [], 0, False, [0, 0, 0, 0], 0)
        assert sum(points) == 26
        run = generic_rollout(hands[:], leader, [], 0, False, [0, 0, 0, 0], 0, 0, runner=0)
        assert sum(run) == 26
        assert sum(heuristic_rollout(hands, leader, [], 0, False, [0, 0, 0, 0], 0)) == 26


def test_generic_player_defends_against_a_moon() -> None:
    # Seat 2 led the 5♥, seat 3 the J♥; seat 0 plays third. When seat 3 holds every
    # point taken, seat 0 takes the trick from it; when seat 2 does, it ducks.
    hand = _mask("KH 3H 2C")
    trick = [_card("5H"), _card("JH")]
    points = [0, 0, 5, 0]
    played = _mask("5H JH")
    assert generic_card(0, hand, _mask("KH 3H"), trick, played, [0, 0, 0, 5]) == _card("KH")
    assert generic_card(0, hand, _mask("KH 3H"), trick, played, points) == _card("3H")
    # Void: no heart on the runner's trick.
    hand = _mask("AH 9D")
    trick = [_card("5C")]  # led by seat 3, the runner
    assert generic_card(0, hand, hand, trick, _mask("5C"), [0, 0, 0, 5]) == _card("9D")
    assert generic_card(0, hand, hand, trick, _mask("5C"), [0, 0, 0, 0]) == _card("AH")


def test_a_run_for_the_moon_with_every_top_card_gets_there() -> None:
    # Seat 0 holds the top spades, hearts and clubs: running, it takes all 26.
    hands = [
        _mask("AS KS QS JS AH KH QH JH TH 9H 8H AC KC"),
        _mask("2S 3S 4S 5S 2H 3H 4H 2C 3C 4C 2D 3D 4D"),
        _mask("6S 7S 8S 5H 6H 5C 6C 7C 5D 6D 7D 8D 9D"),
        _mask("9S TS 7H 8C 9C TC JC QC TD JD QD KD AD"),
    ]
    points = generic_rollout(hands, 1, [], 0, False, [0, 0, 0, 0], 0, 0, runner=0)
    assert points == [26, 0, 0, 0]


@pytest.mark.slow
def test_the_python_reference_plays_alone() -> None:
    """With ``CARDEMS_HEARTS_PYTHON=1`` nothing compiled is used and the bots still play."""
    script = (
        "from cardems.dealcode import DealCode\n"
        "from cardems.hearts import fast\n"
        "from cardems.hearts.arena import play_match\n"
        "from cardems.hearts.bots import expert, make_bot, rollout\n"
        "assert fast.core is None and not fast.COMPILED\n"
        "assert rollout.generic_rollout is rollout.py_generic_rollout\n"
        "assert expert.ExpertSettings().worlds == 150\n"
        "names = ('expert:worlds=20', 'montecarlo:worlds=5', 'ismcts:iterations=50', 'medium')\n"
        "records = play_match(DealCode('HT', 1, 'N', 3), [make_bot(n, 1) for n in names], 1)\n"
        "assert sum(sum(r.hand_scores) for r in records) in (26, 78)\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC, "CARDEMS_HEARTS_PYTHON": "1"}
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)


def test_the_sighted_player_wins_high_a_trick_it_cannot_lose() -> None:
    """West follows second to North's 6♦; East ducks with the 2♦ and South is void: the
    generic player wins with the 7♦, the sighted one, seeing every hand, with the 8♦
    (the trick is its whatever it plays). Not while it defends the moon."""
    hands = [0, _mask("8D 7D 2C"), _mask("2D 3C"), _mask("5C 4H")]
    trick = [_card("6D")]
    played = _mask("6D 2C 3C 4C 5C")
    legal = _mask("8D 7D")
    west = [0, 0, 0, 0]
    assert generic_card(1, hands[1], legal, trick, played, west) == _card("7D")
    assert sighted_card(hands, 0, trick, False, played, west, 1, legal) == _card("8D")
    assert trick_outcome(hands, 0, trick, False, played, west, 1, _card("7D")) == (True, 1)
    runner = [0, 0, 0, 5]  # South holds every point taken: West takes what it can
    assert sighted_card(hands, 0, trick, False, played, runner, 1, legal) == _card("7D")


def test_the_sighted_player_lets_the_queen_fall_where_a_later_card_wins() -> None:
    """North leads the 8♠; West holds the Q♠ and the 9♠, East must play its A♠: the Q♠
    loses to it, so West drops it there rather than the 9♠ the generic player plays."""
    hands = [0, _mask("QS 9S 2H"), _mask("AS 3D"), _mask("2S 5C")]
    trick = [_card("8S")]
    played = _mask("8S 2C 3C 4C 5D")
    legal = _mask("QS 9S")
    points = [0, 0, 0, 0]
    assert generic_card(1, hands[1], legal, trick, played, points) == _card("9S")
    assert trick_outcome(hands, 0, trick, False, played, points, 1, _card("9S")) == (False, 0)
    assert trick_outcome(hands, 0, trick, False, played, points, 1, QUEEN_OF_SPADES) == (False, 13)
    assert sighted_card(hands, 0, trick, False, played, points, 1, legal) == QUEEN_OF_SPADES


def test_the_sighted_play_out_knows_the_first_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each sighted choice is told whether it is in the round's first trick, where the
    seats after it may not shed points: every choice while the 2♣'s trick is open, and
    no other (a lead included)."""
    seen: list[tuple[int, bool]] = []
    sighted = rollout.sighted_card

    def spy(hands: list[int], leader: int, trick: list[int], first: bool, *rest: int) -> int:
        seen.append((trick[0] if trick else -1, first))
        return sighted(hands, leader, trick, first, *rest)

    monkeypatch.setattr(rollout, "sighted_card", spy)
    two = _card("2C")
    deck = list(range(52))
    for seed in range(5):
        random.Random(seed).shuffle(deck)
        hands = [sum(1 << c for c in deck[k::4]) for k in range(4)]
        leader = next(s for s in range(4) if hands[s] >> two & 1)
        hands[leader] &= ~(1 << two)
        seen.clear()
        points = py_generic_rollout(hands, leader, [two], 0, False, [0] * 4, 1 << two, look=True)
        assert sum(points) == 26
        assert seen[:3] == [(two, True)] * 3
        assert [first for _, first in seen] == [lead == two for lead, _ in seen]


def test_the_arena_names_the_sighted_play_outs() -> None:
    assert research_settings("expert:look=1")[1] == Research(look=True)
    assert research_settings("expert:look=0")[1] == Research(look=False)
    with pytest.raises(ValueError, match="0 or 1"):
        research_settings("expert:look=2")
