"""Klondike's screen-reader labels: every pile and card named in the page language,
face-down cards never named."""

from __future__ import annotations

import json

import pytest

from cardems.cards import Card
from cardems.dealcode import DealCode
from cardems.i18n.labels import card_name
from cardems.klondike.game import GAME
from cardems.klondike.solver import solve
from cardems.klondike.table import SOLITAIRE, KlondikeTable

CODE = DealCode.parse("KL1-D3-AAAAAAA")


def labelled(table: KlondikeTable, lang: str) -> dict[str, dict[str, object]]:
    return {pile["target"]: pile for pile in GAME.label(table.view(), lang)["piles"]}


def played_until_a_card_is_home() -> KlondikeTable:
    table = KlondikeTable(CODE)
    line = solve(table.state, 50_000, use_compiled=False).line
    assert line is not None
    for move in line:
        table.act(SOLITAIRE.intent_of(table.state, move))
        if any(table.state.state.foundations) and table.state.state.waste:
            return table
    raise AssertionError("the line sends no card home while the waste holds one")


def test_english_labels_name_each_pile_and_its_top_card() -> None:
    piles = labelled(KlondikeTable(CODE), "en")
    assert piles["stock"]["label"] == "Stock, 24 cards"
    assert piles["waste"]["label"] == "Waste, empty"
    assert piles["foundation:H"]["label"] == "Foundation, hearts, empty"
    assert piles["column:7"]["label"] == "Column 7, 7 cards, 7 of spades"
    cards = piles["column:7"]["cards"]
    assert isinstance(cards, list)
    assert cards[0]["label"] == "face-down card, Column 7, covered"
    assert cards[6]["label"] == "7 of spades, Column 7, available"


def test_a_selected_card_and_a_foundation_say_so() -> None:
    table = played_until_a_card_is_home()
    table.tap("waste")
    piles = labelled(table, "en")
    waste = piles["waste"]["label"]
    top = card_name(Card.parse(SOLITAIRE.cards(table.state, "waste")[-1] or ""), "en")
    assert waste == f"Waste, {len(table.state.state.waste)} cards, {top}, selected"
    suit = next(
        s for s, height in zip("SHDC", table.state.state.foundations, strict=True) if height
    )
    home = SOLITAIRE.cards(table.state, f"foundation:{suit}")[-1] or ""
    assert piles[f"foundation:{suit}"]["label"].endswith(card_name(Card.parse(home), "en"))  # type: ignore[union-attr]


def test_arabic_labels_are_arabic() -> None:
    piles = labelled(KlondikeTable(CODE), "ar")
    assert piles["stock"]["label"] == "كومة السحب، 24 ورقةً"
    assert piles["foundation:S"]["label"] == "كومة أساس، البستوني، لا أوراق"
    assert piles["column:7"]["label"] == "العمود 7، 7 أوراق، 7 البستوني"


@pytest.mark.parametrize("lang", ["en", "ar", "he", "ro"])
def test_face_down_cards_are_never_named(lang: str) -> None:
    table = played_until_a_card_is_home()
    text = json.dumps(GAME.label(table.view(), lang), ensure_ascii=False)
    hidden = table.hidden_cards()
    assert hidden
    assert [code for code in hidden if card_name(Card.parse(code), lang) in text] == []
