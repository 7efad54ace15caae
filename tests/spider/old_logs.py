"""Playing and recording the games of ``old_spider_logs.json`` (see ``make_old_logs.py``),
recorded on Spider's own engine (:mod:`cardems.spider.rules`, before the build family)
and now replayed on its declaration of the build family (:mod:`cardems.spider.declared`:
its positions read as the old engine's were), held to the record by ``test_old_logs.py``.

Three records, each of every variant (1, 2 and 4 suits):

- ``deals``: the layout each of a few deal codes deals (every card by identity, ``7S.2``,
  face down or up, and the stock in the order it deals);
- ``games``: sequences of moves in Spider's notation played on the rules (random legal
  moves, the stock's deal a fifth of the time, random moves of the notation the rules may
  refuse, undo; one game a variant plays the solver's winning line, so runs go home and
  the game is won), with after each step the refusal's words or the position's digest,
  the score and the counters;
- ``tables``: games played on the table (random taps, double taps, drags with and without
  the card they start at, undo, redo, ``finish``; with and without the auto-move
  setting; one a variant won along the solver's line), with after each step a digest of
  the events, the view, the position and the selection, and at the end the
  screen-reader labels and (once the game is over: the hint of a game still playing is
  bounded by the clock) the hint.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from cardems.core.game import Action, Event, IntentError, TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.spider.declared import SpiderBoard, deal
from cardems.spider.rules import Move, card_id
from cardems.spider.table import SpiderTable

OUT = Path(__file__).parent / "old_spider_logs.json"
VARIANTS = ("S1", "S2", "S4")
RULE_STEPS = 200
"""Steps of a random game played on the rules (a won game plays its whole line)."""
TABLE_STEPS = 140
"""Intents of a random game played on the table (a won game plays its whole line)."""
LANGS = ("en", "he")
"""The languages whose labels (and hint) each table game records at its end."""


def digest(data: Any) -> str:
    """A short fingerprint of JSON-ready ``data``."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def layout(state: SpiderBoard) -> dict[str, Any]:
    """Every card of a position by identity: each column's face-down and face-up cards
    (bottom first), the stock (dealt first to last) and the suits of the runs gone."""
    columns = []
    for column, down in zip(state.columns, state.down, strict=True):
        columns.append(
            {"down": [card_id(c) for c in column[:down]], "up": [card_id(c) for c in column[down:]]}
        )
    return {
        "columns": columns,
        "stock": [card_id(card) for card in state.stock],
        "runs": "".join("SHDC"[suit] for suit in state.runs),
    }


def rules_position(state: SpiderBoard) -> dict[str, Any]:
    """The position as plain data: its layout, score, moves, outcome and legal moves."""
    return {
        **layout(state),
        "score": state.score,
        "moves": state.moves,
        "outcome": state.outcome,
        "legal": [str(move) for move in state.legal_moves()],
    }


def rule_step(state: SpiderBoard) -> list[Any]:
    """What a step records after it: the position's digest, the score and the counters
    (moves, runs gone, stock) in clear."""
    return [
        digest(rules_position(state)),
        state.score,
        state.moves,
        len(state.runs),
        len(state.stock),
    ]


def apply_text(state: SpiderBoard, move: str) -> tuple[SpiderBoard, str | None]:
    """``state`` after the move written ``move`` and None, or ``state`` and the words
    refusing it."""
    parsed = Move.parse(move)
    refusal = state.refusal(parsed)
    if refusal is not None:
        return state, refusal
    return state.apply(parsed), None


def candidate(state: SpiderBoard, rng: random.Random) -> str:
    """A random move of the notation, legal or not (while a column is empty, half the
    time the deal or a move from that column)."""
    empty = [number for number, column in enumerate(state.columns, 1) if not column]
    if empty and rng.random() < 0.5:
        return rng.choice(("D", f"{rng.choice(empty)}>{rng.randint(1, 10)}"))
    if rng.random() < 0.15:
        return "D"
    source, target = rng.randint(1, 10), rng.randint(1, 10)
    count = rng.choice((1, 1, 2, 3, rng.randint(4, 13)))
    return f"{source}:{count}>{target}" if count > 1 else f"{source}>{target}"


def record_rules_game(code_text: str, seed: int, line: list[str] | None) -> dict[str, Any]:
    """Play ``code_text`` on the rules: random legal moves, random moves of the notation
    and undo; or, with ``line``, the moves of a winning line (and whatever follows it:
    moves after the win are refused)."""
    rng = random.Random(seed)
    states = [deal(DealCode.parse(code_text))]
    moves: list[str] = []
    steps: list[list[Any]] = []
    for k in range(len(line) if line is not None else RULE_STEPS):
        state = states[-1]
        roll = rng.random()
        if line is not None:
            move = line[k]
        elif roll < 0.07 and len(states) > 1:
            states.pop()
            moves.append("undo")
            steps.append(rule_step(states[-1]))
            continue
        elif roll < 0.22:
            move = candidate(state, rng)
        else:
            legal = [str(move) for move in state.legal_moves()]
            if not legal:
                break
            others = [move for move in legal if move != "D"]
            pick_stock = "D" in legal and (not others or rng.random() < 0.2)
            move = "D" if pick_stock else rng.choice(others)
        after, refusal = apply_text(state, move)
        moves.append(move)
        if refusal is not None:
            steps.append(["refused", refusal])
            continue
        states.append(after)
        steps.append(rule_step(after))
    end = states[-1]
    return {
        "code": code_text,
        "seed": seed,
        "moves": moves,
        "steps": steps,
        "end": rules_position(end),
    }


def replay_rules_game(saved: dict[str, Any]) -> tuple[list[list[Any]], SpiderBoard]:
    """The steps a saved rules game records, played again on today's rules, and its last
    state."""
    states = [deal(DealCode.parse(saved["code"]))]
    steps: list[list[Any]] = []
    for move in saved["moves"]:
        if move == "undo":
            states.pop()
            steps.append(rule_step(states[-1]))
            continue
        after, refusal = apply_text(states[-1], move)
        if refusal is not None:
            steps.append(["refused", refusal])
            continue
        states.append(after)
        steps.append(rule_step(after))
    return steps, states[-1]


# -- the table --------------------------------------------------------------------------


def table_of(code: DealCode, auto_move: bool) -> SpiderTable:
    """A fresh table of ``code`` (errors shown, the clock standing still)."""
    return SpiderTable(code, TableSettings(auto_move=auto_move, move_errors=True), lambda: 0.0)


def table_position(table: SpiderTable) -> dict[str, Any]:
    """The table's position as plain data (see :func:`rules_position`) and its status."""
    return {**rules_position(table.state), "status": table.status}


def labelled(table: SpiderTable, lang: str) -> Any:
    """The view with its screen-reader labels in ``lang``."""
    return game_for("SP").label(table.view(), lang)


def act(table: SpiderTable, intent: Action) -> list[Event]:
    """The events of ``intent``; an intent the table refuses as malformed (the web app
    answers it with its one-line message) gives one event saying so, with its message."""
    try:
        return list(table.act(intent))
    except (IntentError, ValueError) as error:
        return [{"type": "intent_error", "message": str(error)}]


def table_step(table: SpiderTable, events: Any) -> str:
    """A step's digest: its events, the view, the position and the selection."""
    return digest([events, table.view(), table_position(table), table.selected])


def _intent(table: SpiderTable, rng: random.Random) -> Action:
    targets = table.declaration.targets
    roll = rng.random()
    if roll < 0.06:
        return ("undo",)
    if roll < 0.09:
        return ("redo",)
    if roll < 0.10:
        return ("finish",)
    if roll < 0.24:
        return ("tap", rng.choice(targets))
    if roll < 0.32:
        return ("double_tap", rng.choice(targets))
    if roll < 0.40:
        source = rng.choice(targets)
        if source.startswith("column:") and rng.random() < 0.5:
            source += f":{rng.randrange(12)}"
        return ("drag", source, rng.choice(targets))
    legal = table.legal_intents()
    return rng.choice(legal) if legal else ("tap", "stock")


def record_table_game(
    code_text: str, seed: int, *, auto_move: bool, line: list[str] | None
) -> dict[str, Any]:
    """Play ``code_text`` on the table: random intents, or the moves of ``line`` (a
    winning line from the deal) to the end."""
    code = DealCode.parse(code_text)
    rng = random.Random(seed)
    table = table_of(code, auto_move)
    log: list[Action] = []
    steps: list[str] = []
    notation: list[str] = []
    moves = [] if line is None else [Move.parse(text) for text in line]
    for k in range(len(line) if line is not None else TABLE_STEPS):
        if table.status != "playing":
            break
        if line is None:
            intent = _intent(table, rng)
        else:
            intent = table.solitaire.intent_of(table.state, moves[k])
        log.append(intent)
        events = act(table, intent)
        notation += [event["move"] for event in events if event.get("type") == "move"]
        steps.append(table_step(table, events))
    over = table.status != "playing"
    return {
        "code": code_text,
        "auto_move": auto_move,
        "log": [list(intent) for intent in log],
        "steps": steps,
        "notation": notation,
        "end": table_position(table),
        "labels": {lang: digest(labelled(table, lang)) for lang in LANGS},
        "hint": {lang: table.hint(lang) for lang in LANGS} if over else None,
        "selected": table.selected,
        "can_undo": table.history.can_undo,
        "can_redo": table.history.can_redo,
    }


def replay_table_game(saved: dict[str, Any]) -> tuple[list[str], list[str], SpiderTable]:
    """A saved table game's steps and notation, played again on today's table, and the
    table."""
    table = table_of(DealCode.parse(saved["code"]), saved["auto_move"])
    steps: list[str] = []
    notation: list[str] = []
    for intent in saved["log"]:
        events = act(table, tuple(intent))
        notation += [event["move"] for event in events if event.get("type") == "move"]
        steps.append(table_step(table, events))
    return steps, notation, table
