"""The new-game window's choice of a deal's difficulty, the same for every solitaire that
rates its deals: any deal, or a winnable deal that is easy, medium or hard. Each game
rates its deals and says what its levels mean (FreeCell and Seahaven:
:mod:`cardems.cellgames.difficulty`; Heart to Heart: its ``difficulty`` module)."""

from __future__ import annotations

from cardems.core.game import Option
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
