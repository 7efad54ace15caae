"""New games: a deal chosen or typed, the same deal again, another deal of the same game;
and the player's games in progress."""

from __future__ import annotations

import secrets
from typing import Any

from cardems.core.game import Game
from cardems.core.offered import Offered
from cardems.core.player_settings import PlayerSettings
from cardems.core.service_error import ServiceError
from cardems.core.settings import FIXED_AT_START
from cardems.core.tables import LiveGame, Tables
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n.markers import N_
from cardems.store import Store

CHOSEN = "chosen"
"""The option marking a game with opponents dealt from a code the player gave."""


class Dealer:
    """Starts games: each one saved, then loaded as any game is."""

    def __init__(
        self, store: Store, offered: Offered, tables: Tables, settings: PlayerSettings
    ) -> None:
        self.store = store
        self.offered = offered
        self.tables = tables
        self.settings = settings

    def new_game(self, player_id: str, request: Any, *, chosen: bool = True) -> LiveGame:
        """Start a game from ``{"game", "variant", "winnable", <options>}`` or ``{"code"}``
        (with the game's options too, e.g. ``{"code": "HT1-N-AAAAAAM", "level": "expert"}``).

        A code given for a game with opponents (whose code names their hands) is
        ``chosen`` — the player may know every hand — unless the server chose it (the
        day's deal, ``chosen=False``): it deals, marked ``"chosen": true`` in its
        options, and stays out of the day's best results and the streaks."""
        if not isinstance(request, dict):
            raise ServiceError(400, N_("a new game needs a JSON object"))
        text = request.get("code")
        if text not in (None, ""):
            if not isinstance(text, str):
                raise ServiceError(400, N_("the code must be a string such as SH1-C4-AAAAAJ2"))
            named = request.get("game")
            try:  # the game named reads its own forms too (FreeCell: a plain deal number)
                code = (
                    self.offered.game(str(named)).code_for(text) if named else DealCode.parse(text)
                )
            except DealCodeError as error:
                raise ServiceError(400, str(error), part=error.part) from None
            game = self.offered.game_of_code(code)
            if request.get("game") not in (None, "", game.family.name):
                raise ServiceError(
                    400,
                    N_("%(code)s is a %(game)s code")
                    % {"code": str(code), "game": code.family.title},
                )
            options = _options(game, request)
            if chosen and game.opponents:
                options[CHOSEN] = True
        else:
            game = self.offered.game(str(request.get("game", "")))
            family = game.family
            variant = request.get("variant") or family.variants[0]
            if variant not in family.variants:
                allowed = ", ".join(family.variants)
                raise ServiceError(
                    400,
                    N_("%(game)s has no variant '%(variant)s': use %(allowed)s")
                    % {"game": family.title, "variant": variant, "allowed": allowed},
                )
            winnable = request.get("winnable", True)
            if not isinstance(winnable, bool):
                raise ServiceError(400, N_("winnable must be true or false"))
            options = _options(game, request)
            try:
                code = game.new_code(variant, winnable=winnable and game.can_solve, options=options)
            except ValueError as error:  # e.g. a level the variant does not offer
                raise ServiceError(400, str(error)) from None
        options |= self._fixed_settings(player_id, game)
        return self._create(player_id, game, str(code), code.variant, options)

    def restart(self, player_id: str, game_id: str) -> LiveGame:
        """The same deal from its start, as a new game with the same options."""
        live = self.tables.load(player_id, game_id)
        saved = live.saved
        options = {key: value for key, value in saved.options.items() if key != "secret"}
        if live.game.opponents:  # its code may have been shown at its end: a known deal
            options[CHOSEN] = True
        return self._create(player_id, live.game, saved.code, saved.variant, options)

    def again(self, player_id: str, game_id: str) -> LiveGame:
        """A new deal of the same game and variant with the same options (a difficulty
        level stays chosen), winnable where the game can tell."""
        live = self.tables.load(player_id, game_id)
        saved = live.saved
        game = live.game
        options = {
            key: value
            for key, value in saved.options.items()
            if key not in ("secret", CHOSEN) and key not in FIXED_AT_START  # read anew
        }
        options |= self._fixed_settings(player_id, game)
        try:
            code = game.new_code(saved.variant, winnable=game.can_solve, options=options)
        except ValueError as error:  # e.g. a level this game no longer offers
            raise ServiceError(400, str(error)) from None
        return self._create(player_id, game, str(code), saved.variant, options)

    def unfinished_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games in progress (:meth:`Store.unfinished_games`), each with its
        game's ``title``; the code of a game against opponents is left out (``""``): it
        names their hands (a seat sees a commitment instead, e.g. Hearts's)."""
        titles = {game.family.name: game for game in self.offered.games}
        rows = []
        for row in self.store.unfinished_games(player_id):
            game = titles.get(row["game"])
            hidden = game is None or game.opponents
            title = game.family.title if game is not None else row["game"]
            rows.append({**row, "code": "" if hidden else row["code"], "title": title})
        return rows

    def _fixed_settings(self, player_id: str, game: Game) -> dict[str, Any]:
        """The player's settings that ``game`` declares and a game fixes at its start."""
        settings = self.settings.read(player_id)
        return {key: settings[key] for key in game.settings if key in FIXED_AT_START}

    def _create(
        self, player_id: str, game: Game, code: str, variant: str, options: dict[str, Any]
    ) -> LiveGame:
        name = game.family.name
        if game.opponents and "secret" not in options:
            options = {**options, "secret": secrets.token_hex(16)}  # see unfinished_games
        game_id = self.store.create_game(player_id, name, variant, code, options)
        # The store closed the player's other unfinished games of this game: forget them.
        self.tables.forget_player(player_id, name)
        return self.tables.load(player_id, game_id)


def _options(game: Game, request: dict[str, Any]) -> dict[str, Any]:
    """The game's options as ``request`` chooses them (defaults for the others), or a 400."""
    options: dict[str, Any] = {}
    for option in game.options:
        value = request.get(option.name) or option.default
        if value not in option.choices:
            raise ServiceError(
                400,
                N_("unknown %(name)s '%(value)s': use %(allowed)s")
                % {"name": option.name, "value": value, "allowed": ", ".join(option.choices)},
            )
        options[option.name] = value
    return options
