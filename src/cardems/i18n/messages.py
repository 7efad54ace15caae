"""Player-facing strings known before the web app exists, marked for extraction.

The engines raise or return these English texts; the catalogs translate them.
Keep each group in the order a player meets it.
"""

from __future__ import annotations

from typing import Final

from cardems.i18n.markers import N_, Nn_

__all__ = ["ACCESSIBILITY_LABELS", "ENGINE_MESSAGES", "PLURAL_MESSAGES", "UI_LABELS"]

#: Messages that explain a refused action or the state of a game.
ENGINE_MESSAGES: Final = (
    N_("Must be of the same rank"),
    N_("No more moves possible"),
    N_("Nothing to undo"),
    N_("Nothing to redo"),
    N_("You must follow suit"),
    N_("Hearts are not broken"),
    N_("No useful move remains"),
    N_("You won!"),
)

#: Buttons, info bar, settings and new-game window.
UI_LABELS: Final = (
    # TRANSLATORS: button that takes back the last move.
    N_("Undo"),
    # TRANSLATORS: button that plays again a move taken back.
    N_("Redo"),
    N_("New deal"),
    # TRANSLATORS: button that deals the current deal again from the start.
    N_("Restart"),
    N_("Hint"),
    N_("Is this deal winnable?"),
    N_("Score"),
    N_("Moves"),
    N_("Time"),
    N_("Deal code"),
    N_("Settings"),
    N_("Statistics"),
    # TRANSLATORS: setting; when on, a refused action is explained in a message.
    N_("Move errors"),
    # TRANSLATORS: setting; frames playable cards and dims those that do not fit.
    N_("Placement help"),
    # TRANSLATORS: setting; safe cards go to the foundations by themselves.
    N_("Auto-move"),
    N_("Animation speed"),
    # TRANSLATORS: setting; colour scheme of the app (light or dark).
    N_("Theme"),
    N_("Language"),
    # TRANSLATORS: name of the light colour theme.
    N_("Light"),
    # TRANSLATORS: name of the dark colour theme.
    N_("Dark"),
    N_("Rules"),
    # TRANSLATORS: button that starts a game.
    N_("Play"),
    # TRANSLATORS: button that goes back to a saved game.
    N_("Resume"),
    N_("Winnable deals only"),
    N_("Free cells"),
    N_("Easy"),
    N_("Medium"),
    N_("Hard"),
    # TRANSLATORS: the strongest computer opponents in Hearts.
    N_("Expert"),
)

#: Counters: translate with ``ngettext(singular, plural, n) % {"num": n}``.
PLURAL_MESSAGES: Final = (
    Nn_("%(num)d move", "%(num)d moves"),
    Nn_("%(num)d point", "%(num)d points"),
    Nn_("%(num)d game won", "%(num)d games won"),
)

#: Parts of screen-reader labels ("4 of hearts, position 25, available"); card names are
#: in :mod:`cardems.i18n.labels`.
ACCESSIBILITY_LABELS: Final = (
    # TRANSLATORS: where a card lies in the heart of Heart to Heart (1-25).
    N_("position %(num)d"),
    # TRANSLATORS: said of a card that can be played now.
    N_("available"),
    # TRANSLATORS: said of a card that other cards still cover.
    N_("covered"),
    # TRANSLATORS: said of the card the player has selected.
    N_("selected"),
    # TRANSLATORS: said of a pile, cell or column that holds no card.
    N_("empty"),
    N_("Stock"),
    N_("Waste"),
    # TRANSLATORS: a pile of cards face down but the top one (Canfield's reserve).
    N_("Reserve"),
    N_("Free cell"),
    N_("Foundation"),
    N_("Column %(num)d"),
    Nn_("%(num)d card", "%(num)d cards"),
)
