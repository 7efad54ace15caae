"""Screen-reader labels for the cards and piles of a solitaire view, in the page language.

``label_view(view, lang)`` returns the view with a ``label`` on every pile and card:
"4 of hearts, position 25, available", "Column 3, 5 cards", "Free cell 1, empty".
Games without a labeller here (Hearts adds its own) come back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardems.cards import Card
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name, spoken_label
from cardems.i18n.markers import N_

__all__ = ["label_view"]

_POSITION: Final = "position %(num)d"
_COLUMN: Final = "Column %(num)d"
_CARDS: Final = ("%(num)d card", "%(num)d cards")
# TRANSLATORS: spoken name of a card whose face is not shown (in the stock).
_FACE_DOWN: Final = N_("face-down card")
# TRANSLATORS: a numbered free cell of Seahaven Towers, spoken to screen-reader users.
_FREE_CELL: Final = N_("Free cell %(num)d")
# TRANSLATORS: spoken with a suit name: "Foundation, hearts, 5 cards".
_FOUNDATION: Final = N_("Foundation")
_AVAILABLE: Final = "available"
_COVERED: Final = "covered"
_STOCK: Final = "Stock"
_WASTE: Final = "Waste"
# The strings above are marked in cardems.i18n.messages (ACCESSIBILITY_LABELS).

Labeller = Callable[[dict[str, Any], str], None]


def _card(card: dict[str, Any], lang: str) -> str:
    code = card.get("card")
    if not code:
        return str(translations(lang).gettext(_FACE_DOWN))
    return card_name(Card.parse(code), lang)


def _state(card: dict[str, Any], lang: str) -> list[str]:
    t = translations(lang)
    parts = [t.gettext(_AVAILABLE if card.get("available") else _COVERED)]
    if card.get("selected"):
        parts.append(t.gettext("selected"))
    return [str(part) for part in parts]


def _count(n: int, lang: str) -> str:
    return str(translations(lang).ngettext(*_CARDS, n) % {"num": n})


def _number(target: str) -> int:
    return int(target.split(":")[1])


def _heart_to_heart(pile: dict[str, Any], lang: str) -> None:
    t = translations(lang)
    cards = pile["cards"]
    if pile["kind"] == "heart":
        where = str(t.gettext(_POSITION) % {"num": _number(pile["target"])})
        for card in cards:
            card["label"] = spoken_label([_card(card, lang), where, *_state(card, lang)], lang)
        pile["label"] = (
            cards[-1]["label"] if cards else spoken_label([where, t.gettext("empty")], lang)
        )
        return
    which = _STOCK if pile["kind"] == "stock" else _WASTE
    name = str(t.gettext(which))
    count = int(pile.get("count", len(cards)))
    parts = [name, _count(count, lang) if count else str(t.gettext("empty"))]
    for card in cards:
        card["label"] = spoken_label([_card(card, lang), name, *_state(card, lang)], lang)
    if pile["kind"] == "waste" and cards:
        parts += [_card(cards[-1], lang), *_state(cards[-1], lang)[1:]]
    pile["label"] = spoken_label(parts, lang)


def _seahaven(pile: dict[str, Any], lang: str) -> None:
    t = translations(lang)
    kind, cards = pile["kind"], pile["cards"]
    if kind == "column":
        name = str(t.gettext(_COLUMN) % {"num": _number(pile["target"])})
    elif kind == "cell":
        name = str(t.gettext(_FREE_CELL) % {"num": _number(pile["target"])})
    else:
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[pile["suit"]]
        name = spoken_label([str(t.gettext(_FOUNDATION)), str(t.pgettext("card name", suit))], lang)
    for card in cards:
        card["label"] = spoken_label([_card(card, lang), name, *_state(card, lang)], lang)
    count = int(pile.get("count", len(cards)))
    parts = [name]
    if kind != "cell":
        parts.append(_count(count, lang) if count else str(t.gettext("empty")))
    elif not cards:
        parts.append(str(t.gettext("empty")))
    if cards:
        parts.append(_card(cards[-1], lang))
        if cards[-1].get("selected"):
            parts.append(str(t.gettext("selected")))
    pile["label"] = spoken_label(parts, lang)


_LABELLERS: Final[dict[str, Labeller]] = {
    "heart-to-heart": _heart_to_heart,
    "seahaven": _seahaven,
}


def label_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view with ``label`` on each pile and card (piles and cards are copied)."""
    labeller = _LABELLERS.get(str(view.get("game")))
    if labeller is None:
        return view
    piles = []
    for pile in view.get("piles", []):
        copy = {**pile, "cards": [dict(card) for card in pile["cards"]]}
        labeller(copy, lang)
        piles.append(copy)
    return {**view, "piles": piles}
