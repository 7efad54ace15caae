"""The Hearts rules page, sentence by sentence."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardems.cards import Card, parse_cards
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.hearts.core import (
    FULL_DECK,
    INDEX_OF_ORDINAL,
    mask_of_cards,
    points_of,
    round_scores,
    to_card,
    to_index,
)
from cardems.hearts.rules import (
    Match,
    PassDirection,
    Phase,
    Round,
    cards_text,
    deal_for_round,
    match_winner,
)
from cardems.rng import shuffled

from .helpers import hands_from, random_round, random_step

C = Card.parse


# --- cards -------------------------------------------------------------------------------
def test_compact_indices_order_cards_by_trick_strength() -> None:
    assert [to_index(C(t)) for t in ("2S", "AS", "2H", "AC")] == [0, 12, 13, 51]
    assert all(to_index(to_card(i)) == i for i in range(52))
    assert to_index(C("AH")) > to_index(C("KH")) > to_index(C("2H"))


# --- deal ----------------------------------------------------------------------------------
GOLDEN_FIRST_ROUND = {
    "HT1-N-AAAAAAA": (
        "7S TS AS 8H AH 4D 5D 8D 9D QD AD 8C AC",
        "3S 5S 8S 9S 5H 7H QH 3D TD KD 2C 7C JC",
        "KS 4H 6H 9H KH 2D 6D 7D JD 5C 9C QC KC",
        "2S 4S 6S JS QS 2H 3H TH JH 3C 4C 6C TC",
    ),
    "HT1-N-AAAAAJ2": (
        "2S 5S 8S KS 2H 9H JH QH 9D KD AD 6C AC",
        "4S 7S AS 3H KH 5D 7D TD QD 5C 7C 8C JC",
        "4H 7H TH AH 3D 6D JD 2C 4C 9C TC QC KC",
        "3S 6S 9S TS JS QS 5H 6H 8H 2D 4D 8D 3C",
    ),
    "HT1-N-AAAAAAM": (
        "4S 5S 4H 7H QH 2D 4D JD 2C 8C JC QC AC",
        "3S 7S AS 8H 9H KH 5D 6D 9D 3C 4C TC KC",
        "2S 6S 8S 9S TS 3H 5H 6H 8D QD AD 6C 9C",
        "JS QS KS 2H TH JH AH 3D 7D TD KD 5C 7C",
    ),
}


@pytest.mark.parametrize("code", sorted(GOLDEN_FIRST_ROUND))
def test_golden_code_to_first_round_hands(code: str) -> None:
    match = Match.new(code)
    assert tuple(cards_text(h) for h in match.round.hands) == GOLDEN_FIRST_ROUND[code]


@pytest.mark.parametrize("number", [0, 1, 12, 99999])
def test_all_52_cards_are_dealt_one_at_a_time_13_each_from_the_dealers_left(number: int) -> None:
    code = DealCode("HT", 1, "N", number)
    deck = shuffled(list(range(52)), code.prefix, code.number)
    hands = deal_for_round(code, 0)
    assert [h.bit_count() for h in hands] == [13] * 4
    assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
    # Round 0's dealer is East (3): South gets cards 1, 5, 9 …, West 2, 6, 10 …
    for seat in range(4):
        expected = sum(1 << INDEX_OF_ORDINAL[o] for o in deck[seat::4])
        assert hands[seat] == expected


def test_the_deal_passes_to_the_left_each_round_and_rounds_differ() -> None:
    code = DealCode.parse("HT1-N-AAAAAAM")
    first, second = deal_for_round(code, 0), deal_for_round(code, 1)
    assert first != second
    # Golden: round 2 of HT1-N-AAAAAAM, dealt by South from the same stream.
    assert cards_text(second[1]) == "5S 6S 9S TS KS 2H 3H 4H 9H JD AD 2C JC"
    assert Match.new(code).round.dealer == 3
    # Round 1 is dealt by South, so West receives the first card of the second shuffle.
    rnd = Round.deal(second, 1, 0)
    assert rnd.dealer == 0


def test_a_code_replays_the_whole_match() -> None:
    one, two = Match.new("ht1-n-aaaaaam"), Match.new("HT1-N-AAAAAAM")
    rng1, rng2 = random.Random(5), random.Random(5)
    while not one.over:
        one, two = random_step(one, rng1), random_step(two, rng2)
    assert one == two
    assert len(one.history) > 1
    for rnd in one.history:
        assert rnd.dealt == deal_for_round(one.code, rnd.number)


def test_a_code_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match="not a Hearts code"):
        Match.new("HH1-N-AAAAAAM")


# --- passing -------------------------------------------------------------------------------
def test_passing_cycles_left_right_across_hold() -> None:
    directions = [PassDirection.for_round(n) for n in range(8)]
    assert (
        directions
        == [
            PassDirection.LEFT,
            PassDirection.RIGHT,
            PassDirection.ACROSS,
            PassDirection.HOLD,
        ]
        * 2
    )
    rnd = Round.deal(deal_for_round(DealCode.parse("HT1-N-AAAAAAM"), 0), 0)
    assert [rnd.receiver(s) for s in range(4)] == [1, 2, 3, 0]  # left: clockwise
    assert [replace(rnd, direction=PassDirection.RIGHT).receiver(s) for s in range(4)] == [
        3,
        0,
        1,
        2,
    ]
    assert [replace(rnd, direction=PassDirection.ACROSS).receiver(s) for s in range(4)] == [
        2,
        3,
        0,
        1,
    ]


def test_no_pass_on_hold_play_starts_at_once() -> None:
    rnd = Round.deal(deal_for_round(DealCode.parse("HT1-N-AAAAAAM"), 3), 3)
    assert rnd.direction is PassDirection.HOLD
    assert rnd.phase is Phase.PLAYING
    with pytest.raises(IllegalMove, match="no passing"):
        rnd.pass_cards(0, rnd.hand(0)[:3])


@pytest.mark.parametrize("count", [0, 1, 2, 4])
def test_exactly_three_cards_are_passed(count: int) -> None:
    rnd = Match.new("HT1-N-AAAAAAM").round
    with pytest.raises(IllegalMove, match="exactly three"):
        rnd.pass_cards(0, rnd.hand(0)[:count])


def test_passing_refuses_duplicates_foreign_cards_and_a_second_pass() -> None:
    rnd = Match.new("HT1-N-AAAAAAM").round
    mine = rnd.hand(0)
    with pytest.raises(IllegalMove, match="exactly three different"):
        rnd.pass_cards(0, [mine[0], mine[0], mine[1]])
    with pytest.raises(IllegalMove, match="from your hand"):
        rnd.pass_cards(0, [mine[0], mine[1], rnd.hand(1)[0]])
    after = rnd.pass_cards(0, mine[:3])
    with pytest.raises(IllegalMove, match="already passed"):
        after.pass_cards(0, mine[3:6])
    with pytest.raises(IllegalMove, match="Pass three cards first"):
        after.play(0, mine[5])


@pytest.mark.parametrize("number", [0, 1, 2])
def test_passes_resolve_together_after_all_four_choose(number: int) -> None:
    rnd = Round.deal(deal_for_round(DealCode.parse("HT1-N-AAAAAAM"), number), number)
    chosen = [rnd.hand(s)[-3:] for s in range(4)]
    state = rnd
    for seat in range(3):
        state = state.pass_cards(seat, chosen[seat])
        assert state.hands == rnd.hands
        assert state.phase is Phase.PASSING
    state = state.pass_cards(3, chosen[3])
    assert state.phase is Phase.PLAYING
    for seat in range(4):
        gave = mask_of_cards(chosen[seat])
        got = mask_of_cards(chosen[rnd.passer(seat)])
        assert state.hands[seat] == rnd.hands[seat] & ~gave | got
        assert state.hands[rnd.receiver(seat)] & gave == gave


# --- play -----------------------------------------------------------------------------------
ALL_CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
TWELVE_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def test_the_two_of_clubs_leads_the_first_trick_and_nothing_else() -> None:
    rnd = Match.new("HT1-N-AAAAAAM").round
    for seat in range(4):
        rnd = rnd.pass_cards(seat, rnd.hand(seat)[:3])
    holder = next(s for s in range(4) if C("2C") in rnd.hand(s))
    assert rnd.to_play == holder
    assert rnd.legal_plays(holder) == [C("2C")]
    other = next(c for c in rnd.hand(holder) if c != C("2C"))
    with pytest.raises(IllegalMove, match="The 2♣ leads the first trick"):
        rnd.play(holder, other)
    with pytest.raises(IllegalMove, match="turn"):
        rnd.play((holder + 1) % 4, rnd.hand((holder + 1) % 4)[0])


def test_follow_suit_when_you_can() -> None:
    # West holds clubs, so must follow clubs.
    hands = hands_from(
        "2C " + TWELVE_HEARTS,
        "3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    )
    rnd = Round.deal(hands, 3)
    rnd = rnd.play(0, C("2C"))
    assert rnd.legal_plays(1) == [C("3C"), C("4C")]
    with pytest.raises(IllegalMove, match="You must follow suit"):
        rnd.play(1, C("2D"))
    assert rnd.play(1, C("4C")).trick == (to_index(C("2C")), to_index(C("4C")))


def test_first_trick_a_void_player_with_a_scoreless_card_may_not_play_points() -> None:
    spades_no_queen = "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"
    hands = hands_from(ALL_CLUBS, "QS " + TWELVE_HEARTS, "AH " + spades_no_queen)
    rnd = Round.deal(hands, 3).play(0, C("2C"))
    # West holds only cards that score: it may play one, the Q♠ or a heart.
    assert set(rnd.legal_plays(1)) == set(parse_cards("QS " + TWELVE_HEARTS))
    rnd = rnd.play(1, C("QS"))
    assert rnd.hearts_broken is False  # the Q♠ does not break hearts
    with pytest.raises(IllegalMove, match="No points on the first trick"):
        rnd.play(2, C("AH"))
    assert C("AH") not in rnd.legal_plays(2)
    assert set(rnd.legal_plays(2)) == set(parse_cards(spades_no_queen))


def test_first_trick_the_queen_of_spades_is_barred_while_a_scoreless_card_is_held() -> None:
    diamonds = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
    hands = hands_from(ALL_CLUBS, "QS " + diamonds, "AH " + TWELVE_HEARTS)
    rnd = Round.deal(hands, 3).play(0, C("2C"))
    with pytest.raises(IllegalMove, match="No points on the first trick"):
        rnd.play(1, C("QS"))
    rnd = rnd.play(1, C("2D"))
    # North holds 13 hearts: all score, so it may play one; it breaks hearts.
    assert len(rnd.legal_plays(2)) == 13
    rnd = rnd.play(2, C("AH"))
    assert rnd.hearts_broken


def _scenario() -> Round:
    # South: 2C AC and 11 hearts; West: AH + 12 diamonds; North: 13 spades;
    # East: 3C..KC, AD, KH.
    hands = hands_from(
        "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    return Round.deal(hands, 3)


def test_highest_card_of_the_led_suit_wins_and_the_winner_leads() -> None:
    rnd = _scenario()
    for seat, card in ((0, "2C"), (1, "KD"), (2, "AS"), (3, "3C")):
        rnd = rnd.play(seat, C(card))
    # K♦ and A♠ are higher cards but not of the led suit: the 3♣ wins.
    assert rnd.tricks[0].winner == 3
    assert rnd.to_play == 3 and rnd.leader == 3
    assert rnd.taken[3] == mask_of_cards(parse_cards("2C KD AS 3C"))


def test_hearts_may_not_be_led_until_broken_unless_only_hearts_are_held() -> None:
    rnd = _scenario()
    for seat, card in ((0, "2C"), (1, "2D"), (2, "2S"), (3, "3C")):
        rnd = rnd.play(seat, C(card))
    with pytest.raises(IllegalMove, match="Hearts are not broken"):
        rnd.play(3, C("KH"))
    assert C("KH") not in rnd.legal_plays(3)
    for seat, card in ((3, "4C"), (0, "AC"), (1, "3D"), (2, "QS")):
        rnd = rnd.play(seat, C(card))
    assert rnd.hearts_broken is False  # only a heart breaks hearts, not the Q♠
    assert rnd.to_play == 0
    # South holds only hearts: it may lead one although hearts are not broken.
    assert set(rnd.legal_plays(0)) == set(parse_cards(TWELVE_HEARTS.replace(" KH", "")))
    assert rnd.raw_points[0] == 13


def test_a_heart_played_in_an_earlier_trick_breaks_hearts() -> None:
    rnd = _scenario()
    for seat, card in ((0, "2C"), (1, "2D"), (2, "2S"), (3, "3C")):
        rnd = rnd.play(seat, C(card))
    for seat, card in ((3, "AD"), (0, "2H"), (1, "3D"), (2, "3S")):
        rnd = rnd.play(seat, C(card))
    assert rnd.hearts_broken and rnd.tricks[1].winner == 3
    assert C("KH") in rnd.legal_plays(3)
    assert rnd.voids[0] == 1 << 2  # South showed it has no diamonds


def test_a_refused_play_changes_nothing() -> None:
    rnd = _scenario()
    before = rnd
    with pytest.raises(IllegalMove):
        rnd.play(0, C("2H"))
    with pytest.raises(IllegalMove, match="do not hold"):
        rnd.play(0, C("AH"))
    assert rnd == before


# --- scoring ----------------------------------------------------------------------------------
def test_one_point_per_heart_thirteen_for_the_queen_three_hearts_and_queen_score_16() -> None:
    assert points_of(mask_of_cards(parse_cards("2H 9H AH QS"))) == 16
    assert points_of(mask_of_cards(parse_cards("2H"))) == 1
    assert points_of(mask_of_cards(parse_cards("QS KS JD 2C"))) == 13
    assert points_of(mask_of_cards(parse_cards(TWELVE_HEARTS + " AH QS"))) == 26


def test_shooting_the_moon_gives_zero_to_the_shooter_and_26_to_each_opponent() -> None:
    assert round_scores((0, 26, 0, 0)) == (26, 0, 26, 26)
    assert round_scores((16, 10, 0, 0)) == (16, 10, 0, 0)
    rnd = _scenario()
    done = replace(rnd, phase=Phase.DONE, taken=(0, 0, FULL_DECK, 0))
    assert done.scores == (26, 26, 0, 26) and done.moon_shooter == 2


def test_round_points_are_added_to_the_totals_after_the_thirteen_tricks() -> None:
    rng = random.Random(11)
    match = Match.new("HT1-N-AAAAAAQ")
    while not match.history:
        before = match.totals
        match = random_step(match, rng)
        if not match.history:
            assert match.totals == before == (0, 0, 0, 0)
    assert len(match.history[0].tricks) == 13
    assert match.totals == match.history[0].scores
    assert match.round.number == 1 and match.round.direction is PassDirection.RIGHT


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ((99, 0, 0, 0), None),
        ((100, 50, 60, 70), 1),
        ((130, 80, 80, 90), None),  # tied lowest: another round
        ((100, 100, 100, 99), 3),
        ((40, 101, 40, 40), None),
    ],
)
def test_the_match_ends_when_someone_has_100_and_the_lowest_total_is_unique(
    totals: tuple[int, ...], winner: int | None
) -> None:
    assert match_winner(totals) == winner


def test_a_tied_lowest_at_100_means_another_round() -> None:
    rng = random.Random(3)
    for seed in range(40):
        match = replace(Match.new(DealCode("HT", 1, "N", seed)), totals=(100, 50, 50, 50))
        start = match.round.number
        while match.round.number == start and not match.over:
            match = random_step(match, rng)
        low = min(match.totals)
        unique = match.totals.count(low) == 1
        assert match.over == unique
        if match.over:
            assert match.winner == match.totals.index(low)
            with pytest.raises(IllegalMove, match="over"):
                match.play(0, C("2C"))
        else:
            assert match.round.number == start + 1


def test_a_random_match_ends_with_the_unique_lowest_total_winning() -> None:
    rng = random.Random(8)
    for seed in range(5):
        match = Match.new(DealCode("HT", 1, "N", seed))
        while not match.over:
            match = random_step(match, rng)
        assert max(match.totals) >= 100
        assert match.winner is not None
        assert all(
            match.totals[match.winner] < t for i, t in enumerate(match.totals) if i != match.winner
        )
        sums = [sum(r.scores[s] for r in match.history) for s in range(4)]
        assert tuple(sums) == match.totals
        for rnd in match.history[:-1]:
            assert (
                match_winner(
                    tuple(
                        sum(r.scores[s] for r in match.history[: rnd.number + 1]) for s in range(4)
                    )
                )
                is None
            )


def test_random_rounds_score_26_points_or_a_moon() -> None:
    rng = random.Random(2)
    for seed in range(30):
        last = random_round(Round.deal(deal_for_round(DealCode("HT", 1, "N", seed), 0)), rng)[-1]
        assert sum(last.raw_points) == 26
        assert sum(last.scores) in (26, 78)


# --- optional variants (off by default) ----------------------------------------------------
def test_variants_are_off_by_default() -> None:
    from cardems.hearts.rules import Options

    assert Match.new("HT1-N-AAAAAAM").options == Options()
    assert Options() == Options(qs_breaks_hearts=False, jack_of_diamonds=False, passing=True)


def test_variant_queen_of_spades_breaks_hearts() -> None:
    from cardems.hearts.rules import Options

    hands = _scenario().dealt
    rnd = Round.deal(hands, 3, options=Options(qs_breaks_hearts=True))
    for seat, card in ((0, "2C"), (1, "2D"), (2, "2S"), (3, "3C")):
        rnd = rnd.play(seat, C(card))
    for seat, card in ((3, "4C"), (0, "AC"), (1, "3D"), (2, "QS")):
        rnd = rnd.play(seat, C(card))
    assert rnd.hearts_broken


def test_variant_jack_of_diamonds_scores_minus_ten() -> None:
    from cardems.hearts.rules import Options

    rnd = Round.deal(_scenario().dealt, 3, options=Options(jack_of_diamonds=True))
    jack = mask_of_cards(parse_cards("JD 2C"))
    two = mask_of_cards(parse_cards("2H"))
    done = replace(rnd, phase=Phase.DONE, taken=(jack, FULL_DECK & ~jack & ~two, two, 0))
    assert done.scores == (-10, 25, 1, 0)
    moon = replace(rnd, phase=Phase.DONE, taken=(FULL_DECK & ~jack, jack, 0, 0))
    assert moon.scores == (0, 16, 26, 26)


def test_variant_without_passing_holds_every_round() -> None:
    from cardems.hearts.rules import Options

    match = Match.new("HT1-N-AAAAAAM", Options(passing=False))
    assert match.round.direction is PassDirection.HOLD and match.round.phase is Phase.PLAYING
    rng = random.Random(4)
    while not match.history:
        match = random_step(match, rng)
    assert match.round.direction is PassDirection.HOLD
