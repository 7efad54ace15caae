"""Spoken labels of a discard-family view: "Pile 2, 3 cards, top: 7 of hearts"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import label_named, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_

# TRANSLATORS: a pile of Aces Up (1-4), spoken by screen readers.
PILE: Final = N_("Pile %(num)d")
# TRANSLATORS: the pile of cards thrown out of the game (Aces Up), spoken by screen readers.
DISCARDS: Final = N_("Discards")
_STOCK: Final = "Stock"  # marked in cardems.i18n.messages (ACCESSIBILITY_LABELS)


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a pile, the stock or the discards, and their cards."""
    t = translations(lang)
    if pile["kind"] == "pile":
        name = str(t.gettext(PILE) % {"num": target_number(pile["target"])})
    else:
        which = _STOCK if pile["kind"] == "stock" else DISCARDS
        name = str(t.gettext(which))
    label_named(pile, name, lang)
