"""Hints and Solve in the cell games: one kept winning line, never back, honest verdicts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cellgames.hints import Lines
from cardems.cellgames.notation import parse_move
from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.freecell.rules import COLUMNS
from cardems.freecell.table import FreeCellTable
from cardems.i18n.labels import card_name
from cardems.kit import SolitaireTable
from cardems.seahaven.game import load_pool
from cardems.seahaven.table import SeahavenTable

LOOPED = ("SH1-C4-G2RIWYH", "FC1-N-AAAA5HW")
"""Deals on which following the old hints (and so Solve) went round in circles."""


def table_for(code: DealCode, auto_move: bool = False) -> SolitaireTable[Any, Any]:
    kind = SeahavenTable if code.family.name == "seahaven" else FreeCellTable
    return kind(code, TableSettings(auto_move=auto_move))


def follow(table: SolitaireTable[Any, Any], limit: int = 600) -> str:
    """Play the hints as Solve does until the game ends or a hint has no move; the last
    verdict (or status). No position may come twice: a line that repeats never ends."""
    seen = set()
    for _ in range(limit):
        if table.status != "playing":
            return table.status
        assert table.state.position not in seen, "the hints go round in circles"
        seen.add(table.state.position)
        hint = table.hint()
        if hint["verdict"] not in ("move", "back"):  # Solve plays a line that goes back
            return str(hint["verdict"])
        for intent in hint["intents"]:
            events = table.act(("drag", intent["source"], intent["target"]))
            assert events[0]["type"] == "move", events
    raise AssertionError("Solve did not end")


# -- the kept line, on a toy game ---------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A toy position: a number; moves add to it; 3 is the win."""

    value: int

    @property
    def position(self) -> int:
        return self.value

    @property
    def placement(self) -> int:
        return self.value

    def apply(self, move: Any) -> Step:
        return Step(self.value + move)

    def legal_moves(self) -> list[Any]:
        return [1, -1, 2]


@dataclass
class Toy:
    """A solver for the toy: from each position, the line it is given (or a verdict)."""

    lines: dict[int, list[int] | bool | None]
    asked: list[int] = field(default_factory=list)

    def __call__(self, state: Step, seconds: float) -> Any:
        self.asked.append(state.value)
        found = self.lines.get(state.value, False)
        winnable = True if isinstance(found, list) else found
        return type("Verdict", (), {"winnable": winnable, "moves": found or []})()


def test_a_line_is_solved_once_and_followed_to_its_end() -> None:
    solver = Toy({0: [1, 1, 1]})
    lines = Lines(solver)
    assert lines.next_move(Step(0), None, 1.0) == ("move", 1)
    assert lines.next_move(Step(0), None, 1.0) == ("move", 1)
    assert lines.next_move(Step(1), Step(0), 1.0) == ("move", 1)
    assert lines.next_move(Step(2), Step(1), 1.0) == ("move", 1)
    assert solver.asked == [0]


def test_a_hint_never_goes_back_to_the_position_before() -> None:
    # From 1 the solver would go back to 0 (where the player came from): another move wins.
    solver = Toy({1: [-1, -1, 4], 2: [1]})
    assert Lines(solver).next_move(Step(1), Step(0), 1.0) == ("move", 1)
    # When every other move loses, the verdict says so (the move is for Solve alone).
    alone = Toy({1: [-1, -1, 4]})
    assert Lines(alone).next_move(Step(1), Step(0), 1.0) == ("back", -1)
    # A kept line that would go back is not followed either: the player came to 1 from 2.
    # Through 0 the kept line comes back to 1; from 3 the solver finds a line.
    kept = Lines(Toy({0: [1, 1, 1], 3: [1]}))
    assert kept.next_move(Step(0), None, 1.0) == ("move", 1)
    assert kept.next_move(Step(1), Step(2), 1.0) == ("move", 2)


def test_a_kept_line_never_passes_a_position_twice() -> None:
    lines = Lines(Toy({0: [1, -1, 1, 2]}))  # 0, 1, back to 0, 1, 3: the loop is cut out
    assert lines.next_move(Step(0), None, 1.0) == ("move", 1)
    assert lines.next_move(Step(1), Step(0), 1.0) == ("move", 2)


def test_lost_and_undecided_are_said_as_such() -> None:
    assert Lines(Toy({0: False})).next_move(Step(0), None, 1.0) == ("lost", None)
    assert Lines(Toy({0: None})).next_move(Step(0), None, 1.0) == ("undecided", None)
    # Going back is refused and the others are undecided: undecided, not "back".
    unsure = Toy({1: [-1, -1, 4], 2: None, 3: None})
    assert Lines(unsure).next_move(Step(1), Step(0), 1.0) == ("undecided", None)


def test_a_position_proved_lost_stays_lost_without_a_second_search() -> None:
    # A second search bounded in time may stop short of the proof (a loaded machine):
    # the verdict given once is given again.
    solver = Toy({0: False})
    lines = Lines(solver)
    assert lines.next_move(Step(0), None, 1.0) == ("lost", None)
    solver.lines[0] = None
    assert lines.next_move(Step(0), None, 1.0) == ("lost", None)
    assert solver.asked == [0]


# -- the games -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", LOOPED)
def test_following_hints_wins_the_deals_that_went_round_in_circles(text: str) -> None:
    assert follow(table_for(DealCode.parse(text))) == "won"


def test_following_hints_wins_seahaven_pool_deals() -> None:
    codes = load_pool("C4")[:6] + load_pool("C2")[:3] + load_pool("C1")[:3]
    assert [follow(table_for(code)) for code in codes] == ["won"] * len(codes)


def test_a_hint_names_the_card_that_moves_and_plays_exactly_its_move() -> None:
    table = table_for(DealCode("FC", 1, "N", 5))
    for _ in range(60):
        hint = table.hint("en")
        move = parse_move(hint["move"], COLUMNS)
        card = table.state.cards_at(move.source)[-move.count]
        assert hint["card"] == str(card)
        assert card_name(card, "en") in hint["words"]
        expected = table.state.apply(move)
        (intent,) = hint["intents"]
        table.drag(intent["source"], intent["target"])
        assert table.state == expected


def test_hint_words_are_in_the_asked_language() -> None:
    table = table_for(DealCode("FC", 1, "N", 5))
    english, romanian = table.hint("en"), table.hint("ro")
    assert english["move"] == romanian["move"]
    assert english["words"].startswith("Hint:") and romanian["words"].startswith("Indiciu:")


def test_a_finished_or_stuck_game_has_no_move_to_hint() -> None:
    won = table_for(DealCode.parse(LOOPED[0]))
    assert follow(won) == "won"
    assert won.hint()["verdict"] == "over"
    stuck = table_for(DealCode.parse("SH1-C2-AAAAAAP"))
    stuck.drag("column:7", "column:9")  # leaves no useful move
    assert stuck.status == "stuck"
    assert stuck.hint()["verdict"] == "lost"


def test_with_auto_move_the_hints_still_win() -> None:
    for text in LOOPED:
        assert follow(table_for(DealCode.parse(text), auto_move=True)) == "won"


# -- properties: from many deals and random positions -------------------------------------

SEAHAVEN = [code for variant in ("C4", "C2", "C1") for code in load_pool(variant)[:40]]
FREECELL = [DealCode("FC", 1, "N", number) for number in range(1, 41)]


def wander(table: SolitaireTable[Any, Any], seed: int, steps: int) -> None:
    """Play ``steps`` random legal moves (a player's own mid-game position)."""
    rnd = random.Random(seed)
    for _ in range(steps):
        intents = table.legal_intents()
        if not intents or table.status != "playing":
            return
        table.act(rnd.choice(intents))


@pytest.mark.slow
@settings(max_examples=100)
@given(st.sampled_from(SEAHAVEN + FREECELL), st.integers(0, 2**32), st.integers(0, 60))
def test_following_hints_from_any_position_wins_when_it_can_and_always_ends(
    code: DealCode, seed: int, steps: int
) -> None:
    table = table_for(code)
    wander(table, seed, steps)
    first = table.hint()["verdict"] if table.status == "playing" else table.status
    end = follow(table)
    if first in ("move", "back"):
        assert end == "won"
    elif first == "undecided":  # out of time: a search with the same time may decide it
        assert end in ("won", "lost", "undecided")
    else:
        assert end == first  # lost, or the game's end
