"""Where a lost game was lost: the first move after which no win existed, and a move
that kept a win instead (issue 45, item 4), for every kit solitaire with a solver.

Along one line of play, a position that cannot be won leads only to positions that
cannot be won either, so "is position k winnable?" is true up to some k and false from
there on: a binary search over the line's positions finds move i, the first after which
no win existed, with about log2(n) verdicts. The solver's winning line from position
i - 1 gives the other move (:meth:`~cardems.kit.solitaire.Solitaire.verdict`). Every
verdict is bounded by the positions its solver expands; a verdict the budget leaves
undecided makes the answer undecided, never a guess.

The answer depends only on the game's log: the service keeps it with the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from cardems.core.game import Action
from cardems.core.solitaire import INTENT_FIELDS
from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_
from cardems.kit.solitaire import M, S, Solitaire

LOST_AT = N_("You could still have won until move %(num)d. %(hint)s")
NEVER_WINNABLE = N_("This deal could not be won from its start: no move lost it.")
NOT_FOUND = N_("Where this game was lost could not be found: the solver ran out of positions.")


@dataclass(frozen=True)
class LostAt(Generic[S, M]):
    """The answer: ``move`` (1-based), the first move after which no win existed, and
    ``alternative``, a move from the position before it whose result can be won; or
    ``found`` false (undecided, or a deal lost from its start: ``move`` 0)."""

    solitaire: Solitaire[S, M]
    found: bool
    move: int | None = None
    before: S | None = None
    alternative: M | None = None
    verdicts: int = 0
    """How many positions the search asked the solver about."""
    last: int = 0
    """How many moves the line has (its last position's index)."""
    step: int | None = None
    """The action of the game's log (1-based: a replay's step) that played move i as
    it stands on the line, when the line came from a log."""

    def undos(self) -> int | None:
        """How many undos take the table back to the position before move i."""
        return None if not self.found or self.move is None else self.last - self.move + 1

    @property
    def intent(self) -> Action | None:
        """The one intent that plays the alternative from the position before move i."""
        if self.before is None or self.alternative is None:
            return None
        return self.solitaire.intent_of(self.before, self.alternative)

    def words(self, lang: str) -> str:
        """What the table says, in ``lang``."""
        gettext = translations(lang).gettext
        if self.move == 0:
            return str(gettext(NEVER_WINNABLE))
        if not self.found or self.before is None or self.alternative is None:
            return str(gettext(NOT_FOUND))
        hint = self.solitaire.hint_words(self.before, self.alternative, lang)
        return str(gettext(LOST_AT)) % {"num": self.move, "hint": hint}

    def json(self, lang: str) -> dict[str, Any]:
        """``{"move", "alternative", "notation", "said"}`` (``move`` null when undecided;
        ``alternative`` the intent as the browser sends it)."""
        intent = self.intent
        return {
            "move": self.move,
            "alternative": None if intent is None else intent_json(intent),
            "notation": (
                None if self.alternative is None else self.solitaire.notation(self.alternative)
            ),
            "said": self.words(lang),
        }


def intent_json(intent: Action) -> dict[str, str]:
    """``("drag", "column:3:4", "cell:1")`` → ``{"type": "drag", "source": …, "target": …}``."""
    kind, *values = intent
    names = INTENT_FIELDS.get(kind, ("target",) * len(values))
    return {"type": kind, **dict(zip(names, values, strict=True))}


def find_lost_at(solitaire: Solitaire[S, M], line: Sequence[S]) -> LostAt[S, M] | None:
    """Where the game along ``line`` (its positions from the deal, the last one now on
    the table) was lost; None if it was not (its last position can be won, or its
    solver cannot say so)."""
    known: dict[int, bool | None] = {}

    def winnable(k: int) -> bool | None:
        if k not in known:
            status = solitaire.status(line[k])
            if status == "won":
                known[k] = True
            elif status != "playing":
                known[k] = False
            else:
                known[k] = solitaire.verdict(line[k], False)[0]
        return known[k]

    last = len(line) - 1
    end = winnable(last)
    if end is not False:
        return None if end else LostAt(solitaire, False, verdicts=len(known), last=last)
    if winnable(0) is not True:
        found_never = known[0] is False
        return LostAt(solitaire, False, 0 if found_never else None, verdicts=len(known), last=last)
    low, high = 0, last  # low can be won, high cannot
    while high - low > 1:
        middle = (low + high) // 2
        verdict = winnable(middle)
        if verdict is None:
            return LostAt(solitaire, False, verdicts=len(known), last=last)
        if verdict:
            low = middle
        else:
            high = middle
    before = line[low]
    verdict, alternative = solitaire.verdict(before, True)
    if not verdict or alternative is None:
        return LostAt(solitaire, False, verdicts=len(known) + 1, last=last)
    return LostAt(solitaire, True, high, before, alternative, len(known) + 1, last)


def play_line(
    solitaire: Solitaire[S, M],
    start: S,
    notations: Sequence[str],
    refuse: Callable[[str, str], Exception],
) -> list[S]:
    """The positions from ``start`` after each move named in the game's notation (the
    legal move whose notation it is); ``refuse(text, reason)`` makes the error raised for
    a move that is not legal there."""
    line = [start]
    for text in notations:
        state = line[-1]
        move = next((m for m in state.legal_moves() if solitaire.notation(m) == text), None)
        if move is None:
            raise refuse(text, str(len(line)))
        line.append(state.apply(move))
    return line
