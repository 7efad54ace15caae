"""The new-game window's choice of a deal's difficulty, the same for every solitaire that
rates its deals: any deal, or a winnable deal that is easy, medium or hard. Each game
rates its deals and says what its levels mean (FreeCell and Seahaven:
:mod:`cardems.cellgames.difficulty`; Heart to Heart: its ``difficulty`` module)."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core.game import Option
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_

LEVELS = ("easy", "medium", "hard")
ANY = "any"

DIFFICULTY = Option(
    "difficulty",
    (ANY, *LEVELS),
    ANY,
    N_("Deal difficulty (winnable deals)"),
    (N_("Any deal"), N_("Easy"), N_("Medium"), N_("Hard")),
)
"""The option a game with levels declares; a level deals a winnable deal of that level."""


def level_choice(options: dict[str, object]) -> str | None:
    """The level the new-game options ask for, or None for any deal."""
    level = options.get(DIFFICULTY.name)
    return level if isinstance(level, str) and level in LEVELS else None


def level_by_cuts(measure: int | None, easy_below: int, hard_from: int) -> str | None:
    """The level of a deal by the game's cut points on its ``measure`` (the length of its
    shortest win, the positions its solver searched; None: not rated)."""
    if measure is None:
        return None
    return "easy" if measure < easy_below else "hard" if measure >= hard_from else "medium"


def deal_of_level(
    level: str,
    draw: Callable[[], DealCode],
    level_of: Callable[[DealCode], str | None],
    tries: int,
    title: str,
) -> DealCode:
    """The first of ``tries`` deals ``draw`` gives that ``level_of`` rates ``level``;
    ValueError (naming the game's ``title``) if none is."""
    for _ in range(tries):
        code = draw()
        if level_of(code) == level:
            return code
    raise ValueError(f"no {title} deal of level {level} in {tries} tries")
