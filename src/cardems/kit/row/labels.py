"""Spoken labels of a row-family view: "Pile 2, 3 cards, top: 7 of hearts"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import label_named, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_

# TRANSLATORS: a pile of Accordion's row, counted from the left; spoken by screen readers.
PILE: Final = N_("Pile %(num)d of the row")


def label_pile(pile: dict[str, Any], lang: str) -> None:
    """Label a pile of the row and its top card."""
    name = str(translations(lang).gettext(PILE) % {"num": target_number(pile["target"])})
    label_named(pile, name, lang)
