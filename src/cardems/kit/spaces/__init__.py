"""The spaces family: every card dealt face up in rows, the lowest rank taken out to
leave a space in each row, and each space filled by the card one rank above the card on
its left (Gaps, also called Montana). A game declares
:class:`~cardems.kit.spaces.declare.SpacesRules` through :func:`declare` and subclasses
:class:`~cardems.kit.spaces.game.SpacesGame`; the engine, solver and table hooks are the
family's."""

from cardems.kit.spaces.declare import DeclarationError, Lead, SpacesRules, declare

__all__ = ["DeclarationError", "Lead", "SpacesRules", "declare"]
