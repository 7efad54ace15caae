"""Spoken labels of a spaces-family view: "Row 2, place 7: 5 of hearts", "Row 1, place
13: space", "Redeal, 2 left"."""

from __future__ import annotations

from typing import Any, Final

from cardems.core.labels import spoken_card, target_number
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import spoken_label
from cardems.i18n.markers import N_

# TRANSLATORS: a place of the Gaps (Montana) layout, spoken by screen readers: row 1-4,
# place 1-13 from the left.
PLACE: Final = N_("Row %(row)d, place %(place)d")
# TRANSLATORS: an empty place of the Gaps (Montana) layout, spoken by screen readers.
SPACE_WORD: Final = N_("space")
# TRANSLATORS: the button that redeals in Gaps (Montana), spoken by screen readers.
REDEALS: Final = N_("Redeal, %(num)d left")


def labeller(columns: int) -> Any:
    """The labeller of a view whose rows have ``columns`` places."""

    def label_pile(pile: dict[str, Any], lang: str) -> None:
        t = translations(lang)
        cards = pile["cards"]
        if pile["kind"] != "tile":
            pile["label"] = str(t.gettext(REDEALS)) % {"num": int(pile.get("count", 0))}
            return
        row, place = divmod(target_number(pile["target"]) - 1, columns)
        name = str(t.gettext(PLACE)) % {"row": row + 1, "place": place + 1}
        for card in cards:
            card["label"] = spoken_label([spoken_card(card, lang), name], lang)
        what = spoken_card(cards[-1], lang) if cards else str(t.gettext(SPACE_WORD))
        pile["label"] = spoken_label([name, what], lang)

    return label_pile
