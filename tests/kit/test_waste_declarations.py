"""A waste-family declaration that contradicts itself fails when it is made, in one line
naming the game and the pile kind."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardems.golf.game import DECLARATION
from cardems.kit.waste.declare import DeclarationError, fans


def test_a_layout_missing_a_position_is_refused() -> None:
    layout = fans(7, 5)
    broken = replace(layout, piles=layout.piles[:-1])
    with pytest.raises(
        DeclarationError, match=r"^Golf: column: the piles must hold positions 1-35"
    ):
        replace(DECLARATION, layout=broken)


def test_a_position_covered_by_one_before_it_is_refused() -> None:
    layout = fans(7, 5)
    covered = ((2,), (1,), *layout.covered_by[2:])
    with pytest.raises(
        DeclarationError, match=r"^Golf: column 2: covered by a position not after it"
    ):
        replace(DECLARATION, layout=replace(layout, covered_by=covered))


def test_a_deal_needing_more_than_the_deck_is_refused() -> None:
    with pytest.raises(DeclarationError, match=r"the deal needs 61 cards, the deck has 52"):
        replace(DECLARATION, layout=fans(12, 5))
    with pytest.raises(DeclarationError, match=r"without a stock the layout must take 51"):
        replace(DECLARATION, stock=False)
