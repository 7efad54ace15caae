"""Pile declarations: what piles a solitaire has, how the table names and treats them.

A target is ``kind`` for a single pile (``stock``), ``kind:N`` for numbered piles
(``heart:25``, ``column:3``) or ``kind:NAME`` for named ones (``foundation:H``). A drag's
source on a pile of runs may add the index its cards start at (``column:3:2``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from cardems.i18n.markers import N_
from cardems.numbers import read_number

PILE_ROLE = "pile"
STOCK_ROLE = "stock"
"""A stock: a tap plays its move (draw, recycle) whatever is selected; it is never
selected, dragged from or dropped on."""

UNKNOWN_TARGET = N_("unknown target %(target)s: expected %(targets)s")

# A layout's places are in card units: a card is 100 wide and 140 high.
CARD_STEP = 108
"""A card and the gap beside it: the distance between two columns."""
HALF_CARD = 70
"""Half a card's height: rows of cards that overlap are this far apart."""


@dataclass(frozen=True)
class PileSpec:
    """One kind of pile: its targets, its role, and how the view shows it."""

    kind: str
    """The view's pile ``kind`` and the prefix of its targets."""
    count: int = 1
    """How many piles of this kind (numbered 1…count unless ``names`` are given)."""
    names: tuple[str, ...] = ()
    """The targets' suffixes instead of numbers (``("S", "H", "D", "C")``)."""
    role: str = PILE_ROLE
    """:data:`PILE_ROLE` or :data:`STOCK_ROLE`."""
    selectable: bool = True
    """Whether its available cards may be selected and moved (a foundation may not)."""
    runs: bool = False
    """Whether several top cards may move together (a drag may name where they start)."""
    counted: bool = False
    """Whether the view tells how many cards it holds (``count``): a stock, a waste that
    shows only its top card."""
    fan: int = 0
    """The vertical offset between its cards in the view (the layout may change it)."""
    numbered: bool = False
    """Whether its targets are numbered even when there is one (``cell:1``: a variant
    with a single free cell names it as the others do)."""
    kept_refusal: str | None = None
    """What a tap or drag on its cards says when they may not be taken (a foundation
    that keeps its cards); None: the declaration's ``empty_refusal``."""
    top_plays: bool = False
    """A stock whose top card plays like a free card (Pyramid): a drag may take it or
    drop on it, a tap with a selection plays the move from the selection to it when that
    move is legal (else the stock's own move), a double tap plays its best move."""
    home: bool = False
    """A pile cards go home to (a foundation): the ``home`` intent (a right click) sends a
    pile's top card to the first home pile that takes it."""
    outlined: bool = True
    """Whether its place shows an outline once empty (False: a position whose card,
    once removed, leaves nothing behind, as Pyramid's and TriPeaks'; the view then says
    ``outline: false``)."""

    @cached_property
    def targets(self) -> tuple[str, ...]:
        """Every target of this kind, in order."""
        if self.names:
            return tuple(f"{self.kind}:{name}" for name in self.names)
        if self.count == 1 and not self.numbered:
            return (self.kind,)
        return tuple(f"{self.kind}:{number}" for number in range(1, self.count + 1))

    def number(self, target: str) -> int:
        """The index (0-based) of ``target`` among this kind's piles."""
        return self.targets.index(target)


@dataclass(frozen=True)
class Declaration:
    """A solitaire's piles and the table's manners that differ between games."""

    piles: tuple[PileSpec, ...]
    pairing: bool = False
    """A move joins two cards and either may be selected first (Heart to Heart,
    Pyramid): placement help frames both."""
    covering: bool = False
    """Cards may lie covered by others: each face-up card says ``covered``."""
    choose_among_several: bool = False
    """A double tap with several best moves selects the card for the player to choose
    (otherwise the first best move plays)."""
    nowhere_refusal: str | None = None
    """What a double tap with no best move says (None: it is a plain tap)."""
    empty_refusal: str | None = None
    """What a tap on a card that cannot be selected says (None: nothing happens)."""
    won_refusal: str = N_("The game is won")
    over_refusal: str = N_("No more moves possible")
    """What a tap on the stock says once the game has ended without a win."""
    unknown_target: str = UNKNOWN_TARGET
    """The error of a target that names no pile (``%(target)s``, ``%(targets)s``)."""
    finish: bool = False
    """Whether the solitaire offers the ``finish`` intent (see
    :meth:`~cardems.kit.solitaire.Solitaire.finish_moves`); the view says ``can_finish``."""
    accepts_in_view: bool = False
    """Whether each pile of the view says ``accepts`` while a card is selected."""
    shortcuts: dict[str, dict[str, str] | None] = field(default_factory=dict)
    """Keys the page maps to intents (``{"d": {"type": "tap", "target": "stock"}}``)."""
    double_tap_after_move: bool = False
    """Whether the page still sends a double tap when the first tap moved a card."""
    drags_select: bool = True
    """Whether a drag selects its source and then taps the target, as two taps would (a
    refused drag leaves the target selected when it can be); False: a drag plays its
    move or is refused, and the selection is left as it was."""

    def __post_init__(self) -> None:
        targets = [target for spec in self.piles for target in spec.targets]
        if len(set(targets)) != len(targets):
            raise ValueError(f"pile targets declared twice: {targets}")

    @cached_property
    def targets(self) -> tuple[str, ...]:
        """Every pile's target, in the view's order."""
        return tuple(target for spec in self.piles for target in spec.targets)

    @cached_property
    def homes(self) -> tuple[str, ...]:
        """The targets of the home piles, in the view's order (none: no ``home`` intent)."""
        return tuple(target for spec in self.piles if spec.home for target in spec.targets)

    def spec(self, target: str) -> PileSpec:
        """The declaration of the pile named by a canonical ``target``."""
        return self._by_target[target]

    @cached_property
    def _by_target(self) -> dict[str, PileSpec]:
        return {target: spec for spec in self.piles for target in spec.targets}

    def parse(self, target: str) -> tuple[str, int | None]:
        """The canonical target named by ``target`` (``heart:07`` → ``heart:7``) and the
        index a drag's cards start at (``column:3:2``), if given; raise ValueError."""
        parts = target.split(":")
        if parts and parts[0] in self._kinds:
            spec = self._kinds[parts[0]]
            index = None
            if spec.runs and len(parts) == (2 if spec.targets == (spec.kind,) else 3):
                index = read_number(parts.pop())
                if index is None:
                    parts = []
            name = self._canonical(spec, parts[1:]) if parts else None
            if name is not None:
                return name, index
        raise self.unknown(target)

    def unknown(self, target: str) -> ValueError:
        """The error of a target that names no pile."""
        return ValueError(
            self.unknown_target % {"target": repr(target), "targets": self._targets_text}
        )

    @cached_property
    def _kinds(self) -> dict[str, PileSpec]:
        return {spec.kind: spec for spec in self.piles}

    @property
    def _targets_text(self) -> str:
        return ", ".join(
            spec.targets[0] if len(spec.targets) == 1 else f"{spec.targets[0]} … {spec.targets[-1]}"
            for spec in self.piles
        )

    @staticmethod
    def _canonical(spec: PileSpec, rest: list[str]) -> str | None:
        if not rest:
            return spec.kind if spec.targets == (spec.kind,) else None
        if len(rest) != 1:
            return None
        if spec.names:
            name = next((n for n in spec.names if n.upper() == rest[0].upper()), None)
            return None if name is None else f"{spec.kind}:{name}"
        number = read_number(rest[0])
        if number is not None and 1 <= number <= spec.count and spec.targets != (spec.kind,):
            return f"{spec.kind}:{number}"
        return None
