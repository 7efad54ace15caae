"""The settings each game declares: only its own reach its options, old saves still load."""

from __future__ import annotations

from pathlib import Path

from cardems.core.registry import game_for, games
from cardems.core.service import TableService
from cardems.core.settings import DEFAULT_SETTINGS, GAME_SETTINGS, shown_switches
from cardems.store import Store

HEARTS = "HT1-N-AAAAAAM"
SEAHAVEN = "SH1-C4-AAAAAJ2"


def service_with_auto_move(tmp_path: Path) -> tuple[TableService, str]:
    service = TableService(Store(tmp_path / "cardems.db"))
    player = service.store.create_player()
    service.update_settings(player, {"auto_move": True, "tracker": True})
    return service, player


def test_every_game_setting_is_declared_by_a_game_and_known() -> None:
    declared = {key for game in games() for key in game.settings}
    assert declared == set(GAME_SETTINGS) and declared <= DEFAULT_SETTINGS.keys()
    assert game_for("HT").settings == ("tracker", "coach")
    assert "auto_move" in game_for("SH").settings and "auto_move" in game_for("KL").settings


def test_a_new_game_holds_only_the_settings_it_declares(tmp_path: Path) -> None:
    service, player = service_with_auto_move(tmp_path)
    hearts = service.new_game(player, {"code": HEARTS}).saved.options
    assert "auto_move" not in hearts and "tracker" not in hearts and hearts["level"]
    assert "auto_move" not in service.new_game(player, {"game": "heart-to-heart"}).saved.options
    seahaven = service.new_game(player, {"code": SEAHAVEN})
    assert seahaven.saved.options["auto_move"] is True
    assert service.again(player, seahaven.id).saved.options["auto_move"] is True


def test_an_old_hearts_game_saved_with_auto_move_loads_and_deals_again_without(
    tmp_path: Path,
) -> None:
    service, player = service_with_auto_move(tmp_path)
    options = {"level": "expert", "auto_move": True, "secret": "ab" * 16}
    game_id = service.store.create_game(player, "hearts", "N", HEARTS, options)
    assert service.load(player, game_id).view()["status"] == "playing"
    restarted = service.restart(player, game_id)
    assert restarted.saved.options["auto_move"] is True  # the same game: kept as it was
    again = service.again(player, restarted.id).saved.options
    assert again["level"] == "expert" and "auto_move" not in again


def test_a_server_without_heart_to_heart_shows_no_switch_for_it() -> None:
    shown = shown_switches([game_for("HT")])
    assert "tracker" in shown and "move_errors" in shown
    assert "auto_move" not in shown and "show_available" not in shown
