"""Playing and recording the games of ``old_pairs_logs.json`` (see ``make_old_logs.py``)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from cardems.core.game import Action
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit import SolitaireTable

OUT = Path(__file__).parent / "old_pairs_logs.json"
GAMES = (("HH", ("N",)), ("PY", ("P3", "P1", "P2", "U")))
STEPS = 150


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def table_of(code: DealCode) -> SolitaireTable[Any, Any]:
    """A fresh table of ``code`` whose clock stands still (the view's times are 0)."""
    solitaire = game_for(code.game).solitaire()  # type: ignore[attr-defined]
    return SolitaireTable(solitaire, code, clock=lambda: 0.0)


def position(table: SolitaireTable[Any, Any]) -> dict[str, Any]:
    """The position as plain data: the game's layout (hidden cards included), the pass
    through the stock, score, moves, status and the legal moves in notation."""
    game = game_for(table.code.game)
    state = table.state
    described = game.describe(table.code)  # the layout's keys, from the deal
    layout_keys = [key for key in described if key not in ("code", "game")]
    data = _layout(table.code, state)
    assert sorted(data) == sorted(layout_keys)
    return {
        **data,
        "recycles": state.recycles if code_game(table) == "PY" else None,  # HH has none
        "score": state.score,
        "moves": state.moves,
        "status": table.status,
        "legal": sorted(str(move) for move in state.legal_moves()),
    }


def _layout(code: DealCode, state: Any) -> dict[str, Any]:
    """The layout as the game's ``text.layout_data`` gave it (now the family's)."""
    from cardems.kit.pairs.game import layout_data

    return layout_data(state)


def _intent(table: SolitaireTable[Any, Any], rng: random.Random) -> Action:
    targets = table.declaration.targets
    roll = rng.random()
    if roll < 0.06:
        return ("undo",)
    if roll < 0.09:
        return ("redo",)
    if roll < 0.25:
        return ("tap", rng.choice(targets))
    if roll < 0.35:
        return ("double_tap", rng.choice(targets))
    if roll < 0.42:
        return ("drag", rng.choice(targets), rng.choice(targets))
    legal = table.legal_intents()
    return rng.choice(legal) if legal else ("tap", "stock")


def record_game(code_text: str, seed: int, *, won: bool) -> dict[str, Any]:
    """Play ``code_text``: random intents, or (``won``) a few then the hint's moves to
    the end; each step's digest of events, view and position."""
    code = DealCode.parse(code_text)
    rng = random.Random(seed)
    table = table_of(code)
    log: list[Action] = []
    steps: list[str] = []
    moves: list[str] = []
    prelude = rng.choice((0, 3, 6))
    for k in range(STEPS):
        if table.status != "playing":
            break
        intent: Action = _intent(table, rng)
        if won and k >= prelude:
            verdict, move = table.solitaire.hint_move(table.state, table.history.previous)
            if verdict != "move" or move is None:
                break
            intent = table.solitaire.intent_of(table.state, move)
        log.append(intent)
        events = table.act(intent)
        moves += [event["move"] for event in events if event.get("type") == "move"]
        steps.append(_digest([events, table.view(), position(table), table.selected]))
    return {
        "code": code_text,
        "log": [list(intent) for intent in log],
        "steps": steps,
        "view": _digest(table.view()),
        "hint": table.hint("en"),
        "notation": moves,
        **position(table),
        "selected": table.selected,
        "can_undo": table.history.can_undo,
        "can_redo": table.history.can_redo,
    }


VERDICTS = Path(__file__).parent / "old_pairs_verdicts.json"


def verdict_codes() -> list[str]:
    """The deals of ``old_pairs_verdicts.json``."""
    codes = [str(DealCode("HH", 1, "N", number)) for number in range(60)]
    for variant in ("P3", "P1", "P2", "U"):
        codes += [str(DealCode("PY", 1, variant, number)) for number in range(30)]
    return codes


def verdicts(code_text: str) -> dict[str, Any]:
    """The solver's records of a deal: the verdict's line and the shortest's."""
    code = DealCode.parse(code_text)
    game = game_for(code.game)
    return {
        "solve": game.solve(code, shortest=False),
        "shortest": game.solve(code, shortest=True),
    }


def code_game(table: SolitaireTable[Any, Any]) -> str:
    """The table's game prefix (Heart to Heart never counted its recycles)."""
    return table.code.game
