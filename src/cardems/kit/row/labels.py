"""Spoken labels of a row-family view: "Pile 2, 3 cards, top: 7 of hearts"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import count_text, spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import spoken_label
from cardems.i18n.markers import N_

# TRANSLATORS: a pile of Accordion's row, counted from the left; spoken by screen readers.
PILE: Final = N_("Pile %(num)d of the row")


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a pile of the row and its top card."""
    t = translations(lang)
    cards = pile["cards"]
    name = str(t.gettext(PILE) % {"num": target_number(pile["target"])})
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name], lang)
    count = int(pile.get("count", len(cards)))
    parts = [name, count_text(count, lang) if count else str(t.gettext("empty"))]
    if cards and cards[-1].get("card"):
        parts.append(spoken_card(cards[-1], lang))
    pile["label"] = spoken_label(parts, lang)
