"""A kit table's view: the piles with their cards and placement help, JSON-ready.

Every card says ``card`` (None when face down), ``face_up``, ``available``, ``framed``
(placement help: it can move now), ``dimmed`` (a card is selected and this pile does not
take it), ``selected``, and ``covered`` in a game that declares covering. Every pile says
``target``, ``kind``, ``cards``, ``x``, ``y``, ``fan`` and what its layout adds; a counted
pile says ``count``; with ``accepts_in_view``, ``accepts`` while a card is selected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.core.game import View
from cardems.kit.piles import STOCK_ROLE

if TYPE_CHECKING:
    from cardems.kit.table import SolitaireTable


def table_view(table: SolitaireTable[Any, Any]) -> View:
    """Everything the player may see at ``table`` now."""
    state, solitaire, declaration = table.state, table.solitaire, table.declaration
    status = table.status
    won = status == "won"
    view: View = {
        "game": table.code.family.name,
        "code": str(table.code),
        "variant": table.code.variant,
        "status": status,
        "score": state.score,
        "moves": state.moves,
        "elapsed": table.timer.elapsed(),
        "can_undo": table.history.can_undo and not won,
        "can_redo": table.history.can_redo and not won,
        "selected": table.selected,
        "message": table.message,
        "piles": _piles(table),
        "board": solitaire.board(state),
        "shortcuts": dict(declaration.shortcuts),
        "double_tap_after_move": declaration.double_tap_after_move,
    }
    if declaration.finish:
        view["can_finish"] = table.can_finish
    return view | solitaire.view_extra(state)


def framed_cards(table: SolitaireTable[Any, Any]) -> set[tuple[str, int]]:
    """(pile, depth from the top) of the cards that lead a legal move now (both cards
    of a pair in a pairing game); moves of a stock frame nothing."""
    state, solitaire, declaration = table.state, table.solitaire, table.declaration
    framed: set[tuple[str, int]] = set()
    for move in state.legal_moves():
        play = solitaire.play(state, move)
        if STOCK_ROLE in (declaration.spec(play.source).role, declaration.spec(play.target).role):
            continue
        framed.add((play.source, play.count))
        if declaration.pairing:
            framed.add((play.target, 1))
    return framed


HIDDEN: dict[str, Any] = {
    "card": None,
    "face_up": False,
    "available": False,
    "framed": False,
    "dimmed": False,
    "selected": False,
}


def _piles(table: SolitaireTable[Any, Any]) -> list[dict[str, Any]]:
    state, solitaire, declaration = table.state, table.solitaire, table.declaration
    help_on = table.settings.placement_help
    selected = table.selected
    accepts = table.accepting() if selected is not None else set()
    framed = framed_cards(table) if help_on else set()
    selected_count = 0
    if selected is not None:
        selected_count = table.selected_count or solitaire.free(state, selected)
    piles = []
    for spec in declaration.piles:
        for target in spec.targets:
            shown = solitaire.cards(state, target)
            free = solitaire.free(state, target)
            dimmed = help_on and selected is not None and target != selected
            dimmed = dimmed and target not in accepts
            cards = []
            for position, code in enumerate(shown):
                if code is None:
                    cards.append(dict(HIDDEN))
                    continue
                from_top = len(shown) - position
                card: dict[str, Any] = {
                    "card": code,
                    "face_up": True,
                    "available": from_top <= free,
                    "framed": (target, from_top) in framed,
                    "dimmed": dimmed,
                    "selected": target == selected and from_top <= selected_count,
                }
                if declaration.covering:
                    card["covered"] = not card["available"]
                cards.append(card)
            pile: dict[str, Any] = {
                "target": target,
                "kind": spec.kind,
                "cards": cards,
                "fan": spec.fan,
                **solitaire.place(state, target),
            }
            if spec.counted:
                pile["count"] = solitaire.size(state, target)
            if declaration.accepts_in_view and selected is not None:
                pile["accepts"] = target in accepts
            piles.append(pile)
    return piles
