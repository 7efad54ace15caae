"""Spoken labels for screen readers: card names and the parts of a pile's label.

``spoken_label(["4 of hearts", "position 25", "available"], "en")`` joins translated
parts with the language's separator: "4 of hearts, position 25, available".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from cardems.cards import Card, Rank, Suit
from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_, Np_

__all__ = ["CARD_NAME", "card_name", "card_name_parts", "list_separator", "spoken_label"]

CARD_NAME: Final = "card name"
_SEPARATOR: Final = "label separator"

# TRANSLATORS: rank names inside a card name ("queen" in "queen of spades").
_RANKS: Final = {
    Rank.ACE: Np_("card name", "ace"),
    Rank.JACK: Np_("card name", "jack"),
    Rank.QUEEN: Np_("card name", "queen"),
    Rank.KING: Np_("card name", "king"),
}
# TRANSLATORS: suit names inside a card name ("spades" in "queen of spades").
_SUITS: Final = {
    Suit.SPADES: Np_("card name", "spades"),
    Suit.HEARTS: Np_("card name", "hearts"),
    Suit.DIAMONDS: Np_("card name", "diamonds"),
    Suit.CLUBS: Np_("card name", "clubs"),
}
# TRANSLATORS: between the parts of a spoken label: "4 of hearts, position 25".
_COMMA: Final = Np_("label separator", ", ")
# TRANSLATORS: a card's spoken name, e.g. "4 of hearts", "queen of spades".
_CARD: Final = N_("%(rank)s of %(suit)s")


def card_name(card: Card, lang: str) -> str:
    """The card's name for a screen reader: "4 of hearts", «ملكة البستوني», "damă de pică"."""
    t = translations(lang)
    rank = _RANKS.get(card.rank)
    return t.gettext(_CARD) % {
        "rank": str(t.pgettext(CARD_NAME, rank)) if rank else str(int(card.rank)),
        "suit": str(t.pgettext(CARD_NAME, _SUITS[card.suit])),
    }


def spoken_label(parts: Iterable[str], lang: str) -> str:
    """Join already translated parts of a label with the language's separator."""
    return list_separator(lang).join(parts)


@functools.cache
def list_separator(lang: str) -> str:
    """What separates the items of a list in ``lang``: ``", "``, Arabic's ``"، "``."""
    return str(translations(lang).pgettext(_SEPARATOR, _COMMA))


def card_name_parts(lang: str) -> dict[str, object]:
    """What a browser script needs to name any card in ``lang`` without a card code in
    the page: ``{"ranks": {"Q": "queen", "7": "7", …}, "suits": {"S": "spades", …},
    "pattern": "%(rank)s of %(suit)s", "separator": ", "}`` (the separator joins a list of
    cards: Arabic's is ``"، "``)."""
    t = translations(lang)
    return {
        "ranks": {
            rank.letter: str(t.pgettext(CARD_NAME, _RANKS[rank]))
            if rank in _RANKS
            else str(int(rank))
            for rank in Rank
        },
        "suits": {suit.letter: str(t.pgettext(CARD_NAME, name)) for suit, name in _SUITS.items()},
        "pattern": str(t.gettext(_CARD)),
        "separator": list_separator(lang),
    }
