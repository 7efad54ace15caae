"""A player's settings: their defaults, allowed values and validation.

The settings that concern some games only are named by each game's declaration
(``Game.settings``); this module knows no game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from cardems.i18n.languages import LANGUAGES
from cardems.i18n.markers import N_

if TYPE_CHECKING:
    from cardems.core.game import Game

DEFAULT_SETTINGS: Final[dict[str, Any]] = {
    "move_errors": False,
    "placement_help": True,
    "auto_move": False,
    "warn_unwinnable": False,
    "animation": "normal",
    "theme": "light",
    "language": "",
    "sound": False,
    "show_available": True,
    "tracker": False,
    "coach": False,
    "deck": "two_colour",
    "card_back": "blue",
    "felt": "green",
    "card_size": "fit",
    "guide_seen": False,
    "favourites": (),
}
SETTING_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "move_errors": (True, False),
    "placement_help": (True, False),
    "auto_move": (True, False),
    "warn_unwinnable": (True, False),
    "animation": ("off", "fast", "normal", "slow"),
    "theme": ("light", "dark"),
    "language": ("", *LANGUAGES),
    "sound": (True, False),
    "show_available": (True, False),
    "tracker": (True, False),
    "coach": (True, False),
    "deck": ("two_colour", "four_colour"),
    "card_back": ("blue", "red", "green"),
    "felt": ("green", "blue", "red", "grey"),
    "card_size": ("fit", "small", "medium", "large"),
    "guide_seen": (False, True),  # the first-game guide dismissed (not a form switch)
}
FAVOURITES: Final = "favourites"
"""The games the player starred (their slugs, in the order starred): the home page
lists them first. A list, not one of :data:`SETTING_CHOICES`: any game's slug."""
MAX_FAVOURITES: Final = 64
SLUG = re.compile(r"[a-z][a-z0-9_]{0,31}")
SWITCHES: Final = tuple(key for key, choices in SETTING_CHOICES.items() if choices[0] is True)
"""The on/off settings (check boxes in the settings form)."""
GAME_SETTINGS: Final = ("auto_move", "show_available", "tracker", "coach")
"""The settings a game may declare (``Game.settings``): shown only for the games that do."""
FIXED_AT_START: Final = ("auto_move",)
"""The settings a new game copies into its options, for a game that declares them in
its ``settings``: they change what a replayed log does, so they stay as the game began."""


def games_by_setting(games: Iterable[Game]) -> dict[str, list[Game]]:
    """Each of :data:`GAME_SETTINGS` that some of ``games`` declare, with those games."""
    games = tuple(games)
    having = {key: [game for game in games if key in game.settings] for key in GAME_SETTINGS}
    return {key: declaring for key, declaring in having.items() if declaring}


def shown_switches(games: Iterable[Game]) -> tuple[str, ...]:
    """The on/off settings the settings form shows: the shared ones and those ``games``
    declare."""
    declared = games_by_setting(games)
    return tuple(key for key in SWITCHES if key not in GAME_SETTINGS or key in declared)


class SettingsError(ValueError):
    """A setting change that is refused; the message is marked for translation."""


def with_defaults(saved: dict[str, Any]) -> dict[str, Any]:
    """Every setting: the saved value, else the default."""
    return {key: saved.get(key, value) for key, value in DEFAULT_SETTINGS.items()}


def validate(changes: Any) -> dict[str, Any]:
    """``changes`` if every key is a setting and every value allowed; else SettingsError."""
    if not isinstance(changes, dict):
        raise SettingsError(N_("settings must be a JSON object"))
    for key, value in changes.items():
        if key == FAVOURITES:
            _check_favourites(value)
            continue
        choices = SETTING_CHOICES.get(key)
        if choices is None:
            raise SettingsError(
                N_("unknown setting '%(key)s': known are %(known)s")
                % {"key": key, "known": ", ".join(DEFAULT_SETTINGS)}
            )
        if value not in choices or type(value) is not type(choices[0]):
            allowed = ", ".join(map(str, choices))
            raise SettingsError(
                N_("setting '%(key)s' must be one of %(allowed)s, not %(value)s")
                % {"key": key, "allowed": allowed, "value": repr(value)}
            )
    return dict(changes)


def _check_favourites(value: Any) -> None:
    """SettingsError unless ``value`` is a list of distinct game slugs, not too many."""
    if (
        not isinstance(value, list)
        or len(value) > MAX_FAVOURITES
        or not all(isinstance(slug, str) and SLUG.fullmatch(slug) for slug in value)
        or len(set(value)) != len(value)
    ):
        raise SettingsError(
            N_("setting 'favourites' must be a list of at most %(num)d different game names")
            % {"num": MAX_FAVOURITES}
        )
