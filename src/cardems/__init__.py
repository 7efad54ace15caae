"""Cardems: Heart to Heart, Seahaven Towers, FreeCell and Hearts, with solvers and strong
opponents."""

__version__ = "0.1.0"
