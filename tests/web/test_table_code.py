"""A shared table's code: the formatter and the parser round-trip; bad input, one line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.web.table_code import ALPHABET, TableCodeError, format_code, new_code, parse_code

codes = st.text(alphabet=ALPHABET, min_size=8, max_size=8)


@given(codes)
def test_a_code_formats_and_parses_back(plain: str) -> None:
    shown = format_code(plain)
    assert len(shown) == 9 and shown[4] == "-"
    assert parse_code(shown) == plain
    assert format_code(shown) == shown


@given(codes, st.sampled_from([str.lower, str.upper]), st.sampled_from(["", " ", "-", " - "]))
def test_a_code_typed_by_hand_still_reads(plain: str, case: object, gap: str) -> None:
    typed = case(plain[:4]) + gap + case(plain[4:])  # type: ignore[operator]
    assert parse_code(typed) == plain


def test_look_alike_letters_read_as_digits() -> None:
    assert parse_code("OIL0-1111") == "01101111"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("K7QX-M2P", "8 letters and digits"),
        ("", "(0 given)"),
        ("K7QX-M2PAA", "(9 given)"),
        ("K7QX-M2P!", "'!' cannot be"),
        ("K7QU-M2PA", "'U' cannot be"),
    ],
)
def test_bad_input_says_why_in_one_line(text: str, words: str) -> None:
    with pytest.raises(TableCodeError) as error:
        parse_code(text)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_new_codes_are_formatted_and_differ() -> None:
    made = {new_code() for _ in range(50)}
    assert len(made) == 50
    assert all(format_code(code) == code for code in made)
