"""Spoken labels of a Pyramid view: "6 of hearts, position 22, available"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import card_state, count_text, spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import spoken_label

_POSITION: Final = "position %(num)d"
_STOCK: Final = "Stock"
_WASTE: Final = "Waste"
# These strings are marked in cardems.i18n.messages (ACCESSIBILITY_LABELS).


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a pyramid position, the stock or the waste, and its cards."""
    t = translations(lang)
    cards = pile["cards"]
    if pile["kind"] == "pyramid":
        where = str(t.gettext(_POSITION) % {"num": target_number(pile["target"])})
        for card in cards:
            card["label"] = spoken_label(
                [spoken_card(card, lang), where, *card_state(card, lang)], lang
            )
        pile["label"] = (
            cards[-1]["label"] if cards else spoken_label([where, t.gettext("empty")], lang)
        )
        return
    which = _STOCK if pile["kind"] == "stock" else _WASTE
    name = str(t.gettext(which))
    count = int(pile.get("count", len(cards)))
    parts = [name, count_text(count, lang) if count else str(t.gettext("empty"))]
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name, *card_state(card, lang)], lang)
    if cards and cards[-1]["face_up"]:
        parts += [spoken_card(cards[-1], lang), *card_state(cards[-1], lang)[1:]]
    pile["label"] = spoken_label(parts, lang)
