"""``PileSpec.top_plays``: a stock whose top card plays like a free card (Pyramid's), on a
toy of two cards and a stock; without the option the stock only draws."""

from __future__ import annotations

from kit_pairs import CODE, DrawOnly, PairMove, Pairs, PairState

from cardems.core.game import TableSettings
from cardems.kit import SolitaireTable


def table(top_plays: bool) -> SolitaireTable[PairState, PairMove]:
    return SolitaireTable(
        Pairs() if top_plays else DrawOnly(), CODE, TableSettings(), clock=lambda: 0.0
    )


def test_a_card_selected_then_the_stock_tapped_pairs_them() -> None:
    t = table(top_plays=True)
    assert t.tap("card:1") == [{"type": "select", "target": "card:1"}]
    [move] = t.tap("stock")[:1]
    assert move["move"] == "card:1+stock" and (move["from"], move["to"]) == ("card:1", "stock")
    assert t.state.cards == (None, "2H") and t.state.stock == ("JD", "KC")


def test_the_stock_top_is_dragged_and_dropped_on_and_framed_by_placement_help() -> None:
    t = table(top_plays=True)
    events = t.drag("card:1", "stock")
    assert events[0] == {"type": "select", "target": "card:1"}
    assert events[1]["move"] == "card:1+stock" and t.state.cards == (None, "2H")
    t = table(top_plays=True)
    t.tap("stock")  # JD on top
    t.tap("card:2")
    assert t.accepting() == {"stock"}
    events = t.drag("stock", "card:2")
    assert events[-1]["move"] == "card:2+stock" and t.state.cards == ("6S", None)


def test_a_selection_that_does_not_pair_with_the_stock_top_is_dropped_and_a_card_drawn() -> None:
    t = table(top_plays=True)
    t.tap("card:2")
    events = t.tap("stock")
    assert events[0] == {"type": "deselect"} and events[1]["move"] == "draw"
    assert t.selected is None and t.state.stock == ("JD", "KC", "7H")


def test_without_the_option_the_stock_only_draws_and_is_never_dragged() -> None:
    t = table(top_plays=False)
    t.tap("card:1")
    events = t.tap("stock")
    assert [event["type"] for event in events] == ["deselect", "move"]
    assert events[1]["move"] == "draw" and t.state.cards == ("6S", "2H")
    assert t.drag("card:1", "stock") == [
        {"type": "error", "message": "Cards are not dragged to or from the stock"}
    ]
    assert t.accepting() == set()
