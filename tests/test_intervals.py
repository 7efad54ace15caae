from __future__ import annotations

import pytest

from cardems.intervals import wilson


def test_the_wilson_interval_of_the_anchors() -> None:
    low, high = wilson(998, 1500)  # mchung94's Pyramid: 66.5 % (64.1-68.9)
    assert (round(low, 3), round(high, 3)) == (0.641, 0.689)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "trials"), [(0, 10), (10, 10), (1, 3)])
def test_the_interval_holds_the_share_and_stays_within_zero_and_one(
    successes: int, trials: int
) -> None:
    low, high = wilson(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
