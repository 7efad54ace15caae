"""The coach's notes in words, in the page's language.

The table's view carries the notes as data (:meth:`cardems.hearts.coach.Note.to_json`);
:func:`localized` adds to each a ``text`` to show (cards as ``9♠``, isolated left to
right inside right-to-left text) and a ``label`` to speak (cards by name), the cost
formatted as the language writes numbers and the reasons joined as it joins a list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from babel.lists import format_list
from babel.numbers import format_decimal

from cardems.cards import Card
from cardems.hearts import coach
from cardems.hearts.strings import SEATS
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_, Nn_, Np_

# TRANSLATORS: Hearts coach: the heading of its notes after a round.
TITLE: Final = N_("The coach on round %(num)d")
# TRANSLATORS: Hearts coach: "9♠ at trick 4 cost 3.1 points on average (the expert would
# play 2♠): the Q♠ was still out and West was void in spades."
NOTE: Final = N_(
    "%(card)s at trick %(num)d cost %(cost)s points on average"
    " (the expert would play %(best)s): %(reasons)s."
)
NOTE_PLAIN: Final = N_(
    "%(card)s at trick %(num)d cost %(cost)s points on average (the expert would play %(best)s)."
)
NONE: Final = N_("No card of yours cost %(cost)s points or more on average this round.")
# TRANSLATORS: Hearts coach: suit names after "void in", "held no".
SUITS: Final = (
    Np_("coach suit", "spades"),
    Np_("coach suit", "hearts"),
    Np_("coach suit", "diamonds"),
    Np_("coach suit", "clubs"),
)
# The reasons, each a clause of the note (lower case where the language has it).
REASONS: Final = {
    coach.RUNNER: N_("%(seat)s had taken every point so far"),
    coach.SAFE_WIN: N_("as the last to play, %(card)s could take a trick without points"),
    coach.UNDER: N_("%(card)s would have stayed under %(top)s"),
    coach.SHED: N_("a trick without points yet was a chance to get rid of %(card)s"),
    coach.NO_FOLLOW: N_("unable to follow suit, you could get rid of %(card)s"),
    coach.FIRST_TRICK: N_("no points could fall on the first trick"),
    coach.HEARTS_BROKEN: N_("hearts were broken, so you could lead %(card)s"),
    coach.BOSS: N_("no card still out could beat %(card)s"),
    coach.NONE_OUT: N_("nobody else held any %(suit)s"),
    coach.QUEEN_OUT: N_("the %(card)s was still out"),
    coach.QUEEN_PASSED: N_("%(seat)s held the %(card)s, which you passed"),
    coach.QUEEN_CATCH: N_("%(card)s could catch the %(queen)s later"),
}
COUNTED: Final = {
    coach.LAST_TOOK: Nn_(
        "you played last and took %(num)d point", "you played last and took %(num)d points"
    ),
    coach.POINTS_IN: Nn_(
        "the trick already held %(num)d point", "the trick already held %(num)d points"
    ),
}
VOID_ONE: Final = N_("%(seat)s was void in %(suit)s")
VOID_MANY: Final = N_("%(seats)s were void in %(suit)s")
QUEEN: Final = "QS"
LTR_ISOLATE, POP_ISOLATE = "\N{LEFT-TO-RIGHT ISOLATE}", "\N{POP DIRECTIONAL ISOLATE}"


def localized(coached: dict[str, Any], lang: str) -> dict[str, Any]:
    """The coach's part of the view with its words in ``lang``: a ``title``, each note's
    ``text`` and ``label``, and ``empty`` (what to say when no card cost enough)."""
    t = translations(lang)

    def shown(code: str) -> str:
        return LTR_ISOLATE + Card.parse(code).pretty() + POP_ISOLATE

    def spoken(code: str) -> str:
        return card_name(Card.parse(code), lang)

    notes = [
        {**note, "text": words(note, lang, shown), "label": words(note, lang, spoken)}
        for note in coached["notes"]
    ]
    threshold = format_decimal(coached["threshold"], format="0.0", locale=lang)
    return {
        **coached,
        "title": str(t.gettext(TITLE)) % {"num": coached["round"] + 1},
        "notes": notes,
        "empty": str(t.gettext(NONE)) % {"cost": threshold},
    }


def words(note: dict[str, Any], lang: str, card: Callable[[str], str]) -> str:
    """One note as a sentence in ``lang``, each card written by ``card``."""
    t = translations(lang)
    clauses = [reason_words(reason, lang, card) for reason in note["reasons"]]
    values = {
        "card": card(note["card"]),
        "num": note["trick"],
        "cost": format_decimal(note["cost"], format="0.0", locale=lang),
        "best": card(note["best"]),
    }
    if not clauses:
        return str(t.gettext(NOTE_PLAIN)) % values
    return str(t.gettext(NOTE)) % {**values, "reasons": format_list(clauses, locale=lang)}


def reason_words(reason: dict[str, Any], lang: str, card: Callable[[str], str]) -> str:
    """One reason as a clause in ``lang``."""
    t = translations(lang)
    key = reason["key"]
    seats = [str(t.gettext(SEATS[seat])) for seat in reason["seats"]]
    suit = (
        str(t.pgettext("coach suit", SUITS["SHDC".index(reason["suit"])])) if reason["suit"] else ""
    )
    cards = [card(code) for code in reason["cards"]]
    if key in COUNTED:
        singular, plural = COUNTED[key]
        return str(t.ngettext(singular, plural, reason["num"])) % {"num": reason["num"]}
    if key == coach.VOIDS:
        if len(seats) == 1:
            return str(t.gettext(VOID_ONE)) % {"seat": seats[0], "suit": suit}
        return str(t.gettext(VOID_MANY)) % {"seats": format_list(seats, locale=lang), "suit": suit}
    values: dict[str, str] = {
        "seat": seats[0] if seats else "",
        "suit": suit,
        "card": cards[0] if cards else card(QUEEN),
        "top": cards[1] if len(cards) > 1 else "",
        "queen": card(QUEEN),
    }
    return str(t.gettext(REASONS[key])) % values
