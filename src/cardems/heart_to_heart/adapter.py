"""Heart to Heart as the CLI and the web app see it: codes in, JSON-ready data out."""

from __future__ import annotations

import secrets
from typing import Any

from cardems.dealcode import FAMILIES, DealCode
from cardems.heart_to_heart.rules import deal, deal_deck
from cardems.heart_to_heart.shortest import shortest_win
from cardems.heart_to_heart.solver import deck_is_winnable, winning_line
from cardems.heart_to_heart.text import layout_data, render_state

GAME = "heart-to-heart"


class HeartToHeartAdapter:
    """The :class:`cardems.games.GameAdapter` of Heart to Heart."""

    family = FAMILIES["HH"]

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal (numbers from :mod:`secrets`); with ``winnable`` only deals the
        solver proves winnable (about 29 % of them)."""
        version = self.family.versions[-1]
        while True:
            number = secrets.randbelow(self.family.max_number + 1)
            code = DealCode(self.family.prefix, version, variant, number)
            if not winnable or deck_is_winnable(deal_deck(code)):
                return code

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``heart`` (positions 1–25), ``stock`` (next drawn first),
        ``waste`` (bottom → top)."""
        return {"code": str(code), "game": GAME, **layout_data(deal(code))}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        return f"{code}  Heart to Heart\n{render_state(deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` and a winning line (the shortest with ``shortest``) in move
        notation; ``length`` is null when the deal cannot be won."""
        state = deal(code)
        line = shortest_win(state) if shortest else winning_line(state)
        return {
            "code": str(code),
            "winnable": line is not None,
            "moves": [str(move) for move in line or []],
            "length": None if line is None else len(line),
        }


ADAPTER = HeartToHeartAdapter()
