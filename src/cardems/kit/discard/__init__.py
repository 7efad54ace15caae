"""The discard family: piles dealt from a stock whose top cards are thrown out when a
higher card of their suit shows (Aces Up). A game declares
:class:`~cardems.kit.discard.declare.DiscardRules` and subclasses
:class:`~cardems.kit.discard.game.DiscardGame`; the engine, solver and table hooks are
the family's."""

from cardems.kit.discard.declare import DeclarationError, DiscardRules

__all__ = ["DeclarationError", "DiscardRules"]
