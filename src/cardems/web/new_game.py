"""The new-game window every page carries (``newgame.html``), rendered once per what it
shows and kept: half the time of a page went into it.

It shows, in the page's language, every offered game with its variants, options and
game settings; the game of the page (``family``) is chosen, its options as the game's
``options`` are, the settings checked as the player's are. Those are the whole key.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from markupsafe import Markup

from cardems.core.game import Game
from cardems.core.kinds import by_kind
from cardems.core.settings import GAME_SETTINGS
from cardems.family import GameFamily
from cardems.web.i18n import environment


def new_game_dialog(
    lang: str,
    games: tuple[Game, ...],
    settings: dict[str, Any],
    family: GameFamily | None = None,
    options: dict[str, Any] | None = None,
) -> Markup:
    """The window for a page in ``lang`` offering ``games``, with the player's
    ``settings``, on the page of ``family`` (a game's table: with its ``options``)."""
    checked = tuple(bool(settings[key]) for key in GAME_SETTINGS)
    chosen = None if options is None else json.dumps(options, sort_keys=True)
    return _rendered(lang, games, checked, family.name if family else None, chosen)


@functools.lru_cache(maxsize=256)
def _rendered(
    lang: str,
    games: tuple[Game, ...],
    checked: tuple[bool, ...],
    family: str | None,
    chosen: str | None,
) -> Markup:
    context: dict[str, Any] = {
        "games": games,
        "game_kinds": by_kind(games, lambda game: game.kind),
        "settings": dict(zip(GAME_SETTINGS, checked, strict=True)),
    }
    page_family = next((game.family for game in games if game.family.name == family), None)
    if page_family is not None:  # a family not offered chooses nothing: as none
        context["family"] = page_family
        if chosen is not None:
            context["options"] = json.loads(chosen)
    return Markup(environment(lang).get_template("newgame.html").render(context))
