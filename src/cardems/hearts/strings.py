"""The Hearts table's words: engine refusals and the strings of ``web/static/hearts.js``.

The Hearts engine returns English refusals; those a player can meet are marked here so
that the catalogs hold them. :data:`CLIENT` lists what the browser script shows; the web
app sends their translations with the page (see ``Game.client_strings``).
"""

from __future__ import annotations

from typing import Final

from cardems.i18n.markers import N_

#: Refusals of the Hearts engine (cardems.hearts.rules) that reach the player.
ENGINE_REFUSALS: Final = (
    N_("There is no passing now"),
    N_("You have already passed"),
    N_("Pass exactly three different cards"),
    N_("You can only pass cards from your hand"),
    N_("Pass three cards first"),
    N_("The round is over"),
    N_("You do not hold that card"),
    # TRANSLATORS: Hearts: the two of clubs must be led on the first trick.
    N_("The 2♣ leads the first trick"),
    N_("No points on the first trick"),
    N_("The match is over"),
)

#: The seats' names, the player's first.
SEATS: Final = (
    # TRANSLATORS: Hearts: the player's own seat, in score tables and messages.
    N_("You"),
    N_("West"),
    N_("North"),
    N_("East"),
)

#: What hearts.js shows, looked up by its English text.
CLIENT: Final = (
    *SEATS,
    # TRANSLATORS: Hearts pass direction.
    N_("left"),
    # TRANSLATORS: Hearts pass direction.
    N_("right"),
    # TRANSLATORS: Hearts pass direction.
    N_("across"),
    # TRANSLATORS: Hearts: a round without passing.
    N_("hold (no pass)"),
    # TRANSLATORS: Hearts: shown after "Pass", e.g. "left (West)".
    N_("%(direction)s (%(seat)s)"),
    # TRANSLATORS: Hearts: hearts have (not) been played yet this round.
    N_("broken"),
    N_("not broken"),
    N_("Choose three cards to pass to %(seat)s: %(num)d of 3 chosen."),
    N_("You received %(cards)s from %(seat)s."),
    N_("Your turn: play a card."),
    N_("%(seat)s took the trick."),
    N_("%(seat)s took it (%(num)d points)."),
    N_("%(seat)s shot the moon!"),
    N_("Round %(num)d over"),
    N_("The lowest total is tied: another round is played."),
    N_("You won the match!"),
    N_("%(seat)s won the match."),
    # TRANSLATORS: followed by one or three card names.
    N_("Hint: %(cards)s"),
    N_("No hint now."),
    # TRANSLATORS: how many cards an opponent holds.
    N_("%(num)d cards"),
    N_("selected"),
    # TRANSLATORS: said of a card that may not be played now, before the reason.
    N_("not playable"),
    N_("Dealing…"),
    N_("The server did not answer."),
    # TRANSLATORS: Hearts, the round's log: followed by three cards.
    N_("You passed to %(seat)s:"),
    N_("You received from %(seat)s:"),
    N_("Trick %(num)d: %(leader)s led, %(winner)s took it (%(points)d points)."),
    # TRANSLATORS: spoken label of a card in the trick: "West: queen of spades".
    N_("%(seat)s: %(card)s"),
    # TRANSLATORS: spoken when an opponent plays: "West played queen of spades."
    N_("%(seat)s played %(card)s."),
    # TRANSLATORS: a card clicked while the opponents play, e.g. "Queen of spades will be…".
    N_("%(card)s will be played when your turn comes."),
    # TRANSLATORS: a card chosen early that can no longer be played (the round or the
    # match ended before the player's turn).
    N_("%(card)s will not be played: choose again on your turn."),
    # TRANSLATORS: Hearts opponent level names.
    N_("beginner"),
    N_("easy"),
    N_("medium"),
    N_("expert"),
    # The shared table (web/static/together.js): who plays each seat, whose turn.
    N_("Bot"),
    N_("a bot plays"),
    N_("connected"),
    N_("not connected"),
    N_("Empty seat"),
    # TRANSLATORS: a bot's seat at a shared table, named by its place around the table as
    # the solo table names it: "West (bot)".
    N_("%(name)s (bot)"),
    # TRANSLATORS: a guest's name at a shared table (someone without an account).
    N_("%(name)s (guest)"),
    N_("Waiting for the other passes."),
    # TRANSLATORS: %(seat)s is a player's name or a bot's, e.g. "West (bot)".
    N_("Waiting for %(seat)s."),
    N_("The connection was lost: reconnecting…"),
    N_("You won the match!"),
    N_("The match is over"),
    # TRANSLATORS: a seat whose person is away (their page closed or offline): a bot
    # plays it until they come back.
    N_("away: a bot plays until they are back"),
    N_("Play again with the same people"),
    # TRANSLATORS: a shared table's match is over and another person started the next.
    N_("The next match is ready: join it with the button."),
)
