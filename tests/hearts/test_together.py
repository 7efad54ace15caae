"""The shared match: any seats people, the rest bots; each seat sees only its own cards."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.hearts.rules import Phase
from cardems.hearts.table import HeartsTable
from cardems.hearts.together import SEATS, SharedMatch, Tagged, events_for

CARD = re.compile(r"(?:10|[2-9TJQKA])[SHDC]")


def cards_in(data: Any) -> set[str]:
    """Every string of ``data`` (nested lists and dicts) that is a card."""
    if isinstance(data, str):
        return {data} if CARD.fullmatch(data) else set()
    if isinstance(data, dict):
        return set().union(*(cards_in(value) for value in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(cards_in(value) for value in data))
    return set()


def human_move(shared: SharedMatch, seat: int, rng: random.Random) -> tuple[str, str]:
    """A random legal pass or play of ``seat``."""
    rnd = shared.match.round
    if rnd.phase is Phase.PASSING:
        return ("pass", " ".join(str(c) for c in rng.sample(rnd.hand(seat), 3)))
    return ("play", str(rng.choice(rnd.legal_plays(seat))))


def check_seen(shared: SharedMatch, tagged: list[Tagged]) -> None:
    """No seat's view or event names a card that seat may not see: a pass event names
    only the seat's own pass and what it received, the others only cards played."""
    played = {card for action in shared.log if action[0] == "play" for card in action[2].split()}
    for seat in SEATS:
        view = shared.view_of(seat)
        assert not cards_in(view) & shared.hidden_from(seat), (seat, view)
        for event in events_for(seat, tagged):
            if event["type"] == "passed":
                assert set(event["cards"]) == set(view["passed"])
                assert set(event["received"]) == set(view["received"])
            else:
                assert cards_in(event) <= played, event


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(
    humans=st.sets(st.sampled_from(SEATS), min_size=1, max_size=4),
    number=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
)
def test_no_seat_ever_sees_another_seats_card(humans: set[int], number: int, seed: int) -> None:
    rng = random.Random(seed)
    shared = SharedMatch(DealCode("HT", 1, "N", number), "easy")
    bots = frozenset(SEATS) - humans
    tagged = shared.run_bots(bots)
    for _ in range(60):  # a round and a bit: passes, tricks, a round end, the next pass
        waiting = sorted(shared.waiting)
        if not waiting:
            break
        seat = waiting[0]
        before = len(shared.log)
        tagged = shared.act_as(seat, human_move(shared, seat, rng), bots)
        assert not [e for _, e in tagged if e["type"] == "error"]
        versions = [e["version"] for _, e in tagged]  # each event: the version it led to
        assert versions == sorted(versions) and all(before < v <= len(shared.log) for v in versions)
        check_seen(shared, tagged)


def test_passes_stay_hidden_until_all_four_are_made() -> None:
    shared = SharedMatch(DealCode("HT", 1, "N", 7), "easy")
    rng = random.Random(1)
    first = shared.act_as(0, human_move(shared, 0, rng), ())
    assert [e["type"] for _, e in first] == []
    for seat in (1, 2):
        shared.act_as(seat, human_move(shared, seat, rng), ())
        assert shared.view_of(3)["received"] == []
        assert shared.view_of(3)["passes_chosen"][:3] == [True, True, seat == 2]
    last = shared.act_as(3, human_move(shared, 3, rng), ())
    passed = [(audience, e) for audience, e in last if e["type"] == "passed"]
    assert sorted(audience for audience, _ in passed if audience is not None) == [0, 1, 2, 3]
    for seat in SEATS:
        (mine,) = [e for e in events_for(seat, last) if e["type"] == "passed"]
        assert mine["received"] == shared.view_of(seat)["received"]


def test_bots_pass_last_so_a_friend_who_sits_down_chooses_their_own() -> None:
    shared = SharedMatch(DealCode("HT", 1, "N", 5), "easy")
    assert shared.run_bots((1, 2, 3)) == []
    assert shared.waiting == frozenset(SEATS)
    tagged = shared.act_as(0, human_move(shared, 0, random.Random(1)), (2, 3))
    assert {e["type"] for _, e in tagged} == set()  # seat 1 sat down: the bots wait
    assert shared.waiting == frozenset({1, 2, 3})
    shared.act_as(1, human_move(shared, 1, random.Random(2)), (2, 3))
    assert shared.match.round.phase is Phase.PLAYING


def test_a_seat_out_of_turn_is_refused_and_nothing_changes() -> None:
    shared = SharedMatch(DealCode("HT", 1, "N", 7), "easy")
    shared.run_bots((1, 2, 3))
    rng = random.Random(2)
    shared.act_as(0, human_move(shared, 0, rng), (1, 2, 3))
    turn = shared.match.round.to_play
    other = next(s for s in SEATS if s != turn)
    log = list(shared.log)
    card = str(shared.match.round.hand(other)[0])
    answer = shared.act_as(other, ("play", card), ())
    assert answer == [(other, {"type": "error", "message": answer[0][1]["message"]})]
    assert "turn" in answer[0][1]["message"]
    assert shared.log == log


def test_a_shared_log_replays_on_a_solo_table() -> None:
    shared = SharedMatch(DealCode("HT", 1, "N", 9), "medium")
    rng = random.Random(3)
    shared.run_bots((1, 3))
    for _ in range(40):
        seat = sorted(shared.waiting)[0]
        shared.act_as(seat, human_move(shared, seat, rng), (1, 3))
    solo = HeartsTable(DealCode("HT", 1, "N", 9), TableSettings(), "medium")
    for action in shared.log:
        solo.restore(action)
    assert solo.match == shared.match


def test_bots_play_a_whole_match_for_the_seats_given() -> None:
    shared = SharedMatch(DealCode("HT", 1, "N", 11), "easy")
    rng = random.Random(4)
    shared.run_bots((0, 1, 2))
    while shared.waiting:
        assert 3 in shared.waiting  # the bots pass last, and play in turn
        shared.act_as(3, human_move(shared, 3, rng), (0, 1, 2))
    assert shared.match.over
    assert shared.view_of(shared.match.winner or 0)["status"] == "won"
