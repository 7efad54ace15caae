"""SVG card drawings: well-formed, one per card, readable indices, drawn court figures."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from cardems.cards import ALL_CARDS, Card, Rank, Suit
from cardems.render.svg import (
    BACKS,
    FOUR_COLOURS,
    RED,
    back_body,
    card_back,
    card_face,
    face_body,
    rank_label,
    sprite,
    suit_color,
    symbol_id,
)

NS = "{http://www.w3.org/2000/svg}"
TURN = "rotate(180 50 70)"
COURTS = [card for card in ALL_CARDS if card.rank >= Rank.JACK]


def _centre(element: ET.Element) -> tuple[float, float, float]:
    """(x, y, size) of a suit drawn by ``suit_shape`` (translate + scale)."""
    numbers = [float(n) for n in re.findall(r"-?[\d.]+", element.get("transform", ""))[:3]]
    x, y, scale = numbers
    return x + 50 * scale, y + 50 * scale, 100 * scale


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_each_face_is_well_formed_with_an_index_in_two_opposite_corners(card: Card) -> None:
    root = ET.fromstring(card_face(card))
    assert root.get("viewBox") == "0 0 100 140"
    colour = RED if card.suit.is_red else "#1b1b1f"
    # the top-left index: the rank in the strip a column leaves visible, big and bold
    index = root.find(f"{NS}text")
    assert index is not None and index.text == rank_label(card.rank)
    assert (index.get("x"), index.get("y"), index.get("font-size")) == ("6", "35", "36")
    assert index.get("fill") == colour and index.get("direction") == "ltr"
    # its suit sits under the rank, in the left strip a fanned hand leaves visible
    suits = [_centre(p) for p in root.findall(f"{NS}path") if p.get("fill") == colour]
    assert (13, 50, 15) in suits
    assert any(y + size / 2 <= 40 and x > 60 for x, y, size in suits)  # seen in a column
    # the same index, turned half a turn, in the bottom-right corner
    turned = [g for g in root.findall(f"{NS}g") if g.get("transform") == TURN]
    assert len(turned) == 1
    text = turned[0].find(f"{NS}text")
    assert text is not None and text.text == rank_label(card.rank)
    assert (13, 50, 15) in [_centre(p) for p in turned[0].findall(f"{NS}path")]


# What must stay clear at the top left and right (the same turned at the bottom): the
# rank (the ``10`` is the widest), the small suit, the larger suit.
INDEX_BOXES = ((6, 9, 52, 35), (5, 42, 21, 58), (70, 7, 94, 31))


def _inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
    """Whether (x, y) is inside ``polygon`` (ray casting)."""
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _clip_polygon(d: str) -> list[tuple[float, float]]:
    """The corners of a path made of M, H, V and L commands."""
    points: list[tuple[float, float]] = []
    for command, args in re.findall(r"([MHVLZ])([^MHVLZ]*)", d):
        numbers = [float(n) for n in args.split()]
        if command in "ML":
            points.append((numbers[0], numbers[1]))
        elif command == "H":
            points.append((numbers[0], points[-1][1]))
        elif command == "V":
            points.append((points[-1][0], numbers[0]))
    return points


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_pips_and_figures_keep_clear_of_the_indices(card: Card) -> None:
    root = ET.fromstring(card_face(card))
    shapes = [p for p in root.findall(f"{NS}path") if "scale" in p.get("transform", "")]
    pips = [_centre(p) for p in shapes[2:]]  # past the two corner suits
    if card.rank < Rank.JACK:
        assert len(pips) == int(card.rank)
        for x, y, size in pips:
            for x1, y1, x2, y2 in INDEX_BOXES:
                for cx, cy in ((x, y), (100 - x, 140 - y)):  # and the turned corner
                    gap = max(x1 - cx, cx - x2, y1 - cy, cy - y2)
                    assert gap >= size / 2, (card, x, y)
        return
    clip = root.find(f"{NS}clipPath/{NS}path")
    assert clip is not None
    polygon = _clip_polygon(clip.get("d", ""))
    assert all(22 <= x <= 78 and 4 <= y <= 76 for x, y in polygon)  # the upper half
    for x1, y1, x2, y2 in INDEX_BOXES:
        if x1 == 6:  # the letters: the narrow J leaves room, the Q's tail hangs low
            x2, y2 = (21, 42) if card.rank is Rank.JACK else (35, 41)
        for x in range(x1, x2 + 1):
            for y in range(y1, y2 + 1):
                assert not _inside(x, y, polygon), (card, x, y)


@pytest.mark.parametrize("card", COURTS, ids=str)
def test_each_court_card_is_a_drawn_double_headed_figure(card: Card) -> None:
    root = ET.fromstring(card_face(card))
    prefix = symbol_id(card)
    # only the two indices are text: no big letter in the middle
    assert [t.text for t in root.iter(f"{NS}text")] == [rank_label(card.rank)] * 2
    half = root.find(f"{NS}g[@id='{prefix}-h']")
    assert half is not None and len(half) >= 15  # cape, panel, face, hair, crown, attribute
    fills = {e.get("fill") for e in half.iter()}
    assert {suit_color(card.suit), "#e2a52b", "#f8d9bb"} <= fills  # suit, gold, skin
    assert half.find(f"{NS}ellipse[@cy='26.5']") is not None  # a face
    lower = root.find(f"{NS}use")
    assert lower is not None and lower.get("href") == f"#{prefix}-h"
    assert lower.get("transform") == TURN


def test_the_three_ranks_and_the_suits_are_drawn_differently() -> None:
    halves = {card: face_body(card).split("-h", 1)[1] for card in COURTS}
    assert len(set(halves.values())) == len(COURTS)
    for suit in Suit:
        jack, queen, king = (
            halves[Card(rank, suit)] for rank in (Rank.JACK, Rank.QUEEN, Rank.KING)
        )
        assert len({jack[:400], queen[:400], king[:400]}) == 3


def test_four_colour_faces_and_figures_use_the_four_colours() -> None:
    for card in ALL_CARDS:
        colour = FOUR_COLOURS[card.suit]
        body = face_body(card, four_colour=True)
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')
        assert {t.get("fill") for t in root.iter(f"{NS}text")} == {colour}
        other = {FOUR_COLOURS[s] for s in (Suit.DIAMONDS, Suit.CLUBS) if s is not card.suit}
        assert not other & {e.get("fill") for e in root.iter()}
        if card.rank >= Rank.JACK:
            half = root.find(f"{NS}g[@id='{symbol_id(card)}-h']")
            assert half is not None
            assert colour in {e.get("fill") for e in half}  # the cape


def test_faces_are_distinct_and_deterministic() -> None:
    faces = [card_face(card) for card in ALL_CARDS]
    assert len(set(faces)) == 52
    assert faces == [card_face(card) for card in ALL_CARDS]


@pytest.mark.parametrize("four_colour", [False, True])
def test_sprite_holds_every_face_and_back_with_unique_prefixed_ids(four_colour: bool) -> None:
    text = sprite(four_colour=four_colour)
    root = ET.fromstring(text)
    symbols = root.findall(f"{NS}symbol")
    assert [s.get("id") for s in symbols] == [symbol_id(card) for card in ALL_CARDS] + [
        "card-back-blue",
        "card-back-red",
        "card-back-green",
    ]
    ids = Counter(e.get("id") for e in root.iter() if e.get("id"))
    assert max(ids.values()) == 1
    for symbol in symbols:
        own = symbol.get("id", "")
        for element in symbol.iter():
            if element is not symbol and element.get("id"):
                assert element.get("id", "").startswith(own + "-")
        for reference in re.findall(r'(?:url\(|href=")#([\w-]+)', ET.tostring(symbol, "unicode")):
            assert reference.startswith(own + "-")  # never points into another symbol
    assert "Gradient" not in text
    raw = len(text.encode())
    assert raw < 200_000 and len(gzip.compress(text.encode())) < 40_000


def test_backs_are_distinct_framed_patterns() -> None:
    bodies = {name: back_body(name) for name in BACKS}
    assert len(set(bodies.values())) == 3
    for name, body in bodies.items():
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')
        assert root[0].get("fill") == "#fffdf8"  # the white border
        assert BACKS[name][0] in {e.get("fill") for e in root.iter()}
        assert len(list(root.iter())) + body.count("M") > 60  # a fine all-over pattern
    assert ET.fromstring(card_back()).find(f"{NS}title") is not None
