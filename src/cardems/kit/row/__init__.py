"""The row family: the whole deck dealt face up in one row of piles, a pile moving as a
whole onto a pile a declared number of places to its left when their top cards match,
the row closing up behind it (Accordion). A game declares
:class:`~cardems.kit.row.declare.RowRules` (checked by :func:`~cardems.kit.row.declare.declare`)
and subclasses :class:`~cardems.kit.row.game.RowGame`; the engine, solver and table hooks
are the family's."""

from cardems.kit.row.declare import DeclarationError, Match, RowRules, declare

__all__ = ["DeclarationError", "Match", "RowRules", "declare"]
