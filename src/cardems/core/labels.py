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
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_

PileLabeller = Callable[[dict[str, Any], str], None]
"""Sets ``label`` on one pile (a copy) and on each of its cards."""

_CARDS: Final = ("%(num)d card", "%(num)d cards")
# TRANSLATORS: spoken name of a card whose face is not shown (in the stock).
_FACE_DOWN: Final = N_("face-down card")
_AVAILABLE: Final = "available"
_COVERED: Final = "covered"
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
