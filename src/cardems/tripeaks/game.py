"""TriPeaks, a declaration of the waste family (:mod:`cardems.kit.waste`).

The deal: ``cardems.rng.shuffled`` of the 52 cards for the code's family and number;
peak positions 1–28 (:mod:`cardems.tripeaks.layout`) get ``deck[0:28]``, ``deck[28]``
lies face up on the waste, the stock gets ``deck[29:52]``, ``deck[29]`` turned first
(the order mchung94's solver reads a deck in). Variants: ``W`` (Microsoft's: K and A
are one apart, so play wraps K–A–2) and ``N`` (no wrap). Moves: ``D`` draws, ``12``
plays the card at peak position 12. Scoring (Microsoft's Entertainment Pack): the n-th
card of a streak from the peaks scores n, a draw costs 5 and ends the streak, clearing
a peak adds 15, 15, then 30.
"""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.waste.declare import (
    Anchor,
    Layout,
    Onto,
    Scoring,
    Variant,
    WasteDeclaration,
    Words,
)
from cardems.kit.waste.game import WasteGame
from cardems.tripeaks.layout import COVERED_BY, PEAK_BONUS, PEAKS, POSITIONS, ROW, X2

HALF_STEP = 54  # half a card and half the gap: the rows are offset by half a card
LOW_ROW_Y = 380

WORDS = Words(
    title=N_("TriPeaks"),
    pile="peak position",
    empty=N_("Position %(num)d is empty"),
    face_down=N_("The card at position %(num)d is face down"),
    unknown_target=N_(
        "unknown TriPeaks target %(target)s: expected peak:1 … peak:28, stock or waste"
    ),
    # TRANSLATORS: card is a card's name ("4 of hearts"), num a peak position (1-28).
    play_hint=N_("Hint: play the %(card)s at position %(num)d onto the waste's %(other)s"),
    where="position %(num)d",  # marked in cardems.i18n.messages (ACCESSIBILITY_LABELS)
    moves_help=N_("moves: D draws, 12 plays the card at peak position 12"),
    tagline=N_(
        "Three peaks of cards: play one a rank above or below the waste's card, in long"
        " streaks, until the peaks are gone."
    ),
    keys_help=N_(
        "Keyboard: arrow keys move between cards, Enter or Space plays the card onto the"
        " waste, D turns a stock card, U undoes, R redoes."
    ),
    legend=N_("King and ace"),
)

DECLARATION = WasteDeclaration(
    prefix="TP",
    slug="tripeaks",
    words=WORDS,
    layout=Layout(
        piles=tuple((p,) for p in POSITIONS),
        covered_by=COVERED_BY,
        places=tuple(
            (("row", ROW[i]), ("x", X2[i] * HALF_STEP), ("y", (ROW[i] - 1) * 70))
            for i in range(len(POSITIONS))
        ),
        text=tuple((ROW[i] - 1, X2[i] * 2) for i in range(len(POSITIONS))),
        stock=(6 * HALF_STEP, LOW_ROW_Y),
        waste=(10 * HALF_STEP, LOW_ROW_Y),
        board=(18 * HALF_STEP + 100, LOW_ROW_Y + 140 + 10),
    ),
    variants=(
        Variant("W", Onto(wrap=True), N_("One apart: K–A–2 (Microsoft)")),
        Variant("N", Onto(wrap=False), N_("Not one apart (no wrap)")),
    ),
    kind="peak",
    scoring=Scoring(streak=True, draw_cost=5, bonus_at=PEAKS, bonus=PEAK_BONUS),
    level_cuts=(48, 258),
    hint_nodes=200_000,
    deal_nodes=2_000_000,
    daily_nodes=None,
    anchor=Anchor("W", 1457, 1500, "mchung94 solitaire-player, same rules, mean 111 ms"),
)


class TriPeaks(WasteGame):
    """TriPeaks (``TP1-W-…``, ``TP1-N-…``): three peaks cleared onto the waste."""

    declaration = DECLARATION


GAME = TriPeaks()
