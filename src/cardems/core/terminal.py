"""``cardems play CODE``: any solitaire in a terminal, one move per line.

A game offers it by returning a :class:`TextPlay` from ``Game.text_play()``: how its
moves are written and read, how a position is drawn with the numbers of its places, and
a hint. The loop here is the same for every game: a prompt, undo, redo, hint, quit.
"""

from __future__ import annotations

from typing import Any, Protocol, TextIO

from cardems.core.game import State
from cardems.core.history import History, IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_

PROMPT = "> "
COMMANDS = N_("also: undo, redo, hint, quit")
HINT = N_("hint: %(move)s")
NO_WIN = N_("no winning line from here")
UNDECIDED = N_("the solver could not decide this position in time")
REFUSED = N_("refused: %(reason)s")
SCORE = N_("score %(score)d, moves %(moves)d")
WON = N_("You won!")
ENDED = N_("No more moves possible (undo, or quit)")
UNDECIDED_HINT = "undecided"
"""What :meth:`TextPlay.hint` returns when its solver gave no verdict."""


class TextPlay(Protocol):
    """What a game tells the terminal loop."""

    @property
    def title(self) -> str:
        """The game's name (marked with ``N_``)."""
        ...

    @property
    def moves_help(self) -> str:
        """How moves are written (marked with ``N_``)."""
        ...

    def start(self, code: DealCode) -> State[Any]:
        """The deal's first position."""
        ...

    def parse(self, text: str, state: State[Any]) -> Any:
        """The move ``text`` names; ValueError with a player-facing message if none."""
        ...

    def show(self, code: DealCode, state: State[Any]) -> str:
        """The position as text, every place that moves name numbered."""
        ...

    def hint(self, state: State[Any]) -> str | None:
        """The next move of a winning line as text, None if there is none, or
        :data:`UNDECIDED_HINT`."""
        ...

    def score(self, state: State[Any]) -> tuple[int, int]:
        """Score and moves so far."""
        ...


def run(play: TextPlay, code: DealCode, lines: TextIO, out: TextIO, lang: str = "en") -> Any:
    """The terminal game loop, in ``lang``; returns the last position (for tests)."""
    from cardems.i18n import translate, translations

    _ = translations(lang).gettext
    history: History[Any] = History(play.start(code))
    interactive = lines.isatty()

    def say(text: str, end: str = "\n") -> None:
        print(text, file=out, end=end, flush=True)

    say(f"{code}  {_(play.title)} — {_(play.moves_help)}; {_(COMMANDS)}")
    say(play.show(code, history.current))
    while True:
        say(PROMPT, end="")
        line = lines.readline()
        if not interactive and line:
            say(line.rstrip("\n"))  # a script's moves are shown as if typed
        if not line:
            say("")
            break
        command = line.strip().lower()
        state = history.current
        try:
            if command in ("quit", "q", "exit"):
                break
            if command in ("undo", "redo"):
                history.undo() if command == "undo" else history.redo()
            elif command == "hint":
                found = play.hint(state)
                say(
                    _(UNDECIDED)
                    if found == UNDECIDED_HINT
                    else _(HINT) % {"move": found}
                    if found
                    else _(NO_WIN)
                )
                continue
            elif command:
                history.push(state.apply(play.parse(command, state)))
            else:
                continue
        except (ValueError, IllegalMove) as error:
            say(_(REFUSED) % {"reason": translate(lang, str(error))})
            continue
        state = history.current
        say(play.show(code, state))
        score, moves = play.score(state)
        say(_(SCORE) % {"score": score, "moves": moves})
        if state.outcome == "won":
            say(_(WON))
            break
        if state.outcome is not None:
            say(_(ENDED))
    return history.current
