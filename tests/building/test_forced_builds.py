"""The build solver's forced builds (whole suits, built down in suit, any face-up cards
moving together, no cells: Scorpion's rules): once no stock is left, a card goes at once
onto the top of a column holding only a run of its suit from a king at the bottom. Held
to the search without them: the same verdicts wherever both decide."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from tests.building.toys import SCORPION_LIKE

from cardems.cards import ALL_CARDS, Card
from cardems.kit.building import (
    Build,
    Foundations,
    Suits,
    declare,
    solver,
)
from cardems.kit.building.engine import BuildState


def _position(seed: int) -> BuildState:
    """Spades and hearts shuffled into the 7 columns (the other suits home, no stock),
    the first columns' bottom cards face down."""
    rng = random.Random(seed)
    deck = [card for card in ALL_CARDS if card.suit.order < 2]
    rng.shuffle(deck)
    piles: list[list[Card]] = [[] for _ in range(7)]
    for card in deck:
        piles[rng.randrange(7)].append(card)
    down = tuple(min(1, max(0, len(pile) - 1)) if i < 3 else 0 for i, pile in enumerate(piles))
    return BuildState(SCORPION_LIKE, tuple(map(tuple, piles)), (), (0, 0, 13, 13), down=down)


def test_only_scorpions_rules_force_builds() -> None:
    assert solver._tables(SCORPION_LIKE).forced_builds
    yukon_like = replace(SCORPION_LIKE, build=Build(Suits.ALTERNATE), foundations=Foundations())
    assert not solver._tables(declare(yukon_like)).forced_builds


def test_a_card_goes_at_once_onto_a_run_from_a_king_at_the_bottom() -> None:
    columns = tuple(tuple(Card.parse(w) for w in text.split()) for text in ("KS QS", "2H JS 4H"))
    state = BuildState(SCORPION_LIKE, (*columns, (), (), (), (), ()), (), (0, 0, 13, 13))
    path: list[solver.Raw] = []
    cols = solver._settle(*solver.encode(state), solver._tables(SCORPION_LIKE), path)[0]
    assert path == [("c", 1, "c", 0, 2)]  # the jack of spades, with the 4 of hearts on it
    assert cols[:2] == (bytes((12, 11, 10, 16)), bytes((14,)))


@pytest.mark.slow
def test_forced_builds_keep_every_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [_position(seed) for seed in range(24)]
    forced = [solver.solve_state(state, 20_000).winnable for state in positions]
    tables = solver._tables(SCORPION_LIKE)
    unforced: Any = lambda rules, base=1: replace(tables, forced_builds=False)  # noqa: E731
    monkeypatch.setattr(solver, "_tables", unforced)
    plain = [solver.solve_state(state, 60_000).winnable for state in positions]
    both = [(a, b) for a, b in zip(forced, plain, strict=True) if None not in (a, b)]
    assert all(a == b for a, b in both), both
    assert {True, False} <= {a for a, _ in both}
