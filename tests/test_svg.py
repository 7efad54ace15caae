"""SVG card drawings: well-formed, one per card, readable index, pure."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardems.cards import ALL_CARDS, Card
from cardems.render.svg import RED, card_back, card_face, rank_label, sprite, symbol_id

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_each_face_is_well_formed_and_shows_its_index(card: Card) -> None:
    root = ET.fromstring(card_face(card))
    assert root.get("viewBox") == "0 0 100 140"
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts[0] == rank_label(card.rank)
    index = root.find(f"{NS}text")
    assert index is not None and float(index.get("y", "0")) <= 40  # visible when fanned
    assert int(index.get("font-size", "0")) >= 30
    fills = {p.get("fill") for p in root.iter(f"{NS}path")}
    assert fills == ({RED} if card.suit.is_red else {"#1b1b1f"})
    # the index's suit sits under its rank, in the left strip a fanned hand leaves visible
    corners = [
        tuple(map(float, p.get("transform", "").split("(")[1].split(")")[0].split()))
        for p in root.iter(f"{NS}path")
    ]
    assert any(x + 15 <= 22 and 35 <= y <= 45 for x, y in corners)


def test_faces_are_distinct_and_deterministic() -> None:
    faces = [card_face(card) for card in ALL_CARDS]
    assert len(set(faces)) == 52
    assert faces == [card_face(card) for card in ALL_CARDS]


def test_sprite_holds_every_face_and_the_back() -> None:
    root = ET.fromstring(sprite())
    ids = [s.get("id") for s in root.iter(f"{NS}symbol")]
    assert ids == [symbol_id(card) for card in ALL_CARDS] + [
        "card-back-blue",
        "card-back-red",
        "card-back-green",
    ]
    assert ET.fromstring(card_back()).find(f"{NS}title") is not None
