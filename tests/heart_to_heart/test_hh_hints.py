"""Heart to Heart's hints, as the browser follows them: from random deals and mid-game
positions, playing the hints' intents wins whenever the first hint has a move, and ends."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.dealcode import DealCode
from cardems.heart_to_heart.table import HeartToHeartTable


@pytest.mark.slow
@settings(max_examples=10)
@given(st.integers(0, 32**7 - 1), st.integers(0, 2**32), st.integers(0, 30))
def test_following_hints_wins_when_it_can_and_always_ends(
    number: int, seed: int, steps: int
) -> None:
    table = HeartToHeartTable(DealCode("HH", 1, "N", number))
    rnd = random.Random(seed)
    for _ in range(steps):
        if table.status != "playing":
            break
        table.act(rnd.choice(table.legal_intents()))
    first = table.hint()
    for _ in range(500):
        hint = table.hint()
        if table.status != "playing" or hint["verdict"] != "move":
            break
        assert hint["words"].startswith("Hint: ")
        for intent in hint["intents"]:
            assert table.act(tuple(intent.values()))[0]["type"] != "error"
    else:
        raise AssertionError("the hints did not end")
    if first["verdict"] == "move":
        assert table.status == "won"
    else:
        assert first["verdict"] in ("lost", "over") and table.status != "won"
