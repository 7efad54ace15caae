"""The table service's guarantees: every acknowledged action is saved, whatever else
happens — two servers on one database, a save that fails, an intent sent twice."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cardems.core.service import Move, ServiceError, TableService
from cardems.database import DatabaseError
from cardems.store import Save, Store

CODE = "HH1-N-AAAAAAM"
T = TypeVar("T")


def server(path: str | Path) -> TableService:
    """One server process's service: its own connection and its own cache."""
    return TableService(Store(path))


def act(service: TableService, player: str, game_id: str, version: int) -> dict[str, Any]:
    answer = service.act(player, game_id, {"type": "tap", "target": "stock", "version": version})
    return answer.view


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test run before in this process
    leaves Playwright's loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def saved_log(path: str | Path, game_id: str) -> list[tuple[str, ...]]:
    saved = Store(path).load_game(game_id)
    assert saved is not None
    return saved.log


def test_two_servers_on_one_database_lose_no_acknowledged_action(database: str) -> None:
    path = database
    first, second = server(path), server(path)
    player = first.store.create_player()
    game_id = first.new_game(player, {"code": CODE}).id
    second.load(player, game_id)  # both servers hold the game in memory
    acknowledged = 0
    for version in range(3):  # three moves through the first server
        assert act(first, player, game_id, version)["version"] == version + 1
        acknowledged += 1
    # the second server's copy is stale: it catches up before it acts
    assert act(second, player, game_id, 3)["version"] == 4
    acknowledged += 1
    # an intent made on what the second server showed before is refused, not applied
    with pytest.raises(ServiceError) as stale:
        act(first, player, game_id, 3)
    assert stale.value.status == 409 and stale.value.extra["view"]["version"] == 4
    assert saved_log(path, game_id) == [("tap", "stock")] * acknowledged
    assert first.view(first.load(player, game_id))["version"] == 4


def test_a_race_between_two_servers_saves_only_the_winner(database: str) -> None:
    path = database
    first, second = server(path), server(path)
    player = first.store.create_player()
    game_id = first.new_game(player, {"code": CODE}).id
    live = second.load(player, game_id)
    act(first, player, game_id, 0)
    # the second server acts on its stale copy as if it had checked just before the first
    live.table.act(("tap", "stock"))
    with pytest.raises(ServiceError) as lost:
        second.save(Move(live, player, 0, live.table.log[0:1], [], second.view(live), None, False))
    assert lost.value.status == 409
    assert saved_log(path, game_id) == [("tap", "stock")]
    assert second.view(second.load(player, game_id))["version"] == 1


def test_a_failed_save_answers_503_and_leaves_the_game_as_saved(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = server(database)
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id
    act(service, player, game_id, 0)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise DatabaseError("database or disk is full")

    monkeypatch.setattr(service.store, "save_actions", disk_full)
    with pytest.raises(ServiceError) as failed:
        act(service, player, game_id, 1)
    assert failed.value.status == 503
    monkeypatch.undo()
    view = service.view(service.load(player, game_id))
    assert view["version"] == 1 and view["moves"] == 1  # the refused move is not shown
    assert act(service, player, game_id, 1)["version"] == 2  # and play goes on
    assert saved_log(database, game_id) == [("tap", "stock")] * 2


def test_the_same_intent_sent_twice_applies_once(database: str) -> None:
    service = server(database)
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id
    act(service, player, game_id, 0)
    with pytest.raises(ServiceError) as again:
        act(service, player, game_id, 0)  # a retry of the same tap
    assert again.value.status == 409
    assert service.view(service.load(player, game_id))["moves"] == 1
    assert saved_log(database, game_id) == [("tap", "stock")]


@pytest.mark.parametrize("version", [None, -1, "3", True, 1.0])
def test_an_intent_without_a_proper_version_is_a_400(tmp_path: Path, version: object) -> None:
    service = server(tmp_path / "c.db")
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id
    with pytest.raises(ServiceError) as refused:
        service.act(player, game_id, {"type": "tap", "target": "stock", "version": version})
    assert refused.value.status == 400 and "version" in refused.value.message
    assert saved_log(tmp_path / "c.db", game_id) == []


def test_a_copy_made_stale_by_another_server_is_played_again_on_the_saved_game(
    database: str,
) -> None:
    first, second = server(database), server(database)
    player = first.store.create_player()
    game_id = first.new_game(player, {"code": CODE}).id
    second.load(player, game_id)  # the second server's copy stays at version 0
    act(first, player, game_id, 0)
    # an intent made on version 0 (a second tab) reaches the second server's copy at 0:
    # its save finds the game moved on, so it is refused there too, with the saved view
    with pytest.raises(ServiceError) as stale:
        act(second, player, game_id, 0)
    assert stale.value.status == 409 and stale.value.extra["view"]["version"] == 1
    # its copy now follows the saved game: the next intent plays without a 409
    assert act(second, player, game_id, 1)["version"] == 2
    assert saved_log(database, game_id) == [("tap", "stock")] * 2


def test_a_copy_of_a_game_replaced_on_another_server_is_not_played(database: str) -> None:
    first, second = server(database), server(database)
    player = first.store.create_player()
    game_id = first.new_game(player, {"code": CODE}).id
    act(first, player, game_id, 0)
    second.new_game(player, {"code": CODE})  # a newer deal: the first game is abandoned
    with pytest.raises(ServiceError) as replaced:
        act(first, player, game_id, 1)  # the first server's copy still says "playing"
    assert replaced.value.status == 409
    assert saved_log(database, game_id) == [("tap", "stock")]


def test_a_copy_of_a_game_given_to_another_player_is_not_played(database: str) -> None:
    first, second = server(database), server(database)
    player, account = first.store.create_player(), first.store.create_player()
    game_id = first.new_game(player, {"code": CODE}).id
    second.store.adopt_games(player, account)  # signed in elsewhere: the game went along
    with pytest.raises(ServiceError) as taken:
        act(first, player, game_id, 0)
    assert taken.value.status == 403
    assert act(first, account, game_id, 0)["version"] == 1
    assert saved_log(database, game_id) == [("tap", "stock")]


def test_a_move_sent_with_an_ended_session_is_refused_and_not_saved(database: str) -> None:
    first, second = server(database), server(database)
    player = first.store.create_player()
    first.store.create_account(player, "ana", "ana", "hash")
    token = first.store.create_session(player)
    assert first.store.visitor(token, cached=True) == (player, {}, False)
    game_id = first.new_game(player, {"code": CODE}).id
    second.store.end_session(token)  # signed out through another server
    assert first.store.visitor(token, cached=True) == (player, {}, False)  # still in its cache
    tap = {"type": "tap", "target": "stock", "version": 0}
    with pytest.raises(ServiceError) as ended:
        first.act(player, game_id, tap, cookie=token)
    assert ended.value.status == 403
    assert first.store.visitor(token, cached=True) is None  # the cache let it go
    assert saved_log(database, game_id) == []


def test_a_played_move_holds_its_game_until_it_is_saved(database: str) -> None:
    service = server(database)
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id
    tap = {"type": "tap", "target": "stock", "version": 0}
    move = service.play(player, game_id, tap)
    assert isinstance(move, Move) and move.view["version"] == 1
    assert service.play(player, game_id, tap) is None  # busy: the next request waits
    assert saved_log(database, game_id) == []  # not acknowledged, not saved
    answer = service.save(move)
    assert answer is not None and answer.view["version"] == 1
    assert saved_log(database, game_id) == [("tap", "stock")]
    assert act(service, player, game_id, 1)["version"] == 2


def test_a_move_saved_on_the_event_loop_is_saved_like_any_other(database: str) -> None:
    service = server(database)
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id

    async def two_moves() -> list[int]:
        await service.store.open_async()  # what a server's start does
        try:
            versions = []
            for version in range(2):
                tap = {"type": "tap", "target": "stock", "version": version}
                move = service.play(player, game_id, tap)
                assert isinstance(move, Move)
                answer = await service.save_async(move)
                assert answer is not None
                versions.append(answer.view["version"])
            return versions
        finally:
            await service.store.close_async()

    assert run(two_moves()) == [1, 2]
    assert saved_log(database, game_id) == [("tap", "stock")] * 2


def test_a_save_cancelled_while_the_database_works_leaves_no_guess_in_memory(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = server(database)
    player = service.store.create_player()
    game_id = service.new_game(player, {"code": CODE}).id
    tap = {"type": "tap", "target": "stock", "version": 0}
    save_actions = service.store.save_actions_async
    started = asyncio.Event()

    async def slow_save(save: Save) -> None:
        await save_actions(save)  # the move reaches the database…
        started.set()
        await asyncio.sleep(60)  # …and the answer is slow to come back

    monkeypatch.setattr(service.store, "save_actions_async", slow_save)

    async def cancelled_save() -> None:
        move = service.play(player, game_id, tap)
        assert isinstance(move, Move)
        saving = asyncio.create_task(service.save_async(move))
        await started.wait()
        saving.cancel()
        with pytest.raises(asyncio.CancelledError):
            await saving

    run(cancelled_save())
    # saved or not, the copy in memory is gone: the next request reads what is saved
    assert service.cached(player, game_id) is None
    assert saved_log(database, game_id) == [("tap", "stock")]
    with pytest.raises(ServiceError) as stale:  # the tab's retry of version 0 is not applied
        act(service, player, game_id, 0)
    assert stale.value.status == 409
    assert act(service, player, game_id, 1)["version"] == 2
