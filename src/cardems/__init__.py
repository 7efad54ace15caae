"""Cardems: Heart to Heart, Seahaven Towers and Hearts, with solvers and strong opponents."""

__version__ = "0.1.0"
