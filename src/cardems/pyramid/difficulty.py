"""Pyramid's deal levels (:data:`cardems.pyramid.game.LEVELS`), rated by the pairs
family's game."""

from cardems.pyramid.game import GAME, LEVELS

EASY_BELOW, HARD_FROM, RATE_NODES, TRIES = (
    LEVELS.easy_below,
    LEVELS.hard_from,
    LEVELS.rate_nodes,
    LEVELS.tries,
)
rate, level_of, deal_of_level = GAME.rate, GAME.level_of, GAME.deal_of_level
