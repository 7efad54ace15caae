"""Card faces and the card back as SVG text: pure functions, no I/O.

Every card is drawn in a 100 × 140 box (the ``viewBox``), so it stays crisp at any
size. The index (rank at the top left, suit at the top right) sits in the top 40 units,
the strip left visible when cards overlap in a column. Suits are drawn as paths, not
font glyphs, so they look the same on every machine.

:func:`sprite` bundles all 52 faces and the back as ``<symbol>`` elements
(``#card-TH``, ``#card-back``) for ``<use href="cards.svg#card-TH">``.
"""

from __future__ import annotations

from cardems.cards import ALL_CARDS, Card, Rank, Suit

WIDTH = 100
HEIGHT = 140
RED = "#c8102e"
BLACK = "#1b1b1f"
FOUR_COLOURS: dict[Suit, str] = {
    Suit.SPADES: BLACK,
    Suit.HEARTS: RED,
    Suit.DIAMONDS: "#1456b8",
    Suit.CLUBS: "#13803b",
}
"""The four-colour deck: diamonds blue and clubs green, so every suit reads at a glance."""
BACKS: dict[str, tuple[str, str, str]] = {
    "blue": ("#1f4f8b", "#10294a", "#6f9bd1"),
    "red": ("#9b1d20", "#4f0e10", "#e07a7c"),
    "green": ("#1f6b45", "#0f3522", "#74c39a"),
}
"""The card backs a player may choose: (panel, edge, lattice) colours by name."""
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: (
        "M50 92C22 68 2 50 2 29C2 13 14 2 28 2C39 2 46 9 50 18C54 9 61 2 72 2"
        "C86 2 98 13 98 29C98 50 78 68 50 92Z"
    ),
    Suit.DIAMONDS: "M50 0L90 50L50 100L10 50Z",
    Suit.SPADES: (
        "M50 0C78 26 98 42 98 62C98 77 87 87 73 87C63 87 56 81 53 75C54 86 59 94 68 100"
        "H32C41 94 46 86 47 75C44 81 37 87 27 87C13 87 2 77 2 62C2 42 22 26 50 0Z"
    ),
    Suit.CLUBS: (
        "M50 4A22 22 0 0 1 68 39A22 22 0 1 1 55 74C56 86 60 94 68 100H32C40 94 44 86 45 74"
        "A22 22 0 1 1 32 39A22 22 0 0 1 50 4Z"
    ),
}
"""Each suit in a 100 × 100 box."""

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((50, 86),),
    2: ((50, 56), (50, 116)),
    3: ((50, 56), (50, 86), (50, 116)),
    4: ((30, 56), (70, 56), (30, 116), (70, 116)),
    5: ((30, 56), (70, 56), (50, 86), (30, 116), (70, 116)),
    6: ((30, 56), (70, 56), (30, 86), (70, 86), (30, 116), (70, 116)),
    7: ((30, 56), (70, 56), (50, 71), (30, 86), (70, 86), (30, 116), (70, 116)),
    8: ((30, 56), (70, 56), (50, 71), (30, 86), (70, 86), (50, 101), (30, 116), (70, 116)),
    9: (
        *((x, y) for x in (30, 67) for y in (56, 76, 96, 116)),
        (50, 86),
    ),
    10: (
        *((x, y) for x in (30, 67) for y in (56, 76, 96, 116)),
        (50, 66),
        (50, 106),
    ),
}
"""Pip centres of the number cards (the ace has one large pip)."""


def rank_label(rank: Rank) -> str:
    """The index people read: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return "10" if rank is Rank.TEN else rank.letter


def suit_color(suit: Suit, *, four_colour: bool = False) -> str:
    """Red for hearts and diamonds, near-black otherwise (or the four-colour deck's)."""
    if four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit.is_red else BLACK


def suit_shape(
    suit: Suit, cx: float, cy: float, size: float, *, flip: bool = False, color: str = ""
) -> str:
    """One suit symbol of ``size`` units centred on (cx, cy), in ``color`` or the suit's."""
    scale = size / 100
    turn = " rotate(180 50 50)" if flip else ""
    return (
        f'<path d="{SUIT_PATHS[suit]}" fill="{color or suit_color(suit)}"'
        f' transform="translate({cx - size / 2:g} {cy - size / 2:g}) scale({scale:g}){turn}"/>'
    )


def _outline(fill: str, stroke: str) -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8"'
        f' fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
    )


def face_body(card: Card, *, four_colour: bool = False) -> str:
    """The SVG elements of a face (no wrapper), in the 100 × 140 box."""
    color = suit_color(card.suit, four_colour=four_colour)
    label = rank_label(card.rank)
    spacing = ' letter-spacing="-3"' if label == "10" else ""
    parts = [
        _outline("#fffdf8", "#8a8a8a"),
        f'<text x="6" y="35" font-family="{FONT}" font-size="36" font-weight="bold"'
        f' fill="{color}"{spacing}>{label}</text>',
        # The index, rank over suit in the top left corner, stays readable in a hand
        # where each card covers the right-hand part of the one before.
        suit_shape(card.suit, 13, 50, 15, color=color),
        suit_shape(card.suit, 80, 21, 28, color=color),
    ]
    if card.rank >= Rank.JACK:
        parts.append(
            f'<rect x="20" y="46" width="60" height="84" rx="5" fill="none"'
            f' stroke="{color}" stroke-width="2"/>'
            f'<text x="50" y="96" text-anchor="middle" font-family="{FONT}" font-size="44"'
            f' font-weight="bold" fill="{color}">{label}</text>'
            + suit_shape(card.suit, 50, 114, 20, color=color)
        )
    elif card.rank is Rank.ACE:
        parts.append(suit_shape(card.suit, 50, 88, 52, color=color))
    else:
        parts.extend(
            suit_shape(card.suit, x, y, 20 if card.rank < 9 else 17, flip=y > 86, color=color)
            for x, y in PIPS[card.rank]
        )
    return "".join(parts)


def back_body(name: str = "blue") -> str:
    """The SVG elements of a card back (one of :data:`BACKS`): a lattice in a framed panel."""
    panel, edge, lattice = BACKS[name]
    lines = "".join(
        f'<path d="M{x} 10L{x + 120} 130M{x + 120} 10L{x} 130"/>' for x in range(-110, 100, 12)
    )
    return (
        _outline(panel, edge)
        + f'<clipPath id="clip-{name}">'
        + '<rect x="9" y="9" width="82" height="122" rx="4"/></clipPath>'
        + f'<g clip-path="url(#clip-{name})" stroke="{lattice}" stroke-width="2.2">'
        + lines
        + "</g>"
        + '<rect x="9" y="9" width="82" height="122" rx="4" fill="none"'
        ' stroke="#e8eef7" stroke-width="2"/>'
    )


def _document(body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}"><title>{title}</title>{body}</svg>'
    )


def card_face(card: Card) -> str:
    """A standalone SVG document of one card's face."""
    return _document(face_body(card), card.pretty())


def card_back() -> str:
    """A standalone SVG document of the card back."""
    return _document(back_body(), "card back")


def symbol_id(card: Card | None, back: str = "blue") -> str:
    """The sprite id of a face (``card-TH``) or of a back (``card-back-blue``)."""
    return f"card-back-{back}" if card is None else f"card-{card}"


def _symbol(symbol: str, body: str) -> str:
    return f'<symbol id="{symbol}" viewBox="0 0 {WIDTH} {HEIGHT}">{body}</symbol>'


def sprite(*, four_colour: bool = False) -> str:
    """All faces and every back as ``<symbol>`` elements in one SVG document."""
    symbols = [
        _symbol(symbol_id(card), face_body(card, four_colour=four_colour)) for card in ALL_CARDS
    ]
    symbols.extend(_symbol(symbol_id(None, name), back_body(name)) for name in BACKS)
    return '<svg xmlns="http://www.w3.org/2000/svg">' + "".join(symbols) + "</svg>"
