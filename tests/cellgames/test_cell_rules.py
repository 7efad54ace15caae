"""FreeCell, Baker's Game and Seahaven are one engine (:class:`cardems.cellgames.piles.CellRules`):
the same move is refused for the same reason, whichever game's state asks."""

from __future__ import annotations

from cardems.cellgames.notation import Move, cell, column, foundation
from freecell.helpers import position as freecell_position
from seahaven.helpers import position as seahaven_position

MORE_THAN_THE_COLUMN = "Only a column holds a run of several cards"


def test_asking_more_cards_than_a_column_holds_says_so_in_every_game() -> None:
    freecell = freecell_position(["8H", "7H 6H"])
    seahaven = seahaven_position(["8H", "7H 6H"])
    move = Move(column(2), column(1), 5)
    assert freecell.refusal(move) == MORE_THAN_THE_COLUMN
    assert seahaven.refusal(move) == MORE_THAN_THE_COLUMN


def test_the_games_differ_only_where_their_declarations_do() -> None:
    from cardems.cellgames.solver import rules_of

    seahaven = seahaven_position(["5H", ""], foundations=(0, 4, 0, 0))
    freecell = freecell_position(["5H", ""], foundations=(0, 4, 0, 0))
    back = Move(foundation("H"), cell(1))
    assert seahaven.refusal(back) is None  # Seahaven's foundations give cards back
    assert freecell.refusal(back) == "Cards on a foundation stay there"
    onto_empty = Move(column(1), column(2))
    assert seahaven.refusal(onto_empty) == "An empty column takes only a king"
    assert freecell.refusal(onto_empty) is None
    assert rules_of(seahaven) == (10, 4, True, True)
    assert rules_of(freecell) == (8, 4, False, False)
    bakers = freecell_position(["5H", ""], foundations=(0, 4, 0, 0), by_suit=True)
    assert rules_of(bakers).by_suit
