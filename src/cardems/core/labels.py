"""Spoken labels for the piles and cards of a solitaire view, shared by the games.

A game's ``label`` hook calls :func:`label_piles` with its own function that names one
pile ("Column 3, 5 cards", "4 of hearts, position 25, available"); the helpers here
give the parts every game says the same way, in the page language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from cardems.cards import Card
from cardems.core.game import View
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name, spoken_label
from cardems.i18n.markers import N_

PileLabeller = Callable[[dict[str, Any], str], None]
"""Sets ``label`` on one pile (a copy) and on each of its cards."""

_CARDS: Final = ("%(num)d card", "%(num)d cards")
# TRANSLATORS: spoken name of a card whose face is not shown (in the stock).
_FACE_DOWN: Final = N_("face-down card")
_AVAILABLE: Final = "available"
_COVERED: Final = "covered"
_POSITION: Final = "position %(num)d"
_STOCK: Final = "Stock"
_WASTE: Final = "Waste"
# These strings are marked in cardems.i18n.messages (ACCESSIBILITY_LABELS).


@functools.cache
def _name(code: str | None, lang: str) -> str:
    if not code:
        return str(translations(lang).gettext(_FACE_DOWN))
    return card_name(Card.parse(code), lang)


def spoken_card(card: dict[str, Any], lang: str) -> str:
    """A card of a view by name ("queen of spades", or "face-down card")."""
    return _name(card.get("card"), lang)


@functools.cache
def _states(available: bool, selected: bool, lang: str) -> tuple[str, ...]:
    t = translations(lang)
    parts = [t.gettext(_AVAILABLE if available else _COVERED)]
    if selected:
        parts.append(t.gettext("selected"))
    return tuple(str(part) for part in parts)


def card_state(card: dict[str, Any], lang: str) -> list[str]:
    """ "available" or "covered", then "selected" if it is."""
    return list(_states(bool(card.get("available")), bool(card.get("selected")), lang))


def count_text(count: int, lang: str) -> str:
    """ "5 cards" in ``lang``."""
    return str(translations(lang).ngettext(*_CARDS, count) % {"num": count})


def counted(name: str, pile: dict[str, Any], lang: str) -> list[str]:
    """The start of a pile's spoken label: its name and how many cards it holds ("Stock,
    5 cards"; "Stock, empty")."""
    count = int(pile.get("count", len(pile["cards"])))
    return [name, count_text(count, lang) if count else str(translations(lang).gettext("empty"))]


def label_named(pile: dict[str, Any], name: str, lang: str) -> None:
    """Label a pile of face-up cards that is only its name: each card says its pile, the
    pile its name, how many cards it holds and its top card."""
    cards = pile["cards"]
    for card in cards:
        card["label"] = spoken_label([spoken_card(card, lang), name], lang)
    parts = counted(name, pile, lang)
    if cards and cards[-1].get("card"):
        parts.append(spoken_card(cards[-1], lang))
    pile["label"] = spoken_label(parts, lang)


def target_number(target: str) -> int:
    """The number of a target such as ``column:3``."""
    return int(target.split(":")[1])


def label_piles(view: View, lang: str, labeller: PileLabeller) -> View:
    """The view with ``label`` on each pile and card (piles and cards are copied)."""
    piles = []
    for pile in view.get("piles", []):
        copy = {**pile, "cards": [dict(card) for card in pile["cards"]]}
        labeller(copy, lang)
        piles.append(copy)
    return {**view, "piles": piles}


def label_position(pile: dict[str, Any], lang: str, where: str) -> None:
    """Label the pile of a numbered position and its cards ("4 of hearts, position 25,
    available"; empty: "position 25, empty"); ``where`` is the marked name of a position
    with its ``%(num)d`` ("position %(num)d")."""
    t = translations(lang)
    cards = pile["cards"]
    place = str(t.gettext(where) % {"num": target_number(pile["target"])})
    for card in cards:
        card["label"] = spoken_label(
            [spoken_card(card, lang), place, *card_state(card, lang)], lang
        )
    pile["label"] = cards[-1]["label"] if cards else spoken_label([place, t.gettext("empty")], lang)


def positions_and_talon(positions: str) -> PileLabeller:
    """The labeller of a game of numbered positions (``heart:25``, ``pyramid:22``: "4 of
    hearts, position 25, available"), a stock and a waste ("Waste, 3 cards, 9 of clubs");
    a face-up top card of the stock or waste is said with its pile."""

    def label_pile(pile: dict[str, Any], lang: str) -> None:
        if pile["kind"] == positions:
            label_position(pile, lang, _POSITION)
            return
        cards = pile["cards"]
        which = _STOCK if pile["kind"] == "stock" else _WASTE
        name = str(translations(lang).gettext(which))
        parts = counted(name, pile, lang)
        for card in cards:
            card["label"] = spoken_label(
                [spoken_card(card, lang), name, *card_state(card, lang)], lang
            )
        if cards and cards[-1]["face_up"]:
            parts += [spoken_card(cards[-1], lang), *card_state(cards[-1], lang)[1:]]
        pile["label"] = spoken_label(parts, lang)

    return label_pile
