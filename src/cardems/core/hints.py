"""What a solitaire's hint answers, the same for every game: the browser only shows it.

A hint is a dict with ``verdict``, ``words`` (in the page's language) and, for a move,
the move itself:

- ``{"verdict": "move", "move": "c3-f1", "from": "column:3", "to": "cell:1",
  "card": "6S", "intents": [{"type": "drag", …}], "words": "Hint: move the 6 of …"}``:
  the first move of a winning line from the position on the table, and the intents
  that play exactly that move;
- ``{"verdict": "lost", "words": …}``: no winning line exists from here (proved);
- ``{"verdict": "undecided", "words": …}``: the solver ran out of budget;
- ``{"verdict": "back", "words": …}`` and the move fields: every winning line found
  starts by going back to where the last move started; a hint only says so (it never
  proposes that move), Solve plays it;
- ``{"verdict": "over", "words": …}``: the game has ended.
"""

from __future__ import annotations

from typing import Any

from cardems.core.game import Action
from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_

Hint = dict[str, Any]

LOST = N_("No winning line from here: this game can no longer be won.")
UNDECIDED = N_("Undecided: the solver found neither a win nor a proof of loss within its search.")
BACK = N_("Every winning line from here starts by taking back your last move.")
OVER = N_("The game is over: there is nothing left to hint.")

VERDICT_WORDS = {"lost": LOST, "undecided": UNDECIDED, "back": BACK, "over": OVER}


def said(lang: str, message: str, **values: object) -> str:
    """The marked ``message`` in ``lang``, formatted with ``values``."""
    text = str(translations(lang).gettext(message))
    return text % values if values else text


def no_move(verdict: str, lang: str) -> Hint:
    """A hint without a move: ``lost``, ``undecided``, ``back`` or ``over``."""
    return {"verdict": verdict, "words": said(lang, VERDICT_WORDS[verdict])}


def move_hint(
    move: str,
    source: str,
    target: str,
    card: str | None,
    intents: list[Action],
    words: str,
    verdict: str = "move",
) -> Hint:
    """A hint with ``move`` (proposed, or going ``back``); ``intents`` play exactly it."""
    return {
        "verdict": verdict,
        "move": move,
        "from": source,
        "to": target,
        "card": card,
        "intents": [intent_json(intent) for intent in intents],
        "words": words,
    }


def intent_json(intent: Action) -> dict[str, str]:
    """A logged solitaire action as the JSON intent the browser sends back."""
    kind, *args = intent
    if kind == "drag":
        return {"type": kind, "source": args[0], "target": args[1]}
    if args:
        return {"type": kind, "target": args[0]}
    return {"type": kind}
