"""Hearts' declaration for the core: match codes, opponents' levels, table, statistics."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardems.cards import Card
from cardems.core import kinds
from cardems.core.base import GameBase, draw_below, family_ident
from cardems.core.game import (
    Action,
    Option,
    PlayedGame,
    StatBlock,
    StatLine,
    Table,
    TableSettings,
    View,
)
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode, GameFamily
from cardems.hearts.strings import CLIENT
from cardems.i18n.markers import N_
from cardems.render.miniature import Placed, miniature

if TYPE_CHECKING:
    from cardems.hearts.rules import Match
    from cardems.hearts.together import SharedMatch

FAMILY = GameFamily("HT", "hearts", N_("Hearts"), ("N",), 7)
LEVEL = Option(
    "level",
    ("beginner", "easy", "medium", "expert"),
    "medium",
    N_("Opponents"),
    # TRANSLATORS: the Hearts opponents' levels, from the weakest: "Beginner" makes a new
    # player's mistakes.
    (N_("Beginner"), N_("Easy"), N_("Medium"), N_("Expert")),
)
TARGET = Option(
    "target",
    ("50", "100", "150"),
    "100",
    # TRANSLATORS: Hearts, the new-match window: the total that ends the match.
    N_("Match length"),
    # TRANSLATORS: Hearts match lengths: the match ends when a player reaches this total.
    (N_("To 50 points"), N_("To 100 points"), N_("To 150 points")),
)
"""How long a match is: the total that ends it, kept with the game (a game saved without
it plays to the original rules' 100)."""
NO_SOLVER = N_(
    "%(code)s: Hearts has no solver (it is played against opponents with hidden cards);"
    " to measure the bots use `cardems arena --bots expert,medium,medium,medium`"
)
MATCH_ENDED = ("won", "lost", "abandoned")


HAND_LEFT, HAND_TOP, HAND_STEP = 120, 300, 42
"""Where the miniature fans the player's hand (card units)."""
SIDE_TOP, BACK_STEP = 80, 12
"""Where the opponents' hands start at the sides, and how far their backs overlap."""


class Hearts(GameBase):
    """Hearts (``HT1-N-…``): the player in the south seat against three bots, to 100
    (or the 50 or 150 points chosen)."""

    family = FAMILY
    opponents = True
    compiled_modules = ("cardems.hearts._core",)
    options = (LEVEL, TARGET)
    settings = ("tracker", "coach")
    page = "hearts.html"
    keys_help = N_(
        "Keyboard: arrow keys move between your cards, Enter or Space chooses or plays one."
    )

    client_strings = CLIENT
    tagline = N_(
        "You and three computer players, thirteen tricks a round: stay clear of the hearts"
        " and the queen of spades, or take them all."
    )
    kind = kinds.TRICK_TAKING

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random match code; every Hearts deal is playable, so ``winnable`` changes nothing."""
        return DealCode("HT", 1, variant, draw_below(self.family.max_number + 1))

    def deal(self, code: DealCode) -> Match:
        """The match at its first deal."""
        from cardems.hearts.rules import Match

        return Match.new(code)

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The first round: its number (1, as the table and the text show it; the
        engine counts from 0), dealer, pass direction and the four hands."""
        from cardems.hearts.core import cards_of
        from cardems.hearts.rules import SEAT_NAMES, Match

        rnd = Match.new(code).round
        return {
            "code": str(code),
            "game": self.family.name,
            "round": rnd.number + 1,
            "dealer": SEAT_NAMES[rnd.dealer],
            "pass_direction": rnd.direction.name.lower(),
            "hands": {SEAT_NAMES[s]: [str(c) for c in cards_of(rnd.hands[s])] for s in range(4)},
        }

    def render(self, code: DealCode) -> str:
        """The first round's hands, one seat a line, by suit."""
        data = self.describe(code)
        lines = [
            f"{data['code']}  round {data['round']}, pass {data['pass_direction']},"
            f" dealer {data['dealer']}"
        ]
        for seat, cards in data["hands"].items():
            suits = []
            for suit in "SHDC":
                ranks = [c[0] for c in reversed(cards) if c[1] == suit]
                suits.append(suit + ":" + ("".join(ranks) or "-"))
            lines.append(f"{seat:<6} " + "  ".join(suits))
        return "\n".join(lines)

    def miniature(self, code: DealCode) -> str:
        """The first deal as the player sees it: their hand fanned in the south, the
        other hands face down in the west, north and east."""
        view = self.new_table(code, TableSettings(), {}, lambda: 0.0).view()
        hand = [Card.parse(card) for card in view["hand"]]
        cards = [Placed(HAND_LEFT + i * HAND_STEP, HAND_TOP, card) for i, card in enumerate(hand)]
        west, north, east = view["hand_sizes"][1:]
        right = HAND_LEFT + (len(hand) - 1) * HAND_STEP + 120
        cards += [Placed(0, SIDE_TOP + i * BACK_STEP, None) for i in range(west)]
        cards += [Placed(HAND_LEFT + 150 + i * BACK_STEP, 0, None) for i in range(north)]
        cards += [Placed(right, SIDE_TOP + i * BACK_STEP, None) for i in range(east)]
        return miniature(family_ident(FAMILY), cards, hand=True)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Hearts is a game of hidden cards against opponents: there is nothing to solve."""
        raise Unsupported(NO_SOLVER % {"code": str(code)})

    def new_table(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        clock: Callable[[], float],
    ) -> Table:
        """A match against three bots of the chosen level, to the chosen total."""
        from cardems.hearts.table import HeartsTable

        level = options.get(LEVEL.name, LEVEL.default)
        if level not in LEVEL.choices:
            raise ValueError(f"unknown level {level!r}")
        target = options.get(TARGET.name, TARGET.default)
        if target not in TARGET.choices:
            raise ValueError(f"unknown match length {target!r}")
        return HeartsTable(
            code,
            settings,
            level,
            clock,
            secret=str(options.get("secret", "")),
            target=int(target),
        )

    levels = LEVEL.choices
    """The bots' levels a shared table offers."""

    def new_shared_match(self, code: DealCode, level: str, secret: str) -> SharedMatch:
        """A match several people share at one table (:mod:`cardems.hearts.together`)."""
        from cardems.hearts.together import SharedMatch

        if level not in LEVEL.choices:
            raise ValueError(f"unknown level {level!r}")
        return SharedMatch(code, level, secret=secret)

    def parse_intent(self, data: dict[str, Any]) -> Action:
        """A pass, a play or an early finish."""
        from cardems.hearts.table import parse_intent

        return parse_intent(data)

    def localize(self, view: View, lang: str) -> View:
        """The reasons for refused cards and the coach's notes in ``lang``."""
        from cardems.hearts.coach_words import localized
        from cardems.i18n import translate

        refusals = {card: translate(lang, reason) for card, reason in view["refusals"].items()}
        coached = view.get("coach")
        return {**view, "refusals": refusals, "coach": coached and localized(coached, lang)}

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """Matches played and won, rounds, average points per round, moons, Q♠ taken."""
        matches = [game for game in games if game.status in MATCH_ENDED]
        rounds = [record for game in games for record in game.records]
        if not matches and not rounds:
            return []
        points = [int(record["points"]) for record in rounds]
        lines = (
            StatLine("played", N_("Matches played"), len(matches)),
            StatLine("won", N_("Matches won"), sum(game.status == "won" for game in matches)),
            StatLine("rounds", N_("Rounds played"), len(rounds)),
            StatLine(
                "average",
                N_("Average points per round"),
                sum(points) / len(points) if points else None,
                "decimal",
            ),
            StatLine("moons", N_("Moons shot"), sum(bool(r["moon"]) for r in rounds)),
            StatLine("queens", N_("Q♠ taken"), sum(bool(r["queen"]) for r in rounds)),
        )
        return [StatBlock(self.family.name, self.family.title, "N", lines)]

    def add_commands(self, subparsers: Any) -> None:
        """``cardems arena``."""
        from cardems.hearts.commands import add_commands

        add_commands(subparsers)


GAME = Hearts()
