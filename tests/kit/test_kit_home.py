"""The ``home`` intent (a right click): a pile's top card to the first home pile that
takes it, decided by the server for any solitaire that declares home piles."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kit_toy import CODE, DECLARATION, SUITS, Toy, ToyMove, ToyState

from cardems.core.game import IntentError, TableSettings, replay
from cardems.core.registry import games
from cardems.kit import PileSpec, SolitaireTable
from cardems.kit.game import KitGame


class Homed(Toy):
    """The toy whose foundations are home piles."""

    declaration = replace(
        DECLARATION,
        piles=(
            PileSpec("column", count=2, runs=True, fan=30),
            PileSpec("foundation", names=SUITS, selectable=False, home=True),
        ),
    )


def homed() -> SolitaireTable[ToyState, ToyMove]:
    return SolitaireTable(Homed(), CODE, TableSettings(move_errors=True), clock=lambda: 0.0)


def test_a_card_goes_to_the_home_that_takes_it_and_is_logged_as_that_move() -> None:
    t = homed()
    assert Homed.declaration.homes == ("foundation:S", "foundation:H")
    assert t.view()["sends_home"] is True
    [move] = t.act(("home", "column:1"))
    assert (move["from"], move["to"], move["card"]) == ("column:1", "foundation:S", "AS")
    assert t.log == [("drag", "column:1:4", "foundation:S")]
    [move] = t.act(("home", "column:1"))  # the next card is a heart: the second home
    assert (move["to"], move["card"]) == ("foundation:H", "AH")
    assert replay(homed(), list(t.log)).view() == t.view()


def test_a_card_that_cannot_go_home_stays_and_the_table_says_why() -> None:
    t = homed()
    before = t.view()
    assert t.act(("home", "column:2")) == [
        {"type": "error", "message": "This card cannot go home now"}
    ]
    assert t.view() == {**before, "message": "This card cannot go home now"}
    assert t.log == []
    assert t.act(("home", "foundation:S")) == [
        {"type": "error", "message": "There is no card there"}
    ]
    with pytest.raises(IntentError, match="expected column:1"):
        t.act(("home", "cell:1"))


def test_sending_a_card_home_drops_the_selection_and_replays_exactly() -> None:
    t = homed()
    t.tap("column:2")  # 2H selected
    events = t.act(("home", "column:1"))
    assert [event["type"] for event in events] == ["deselect", "move"]
    assert t.selected is None
    assert replay(homed(), list(t.log)).view() == t.view()


def test_a_solitaire_without_homes_has_no_home_intent() -> None:
    t = SolitaireTable(Toy(), CODE, clock=lambda: 0.0)
    assert "sends_home" not in t.view()
    with pytest.raises(IntentError):
        t.act(("home", "column:1"))


@pytest.mark.slow
@given(st.integers(0, 2**32), st.integers(1, 16))
def test_home_intents_among_others_replay_to_the_same_table(seed: int, steps: int) -> None:
    t, rng = homed(), random.Random(seed)
    targets = Homed.declaration.targets
    for _ in range(steps):
        kind = rng.choice(("home", "tap", "double_tap", "undo"))
        t.act((kind,) if kind == "undo" else (kind, rng.choice(targets)))
    again = replay(homed(), list(t.log))
    assert again.view() == {**t.view(), "message": again.view()["message"]}
    assert all(kind != "home" for kind, *_ in t.log)


def kit_games() -> list[KitGame]:
    return [game for game in games() if isinstance(game, KitGame)]


@pytest.mark.parametrize("game", kit_games(), ids=lambda game: game.family.name)
def test_each_game_reads_the_home_intent_only_if_it_has_homes(game: KitGame) -> None:
    intent = {"type": "home", "target": "column:1"}
    if game.solitaire().declaration.homes:
        assert game.parse_intent(intent) == ("home", "column:1")
    else:
        with pytest.raises(IntentError, match="unknown intent type 'home'"):
            game.parse_intent(intent)


def test_the_games_with_foundations_send_cards_home() -> None:
    with_homes = {g.family.name for g in kit_games() if g.solitaire().declaration.homes}
    assert {"freecell", "seahaven", "klondike"} <= with_homes
