"""Klondike: draw one or three, the solitaire most people know."""
