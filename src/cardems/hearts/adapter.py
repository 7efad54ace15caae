"""Hearts as the CLI and the web app see it: codes, the first round's deal, no solver."""

from __future__ import annotations

import secrets
from typing import Any

from cardems.dealcode import FAMILIES, DealCode
from cardems.games import Unsupported
from cardems.hearts.core import cards_of
from cardems.hearts.rules import SEAT_NAMES, Match


class HeartsAdapter:
    """The :class:`~cardems.games.GameAdapter` of Hearts (``HT1-N-…``)."""

    family = FAMILIES["HT"]

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random match code; every Hearts deal is playable, so ``winnable`` changes nothing."""
        return DealCode("HT", 1, variant, secrets.randbelow(self.family.max_number + 1))

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The first round: dealer, pass direction and the four hands."""
        rnd = Match.new(code).round
        return {
            "code": str(code),
            "game": self.family.name,
            "round": rnd.number,
            "dealer": SEAT_NAMES[rnd.dealer],
            "pass_direction": rnd.direction.name.lower(),
            "hands": {SEAT_NAMES[s]: [str(c) for c in cards_of(rnd.hands[s])] for s in range(4)},
        }

    def render(self, code: DealCode) -> str:
        """The first round's hands, one seat a line, by suit."""
        data = self.describe(code)
        lines = [f"{data['code']}  round 1, pass {data['pass_direction']}, dealer {data['dealer']}"]
        for seat, cards in data["hands"].items():
            suits = []
            for suit in "SHDC":
                ranks = [c[0] for c in reversed(cards) if c[1] == suit]
                suits.append(suit + ":" + ("".join(ranks) or "-"))
            lines.append(f"{seat:<6} " + "  ".join(suits))
        return "\n".join(lines)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Hearts is a game of hidden cards against opponents: there is nothing to solve."""
        raise Unsupported(
            f"{code}: Hearts has no solver (it is played against opponents with hidden cards);"
            " to measure the bots use `cardems arena --bots expert,medium,medium,medium`"
        )


ADAPTER = HeartsAdapter()
