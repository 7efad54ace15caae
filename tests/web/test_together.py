"""Shared tables end to end: a real server (two on PostgreSQL), people over HTTP and
WebSockets: joining, who sits where, hidden cards, live updates, bots, clock, closing."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from together_helpers import Person, a_move, finish_the_match
from web_browser import LiveServer

from cardems.store import Store
from cardems.web.deps import TOO_MANY
from cardems.web.table_live import BAD_MESSAGE

FULL = {f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC"}


@pytest.fixture
def servers(database: str, tmp_path: Any) -> Iterator[list[LiveServer]]:
    """One server on SQLite; two (two workers, one database) on PostgreSQL."""
    count = 1 if database.endswith(".db") else 2
    started = [LiveServer(database) for _ in range(count)]  # type: ignore[arg-type]
    yield started
    for server in started:
        server.stop()


@pytest.fixture
def people(servers: list[LiveServer]) -> Iterator[list[Person]]:
    """Four people at one table: the host opened it, three joined by its code (with
    every other on the second worker, where there is one)."""
    names = ["Ana", "Bogdan", "Chana", "Dalia"]
    crowd = [Person(servers[i % len(servers)].url, name) for i, name in enumerate(names)]
    opened = crowd[0].open(level="easy")
    for person in crowd[1:]:
        person.join(opened["table"]["code"])
    yield crowd
    for person in crowd:
        person.close()


def hub(server: LiveServer) -> Any:
    return server.server.config.app.state.hub


def test_friends_join_by_code_and_see_who_sits_where(people: list[Person]) -> None:
    seats = people[0].show()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bogdan", "Chana", "Dalia"]
    assert [p.seat for p in people] == [0, 1, 2, 3]
    assert not any(s["bot"] for s in seats)
    code = people[0].show()["table"]["code"]
    fifth = Person(people[0].base, "Eve")
    answer = fifth.post("/api/tables/join", {"code": code.lower().replace("-", " "), "name": "Eve"})
    assert answer.status_code == 409 and "full" in answer.json()["error"]
    joined_again = people[2].join(code)  # a member joining again keeps their seat
    assert joined_again["table"]["seat"] == 2


def test_only_members_see_the_table_and_a_revoked_link_lets_nobody_in(
    servers: list[LiveServer],
) -> None:
    host, stranger = Person(servers[0].url, "Ana"), Person(servers[-1].url, "Eve")
    opened = host.open(level="medium")
    table_id, code = opened["table"]["id"], opened["table"]["code"]
    assert stranger.http.get(f"/api/tables/{table_id}").status_code == 404
    assert stranger.http.get(f"/tables/{table_id}").status_code == 404
    page = stranger.http.get(opened["table"]["link"])
    assert page.status_code == 200 and code in page.text
    revoked = host.post(f"/api/tables/{table_id}/revoke").json()["table"]
    assert revoked["code"] != code
    late = stranger.post("/api/tables/join", {"code": code, "name": "Eve"})
    assert late.status_code == 404 and "revoked" in late.json()["error"]
    assert stranger.http.get(opened["table"]["link"]).status_code == 404
    bad = stranger.post("/api/tables/join", {"code": "K7QX-M2P", "name": "Eve"})
    assert bad.status_code == 400 and "\n" not in bad.json()["error"]
    assert "8 letters" in bad.json()["error"]
    not_host = stranger.join(revoked["code"])
    assert not_host["table"]["seat"] == 1 and not not_host["table"]["host"]
    assert stranger.post(f"/api/tables/{table_id}/revoke").status_code == 403
    host.close()
    stranger.close()


def cards_in(data: Any) -> set[str]:
    """Every string of ``data`` (nested lists and dicts) that is a card."""
    if isinstance(data, str):
        return {data} & FULL
    if isinstance(data, dict):
        return set().union(*map(cards_in, data.values()))
    if isinstance(data, list):
        return set().union(*map(cards_in, data))
    return set()


def test_only_members_connect_and_only_from_this_servers_pages(people: list[Person]) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    host = people[0]
    url = host.base.replace("http", "ws", 1) + f"/ws/tables/{host.table_id}"
    cookie = f"cardems_player={host.http.cookie()}"
    with (
        pytest.raises((InvalidStatus, ConnectionError, OSError)) as refused,
        connect(url, additional_headers={"Cookie": cookie, "Origin": "http://evil.example"}) as ws,
    ):
        ws.recv(5)
    stranger = Person(host.base, "Eve")
    stranger.post("/api/settings", {})  # a player of their own, seated nowhere
    with (
        pytest.raises((InvalidStatus, ConnectionError, OSError)),
        connect(
            url, additional_headers={"Cookie": f"cardems_player={stranger.http.cookie()}"}
        ) as ws,
    ):
        ws.recv(5)
    assert refused.value is not None
    stranger.close()


def test_each_seat_has_its_own_rate_limit(people: list[Person]) -> None:
    statuses = [
        people[1]
        .post(f"/api/tables/{people[1].table_id}/intent", {"type": "play", "card": "2C"})
        .status_code
        for _ in range(40)
    ]
    assert statuses.count(429) >= 5 and statuses[0] == 200
    assert (
        people[2]
        .post(f"/api/tables/{people[2].table_id}/intent", {"type": "play", "card": "2C"})
        .status_code
        == 200
    )


def check_hidden(views: list[dict[str, Any]]) -> None:
    """No seat's view names a card another seat holds, but the three it passed."""
    hands = [set(view["hand"]) for view in views]
    assert sum(map(len, hands)) == len(set().union(*hands))
    for seat, view in enumerate(views):
        others = set().union(*(hands[s] for s in range(4) if s != seat))
        assert not (cards_in(view) - set(view["passed"])) & others, seat


@pytest.mark.slow
def test_four_people_play_a_round_and_each_sees_only_their_cards(people: list[Person]) -> None:
    rng = random.Random(5)
    round_ended = False
    first = people[0].show()["view"]["round"]
    for _ in range(80):
        views = [p.show()["view"] for p in people]
        check_hidden(views)
        if views[0]["round"] != first:
            round_ended = True
            break
        moved = False
        for person, view in zip(people, views, strict=True):
            move = a_move(view, rng)
            if move is not None:
                answer = person.act({**move, "version": person.show()["version"]})
                assert "refused" not in answer, answer
                moved = True
        assert moved
    assert round_ended
    assert sum(views[0]["totals"]) in (26, 78)


@pytest.mark.slow
def test_each_person_gets_the_coach_on_their_own_cards_and_nothing_hidden(
    servers: list[LiveServer], people: list[Person]
) -> None:
    assert people[0].http.get(f"/api/tables/{people[0].table_id}/coach").json() == {
        "coach": None  # no round over yet
    }
    rng = random.Random(12)
    held: list[set[str]] = [set() for _ in people]  # every card each saw in their hand
    passed: list[set[str]] = [set() for _ in people]
    for _ in range(80):
        views = [p.show()["view"] for p in people]
        if views[0]["round"] != 0:
            break
        for seat, view in enumerate(views):
            held[seat] |= set(view["hand"])
            passed[seat] |= set(view["passed"])
        for person, view in zip(people, views, strict=True):
            move = a_move(view, rng)
            if move is not None:
                person.act({**move, "version": person.show()["version"]})
    assert views[0]["round"] == 1
    kept = [held[seat] - passed[seat] for seat in range(4)]  # their hand after the pass
    stranger = Person(servers[0].url, "Eve")
    stranger.http.post("/api/settings", {"guide_seen": True})
    assert stranger.http.get(f"/api/tables/{people[0].table_id}/coach").status_code == 404
    noted = 0
    for seat, person in enumerate(people):
        answer = person.http.get(f"/api/tables/{person.table_id}/coach")
        assert answer.status_code == 200, answer.text
        coach = answer.json()["coach"]
        assert coach["round"] == 0 and coach["title"] and coach["empty"]
        for note in coach["notes"]:  # their own plays, and cards they held then
            noted += 1
            assert {note["card"], note["best"]} <= kept[seat], (seat, note)
            assert note["text"] and note["label"] and "\n" not in note["text"]
            for reason in note["reasons"]:
                if reason["key"] == "queen_passed":  # "you passed it": their own pass
                    assert "QS" in passed[seat] and not reason["cards"]
        assert set(coach) == {"round", "threshold", "notes", "title", "empty"}
        for note in coach["notes"]:
            assert set(note) == {"trick", "card", "best", "cost", "reasons", "text", "label"}
    assert noted > 0  # random play costs points somewhere
    stranger.close()


def test_a_player_who_leaves_is_replaced_by_a_bot_until_they_come_back(
    people: list[Person],
) -> None:
    host, bogdan = people[0], people[1]
    left = bogdan.post(f"/api/tables/{bogdan.table_id}/leave").json()
    assert left["table"]["seats"][1]["bot"] and left["table"]["seats"][1]["name"] == "Bogdan"
    rng = random.Random(6)
    for person in (people[0], people[2], people[3]):
        move = a_move(person.show()["view"], rng)
        assert move is not None
        person.act({**move, "version": 0})
    view = bogdan.show()["view"]
    assert view["passes_chosen"] == [True, True, True, True]  # the bot passed for Bogdan
    back = bogdan.post(f"/api/tables/{bogdan.table_id}/back").json()
    assert not back["table"]["seats"][1]["bot"]
    assert host.show()["version"] == back["version"]


@pytest.mark.slow
def test_a_bot_holds_the_seat_of_someone_gone_and_hands_it_back_when_they_return(
    servers: list[LiveServer], people: list[Person]
) -> None:
    for server in servers:
        hub(server).hold_seconds = 0.3
    host, bogdan, chana = people[0], people[1], people[2]
    host.connect()
    host.until(0)
    bogdan.connect()
    bogdan.until(0)
    chana.post(f"/api/tables/{chana.table_id}/leave")  # she leaves herself
    rng = random.Random(8)
    for person in (host, people[3]):
        move = a_move(person.show()["view"], rng)
        assert move is not None
        person.act({**move, "version": person.show()["version"]})
    assert host.show()["view"]["passes_chosen"] == [True, False, False, True]  # bots pass last
    assert bogdan.socket is not None
    bogdan.socket.close()  # gone without a word: the others do not wait for him
    deadline = time.monotonic() + 10
    while True:
        update = host.receive(max(0.1, deadline - time.monotonic()))
        seats = update.get("table", {}).get("seats", [{}] * 4)
        if seats[1].get("held") and update["view"]["passes_chosen"][1]:
            break
    assert seats[1]["bot"] and seats[1]["name"] == "Bogdan" and not seats[2]["held"]
    assert update["view"]["phase"] == "playing"  # the bot passed for him
    bogdan.connect()  # back: the seat is his again, where the match is
    first = bogdan.until(0)
    assert not first["table"]["seats"][1]["bot"] and not first["table"]["seats"][1]["held"]
    assert first["view"]["passes_chosen"] == [True, True, True, True]
    assert len(first["view"]["hand"]) + len(first["view"]["trick"]) >= 12
    while not (update := host.receive())["table"]["seats"][1]["connected"]:
        pass
    assert not update["table"]["seats"][1]["bot"]
    chana.connect()  # who left herself takes the seat back herself
    assert chana.until(0)["table"]["seats"][2]["bot"]


@pytest.mark.slow
def test_play_again_with_the_same_people_once_the_match_is_over(
    servers: list[LiveServer], people: list[Person], database: str
) -> None:
    host, bogdan = people[0], people[1]
    bogdan.post(f"/api/tables/{bogdan.table_id}/leave")  # a bot holds his seat meanwhile
    first = host.show()
    too_soon = bogdan.post(f"/api/tables/{bogdan.table_id}/again")
    assert too_soon.status_code == 409 and "not over" in too_soon.json()["error"]
    finish_the_match(database)
    host.connect()
    assert host.until(0)["view"]["status"] != "playing"
    stranger = Person(servers[-1].url, "Eve")
    stranger.http.post("/api/settings", {"guide_seen": True})
    assert stranger.post(f"/api/tables/{host.table_id}/again").status_code == 404
    again = bogdan.post(f"/api/tables/{bogdan.table_id}/again")
    assert again.status_code == 200, again.text
    table = again.json()["table"]
    assert table["id"] != first["table"]["id"] and table["seat"] == bogdan.seat
    assert [(s["name"], s["bot"]) for s in table["seats"]] == [
        (s["name"], s["bot"]) for s in first["table"]["seats"]
    ]
    assert table["code"] == first["table"]["code"]  # the link they have leads there
    fresh = again.json()["view"]
    assert fresh["status"] == "playing" and fresh["totals"] == [0, 0, 0, 0]
    assert fresh["round"] == 0 and len(fresh["hand"]) == 13
    while not (update := host.until(0))["table"]["next"]:  # the old table says where
        pass  # (after the update saying that he connected, perhaps)
    assert update["table"]["next"] == table["id"] and update["table"]["closed"]
    same = host.post(f"/api/tables/{host.table_id}/again")  # made once, whoever asks
    assert same.json()["table"]["id"] == table["id"] and same.json()["table"]["seat"] == 0
    assert same.json()["table"]["host"]
    rejoined = people[2].post("/api/tables/join", {"code": table["code"], "name": "Chana"})
    assert rejoined.json()["table"]["id"] == table["id"]
    assert rejoined.json()["table"]["seat"] == people[2].seat
    assert host.show()["table"]["closed"]  # the old match is kept, closed
    stranger.close()


def test_a_move_reaches_the_other_seats_on_every_worker(people: list[Person]) -> None:
    firsts = []
    for person in people:
        person.connect()
        firsts.append(person.receive())
        assert firsts[-1]["type"] == "update" and firsts[-1]["view"]["seat"] == person.seat
    for person, first in zip(people, firsts, strict=True):  # the connections are announced
        seats = first["table"]["seats"]
        while not all(seat["connected"] for seat in seats):
            seats = person.receive()["table"]["seats"]
    people[0].send("hello")  # text that is no move gets one line (bytes: test_table_floods)
    assert people[0].reply() == {"type": "error", "id": None, "error": BAD_MESSAGE}
    rng = random.Random(7)
    mover = people[2]
    move = a_move(mover.show()["view"], rng)
    assert move is not None
    answer = mover.act({**move, "version": 0})
    for person in people:
        update = person.until(answer["version"])
        assert update["version"] == answer["version"]
        assert update["view"]["seat"] == person.seat
        assert update["view"]["passes_chosen"][2]
        assert not set(update["view"]["passed"]) or person is mover
    people[3].socket.close()  # type: ignore[union-attr]
    seats = people[0].until(answer["version"])["table"]["seats"]
    while seats[3]["connected"]:
        seats = people[0].receive()["table"]["seats"]
    assert [s["connected"] for s in seats] == [True, True, True, False]


def connected(people: list[Person]) -> None:
    """Every person's socket open, their first view in."""
    for person in people:
        person.connect()
        person.until(0)


def test_a_move_over_the_socket_is_played_answered_and_reaches_every_seat(
    people: list[Person],
) -> None:
    connected(people)
    mover = people[1]
    view = mover.show()["view"]
    cards = sorted(view["hand"])[:3]
    answer = mover.move(7, {"type": "pass", "cards": cards, "version": 0})
    assert answer["type"] == "answer" and answer["version"] == 1 and "refused" not in answer
    assert answer["view"]["passes_chosen"] == [False, True, False, False]
    assert set(answer["view"]["passed"]) == set(cards)
    assert answer["table"]["seat"] == 1
    assert mover.show()["version"] == 1  # saved: the rows have it
    for person in people:
        if person is not mover:
            update = person.until(1)
            assert update["version"] == 1 and update["view"]["passes_chosen"][1]
            assert not set(update["view"]["passed"]) & set(cards)  # passes stay hidden
    move = a_move(people[2].show()["view"], random.Random(3))
    assert move is not None
    people[2].act({**move, "version": 1})
    following = mover.until(2)  # the mover's next update follows its answer
    assert following["from"] == 1 and following["version"] == 2


def test_a_refused_or_malformed_move_over_the_socket_is_one_line_and_changes_nothing(
    people: list[Person],
) -> None:
    connected(people)
    mover = people[1]
    refused = mover.move(1, {"type": "play", "card": "2C", "version": 0})  # while passing
    assert refused["type"] == "answer" and refused["version"] == 0 and refused["refused"]
    bad = mover.move(2, {"type": "fly", "version": 0})
    assert bad["type"] == "error" and "\n" not in bad["error"] and bad["error"]
    mover.send({"id": 3, "intent": "pass"})
    assert mover.reply() == {"type": "error", "id": 3, "error": BAD_MESSAGE}
    mover.send("{" * 5000)
    assert mover.reply() == {"type": "error", "id": None, "error": BAD_MESSAGE}
    assert mover.show()["version"] == 0
    assert mover.show()["view"]["passes_chosen"] == [False] * 4


def test_a_socket_moves_only_for_its_own_seat(people: list[Person]) -> None:
    connected(people)
    host, bogdan = people[0], people[1]
    theirs = sorted(host.show()["view"]["hand"])[:3]
    stolen = bogdan.move(1, {"type": "pass", "cards": theirs, "version": 0, "seat": 0})
    assert stolen["version"] == 0 and (stolen.get("refused") or stolen.get("error"))
    own = sorted(bogdan.show()["view"]["hand"])[:3]
    mine = bogdan.move(2, {"type": "pass", "cards": own, "version": 0, "seat": 0})
    assert mine["version"] == 1
    assert host.show()["view"]["passes_chosen"] == [False, True, False, False]
    assert set(host.show()["view"]["hand"]) >= set(theirs)


def test_the_seat_rate_limit_holds_over_the_socket_and_http_alike(people: list[Person]) -> None:
    connected(people)
    mover = people[1]
    for ident in range(40):
        mover.send({"id": ident, "intent": {"type": "play", "card": "2C", "version": 0}})
    replies = [mover.reply() for _ in range(40)]
    limited = [r for r in replies if r["type"] == "error" and r["error"] == TOO_MANY]
    assert len(limited) >= 5 and replies[0]["type"] == "answer"
    status = mover.post(f"/api/tables/{mover.table_id}/intent", {"type": "play", "card": "2C"})
    assert status.status_code == 429  # the same bucket
    assert people[2].move(1, {"type": "play", "card": "2C", "version": 0})["type"] == "answer"


def test_missed_updates_reload_and_a_reconnect_starts_where_the_game_is(
    people: list[Person],
) -> None:
    rng = random.Random(8)
    for person in people[:3]:
        move = a_move(person.show()["view"], rng)
        assert move is not None
        person.act({**move, "version": 0})
    people[3].connect()
    first = people[3].receive()
    assert first["from"] == -1 and first["events"] is None  # a fresh view, no events
    assert first["version"] == people[3].show()["version"] == 3
    assert first["view"]["hand"] == people[3].show()["view"]["hand"]


def test_the_turn_clock_gives_a_late_seat_to_a_bot_who_plays_for_it(
    servers: list[LiveServer],
) -> None:
    crowd = [Person(servers[0].url, name) for name in ("Ana", "Bogdan")]
    opened = crowd[0].open(level="easy", turn_seconds=30)
    crowd[1].join(opened["table"]["code"])
    tables = hub(servers[0]).tables
    table_id = opened["table"]["id"]
    assert not tables.expire(table_id)  # not yet
    assert tables.expire(table_id, now=time.time() + 31)
    table = crowd[0].show()
    assert [s["bot"] for s in table["table"]["seats"]] == [True, True, True, True]
    assert table["view"]["passes_chosen"] == [False, False, False, False]  # nobody plays
    crowd[1].post(f"/api/tables/{table_id}/back")
    after = crowd[1].show()
    assert not after["table"]["seats"][1]["bot"]
    move = a_move(after["view"], random.Random(1))
    assert move is not None
    passed = crowd[1].act({**move, "version": after["version"]})
    assert passed["view"]["passes_chosen"] == [True, True, True, True]  # bots for the rest
    bad = crowd[0].post("/api/tables", {"name": "Ana", "turn_seconds": 5})
    assert bad.status_code == 400 and "turn clock" in bad.json()["error"]
    for person in crowd:
        person.close()


@pytest.mark.slow
def test_a_real_turn_clock_runs_out_and_a_bot_plays_a_card_for_the_seat(
    servers: list[LiveServer], database: str
) -> None:
    crowd = [Person(servers[0].url, name) for name in ("Ana", "Bogdan")]
    opened = crowd[0].open(level="easy")
    crowd[1].join(opened["table"]["code"])
    rng = random.Random(3)
    for person in crowd:  # both pass (the bots pass after them): no clock yet
        move = a_move(person.show()["view"], rng)
        if move is not None:
            person.act({**move, "version": person.show()["version"]})
    store = Store(database)
    try:  # a clock of one second: shorter than the API allows, the same clock
        store.db.execute("UPDATE shared_tables SET turn_seconds = 1")
    finally:
        store.close()
    ana, bogdan = crowd
    ana.connect()  # the worker reads the table again, and winds its clock
    view = ana.receive()["view"]
    while view["to_play"] != bogdan.seat:  # Ana plays at once whenever it is her turn
        if view["to_play"] == ana.seat:
            move = a_move(view, rng)
            assert move is not None
            view = ana.act({**move, "version": ana.show()["version"]})["view"]
        else:
            view = ana.receive()["view"]
    waited_on = ana.show()["version"]
    update = ana.until(waited_on + 1, timeout=15)  # nobody acts: the clock runs out
    assert update["table"]["seats"][bogdan.seat]["bot"]
    assert not update["table"]["seats"][ana.seat]["bot"]
    played = bogdan.show()
    log = Store(database)
    try:
        game_id = log.db.execute("SELECT game_id FROM shared_tables")[0]["game_id"]
        saved = log.load_game(game_id)
        assert saved is not None
        assert tuple(saved.log[waited_on])[:2] == ("play", str(bogdan.seat))  # a bot's card
        assert saved.log[waited_on][2] not in played["view"]["hand"]
    finally:
        log.close()
    back = bogdan.post(f"/api/tables/{bogdan.table_id}/back").json()  # the seat taken back
    assert not back["table"]["seats"][bogdan.seat]["bot"]
    for person in crowd:
        person.close()


def test_a_table_nobody_uses_is_closed_and_its_match_kept(
    servers: list[LiveServer], database: str
) -> None:
    host = Person(servers[0].url, "Ana")
    opened = host.open(level="easy")
    rng = random.Random(9)
    move = a_move(opened["view"], rng)
    assert move is not None
    host.act({**move, "version": 0})
    closed = hub(servers[0]).sweep(now=time.time() + 3600)
    assert opened["table"]["id"] in closed
    shown = host.show()
    assert shown["table"]["closed"] and shown["table"]["code"] is None
    refused = host.post(f"/api/tables/{host.table_id}/intent", {"type": "play", "card": "2C"})
    assert refused.status_code == 409 and "closed" in refused.json()["error"]
    store = Store(database)
    try:
        game = store.load_game(store.db.execute("SELECT game_id FROM shared_tables")[0]["game_id"])
        assert game is not None and game.status == "shared"
        assert game.version == shown["version"] >= 4
    finally:
        store.close()
    host.close()
