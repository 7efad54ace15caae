"""A kit table's view: the piles with their cards and placement help, JSON-ready.

Every card says ``card`` (None when face down), ``face_up``, ``available``, ``framed``
(placement help: it can move now), ``dimmed`` (a card is selected and this pile does not
take it), ``selected``, ``covered`` in a game that declares covering, and ``id`` where the
solitaire gives identities (a game that deals a card twice). Every pile says
``target``, ``kind``, ``cards``, ``x``, ``y``, ``fan`` and what its layout adds; a counted
pile says ``count``, a pile not ``outlined`` says ``outline: false``; with
``accepts_in_view``, ``accepts`` while a card is selected. The view says ``can_hint``:
whether Hint, Winnable? and Solve can act (the game is in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardems.core.game import View
from cardems.kit.play import Play
from cardems.kit.shapes import CardView, IntentJSON, PileView, SolitaireView, Status

if TYPE_CHECKING:
    from cardems.kit.table import SolitaireTable


def table_view(table: SolitaireTable[Any, Any]) -> View:
    """Everything the player may see at ``table`` now."""
    state, solitaire, declaration = table.state, table.solitaire, table.declaration
    status = cast(Status, table.status)
    won = status == "won"
    board = solitaire.board(state)
    view: SolitaireView = {
        "game": table.code.family.name,
        "code": str(table.code),
        "variant": table.code.variant,
        "status": status,
        "score": state.score,
        "moves": state.moves,
        "elapsed": table.timer.elapsed(),
        "can_undo": table.history.can_undo and not won,
        "can_redo": table.history.can_redo and not won,
        "can_hint": status == "playing",
        "selected": table.selected,
        "message": table.message,
        "piles": _piles(table),
        "board": {"width": board["width"], "height": board["height"]},
        "shortcuts": cast(dict[str, IntentJSON | None], dict(declaration.shortcuts)),
        "double_tap_after_move": declaration.double_tap_after_move,
    }
    if declaration.finish:
        view["can_finish"] = table.can_finish
    if declaration.homes:
        view["sends_home"] = True
    return cast(View, view) | solitaire.view_extra(state)


def framed_cards(plays: list[Play], pairing: bool) -> set[tuple[str, int]]:
    """(pile, depth from the top) of the cards that lead a legal play now (both cards
    of a pair in a pairing game)."""
    framed = {(play.source, play.count) for play in plays}
    if pairing:
        framed |= {(play.target, 1) for play in plays}
    return framed


HIDDEN: CardView = {
    "card": None,
    "face_up": False,
    "available": False,
    "framed": False,
    "dimmed": False,
    "selected": False,
}


def _piles(table: SolitaireTable[Any, Any]) -> list[PileView]:
    state, solitaire, declaration = table.state, table.solitaire, table.declaration
    help_on = table.settings.placement_help
    selected = table.selected
    plays = table.legal_plays() if help_on or selected is not None else []
    accepts = table.accepting(plays) if selected is not None else set()
    framed = set()
    if help_on:
        framed = framed_cards([p for p in plays if solitaire.frames(state, p)], declaration.pairing)
    selected_count = 0
    if selected is not None:
        selected_count = table.selected_count or solitaire.free(state, selected)
    covering, show_accepts = declaration.covering, declaration.accepts_in_view
    cards_of, free_of, place_of = solitaire.cards, solitaire.free, solitaire.place
    piles = []
    for spec in declaration.piles:
        for target in spec.targets:
            shown = cards_of(state, target)
            ids = solitaire.identities(state, target)
            free = free_of(state, target)
            dimmed = help_on and selected is not None and target != selected
            dimmed = dimmed and target not in accepts
            is_selected = target == selected
            cards: list[CardView] = []
            from_top = len(shown)
            for code in shown:
                if code is None:
                    cards.append(HIDDEN.copy())
                else:
                    card: CardView = {
                        "card": code,
                        "face_up": True,
                        "available": from_top <= free,
                        "framed": bool(framed) and (target, from_top) in framed,
                        "dimmed": dimmed,
                        "selected": is_selected and from_top <= selected_count,
                    }
                    if covering:  # under other cards: never a pile's cards that stay
                        card["covered"] = spec.selectable and from_top > free
                    identity = None if ids is None else ids[len(shown) - from_top]
                    if identity is not None:
                        card["id"] = identity
                    cards.append(card)
                from_top -= 1
            place = place_of(state, target)
            pile = cast(
                PileView,
                {
                    "fan": spec.fan,
                    **place,  # x, y and the layout's own keys
                    "target": target,
                    "kind": spec.kind,
                    "cards": cards,
                },
            )
            if spec.counted:
                pile["count"] = solitaire.size(state, target)
            if not spec.outlined:
                pile["outline"] = False
            if show_accepts and selected is not None:
                pile["accepts"] = target in accepts
            piles.append(pile)
    return piles
