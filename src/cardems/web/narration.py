"""What a screen reader hears of an action, written once, on the server, in the page
language: the table's live region (each intent's answer says it as ``said``), the steps
of a replay and of a worked example.

A move names its card (the card the event names, a draw's card that was face down;
else the spoken name of the card that was on top of the pile it left); a selection
names its pile; undo, redo and deselection say so; a refusal says why (or only that it
is refused, with the player's Move errors setting off). On the table, the end of a game
and a Finish's many moves are left to their dialogs; a replay says them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from cardems.cards import Card
from cardems.core.game import Event, View
from cardems.core.labels import spoken_card
from cardems.i18n import card_name, translations
from cardems.i18n.formatted import translate
from cardems.i18n.markers import N_

UNDONE: Final = N_("Undone.")
REDONE: Final = N_("Redone.")
NOTHING_SELECTED: Final = N_("Nothing selected.")
# TRANSLATORS: spoken after a move: a card's name, then what happened ("Paired.").
CARD_SAID: Final = N_("%(card)s: %(said)s")
# TRANSLATORS: spoken after a refused move when the "Move errors" setting is off.
NOT_POSSIBLE: Final = N_("That move is not possible.")
YOU_WON: Final = N_("You won!")
MANY_MOVES: Final = 3
"""On the table, an answer of more moves (a Finish) is said by its dialog, not move by move."""


def narrate(
    lang: str,
    before: Mapping[str, str | None],
    view: View,
    events: Iterable[Event],
    *,
    move_errors: bool = True,
    on_table: bool = False,
) -> str:
    """``events`` in words, in ``lang``: ``before`` has the top cards before them (by
    target, None face down: :func:`cardems.core.tables.top_cards`), ``view`` is the
    view after them, localized (with its spoken labels). ``on_table``: the table's live
    region, where dialogs say the end of a game and a Finish."""
    t = translations(lang)
    events = list(events)
    moves = sum(1 for event in events if event.get("type") == "move")
    said: list[str] = []
    for event in events:
        kind = event.get("type")
        if kind == "move" and event.get("say"):
            if on_table and moves > MANY_MOVES:
                continue
            said.append(_move(lang, before, event))
        elif kind in ("undo", "redo"):
            which = UNDONE if kind == "undo" else REDONE  # not a literal: gettext's is a msgid
            said.append(t.gettext(which))
        elif kind == "deselect" and not moves:
            said.append(t.gettext(NOTHING_SELECTED))
        elif kind == "select" and not moves:
            pile = next((p for p in view["piles"] if p["target"] == event.get("target")), None)
            if pile and pile.get("label"):
                said.append(str(pile["label"]))
        elif kind == "error" and event.get("message"):
            why = translate(lang, str(event["message"])) or ""
            said.append(why if move_errors else t.gettext(NOT_POSSIBLE))
        elif kind == "unwinnable" and event.get("message"):
            said.append(translate(lang, str(event["message"])) or "")
        elif kind == "won" and not on_table:
            said.append(t.gettext(YOU_WON))
    return " ".join(said)


def _move(lang: str, before: Mapping[str, str | None], event: Event) -> str:
    """A move event in words: the card the server names (a draw's), else the card that
    was on top of the pile it left."""
    t = translations(lang)
    named_card = event.get("card")
    source = str(event.get("from"))
    if named_card is not None:
        card = card_name(Card.parse(str(named_card)), lang) if named_card else ""
    else:
        card = spoken_card({"card": before[source]}, lang) if source in before else ""
    template = str(event["say"])
    named = "%(card)" in template
    text = t.gettext(template) % {"card": card} if named else t.gettext(template)
    if named or not card or event.get("from") == "stock":
        return str(text)
    return str(t.gettext(CARD_SAID) % {"card": card, "said": text})
