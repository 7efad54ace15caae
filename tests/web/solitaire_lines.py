"""Intent logs for prepared positions: a won line (from the solver's hints), a blocked one."""

from __future__ import annotations

from typing import Any, Protocol

from cardems.core.game import Action as Intent


class Hinting(Protocol):
    log: list[Intent]

    def tap(self, target: str) -> Any: ...
    def drag(self, source: str, target: str) -> Any: ...
    def view(self) -> dict[str, Any]: ...
    def hint(self) -> dict[str, Any]: ...


def hint_intents(hint: dict[str, Any]) -> list[Intent]:
    """The intents the server sends to play a hinted move, as logged actions."""
    assert hint["verdict"] == "move", hint["words"]
    return [
        (intent["type"], *(v for k, v in intent.items() if k != "type"))
        for intent in hint["intents"]
    ]


def play_hints(table: Hinting, limit: int = 1000) -> list[list[Intent]]:
    """Follow the hints to the end; the intents of each move, in order."""
    moves: list[list[Intent]] = []
    while table.view()["status"] == "playing" and len(moves) < limit:
        hint = table.hint()
        intents = hint_intents(hint)
        for kind, *args in intents:
            getattr(table, kind)(*args)
        moves.append(intents)
    return moves


def hh_blocked_game(max_deals: int = 200, max_moves: int = 400) -> tuple[str, list[Intent]]:
    """A Heart to Heart code and greedy line (pairs first, else draw) that ends blocked."""
    from cardems.dealcode import DealCode
    from cardems.heart_to_heart.rules import MoveKind
    from cardems.heart_to_heart.table import HeartToHeartTable

    for number in range(max_deals):
        table = HeartToHeartTable(DealCode("HH", 1, "N", number))
        for _ in range(max_moves):
            if table.view()["status"] != "playing":
                break
            move = table.state.legal_moves()[0]
            if move.kind is MoveKind.PAIR:
                table.tap(f"heart:{move.first}")
                table.tap(f"heart:{move.second}")
            elif move.kind is MoveKind.WASTE:
                table.tap(f"heart:{move.first}")
                table.tap("waste")
            else:
                table.tap("stock")
        if table.view()["status"] == "blocked":
            return str(table.code), list(table.log)
    raise AssertionError("no blocked greedy game found")


def hh_won_game(number: int = 3) -> tuple[str, list[list[Intent]]]:
    """A winnable Heart to Heart deal and the hinted winning line, move by move."""
    from cardems.dealcode import DealCode
    from cardems.heart_to_heart.table import HeartToHeartTable

    table = HeartToHeartTable(DealCode("HH", 1, "N", number))
    moves = play_hints(table)
    assert table.view()["status"] == "won"
    return str(table.code), moves


def sh_line(code: str) -> list[tuple[list[Intent], dict[str, Any]]]:
    """Along the hinted winning line of a Seahaven deal: (intents so far, next hint)."""
    from cardems.dealcode import DealCode
    from cardems.seahaven.table import SeahavenTable

    table = SeahavenTable(DealCode.parse(code))
    steps: list[tuple[list[Intent], dict[str, Any]]] = []
    while table.view()["status"] == "playing":
        hint = table.hint()
        steps.append((list(table.log), hint))
        for kind, *args in hint_intents(hint):
            getattr(table, kind)(*args)
    assert table.view()["status"] == "won"
    return steps


def sh_table(code: str, log: list[Intent]) -> Any:
    """A Seahaven table with ``log`` replayed."""
    from cardems.core.game import replay
    from cardems.dealcode import DealCode
    from cardems.seahaven.table import SeahavenTable

    return replay(SeahavenTable(DealCode.parse(code)), list(log))


def shown_piles(view: dict[str, Any]) -> dict[str, list[str]]:
    """What the board should draw: every column card, the top of a cell or foundation."""
    shown = {}
    for pile in view["piles"]:
        cards = [card["card"] or "back" for card in pile["cards"]]
        shown[pile["target"]] = cards if pile["kind"] == "column" else cards[-1:]
    return shown


def hh_losing_move(number: int = 3) -> tuple[str, list[Intent], list[str]]:
    """On a winnable deal's winning line, the first position where one move loses the
    game: the code, the intents that reach it, and the taps of the losing move."""
    from cardems.core.game import replay
    from cardems.dealcode import DealCode
    from cardems.heart_to_heart.table import HeartToHeartTable, move_targets

    code = DealCode("HH", 1, "N", number)
    line = HeartToHeartTable(code)
    while line.view()["status"] == "playing":
        for move in line.state.legal_moves():
            source, target = move_targets(move)
            taps = ["stock"] if "stock" in (source, target) else [source, target]
            trial = replay(HeartToHeartTable(code), list(line.log))
            for tap in taps:
                trial.tap(tap)
            if trial.view()["status"] == "playing" and trial.hint()["verdict"] == "lost":
                return str(code), list(line.log), taps
        hint = line.hint()
        for kind, *args in hint_intents(hint):
            getattr(line, kind)(*args)
    raise AssertionError("no losing move on the line")
