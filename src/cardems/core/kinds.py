"""The kinds of games the home page and the new-game window group games by.

Each game names its kind (``Game.kind``, one of these marked names); games of one kind
share a way of play, as players of the big solitaire collections know them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from cardems.i18n.markers import N_

T = TypeVar("T")

TRICK_TAKING = N_("Trick-taking games")
FREECELL_TYPE = N_("FreeCell games")
KLONDIKE_TYPE = N_("Klondike games")
SPIDER_TYPE = N_("Spider games")
PAIRING_TYPE = N_("Pyramid games")
GOLF_TYPE = N_("Golf games")
BAKERS_DOZEN_TYPE = N_("Baker's Dozen games")
BELEAGUERED_CASTLE_TYPE = N_("Beleaguered Castle games")
FORTY_THIEVES_TYPE = N_("Forty Thieves games")
YUKON_TYPE = N_("Yukon games")
CANFIELD_TYPE = N_("Canfield games")
FAN_TYPE = N_("Fan games")
OTHER = N_("Other games")

ORDER = (
    TRICK_TAKING,
    FREECELL_TYPE,
    KLONDIKE_TYPE,
    SPIDER_TYPE,
    PAIRING_TYPE,
    GOLF_TYPE,
    BAKERS_DOZEN_TYPE,
    BELEAGUERED_CASTLE_TYPE,
    FORTY_THIEVES_TYPE,
    YUKON_TYPE,
    CANFIELD_TYPE,
    FAN_TYPE,
    OTHER,
)
"""The order of the kinds' groups (a kind not listed comes last, as :data:`OTHER`)."""


def by_kind(games: Iterable[T], kind_of: Callable[[T], str]) -> list[tuple[str, list[T]]]:
    """``games`` grouped by kind (``kind_of`` each), the groups in :data:`ORDER`, each
    keeping the games' own order."""
    groups: dict[str, list[T]] = {}
    for game in games:
        groups.setdefault(kind_of(game), []).append(game)
    rank = {kind: i for i, kind in enumerate(ORDER)}
    return sorted(groups.items(), key=lambda group: rank.get(group[0], len(rank)))
