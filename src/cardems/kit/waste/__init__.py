"""The waste family: solitaires whose cards go one at a time onto a single pile (the
waste, or Black Hole's hole), each one rank above or below the card on it.

A game of the family is a :class:`~cardems.kit.waste.declare.WasteDeclaration`
(its layout and covering map, what goes on the waste, the stock, the scoring, the
variants, its words); :mod:`~cardems.kit.waste.engine` plays any declaration,
:mod:`~cardems.kit.waste.solver` solves it, :mod:`~cardems.kit.waste.table` gives the
kit's hooks and :mod:`~cardems.kit.waste.game` the core's. TriPeaks, Golf and Black
Hole are declarations of it.
"""
