"""The heart's geometry: rows, x-coordinates in half-card steps, covers, availability."""

from cardems.heart_to_heart.layout import (
    BELOW_MASK,
    COVERED_BY,
    COVERS,
    POSITIONS,
    ROW,
    ROW_SIZES,
    TIP,
    X,
    available_mask,
    comparable,
)


def test_seven_rows_of_4_6_5_4_3_2_1_numbered_top_down_left_to_right() -> None:
    assert ROW_SIZES == (4, 6, 5, 4, 3, 2, 1)
    assert [ROW.count(r) for r in range(1, 8)] == list(ROW_SIZES)
    assert list(ROW) == sorted(ROW)  # row by row from the top
    for p in POSITIONS[:-1]:
        if ROW[p] == ROW[p - 1]:
            assert X[p] > X[p - 1]  # left to right
    assert ROW[TIP - 1] == 7 and len(POSITIONS) == 25


def test_x_coordinates_in_half_card_steps() -> None:
    by_row = {r: [X[p - 1] for p in POSITIONS if ROW[p - 1] == r] for r in range(1, 8)}
    assert by_row == {
        1: [0.5, 1.5, 3.5, 4.5],
        2: [0, 1, 2, 3, 4, 5],
        3: [0.5, 1.5, 2.5, 3.5, 4.5],
        4: [1, 2, 3, 4],
        5: [1.5, 2.5, 3.5],
        6: [2, 3],
        7: [2.5],
    }


def test_a_card_is_covered_by_the_next_row_at_x_plus_or_minus_a_half() -> None:
    for p in POSITIONS:
        expected = [
            q for q in POSITIONS if ROW[q - 1] == ROW[p - 1] + 1 and abs(X[q - 1] - X[p - 1]) == 0.5
        ]
        assert list(COVERED_BY[p - 1]) == expected
        assert 1 <= len(expected) <= 2 or p == TIP
        for q in expected:
            assert p in COVERS[q - 1]


def test_edge_cards_have_one_card_below_them() -> None:
    singles = [p for p in POSITIONS if len(COVERED_BY[p - 1]) == 1]
    assert singles == [5, 10, 11, 15, 16, 19, 20, 22, 23, 24]
    assert COVERED_BY[TIP - 1] == ()


def test_only_the_tip_is_available_at_the_start() -> None:
    assert available_mask(0) == 1 << (TIP - 1)


def test_a_card_is_available_once_every_card_covering_it_is_removed() -> None:
    removed = 1 << 24  # the tip
    assert available_mask(removed) == 1 << 22 | 1 << 23  # positions 23 and 24
    removed |= 1 << 22
    assert available_mask(removed) == 1 << 19 | 1 << 23  # 20 freed; 21 still under 24


def test_cones_and_comparability() -> None:
    assert BELOW_MASK[TIP - 1] == 0
    assert comparable(1, 25) and comparable(25, 1)
    assert not comparable(23, 24) and not comparable(1, 4)
    cone = [p for p in POSITIONS if BELOW_MASK[0] >> (p - 1) & 1]
    assert cone == [5, 6, 11, 12, 16, 17, 20, 21, 23, 24, 25]  # what position 1 waits for
