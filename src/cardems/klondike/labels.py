"""Spoken labels of a Klondike view: "Column 3, 5 cards, queen of spades", "Stock, 24
cards", "Waste, 6 cards, 9 of clubs", "Foundation, hearts, 4 of hearts"."""

from __future__ import annotations

from typing import Any, Final

from cardems.cards import Suit
from cardems.core.labels import card_state, count_text, spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import CARD_NAME, spoken_label
from cardems.klondike.table import STOCK

_COLUMN: Final = "Column %(num)d"
_STOCK: Final = "Stock"
_WASTE: Final = "Waste"
_FOUNDATION: Final = "Foundation"
# The suit's name is the card names' ("spades" in "queen of spades").
# These strings are marked in cardems.i18n.messages (ACCESSIBILITY_LABELS).


def pile_name(pile: dict[str, Any], lang: str) -> str:
    """ "Column 3", "Stock", "Waste" or "Foundation, hearts" in ``lang``."""
    t = translations(lang)
    kind = pile["kind"]
    if kind == "column":
        return str(t.gettext(_COLUMN) % {"num": target_number(pile["target"])})
    if kind == "foundation":
        suit = str(t.pgettext(CARD_NAME, Suit(pile["target"].partition(":")[2]).name.lower()))
        return spoken_label([str(t.gettext(_FOUNDATION)), suit], lang)
    which = _STOCK if kind == STOCK else _WASTE
    return str(t.gettext(which))


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a pile and its cards; a face-down card is only ever "face-down card", and
    a foundation says its top card (the cards under it are known)."""
    t = translations(lang)
    name = pile_name(pile, lang)
    cards = pile["cards"]
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name, *card_state(card, lang)], lang)
    parts = [name]
    if pile["kind"] != "foundation":
        count = int(pile.get("count", len(cards)))
        parts.append(count_text(count, lang) if count else str(t.gettext("empty")))
    elif not cards:
        parts.append(str(t.gettext("empty")))
    if cards and cards[-1]["face_up"]:
        parts.append(spoken_card(cards[-1], lang))
        if cards[-1].get("selected"):
            parts.append(str(t.gettext("selected")))
    pile["label"] = spoken_label(parts, lang)
