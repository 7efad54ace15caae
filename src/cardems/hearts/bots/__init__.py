"""Computer opponents. Every bot sees only a :class:`~cardems.hearts.view.SeatView`.

``make_bot(name, seed)`` builds one: a level (beginner, easy, medium, expert) or a
reference bot of the league (montecarlo, ismcts, rules). Bots answer with compact card
indices (see :mod:`cardems.hearts.core`): a 3-card mask to pass, a card to play.
"""

from __future__ import annotations

import math
from typing import Protocol

from cardems.cards import Card
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.rules import Phase
from cardems.hearts.view import SeatView


class Bot(Protocol):
    """A Hearts player that decides from its seat's view alone."""

    name: str

    def choose_pass(self, view: SeatView) -> int:
        """A mask of three cards from the hand to pass."""
        ...

    def choose_play(self, view: SeatView) -> int:
        """A legal card (compact index) to play."""
        ...


LEVELS = ("beginner", "easy", "medium", "expert")
"""The levels people pick."""
REFERENCE = ("montecarlo", "ismcts", "rules")
"""Reference bots written independently of the expert, for the league (not levels)."""


def bot_options(name: str, bounds: dict[str, tuple[type, float, float]]) -> dict[str, float]:
    """The options of a bot name such as ``montecarlo:worlds=30``: each key must be one
    of ``bounds``, its value a number (a whole one for ``int``) within the bounds."""
    options: dict[str, float] = {}
    for part in name.split(":")[1:]:
        key, _, value = part.partition("=")
        kind, low, high = bounds.get(key, (float, math.nan, math.nan))
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not low <= number <= high or (kind is int and not number.is_integer()):
            raise ValueError(f"unknown {name.split(':')[0]} option {part!r} in {name!r}")
        options[key] = number
    return options


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by level name; ``seed`` fixes its random choices."""
    if name == "beginner":
        from cardems.hearts.bots.beginner import BeginnerBot

        return BeginnerBot(seed)
    if name == "easy":
        from cardems.hearts.bots.easy import EasyBot

        return EasyBot(seed)
    if name == "medium" or name.startswith("medium:"):
        from cardems.hearts.bots.medium import MediumBot

        return MediumBot.from_name(name, seed)
    if name == "expert" or name.startswith("expert:"):
        from cardems.hearts.bots.expert import ExpertBot

        return ExpertBot.from_name(name, seed)
    if name == "montecarlo" or name.startswith("montecarlo:"):
        from cardems.hearts.bots.montecarlo import MonteCarloBot

        return MonteCarloBot.from_name(name, seed)
    if name == "ismcts" or name.startswith("ismcts:"):
        from cardems.hearts.bots.ismcts import IsmctsBot

        return IsmctsBot.from_name(name, seed)
    if name == "rules":
        from cardems.hearts.bots.rules import RulesBot

        return RulesBot(seed)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(LEVELS + REFERENCE)}")


def hint(view: SeatView, level: str = "expert") -> tuple[Card, ...]:
    """What ``level`` would do in this seat: three cards to pass, or one card to play."""
    bot = make_bot(level)
    if view.phase is Phase.PASSING:
        return cards_of(bot.choose_pass(view))
    if view.to_play != view.seat:
        return ()
    return (to_card(bot.choose_play(view)),)
