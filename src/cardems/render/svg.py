"""Card faces and the card backs as SVG text: pure functions, no I/O.

Every card is drawn in a 100 × 140 box (the ``viewBox``), so it stays crisp at any
size. The index (rank over a small suit) sits at the top left, inside the strips left
visible when cards overlap in a column (top 40 units) or a fanned hand (left 28 units);
a larger suit at the top right also shows in a column. Both repeat, turned 180°, at the
bottom. Suits are paths, not font glyphs, so they look the same on every machine. The
jack, queen and king are drawn as double-headed half-figures, the lower half a turned
copy of the upper one.

:func:`sprite` bundles all 52 faces and the backs as ``<symbol>`` elements
(``#card-TH``, ``#card-back-blue``) for ``<use href="cards.svg#card-TH">``; any id inside
a symbol starts with the symbol's id, so ids stay unique across the sprite.
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

_ROWS3 = (45, 70, 95)
_ROWS4 = (45, 61.7, 78.3, 95)
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((50, 45), (50, 95)),
    3: ((50, 45), (50, 70), (50, 95)),
    4: tuple((x, y) for y in (45, 95) for x in (32, 68)),
    5: (*((x, y) for y in (45, 95) for x in (32, 68)), (50, 70)),
    6: tuple((x, y) for y in _ROWS3 for x in (32, 68)),
    7: (*((x, y) for y in _ROWS3 for x in (32, 68)), (50, 57.5)),
    8: (*((x, y) for y in _ROWS3 for x in (32, 68)), (50, 57.5), (50, 82.5)),
    9: (*((x, y) for y in _ROWS4 for x in (32, 68)), (50, 70)),
    10: (*((x, y) for y in _ROWS4 for x in (32, 68)), (50, 53.3), (50, 86.7)),
}
"""Pip centres of the number cards, clear of both corner indices (the ace has one pip)."""


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


PAPER = "#fffdf8"
GOLD = "#e2a52b"
YELLOW = "#f6d45e"
SKIN = "#f8d9bb"
BLUE = "#27468f"
INK = "#1b1b1f"
BROWN = "#8a5a2b"
DARK_HAIR = "#3b2a20"
STEEL = "#dde3ea"
LEAF = "#3d8b4f"
FRAME = "#f7edd6"
TURN = ' transform="rotate(180 50 70)"'
"""Half a turn about the card's centre: the lower corner and the lower half-figure."""

# The upper half of a court figure, shared by all three ranks (drawn in this order):
# the cape over the shoulders, the front panel with its trims, the neck and the face.
_CAPE = "M24 80V54Q24 43 38 41H62Q76 43 76 54V80Z"
_PANEL = "M43 41H57L61 80H39Z"
_TRIMS = "M43 41L39 80M57 41L61 80"
_RUFF = "M40 40Q42 43.5 44 40Q46 43.5 48 40Q50 43.5 52 40Q54 43.5 56 40Q58 43.5 60 40L58 36.5H42Z"
_NECK = "M46.5 32H53.5V38H46.5Z"
_EYES = "M46 26.3H48.2M51.8 26.3H54"
_BROWS = "M45.4 24.2Q47 23 48.6 24M51.4 24Q53 23 54.6 24.2M50 26.6L49 30H50.9"
_SLEEVE = "M-7 -13Q-9.5 -6 -6.5 -1H6Q4.5 -7 6 -12Q0 -15 -7 -13Z"
"""A sleeve down to a hand at (0, 0) from the shoulder on the left (mirror for the right)."""


def _sleeve(x: float, y: float, accent: str, *, right: bool = False) -> str:
    """The sleeve of an arm from the left shoulder (or the right) down to (x, y)."""
    flip = " scale(-1 1)" if right else ""
    return f'<path d="{_SLEEVE}" fill="{accent}" transform="translate({x:g} {y:g}){flip}"/>'


def _palm(x: float, y: float) -> str:
    """A hand at (x, y)."""
    return f'<ellipse cx="{x:g}" cy="{y:g}" rx="3.6" ry="3" fill="{SKIN}"/>'


_K_HAIR = "M42.5 21Q41 33 44 38H56Q59 33 57.5 21Z"
_K_BEARD = "M43 28Q42.5 38.5 50 41.5Q57.5 38.5 57 28Q56 33.5 50 33.5Q44 33.5 43 28Z"
_K_MOUSTACHE = "M45.5 31.6Q50 29.2 54.5 31.6Q50 33 45.5 31.6Z"
_K_CROWN = "M40 21.5V11L44.5 16L47 8L50 14L53 8L55.5 16L60 11V21.5Z"
_K_ERMINE = "M27 50Q50 39 73 50V55Q50 44 27 55Z"
_SWORD = (
    f'<path d="M62 8L64 5L66 8V46H62Z" fill="{STEEL}"/>'
    f'<path d="M57 46H71V49H57ZM62.6 49H65.4V55H62.6Z" fill="{GOLD}"/>'
)
_SCEPTRE = (
    f'<path d="M62.9 14H65.1V55H62.9Z" fill="{GOLD}"/>'
    f'<circle cx="64" cy="12" r="3.2" fill="{GOLD}"/><path d="M64 5V9M62.3 6.6H65.7" fill="none"/>'
)
_Q_HAIR = "M41 24Q38 40 35 47Q43 46 46 38H54Q57 46 65 47Q62 40 59 24Q57 15.5 50 15.5Q43 15.5 41 24Z"
_Q_CROWN = "M41 19.5L41.8 12L45.5 16L50 10L54.5 16L58.2 12L59 19.5Z"
_Q_PEARLS = (42, 12), (50, 10), (58.2, 12)
_J_HAIR = "M42 20Q39.5 34 42.5 40H57.5Q60.5 34 58 20Z"
_J_CAP = "M39 21.5Q39.5 11.5 50 10.5Q61 10.5 62 19.5Q56 17 50 17.5Q44 18 39 21.5Z"
_J_FEATHER = "M43 15Q36 9.5 34.5 4Q41 8.5 45.5 13.5Z"
_HALBERD = (
    f'<path d="M33.2 12H34.8V80H33.2Z" fill="{BROWN}"/>'
    f'<path d="M34 13L27 9Q24.5 16 27 23L34 19ZM33.2 12L34 5L34.8 12Z" fill="{STEEL}"/>'
)
_LEAF = (
    f'<path d="M34 57Q25 41 31 22Q41 39 34 57Z" fill="{LEAF}"/>'
    '<path d="M33.6 54Q32 40 31 25" fill="none"/>'
)


def _dots(points: tuple[tuple[float, float], ...], radius: float, fill: str) -> str:
    """Circles of ``radius`` at ``points``: jewels, pearls, petals, ermine spots."""
    return "".join(
        f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}"/>' for x, y in points
    )


def _half_figure(card: Card, color: str) -> str:
    """The upper half of the jack, queen or king of ``card``'s suit, in ``color``."""
    rank, suit = card.rank, card.suit
    accent = INK if color == FOUR_COLOURS[Suit.DIAMONDS] else BLUE  # never blue on blue
    hair = {Rank.KING: BROWN, Rank.QUEEN: YELLOW, Rank.JACK: DARK_HAIR}[rank]
    back = {Rank.KING: _K_HAIR, Rank.QUEEN: _Q_HAIR, Rank.JACK: _J_HAIR}[rank]
    parts = [
        f'<path d="{_CAPE}" fill="{color}"/>',
        f'<path d="{_PANEL}" fill="{GOLD}"/>',
        f'<path d="{_TRIMS}" stroke="{accent}" stroke-width="2.4"/>',
        suit_shape(suit, 50, 50, 7, color=color),
        suit_shape(suit, 50, 61, 7, color=color),
    ]
    if rank is Rank.KING:
        parts.append(f'<path d="{_K_ERMINE}" fill="{PAPER}"/>')
        parts.append(_dots(((33, 48.5), (41, 45.5), (59, 45.5), (67, 48.5)), 0.8, INK))
    elif rank is Rank.QUEEN:
        parts.append(_dots(((30, 58), (30, 68), (70, 58), (70, 68), (36, 50), (64, 50)), 1.6, GOLD))
    else:
        parts.append(f'<path d="M30 50V80M70 50V80" stroke="{GOLD}" stroke-width="2.2"/>')
    parts += [
        f'<path d="{back}" fill="{hair}"/>',
        f'<path d="{_NECK}" fill="{SKIN}"/>',
        f'<path d="{_RUFF}" fill="{PAPER}"/>',
        f'<ellipse cx="50" cy="26.5" rx="7" ry="8.2" fill="{SKIN}"/>',
        f'<path d="{_EYES}" stroke-width="1.3"/><path d="{_BROWS}" fill="none"/>',
    ]
    if rank is Rank.KING:
        parts += [
            f'<path d="{_K_BEARD}" fill="{BROWN}"/>',
            f'<path d="{_K_MOUSTACHE}" fill="{BROWN}"/>',
            f'<path d="{_K_CROWN}" fill="{GOLD}"/>',
            _dots(((45, 19.3), (50, 19.3), (55, 19.3)), 1.1, color),
            _sleeve(64, 55, accent, right=True),
            _SWORD if suit in (Suit.SPADES, Suit.HEARTS) else _SCEPTRE,
            _palm(64, 55),
        ]
    elif rank is Rank.QUEEN:
        parts += [
            '<path d="M48 32.3Q50 33.6 52 32.3" fill="none" stroke="#c23b3b" stroke-width="1"/>',
            f'<path d="{_Q_CROWN}" fill="{GOLD}"/>',
            _dots(_Q_PEARLS, 1.4, PAPER),
            _dots(((50, 17.4),), 1.1, color),
            _sleeve(39, 60, accent),
            '<path d="M39 60Q34 55 31 49" fill="none" stroke-width="1.2"/>',
            _dots(((31, 44.6), (34.2, 47), (33, 50.8), (29, 50.8), (27.8, 47)), 2.2, PAPER),
            _dots(((31, 48),), 1.5, GOLD),
            _palm(39, 60),
        ]
    else:
        parts += [
            '<path d="M47 31Q50 29.8 53 31" fill="none"/>',
            f'<path d="{_J_CAP}" fill="{color}"/>',
            f'<path d="M39.5 20.5Q50 15 61.5 19" fill="none" stroke="{GOLD}" stroke-width="1.8"/>',
            f'<path d="{_J_FEATHER}" fill="{PAPER}"/>',
            _sleeve(34, 58, accent),
            _HALBERD if suit in (Suit.SPADES, Suit.CLUBS) else _LEAF,
            _palm(34, 58),
        ]
    return "".join(parts)


def _court(card: Card, color: str, prefix: str) -> str:
    """The framed double-headed figure: the upper half, then its copy turned 180°.

    The half is clipped to the frame's upper part and, above it, to the gap between the
    rank and the top-right suit (wider for the narrow ``J``).
    """
    left = 24 if card.rank is Rank.JACK else 36
    return (
        f'<rect x="22" y="42" width="56" height="56" fill="{FRAME}" stroke="{color}"'
        ' stroke-width="1.2"/>'
        f'<clipPath id="{prefix}-c"><path d="M{left} 4H68V42H78V64L22 76V42H{left}Z"/>'
        "</clipPath>"
        f'<g id="{prefix}-h" clip-path="url(#{prefix}-c)" stroke="{INK}" stroke-width=".6"'
        f' stroke-linejoin="round">{_half_figure(card, color)}</g>'
        f'<use href="#{prefix}-h"{TURN}/>'
        f'<path d="M22 76L78 64" stroke="{color}" stroke-width="1.2"/>'
    )


def _corner(card: Card, color: str) -> str:
    """The index (rank over a small suit) at the top left and a larger suit at the top right."""
    label = rank_label(card.rank)
    # "10" is squeezed to the width of one wide letter, so a hand that shows only the
    # left third of each card still shows both digits.
    spacing = ' textLength="31" lengthAdjust="spacingAndGlyphs"' if label == "10" else ""
    return (
        f'<text x="6" y="35" font-family="{FONT}" font-size="36" font-weight="bold"'
        f' fill="{color}" direction="ltr"{spacing}>{label}</text>'
        # Rank over suit stays readable in a hand where each card covers the right-hand
        # part of the one before; the top-right suit shows in a column's 40-unit strip.
        + suit_shape(card.suit, 13, 50, 15, color=color)
        + suit_shape(card.suit, 82, 19, 24, color=color)
    )


def face_body(card: Card, *, four_colour: bool = False) -> str:
    """The SVG elements of a face (no wrapper), in the 100 × 140 box."""
    color = suit_color(card.suit, four_colour=four_colour)
    corner = _corner(card, color)
    parts = [_outline(PAPER, "#8a8a8a"), corner, f"<g{TURN}>{corner}</g>"]
    if card.rank >= Rank.JACK:
        parts.append(_court(card, color, symbol_id(card)))
    elif card.rank is Rank.ACE:
        parts.append(suit_shape(card.suit, 50, 70, 46, color=color))
    else:
        size = 17 if card.rank < 9 else 14
        parts.extend(
            suit_shape(card.suit, x, y, size, flip=y > 70, color=color) for x, y in PIPS[card.rank]
        )
    return "".join(parts)


def _lines(step: float, slope: float) -> str:
    """Parallel lines ``step`` apart across the back's panel, rising ``slope`` per unit."""
    span = 130 * abs(slope)
    count = int((86 + span) / step) + 2
    start = 7 - (span if slope > 0 else 0)
    return "".join(f"M{start + i * step:.1f} 137l{slope * 130:g} -130" for i in range(count))


def _back_pattern(name: str, light: str) -> str:
    """The back's all-over pattern: fine lattice (blue), rings (red) or trellis (green)."""
    if name == "blue":
        return f'<path d="{_lines(4, 1)}{_lines(4, -1)}" stroke="{light}" stroke-width=".6"/>'
    if name == "red":
        rings = "".join(
            f'<circle cx="{7 + col * 9 + (row % 2) * 4.5:g}" cy="{7 + row * 7.8:g}" r="9"/>'
            for row in range(18)
            for col in range(11)
        )
        return f'<g stroke="{light}" stroke-width=".7">{rings}</g>'
    grid = "".join(f"M7 {y}H93" for y in range(10, 134, 6)) + "".join(
        f"M{x} 7V133" for x in range(10, 93, 6)
    )
    return (
        f'<path d="{grid}" stroke="{light}" stroke-width=".45"/>'
        f'<path d="{_lines(12, 1)}{_lines(12, -1)}" stroke="{light}" stroke-width="1.1"/>'
    )


def _rosette(panel: str, light: str) -> str:
    """The oval medallion in the middle of a back, with an eight-petal rosette."""
    petals = "".join(
        f'<ellipse cx="50" cy="62" rx="3.2" ry="8" transform="rotate({a} 50 70)"/>'
        for a in range(0, 360, 45)
    )
    return (
        f'<ellipse cx="50" cy="70" rx="20" ry="27" fill="{panel}" stroke="{PAPER}"'
        ' stroke-width="1.6"/>'
        f'<ellipse cx="50" cy="70" rx="16.5" ry="23.5" fill="none" stroke="{light}"/>'
        f'<g fill="none" stroke="{light}" stroke-width="1.1">{petals}'
        f'<circle cx="50" cy="70" r="3.5" fill="{light}"/></g>'
    )


def back_body(name: str = "blue") -> str:
    """The SVG elements of a card back (one of :data:`BACKS`): a pattern framed in white."""
    panel, edge, light = BACKS[name]
    clip = f"{symbol_id(None, name)}-c"
    return (
        _outline(PAPER, "#8a8a8a")
        + f'<rect x="7" y="7" width="86" height="126" rx="4" fill="{panel}"/>'
        + f'<clipPath id="{clip}"><rect x="7" y="7" width="86" height="126" rx="4"/></clipPath>'
        + f'<g clip-path="url(#{clip})" fill="none">{_back_pattern(name, light)}</g>'
        + _rosette(panel, light)
        + f'<rect x="7" y="7" width="86" height="126" rx="4" fill="none" stroke="{edge}"'
        ' stroke-width="1.4"/>'
        + f'<rect x="10.5" y="10.5" width="79" height="119" rx="2.5" fill="none"'
        f' stroke="{PAPER}" stroke-width=".8"/>'
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
