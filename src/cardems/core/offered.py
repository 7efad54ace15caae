"""The games a server offers, found by name or by deal code."""

from __future__ import annotations

from cardems.core.game import Game
from cardems.core.service_error import ServiceError
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n.markers import N_

NOT_OFFERED = N_("%(game)s is not offered by this server")


class Offered:
    """The offered games: ``games``, and each one by its name or by a code it deals."""

    def __init__(self, games: tuple[Game, ...]) -> None:
        self.games = games

    def game(self, name: str) -> Game:
        """The offered game called ``name`` (e.g. ``seahaven``), or a 404."""
        for game in self.games:
            if game.family.name == name:
                return game
        raise ServiceError(
            404,
            N_("unknown game '%(name)s': this server offers %(offered)s")
            % {"name": name, "offered": ", ".join(g.family.name for g in self.games)},
        )

    def read_code(self, text: str, named: str | None = None) -> DealCode:
        """A deal code as typed: a full code of any offered game, else what the ``named``
        game reads as one of its deals (FreeCell: ``617``, ``#617``); DealCodeError."""
        try:
            return DealCode.parse(text)
        except DealCodeError:
            if not named:
                raise
            return self.game(named).code_for(text)

    def game_of_code(self, code: DealCode) -> Game:
        """The offered game that deals ``code``, or a 404."""
        for game in self.games:
            if game.family.prefix == code.game:
                return game
        raise ServiceError(404, NOT_OFFERED % {"game": code.family.title})
