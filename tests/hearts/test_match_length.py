"""The match's length (issue 41): to 100 as the original rules say, or to 50 or 150 as
chosen in the new-match window; kept with the game, and 100 for games saved without it."""

from __future__ import annotations

import random

import pytest

from cardems.core.game import TableSettings, replay
from cardems.dealcode import DealCode
from cardems.hearts.game import GAME, TARGET
from cardems.hearts.rules import MATCH_TARGET, Match, Options, match_winner
from cardems.hearts.table import HeartsTable

from .helpers import random_step

CODE = "HT1-N-AAAAAAM"


def table(options: dict[str, str]) -> HeartsTable:
    made = GAME.new_table(DealCode.parse(CODE), TableSettings(), options, lambda: 0.0)
    assert isinstance(made, HeartsTable)
    return made


def test_a_match_is_played_to_100_by_default() -> None:
    assert MATCH_TARGET == 100 and Options().target == 100
    assert Match.new(CODE).target == 100
    assert TARGET.default == "100" and TARGET.choices == ("50", "100", "150")
    assert table({"level": "easy"}).match.target == 100  # a game saved before the choice


@pytest.mark.parametrize("target", [0, -50, "100"])
def test_a_target_is_a_positive_total(target: object) -> None:
    with pytest.raises(ValueError, match="positive total"):
        Options(target=target)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((49, 0, 0, 0), 50, None),
        ((50, 20, 30, 40), 50, 1),
        ((60, 20, 20, 40), 50, None),  # tied lowest: another round
        ((120, 20, 30, 40), 150, None),
        ((150, 20, 30, 40), 150, 1),
    ],
)
def test_the_match_ends_when_someone_reaches_the_target_with_a_single_lowest(
    totals: tuple[int, ...], target: int, winner: int | None
) -> None:
    assert match_winner(totals, target) == winner


@pytest.mark.parametrize("target", [50, 100, 150])
def test_a_random_match_ends_at_its_target_and_not_before(target: int) -> None:
    for seed in range(3):
        match = Match.new(DealCode("HT", 1, "N", seed), Options(target=target))
        rng = random.Random(seed)
        while not match.over:
            match = random_step(match, rng)
            if not match.over:
                assert max(match.totals) < target or match.tied
        assert max(match.totals) >= target
        low = min(match.totals)
        assert match.totals.count(low) == 1 and match.winner == match.totals.index(low)
        for done in range(1, len(match.history)):
            sofar = tuple(sum(r.scores[s] for r in match.history[:done]) for s in range(4))
            assert match_winner(sofar, target) is None


def test_the_same_deals_to_50_end_sooner_than_to_100() -> None:
    """The length changes when the match ends, never its cards: the rounds to 50 are the
    first rounds to 100."""
    rng = random.Random(1)
    short = Match.new(CODE, Options(target=50))
    long = Match.new(CODE)
    while not short.over:
        action = rng.choice(short.legal_moves())
        short, long = short.apply(action), long.apply(action)
    assert not long.over and long.totals == short.totals
    assert [r.dealt for r in short.history] == [r.dealt for r in long.history[: len(short.history)]]


@pytest.mark.parametrize("chosen", ["50", "100", "150"])
def test_the_table_plays_to_the_chosen_length_and_shows_it(chosen: str) -> None:
    made = table({"level": "easy", "target": chosen})
    assert made.match.target == int(chosen)
    assert made.view()["target"] == int(chosen)


def test_an_unknown_length_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown match length"):
        table({"level": "easy", "target": "75"})


def test_a_saved_game_without_the_length_replays_identically_to_100() -> None:
    """A game saved before the choice existed: its options name only the level. It
    replays to the same view as a match to 100, and a match to 50 of the same actions
    ends where the 100 one goes on."""
    rng = random.Random(7)
    match = Match.new(CODE)
    short = Match.new(CODE, Options(target=50))
    reference = HeartsTable(DealCode.parse(CODE), TableSettings(), "easy")
    log = []
    while not short.over:
        action = rng.choice(match.legal_moves())
        match, short = match.apply(action), short.apply(action)
        log.append((action.kind, str(action.seat), " ".join(map(str, action.cards))))
    old = replay(table({"level": "easy"}), log)
    chosen = replay(table({"level": "easy", "target": "100"}), log)
    ended = replay(table({"level": "easy", "target": "50"}), log)
    replay(reference, log)
    assert old.view() == chosen.view() == reference.view()
    assert old.status == "playing" and old.view()["target"] == 100
    assert ended.status in ("won", "lost") and ended.view()["target"] == 50
    assert ended.match.totals == old.match.totals
