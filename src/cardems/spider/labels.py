"""Spoken labels of a Spider view: "Column 3, 5 cards, queen of spades", "Stock, 40 cards"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import card_state, counted, spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import spoken_label
from cardems.spider.table import STOCK

_COLUMN: Final = "Column %(num)d"
_STOCK: Final = "Stock"
_FOUNDATION: Final = "Foundation"
# These strings are marked in cardems.i18n.messages (ACCESSIBILITY_LABELS).


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a column, a foundation or the stock, and its cards."""
    t = translations(lang)
    kind, cards = pile["kind"], pile["cards"]
    if kind == "column":
        name = str(t.gettext(_COLUMN) % {"num": target_number(pile["target"])})
    else:
        which = _STOCK if kind == STOCK else _FOUNDATION
        name = str(t.gettext(which))
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name, *card_state(card, lang)], lang)
    parts = counted(name, pile, lang)
    if cards and kind != STOCK:
        parts.append(spoken_card(cards[-1], lang))
        if cards[-1].get("selected"):
            parts.append(str(t.gettext("selected")))
    pile["label"] = spoken_label(parts, lang)
