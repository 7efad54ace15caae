"""Spoken labels of a view of columns, free cells and foundations: "Column 3, 5 cards,
queen of spades"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import card_state, count_text, spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import spoken_label
from cardems.i18n.markers import N_

_COLUMN: Final = "Column %(num)d"
# TRANSLATORS: a numbered free cell, spoken to screen-reader users.
_FREE_CELL: Final = N_("Free cell %(num)d")
# TRANSLATORS: spoken with a suit name: "Foundation, hearts, 5 cards".
_FOUNDATION: Final = N_("Foundation")
_SUITS: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_TALON: Final = {
    "stock": "Stock",
    "waste": "Waste",
    "reserve": "Reserve",
}  # marked in cardems.i18n.messages


def label_pile(
    pile: dict[str, Any], lang: str, cell_name: str = _FREE_CELL, *, home_count: bool = True
) -> None:
    """Label a column, a free cell (or what ``cell_name`` calls the game's cells), the
    stock, the waste, a reserve or a foundation (its suit named when the view or its target
    says one: ``foundation:H``), and its cards; without ``home_count`` a foundation does
    not say how many cards it holds (Klondike's view shows its top card alone)."""
    t = translations(lang)
    kind, cards = pile["kind"], pile["cards"]
    if kind == "column":
        name = str(t.gettext(_COLUMN) % {"num": target_number(pile["target"])})
    elif kind == "cell":
        name = str(t.gettext(cell_name) % {"num": target_number(pile["target"])})
    elif kind in _TALON:
        name = str(t.gettext(_TALON[kind]))
    else:
        name = str(t.gettext(_FOUNDATION))
        letter = pile.get("suit") or pile["target"].partition(":")[2]
        if letter in _SUITS:
            name = spoken_label([name, str(t.pgettext("card name", _SUITS[letter]))], lang)
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name, *card_state(card, lang)], lang)
    count = int(pile.get("count", len(cards)))
    parts = [name]
    if kind != "cell" and (home_count or kind != "foundation"):
        parts.append(count_text(count, lang) if count else str(t.gettext("empty")))
    elif not cards:
        parts.append(str(t.gettext("empty")))
    if cards and cards[-1].get("face_up", True):
        parts.append(spoken_card(cards[-1], lang))
        if cards[-1].get("selected"):
            parts.append(str(t.gettext("selected")))
    pile["label"] = spoken_label(parts, lang)
