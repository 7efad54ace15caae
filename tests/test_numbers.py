"""The one reader of external numbers: ASCII digits, a bounded length, a clear refusal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.numbers import MAX_DIGITS, NumberError, parse_number, read_number


@given(st.integers(0, 10**MAX_DIGITS - 1))
def test_a_number_round_trips(number: int) -> None:
    assert parse_number(str(number)) == number


@pytest.mark.parametrize("text", ["", "²", "٣", "1²", " 1", "1 ", "+1", "-1", "1.0", "9" * 4301])
def test_what_int_or_isdigit_would_take_and_more_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(NumberError) as refused:
        parse_number(text)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 120
    assert read_number(text) is None


def test_signs_and_bounds() -> None:
    assert parse_number("-12", signed=True) == -12
    assert read_number("7", maximum=6) is None
    with pytest.raises(NumberError, match="at most 6"):
        parse_number("7", maximum=6)
