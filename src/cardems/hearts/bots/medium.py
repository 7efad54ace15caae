"""Medium: the heuristic of :mod:`cardems.hearts.bots.heuristic`, with card counting."""

from __future__ import annotations

from cardems.hearts.bots import heuristic
from cardems.hearts.view import SeatView


class MediumBot:
    """Passes for voids and to shed danger; ducks and dumps the Q♠; defends the moon."""

    name = "medium"

    def choose_pass(self, view: SeatView) -> int:
        """Q♠ unless well guarded, A♠/K♠ when short, high hearts, short suits."""
        return heuristic.choose_pass(view.hand_mask)

    def choose_play(self, view: SeatView) -> int:
        """The heuristic's card for this view."""
        return heuristic.choose_card(
            view.seat,
            view.hand_mask,
            view.legal_mask,
            view.trick,
            view.played_mask,
            view.round_points,
        )
