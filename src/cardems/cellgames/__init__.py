"""A toolkit for solitaires of columns, free cells and foundations: places and moves
with their notation (:mod:`.notation`), the position queries every such state answers
alike (:mod:`.piles`), spoken pile labels (:mod:`.labels`) and the parts of a table that
do not depend on the game's rules (:mod:`.table`). Names no game."""
