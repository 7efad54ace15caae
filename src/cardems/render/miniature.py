"""A table in miniature: a small SVG of cards laid out on the felt, for the home page.

Cards are drawn in the table's own units (each card 100 × 140, see
:mod:`cardems.render.svg`) as a white card with its index — the rank and a suit path,
which is all a column shows of a covered card — or as a back. The shapes are defined
once per picture (ids start with the picture's ``ident``, so several miniatures share
one page), a face with its index's suit among them, and each card reuses them: a card is
one ``<use>`` and its rank, which keeps a 52-card table near 5 KB and two decks' 104
cards near 10 KB. The felt
takes the page's ``--felt`` colour (CSS class ``mini-felt``). Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from cardems.cards import Card, Suit
from cardems.render.svg import BACKS, FONT, HEIGHT, SUIT_PATHS, WIDTH, rank_label, suit_color

MARGIN = 12
"""Felt around the outermost cards, in card units."""
SUIT_SIZE = 30
"""The index's suit, in card units."""


class Placed(NamedTuple):
    """One card at (x, y) of the table (its top-left corner); ``card`` None is a back."""

    x: float
    y: float
    card: Card | None


def pile_cards(piles: Iterable[dict[str, Any]]) -> tuple[list[Placed], list[tuple[float, float]]]:
    """The cards a solitaire view's ``piles`` show (each ``x``, ``y``, ``fan``, ``cards``)
    and the slots of its empty piles: a pile that does not fan shows its top card only."""
    cards: list[Placed] = []
    slots: list[tuple[float, float]] = []
    for pile in piles:
        x, y, fan = float(pile["x"]), float(pile["y"]), float(pile.get("fan") or 0)
        shown = pile["cards"] if fan else pile["cards"][-1:]
        if not shown:
            slots.append((x, y))
        for depth, entry in enumerate(shown):
            face = Card.parse(entry["card"]) if entry.get("face_up") and entry.get("card") else None
            cards.append(Placed(x, y + depth * fan, face))
    return cards, slots


def _defs(ident: str, suit_at: tuple[float, float]) -> str:
    """The shapes: a face, a back, an empty slot, and per suit its path and a face showing
    it at ``suit_at`` (``{ident}-S``: the path takes the ``fill`` of the ``<use>``)."""
    panel, edge, _ = BACKS["blue"]
    dx, dy = suit_at
    suits = "".join(
        f'<path id="{ident}-p{suit.letter}" d="{SUIT_PATHS[suit]}"'
        f' transform="scale({SUIT_SIZE / 100:g})"/>'
        f'<g id="{ident}-{suit.letter}"><use href="#{ident}-c"/>'
        f'<use href="#{ident}-p{suit.letter}" x="{dx:g}" y="{dy:g}"/></g>'
        for suit in Suit
    )
    return (
        f'<defs><rect id="{ident}-c" width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#fffdf8"'
        f' stroke="#8a8a8a" stroke-width="2"/>'
        f'<rect id="{ident}-b" width="{WIDTH}" height="{HEIGHT}" rx="8" fill="{panel}"'
        f' stroke="{edge}" stroke-width="5"/>'
        f'<rect id="{ident}-s" width="{WIDTH}" height="{HEIGHT}" rx="8" fill="none"'
        f' stroke="#ffffff" stroke-opacity=".45" stroke-width="3"/>{suits}</defs>'
    )


SUIT_BESIDE = (63, 6)
"""Where the index's suit sits on a card whose top strip shows (a column)."""
SUIT_BELOW = (5, 38)
"""Where it sits on a card whose left strip shows (a fanned hand)."""


def _card(ident: str, placed: Placed) -> str:
    x, y, card = placed
    if card is None:
        return f'<use href="#{ident}-b" x="{x:g}" y="{y:g}"/>'
    color = suit_color(card.suit)
    return (
        f'<g fill="{color}"><use href="#{ident}-{card.suit.letter}" x="{x:g}" y="{y:g}"/>'
        f'<text x="{x + 7:g}" y="{y + 31:g}">{rank_label(card.rank)}</text></g>'
    )


def miniature(
    ident: str,
    cards: Sequence[Placed],
    slots: Sequence[tuple[float, float]] = (),
    *,
    hand: bool = False,
) -> str:
    """An ``<svg>`` of ``cards`` (drawn in order, later ones on top) and empty ``slots``
    on the felt, scaled to its container (``viewBox`` only); ``ident`` keeps its ids
    apart from other miniatures on the page. A ``hand`` fans its cards sideways, so each
    index's suit goes under its rank."""
    points = [(x, y) for x, y, _ in cards] + list(slots)
    left = min((x for x, _ in points), default=0) - MARGIN
    top = min((y for _, y in points), default=0) - MARGIN
    width = max((x for x, _ in points), default=0) + WIDTH + MARGIN - left
    height = max((y for _, y in points), default=0) + HEIGHT + MARGIN - top
    body = "".join(f'<use href="#{ident}-s" x="{x:g}" y="{y:g}"/>' for x, y in slots)
    suit_at = SUIT_BELOW if hand else SUIT_BESIDE
    body += "".join(_card(ident, placed) for placed in cards)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="miniature"'
        f' viewBox="{left:g} {top:g} {width:g} {height:g}" aria-hidden="true" focusable="false">'
        f"{_defs(ident, suit_at)}"
        f'<rect class="mini-felt" x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}"'
        f' rx="{MARGIN}"/>'
        f'<g font-family="{FONT}" font-size="30" font-weight="bold">{body}</g></svg>'
    )
