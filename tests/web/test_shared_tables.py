"""Two workers' :class:`SharedTables` on one database, without a bus between them: each
plays on its own copy of the match and of the table's rows, and the save decides (a
compare-and-set on the version and on the seats), so a copy behind never wins."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import cast

import pytest

from cardems import store_tables
from cardems.core.registry import games
from cardems.store import Store
from cardems.web.shared_tables import SharedGame, SharedTables, seats_json
from cardems.web.table_bus import parse_payload, payload

HEARTS = cast(SharedGame, next(g for g in games() if hasattr(g, "new_shared_match")))


@pytest.fixture
def workers(database: str) -> Iterator[list[SharedTables]]:
    stores = [Store(database) for _ in range(2)]
    yield [SharedTables(store, HEARTS) for store in stores]
    for store in stores:
        store.close()


def seated(tables: SharedTables, people: int) -> tuple[str, list[str]]:
    """A table with ``people`` people (seats 0 on): its id and theirs."""
    ids = [tables.store.create_player() for _ in range(people)]
    table = tables.open(ids[0], "Ana", {"level": "easy"})
    assert table.code is not None
    for n in range(1, people):
        tables.join(table.code, ids[n], f"Guest{n}")
    return table.id, ids


def pass_of(tables: SharedTables, table_id: str, seat: int) -> dict[str, object]:
    _, view = tables.view(tables.table(table_id), seat)
    return {"type": "pass", "cards": view["hand"][:3]}


def saved_log(tables: SharedTables, table_id: str) -> list[tuple[str, ...]]:
    game = tables.store.load_game(tables.table(table_id).game_id)
    assert game is not None
    return [tuple(action) for action in game.log]


def test_a_move_on_a_copy_behind_is_played_again_on_the_saved_match(
    workers: list[SharedTables],
) -> None:
    one, two = workers
    table_id, _ = seated(one, 4)
    two.view(two.table(table_id), 1)  # the second worker's copy, at version 0
    first = one.act(one.table(table_id), 0, pass_of(one, table_id, 0))
    assert first.version == 1
    second = two.act(two.table(table_id), 1, pass_of(one, table_id, 1))
    assert not [event for event in second.events if event["type"] == "error"]
    assert second.version == 2 and second.view["passes_chosen"] == [True, True, False, False]
    log = saved_log(one, table_id)
    assert [(kind, seat) for kind, seat, _ in log] == [("pass", "0"), ("pass", "1")]
    again = SharedTables(one.store, HEARTS)
    _, fresh = again.view(again.table(table_id), 1)
    assert fresh == two.view(two.table(table_id), 1)[1]  # the copy is the saved match


def test_a_refusal_on_a_copy_behind_is_checked_on_the_saved_match(
    workers: list[SharedTables],
) -> None:
    one, two = workers
    table_id, _ = seated(one, 4)
    two.view(two.table(table_id), 0)  # still passing, on the second worker
    for seat in range(4):
        one.act(one.table(table_id), seat, pass_of(one, table_id, seat))
    table = one.table(table_id)
    leader = next(s for s in range(4) if "2C" in one.view(table, s)[1]["hand"])
    played = two.act(two.table(table_id), leader, {"type": "play", "card": "2C"})
    assert not [e for e in played.events if e["type"] == "error"]
    assert played.version == 5 and saved_log(one, table_id)[-1] == ("play", str(leader), "2C")


def test_bots_play_for_the_seats_as_saved_not_as_a_worker_last_read_them(
    workers: list[SharedTables],
) -> None:
    one, two = workers
    table_id, ids = seated(one, 2)
    stale, _ = one.member(table_id, ids[0])  # the first worker keeps these rows
    two.set_robot(table_id, ids[1], True)  # the second person leaves, on the other worker
    assert stale.people == frozenset({0, 1})
    played = one.act(stale, 0, pass_of(one, table_id, 0))
    assert played.view["passes_chosen"] == [True, True, True, True]  # a bot passed for p1
    assert played.table.people == frozenset({0})


def test_a_move_heard_with_its_actions_is_played_on_a_copy_at_its_version(
    workers: list[SharedTables],
) -> None:
    one, two = workers
    table_id, _ = seated(one, 4)
    game_id = one.table(table_id).game_id
    two.view(two.table(table_id), 2)  # the second worker's copy, at version 0
    played = one.act(one.table(table_id), 0, pass_of(one, table_id, 0))
    saved = saved_log(one, table_id)
    assert two.peek(table_id, game_id, 1, lambda table, live: live.version) is None  # behind
    two.heard(game_id, 1, (0, saved))
    assert two.peek(table_id, game_id, 1, lambda table, live: live.version) == played.version
    assert two.peek(table_id, game_id, 1, lambda table, live: live.view_of(0)) == played.view
    two.heard(game_id, 5, (3, [("pass", "1", "2C 3C 4C")] * 2))  # not at its version
    assert two.peek(table_id, game_id, 1, lambda table, live: live.version) == 1


def test_a_message_names_a_game_and_a_version_and_may_carry_its_move() -> None:
    move = (4, [("play", "2", "QS"), ("play", "3", "KS")])
    assert parse_payload(payload("g1", 6, move)) == ("g1", 6, move)
    assert parse_payload(payload("g1", 6)) == ("g1", 6, None)
    assert parse_payload("g1,6,4,[[1]]") == ("g1", 6, None)  # a move not well formed
    assert parse_payload("g1,6,5,[]") == ("g1", 6, None)  # nor leading to its version
    assert parse_payload("g1;x") is None and parse_payload("g\x00,1") is None
    long = (0, [("pass", "0", "2C 3C 4C")] * 400)
    assert payload("g1", 400, long) == "g1,400"  # too long for NOTIFY: the rows will say


def test_a_workers_connection_counts_expire_with_it(
    workers: list[SharedTables], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 47, item 7: a worker killed without closing its sockets (it renews its
    counts no more) stops showing its players as connected once its lease runs out, and
    no longer keeps their table open."""
    one, two = workers
    table_id, _ = seated(one, 2)
    table = one.table(table_id)
    one.connected(table, 0, 1)  # seat 0's socket is on the first worker, which dies
    two.connected(table, 1, 1)
    assert [seat.connections for seat in two.table(table_id).seats] == [1, 1]
    later = time.time() + store_tables.LEASE_SECONDS + 1

    class Later:
        @staticmethod
        def time() -> float:
            return later

    monkeypatch.setattr(store_tables, "time", Later)
    assert [seat.connections for seat in two.table(table_id).seats] == [0, 0]
    two.rows.heartbeat()  # the second worker lives on: its count holds
    seats = seats_json(two.table(table_id))
    assert [seat["connected"] for seat in seats[:2]] == [False, True]
    assert two.close_idle(later + 1) == []  # someone is connected
    two.connected(table, 1, -1)
    assert two.close_idle(later + 1) == [table_id]  # though seat 0's socket never closed


@pytest.mark.slow
def test_the_table_service_plays_and_saves_the_shared_matches(database: str) -> None:
    """One service: the app's shared tables play through the table service's part for
    shared matches, so the copy a move is played on, saved from and seen through is the
    service's, as a solo game's is (issue 47, "one service")."""
    from cardems.web.app import create_app

    app = create_app(database)
    service, hub = app.state.service, app.state.hub
    try:
        matches = service.shared
        assert matches is not None and hub.tables.matches is matches
        tables = hub.tables
        table_id, _ = seated(tables, 1)
        table = tables.table(table_id)
        played = tables.act(table, 0, pass_of(tables, table_id, 0))
        live = matches.cached(table.game_id)
        assert live is not None and live.version == played.version > 0
        assert len(saved_log(tables, table_id)) == played.version
        assert matches.view(table.game_id, table.level, 0) == (played.version, played.view)
    finally:
        service.store.close()
