"""Heart to Heart's deal levels: :data:`cardems.heart_to_heart.game.LEVELS`, rated by
the pairs family's game (the length of the shortest win)."""

from cardems.heart_to_heart.game import GAME

EASY_BELOW, HARD_FROM = GAME.levels.easy_below, GAME.levels.hard_from
rate, level_of, deal_of_level = GAME.rate, GAME.level_of, GAME.deal_of_level
