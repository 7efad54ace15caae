"""Several moves in one text, as the command line, saves and tests write them: separated
by spaces or commas, formatted with single spaces (each game parses its own moves)."""

from __future__ import annotations

from collections.abc import Iterable


def move_tokens(texts: Iterable[str]) -> list[str]:
    """The moves' texts in ``texts``; each string may hold several, separated by spaces
    or commas."""
    return [token for text in texts for token in text.replace(",", " ").split()]


def format_moves(moves: Iterable[object]) -> str:
    """Moves separated by single spaces; what a game's ``parse_moves`` reads back."""
    return " ".join(str(move) for move in moves)
