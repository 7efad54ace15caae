"""Deal codes: the worked examples, round-trips, and a clear message for every fault."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.core.registry import families, find_family
from cardems.dealcode import DealCode, DealCodeError, decode_base32, encode_base32


def test_the_specification_examples() -> None:
    code = DealCode.parse("HH1-N-AAAAAAM")
    assert (code.game, code.version, code.variant, code.number) == ("HH", 1, "N", 12)
    code = DealCode.parse("SH1-C4-AAAAAJ2")
    assert (code.game, code.variant, code.number) == ("SH", "C4", 314)
    assert str(DealCode("HT", 1, "N", 0)) == "HT1-N-AAAAAAA"


def test_codes_are_case_insensitive_and_formatted_upper_case() -> None:
    assert str(DealCode.parse(" hh1-n-aaaaaam ")) == "HH1-N-AAAAAAM"
    assert DealCode.parse("sh1-c1-aaaaaj2").variant == "C1"


@pytest.mark.parametrize(
    ("text", "part", "words"),
    [
        ("", "form", "expected GGV-VARIANT-PAYLOAD"),
        ("HH1N-AAAAAAM", "form", "expected GGV-VARIANT-PAYLOAD"),
        ("HH1-N-AAAAAAM-X", "form", "expected GGV-VARIANT-PAYLOAD"),
        ("HH-N-AAAAAAM", "form", "two game letters and a digit"),
        ("XX1-N-AAAAAAM", "game", "unknown game 'XX'"),
        ("HHX-N-AAAAAAM", "version", "one digit"),
        ("HH2-N-AAAAAAM", "version", "unknown generator version 2"),
        ("HH1-C4-AAAAAAM", "variant", "unknown variant 'C4'"),
        ("SH1-C3-AAAAAAA", "variant", "expected C4 or C2 or C1"),
        ("SH1-N-AAAAAAA", "variant", "unknown variant 'N'"),
        ("HH1-N-AAAAAA", "payload", "must have 7 characters"),
        ("SH1-C4-AAAAAA", "payload", "must have 7 characters"),
        ("HH1-N-AAAAA01", "payload", "outside A-Z and 2-7: 01"),
        ("HH1-N-AAAAA8A", "payload", "outside A-Z and 2-7: 8"),
    ],
)
def test_malformed_codes_name_the_wrong_part(text: str, part: str, words: str) -> None:
    with pytest.raises(DealCodeError, match=words) as caught:
        DealCode.parse(text)
    assert caught.value.part == part


def test_number_out_of_range_is_refused() -> None:
    with pytest.raises(DealCodeError, match="out of range 0-34359738367") as caught:
        DealCode("SH", 1, "C4", 2**35)
    assert caught.value.part == "number"


@given(
    st.sampled_from(families()).flatmap(
        lambda family: st.tuples(
            st.just(family.prefix),
            st.sampled_from(family.variants),
            st.integers(0, family.max_number),
        )
    )
)
def test_format_parse_round_trip(parts: tuple[str, str, int]) -> None:
    game, variant, number = parts
    code = DealCode(game, 1, variant, number)
    assert DealCode.parse(str(code)) == code
    assert DealCode.parse(str(code).lower()) == code
    family = find_family(game)
    assert family is not None and len(str(code).split("-")[2]) == family.payload_width


@given(st.integers(0, 32**7 - 1))
def test_base32_round_trip(number: int) -> None:
    assert decode_base32(encode_base32(number, 7)) == number


def test_deal_codes_and_the_registry_do_not_import_each_other() -> None:
    """The registry loads without deal codes; deal codes import it at their top (no
    import hidden in a function to dodge a cycle)."""
    import ast
    from pathlib import Path

    import cardems.core.registry
    import cardems.dealcode

    assert "cardems.dealcode" not in Path(cardems.core.registry.__file__).read_text()
    tree = ast.parse(Path(cardems.dealcode.__file__).read_text())
    hidden = [
        node.lineno
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert hidden == []
