"""The covering layouts' masks, on a pyramid of three cards (1 under 2 and 3)."""

from __future__ import annotations

import pytest

from cardems.kit.covers import Covers

TINY = Covers(((2, 3), (), ()))


def test_masks_of_a_tiny_pyramid() -> None:
    assert TINY.full == 0b111 and TINY.cover == (0b110, 0, 0) and TINY.below == (0b110, 0, 0)
    assert TINY.free(0) == 0b110  # the apex waits for both cards over it
    assert TINY.free(0b010) == 0b100 and TINY.free(0b110) == 0b001
    assert TINY.reachable == {0: 0b110, 0b010: 0b100, 0b100: 0b010, 0b110: 0b001, 0b111: 0}
    assert TINY.free(0b001) == TINY.free_of(0b001) == 0b110  # a mask no game reaches
    assert TINY.comparable(1, 2) and not TINY.comparable(2, 3)


def test_a_card_covered_by_an_earlier_one_is_refused() -> None:
    with pytest.raises(ValueError, match="position 2 is covered by 1"):
        Covers(((), (1,)))
