"""The one error of a command given wrong input, raised by the CLI and by every game's
own commands (which need not import the CLI for it)."""

from __future__ import annotations


class CommandError(Exception):
    """A user error: printed as ``cardems: message`` with exit status 2."""
