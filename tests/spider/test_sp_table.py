"""The Spider table: pick up and drop, double tap, deal, refusals, hints, no hidden card."""

import json

import pytest

from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.spider.declared import deal
from cardems.spider.table import SpiderTable

CODE = DealCode.parse("SP1-S1-AAAAAAC")


def table(**settings: bool) -> SpiderTable:
    return SpiderTable(CODE, TableSettings(**settings), lambda: 0.0)


def test_a_face_down_card_is_never_named() -> None:
    t = table()
    view = t.view()
    for pile in view["piles"]:
        for card in pile["cards"]:
            assert (card["card"] is None) == (not card["face_up"])
    text = json.dumps(view)
    assert not any(f'"{code}"' in text for code in t.hidden_cards())
    assert sum(len(p["cards"]) for p in view["piles"] if p["kind"] == "column") == 54


def test_tap_picks_up_and_a_tap_elsewhere_moves_what_fits() -> None:
    t = table()
    assert t.tap("column:9") == [{"type": "select", "target": "column:9"}]
    assert next(p for p in t.view()["piles"] if p["target"] == "column:5")["accepts"]
    events = t.tap("column:5")
    assert events[-1]["move"] == "9>5" and events[-1]["card"] == "8S"
    assert t.view()["moves"] == 1 and t.view()["score"] == 499
    assert t.log == [("tap", "column:9"), ("tap", "column:5")]


def test_a_card_that_does_not_fit_is_refused_with_words() -> None:
    t = table(move_errors=True)
    t.tap("column:1")
    events = t.tap("column:2")
    assert {"type": "error", "message": "A card goes on a card one rank higher"} in events
    assert t.view()["message"] == "A card goes on a card one rank higher"
    assert t.view()["moves"] == 0 and t.view()["selected"] == "column:2"


def test_double_tap_moves_the_run_where_it_fits_and_undo_takes_it_back() -> None:
    t = table()
    before = t.view()
    events = t.double_tap("column:9")
    assert events[-1]["type"] == "move" and events[-1]["from"] == "column:9"
    t.undo()
    assert t.view()["piles"] == before["piles"]
    t.redo()
    assert t.view()["moves"] == 1


def test_the_stock_deals_a_card_onto_every_column() -> None:
    t = table()
    t.tap("stock")
    view = t.view()
    assert [len(p["cards"]) for p in view["piles"][:10]] == [7] * 4 + [6] * 6
    assert next(p for p in view["piles"] if p["kind"] == "stock")["count"] == 40


def test_a_hint_names_the_card_and_its_intent_plays_it() -> None:
    t = table()
    hint = t.hint("en")
    assert hint["verdict"] == "move" and hint["card"] == "8S"
    assert hint["words"] == "Hint: move the 8 of spades from column 9 to column 5"
    intent = hint["intents"][0]
    events = t.act(("drag", intent["source"], intent["target"]))
    assert any(e.get("move") == hint["move"] for e in events)


def test_a_bad_target_is_a_clear_error() -> None:
    t = table()
    for bad in ("column:11", "column:x", "pile:1", "foundation:9", "column:3:z"):
        try:
            t.tap(bad)
        except ValueError as error:
            assert "unknown Spider target" in str(error)
        else:
            raise AssertionError(bad)


@pytest.mark.parametrize(("variant", "first_beam_only"), [("S4", True), ("S2", False)])
def test_where_a_game_was_lost_asks_four_suits_of_the_first_beam_alone(
    monkeypatch: pytest.MonkeyPatch, variant: str, first_beam_only: bool
) -> None:
    """A table waits for this verdict (where a game was lost): four suits spend the first
    beam's share, not the whole portfolio's 26,500,000 expansions."""
    from cardems.spider import solver
    from cardems.spider.table import SOLITAIRE

    asked: list[dict[str, object]] = []

    def recorded(state: object, **given: object) -> solver.Result:
        asked.append(given)
        return solver.Result(None, None, 0)

    monkeypatch.setattr(solver, "solve", recorded)
    state = deal(DealCode("SP", 1, variant, 7))
    assert SOLITAIRE.verdict(state, True) == (None, None)
    nodes, shape = solver.FOUR_SUITS[0]
    assert asked == ([{"nodes": nodes, **shape}] if first_beam_only else [{}])
