"""The typed shapes of what a solitaire table answers: views, piles, cards, hints, events.

:mod:`cardems.kit.schema` turns them into the JSON Schema the docs and the client use
(``web/static/solitaire.schema.json``). Keys a game may add (a layout's ``row``, a view's
``cells``) are allowed on piles, views and move events; cards are closed. (No
``from __future__ import annotations`` here: Python 3.11 would then count the
``NotRequired`` keys as required.)
"""

from typing import Literal, NotRequired, TypedDict

Status = Literal["playing", "won", "lost", "blocked", "stuck", "abandoned"]


class CardView(TypedDict):
    """One card of a pile; ``card`` is null when it lies face down."""

    card: str | None
    face_up: bool
    available: bool
    framed: bool
    dimmed: bool
    selected: bool
    covered: NotRequired[bool]
    id: NotRequired[str]  # which copy, where a solitaire deals a card twice (``7S.2``)
    label: NotRequired[str]


class PileView(TypedDict):
    """One pile: ``target`` is what intents name; ``x``, ``y`` in card units (100 × 140)."""

    target: str
    kind: str
    cards: list[CardView]
    x: float
    y: float
    fan: int
    count: NotRequired[int]
    outline: NotRequired[bool]  # false: no outline where its cards were (Pyramid's)
    accepts: NotRequired[bool]
    suit: NotRequired[str]
    row: NotRequired[int]
    column: NotRequired[float]
    label: NotRequired[str]


class Board(TypedDict):
    """The board's size in card units."""

    width: int
    height: int


class IntentJSON(TypedDict):
    """An intent as the browser sends it."""

    type: Literal["tap", "double_tap", "drag", "undo", "redo", "finish", "home"]
    target: NotRequired[str]
    source: NotRequired[str]


class SolitaireView(TypedDict):
    """Everything the player sees (the service adds ``id``, ``version``, …)."""

    game: str
    code: str
    variant: str
    status: Status
    score: int
    moves: int
    elapsed: float
    can_undo: bool
    can_redo: bool
    can_hint: bool  # Hint, Winnable? and Solve can act: the game is in play
    selected: str | None
    message: str | None
    piles: list[PileView]
    board: Board
    shortcuts: dict[str, IntentJSON | None]
    double_tap_after_move: bool
    can_finish: NotRequired[bool]
    sends_home: NotRequired[bool]  # the table takes {"type": "home", "target": pile}
    id: NotRequired[str]
    version: NotRequired[int]
    timer_running: NotRequired[bool]
    deal_name: NotRequired[str]
    par: NotRequired[int | None]
    par_proven: NotRequired[bool]


HintView = TypedDict(
    "HintView",
    {
        "verdict": Literal["move", "back", "lost", "undecided", "over"],
        "words": str,
        "move": NotRequired[str],
        "from": NotRequired[str],
        "to": NotRequired[str],
        "card": NotRequired[str | None],
        "intents": NotRequired[list[IntentJSON]],
    },
)
"""A hint: the verdict, its words in the page language and, for a move, its intents."""

MoveEvent = TypedDict(
    "MoveEvent",
    {
        "type": Literal["move"],
        "move": str,
        "from": str,
        "to": str,
        "say": str,
        "card": NotRequired[str | None],
        "auto": NotRequired[bool],
    },
)
"""A move: its notation, where from and to, the words said, the card that leads it."""


class SelectEvent(TypedDict):
    type: Literal["select"]
    target: str


class ErrorEvent(TypedDict):
    """A refusal, in the engine's words."""

    type: Literal["error"]
    message: str


class PlainEvent(TypedDict):
    """An event without fields: a deselection, undo, redo, or how the game ended."""

    type: Literal["deselect", "undo", "redo", "won", "lost", "blocked", "stuck", "unwinnable"]


SolitaireEvent = MoveEvent | SelectEvent | ErrorEvent | PlainEvent

OPEN = frozenset({"PileView", "SolitaireView", "MoveEvent"})
"""Shapes a game may add keys to."""
