"""Klondike's scoring, the player's choice: standard (Microsoft's points) or Vegas (the
deal costs 52, each card home pays 5), kept with the game, by Play again and in the
statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardems.core.game import PlayedGame, TableSettings
from cardems.core.service import TableService
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.kit.table import SolitaireTable
from cardems.klondike.declared import board as deal
from cardems.klondike.game import GAME, variant_label
from cardems.klondike.solver import solve
from cardems.klondike.table import SOLITAIRE
from cardems.store import Store

CODE = DealCode.parse("KL1-D3-AAAAAAA")


def first_card_home(scoring: str) -> tuple[int, int]:
    """The score before and after the first move of the winning line that sends a card
    home (and the line's moves before it)."""
    state = deal(CODE, scoring)
    line = solve(state, 50_000, use_compiled=False).line
    assert line is not None
    for move in line:
        after = state.apply(move)
        if move.target == "F":
            return state.score, after.score
        state = after
    raise AssertionError("no card home")


def test_vegas_pays_52_and_wins_5_a_card_home() -> None:
    assert deal(CODE, "vegas").score == -52
    before, after = first_card_home("vegas")
    assert after == before + 5


def test_standard_counts_microsofts_points_from_zero() -> None:
    assert deal(CODE).score == deal(CODE, "standard").score == 0
    before, after = first_card_home("standard")
    assert after == before + 10


def test_a_card_taken_back_from_a_foundation_takes_its_5() -> None:
    state = deal(CODE, "vegas")
    line = solve(state, 50_000, use_compiled=False).line
    assert line is not None
    for move in line:
        state = state.apply(move)
        back = [m for m in state.legal_moves() if m.source.startswith("F")]
        if back:
            assert state.apply(back[0]).score == state.score - 5
            return
    raise AssertionError("no card could come back")


def test_an_unknown_scoring_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Klondike scoring 'poker'"):
        deal(CODE, "poker")


def test_a_vegas_table_scores_vegas_and_a_won_deal_pays_208() -> None:
    table = GAME.new_table(CODE, TableSettings(), {"scoring": "vegas"}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    view = table.view()
    assert (view["score"], view["scoring"]) == (-52, "vegas")
    line = solve(table.state, 50_000, use_compiled=False).line
    assert line is not None
    for move in line:
        table.act(SOLITAIRE.intent_of(table.state, move))
    assert table.status == "won" and table.view()["score"] == 5 * 52 - 52
    standard = GAME.new_table(CODE, TableSettings(), {}, lambda: 0.0).view()
    assert (standard["score"], standard["scoring"]) == (0, "standard")


@pytest.mark.slow
def test_the_choice_is_kept_with_the_game_and_by_play_again(tmp_path: Path) -> None:
    service = TableService(Store(str(tmp_path / "cardems.db")))
    player = service.store.create_player()
    live = service.new_game(player, {"game": "klondike", "variant": "D1", "scoring": "vegas"})
    assert live.saved.options["scoring"] == "vegas" and live.table.view()["score"] == -52
    again = service.again(player, live.id)
    assert again.saved.variant == "D1" and again.saved.options["scoring"] == "vegas"
    assert again.table.view()["score"] == -52
    service.act(player, again.id, {"type": "tap", "target": "stock", "version": 0})
    reloaded = TableService(Store(str(tmp_path / "cardems.db"))).load(player, again.id)
    assert reloaded.table.view()["score"] == -52 and reloaded.table.view()["scoring"] == "vegas"


def test_statistics_keep_the_two_scores_apart() -> None:
    vegas = {"scoring": "vegas"}
    games = [
        PlayedGame("D3", "won", 640, 120, 300.0),
        PlayedGame("D3", "won", 208, 110, 250.0, vegas),
        PlayedGame("D3", "stuck", -37, 80, 200.0, vegas),
        PlayedGame("D1", "won", 700, 100, 200.0),
    ]
    blocks = {block.variant: block for block in GAME.statistics(games)}
    d3 = {line.key: line.value for line in blocks["D3"].lines}
    assert (d3["played"], d3["won"], d3["best_score"]) == (3, 2, 640)
    assert (d3["best_vegas"], d3["vegas_total"]) == (208, 171)
    d1 = {line.key: line.value for line in blocks["D1"].lines}
    assert d1["best_score"] == 700 and "vegas_total" not in d1


def test_statistics_tell_the_variants_apart() -> None:
    games = [PlayedGame(variant, "won", 500, 100, 200.0) for variant in ("D3", "D1", "D1L")]
    labels = {block.variant: block.variant_label for block in GAME.statistics(games)}
    assert labels == {
        "D3": ("Draw %(num)d card", "Draw %(num)d cards", 3),
        "D1": ("Draw %(num)d card", "Draw %(num)d cards", 1),
        "D1L": ("Draw %(num)d card, limited passes", "Draw %(num)d cards, limited passes", 1),
    }


@pytest.mark.parametrize(
    ("lang", "variant", "title"),
    [
        ("ar", "D1", "سحب ورقة واحدة"),
        ("he", "D3", "משיכה של 3 קלפים"),
        ("ro", "D3L", "Trage 3 cărți, treceri limitate"),
    ],
)
def test_the_variants_titles_are_translated(lang: str, variant: str, title: str) -> None:
    singular, plural, num = variant_label(variant)
    assert translations(lang).ngettext(singular, plural, num) % {"num": num} == title
