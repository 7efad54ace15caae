"""Playing and recording the games of ``old_klondike_logs.json`` (see ``make_old_logs.py``),
recorded on Klondike's own engine and now replayed on its declaration of the build family
(:mod:`cardems.klondike.declared`: its positions read as the old engine's were).

Three records, each of every variant (draw 1 and 3, passes unlimited and limited) and
both scorings (standard and Vegas):

- ``deals``: the layout each of a few deal codes deals (every card, face down or up);
- ``games``: random sequences of moves in Klondike's notation played on the rules
  (random legal moves, random moves of the notation the rules may refuse, undo), with
  after each step the refusal's words or the position, the scores and the counters;
- ``tables``: games played on the table (random taps, double taps, drags, undo, redo,
  ``finish``; some with the auto-move setting, some won along the solver's line), with
  after each step a digest of the events, the view, the position and the selection, and
  at the end the screen-reader labels and the hint.
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
from cardems.kit.building.engine import BuildState
from cardems.klondike.declared import board
from cardems.klondike.rules import CANDIDATES, SCORINGS, SUITS, VARIANTS, Move
from cardems.klondike.table import KlondikeTable

OUT = Path(__file__).parent / "old_klondike_logs.json"
RULE_STEPS = 160
"""Steps of a game played on the rules."""
TABLE_STEPS = 120
"""Intents of a game played on the table (a won game plays its whole line)."""
LANGS = ("en", "ar")
"""The languages whose labels and hint each table game records at its end."""


def digest(data: Any) -> str:
    """A short fingerprint of JSON-ready ``data``."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def combos() -> list[tuple[str, str]]:
    """Every variant with every scoring."""
    return [(variant, scoring) for variant in VARIANTS for scoring in SCORINGS]


# -- the rules --------------------------------------------------------------------------


def rules_position(board: Any) -> dict[str, Any]:
    """The position as plain data: the layout (hidden cards included), the scores (both
    scorings'), the counters and the legal moves in notation."""
    return board_position(board)


def deal_state(code_text: str, scoring: str) -> Any:
    """The first position of a deal, scored ``scoring``."""
    return board(DealCode.parse(code_text), scoring)


def apply_text(state: Any, move: str) -> tuple[Any, str | None]:
    """``state`` after the move written ``move`` and None, or ``state`` and the words
    refusing it."""
    parsed = Move.parse(move)
    refusal = state.refusal(parsed)
    if refusal is not None:
        return state, refusal
    return state.apply(parsed), None


def rule_step(state: Any) -> list[Any]:
    """What a step records after it: the position's digest, scores and counters in clear."""
    return [
        digest(rules_position(state)),
        state.points,
        state.vegas,
        state.score,
        state.moves,
        state.recycles,
    ]


def record_rules_game(code_text: str, scoring: str, seed: int) -> dict[str, Any]:
    """Play ``code_text`` on the rules: random legal moves (the stock's a third of the
    time), random moves of the notation, undo."""
    rng = random.Random(seed)
    states = [deal_state(code_text, scoring)]
    moves: list[str] = []
    steps: list[list[Any]] = []
    for _ in range(RULE_STEPS):
        state = states[-1]
        roll = rng.random()
        if roll < 0.08 and len(states) > 1:
            states.pop()
            moves.append("undo")
            steps.append(rule_step(states[-1]))
            continue
        if roll < 0.25:
            move = str(rng.choice(CANDIDATES))
        else:
            legal = [str(move) for move in state.legal_moves()]
            if not legal:
                break
            stock = [move for move in legal if move in ("D", "R")]
            others = [move for move in legal if move not in ("D", "R")]
            pick_stock = stock and (not others or rng.random() < 0.35)
            move = rng.choice(stock if pick_stock else others)
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
        "scoring": scoring,
        "seed": seed,
        "moves": moves,
        "steps": steps,
        "end": rules_position(end),
        "outcome": end.outcome,
    }


def replay_rules_game(saved: dict[str, Any]) -> tuple[list[list[Any]], Any]:
    """The steps a saved rules game records, played again on today's rules, and its last
    state."""
    states = [deal_state(saved["code"], saved["scoring"])]
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


def table_of(code: DealCode, scoring: str, auto_move: bool) -> Any:
    """A fresh table of ``code`` (errors shown, the clock standing still)."""
    settings = TableSettings(auto_move=auto_move, move_errors=True)
    return KlondikeTable(code, settings, lambda: 0.0, scoring)


def layout(state: BuildState) -> dict[str, Any]:
    """A position of the build family's engine in the layout of Klondike's
    ``text.layout_data``."""
    columns = []
    for index, pile in enumerate(state.columns):
        down = state.down_at(index)
        columns.append({"down": [str(c) for c in pile[:down]], "up": [str(c) for c in pile[down:]]})
    tops = [state.foundation_top(suit) for suit in range(4)]
    return {
        "columns": columns,
        "stock": [str(card) for card in reversed(state.stock)],
        "waste": [str(card) for card in state.waste],
        "foundations": {
            suit: None if top is None else str(top) for suit, top in zip(SUITS, tops, strict=True)
        },
    }


def board_position(board: Any) -> dict[str, Any]:
    """What :func:`rules_position` records, of the table's board on the family engine."""
    return {
        **layout(board.state),
        "recycles": board.recycles,
        "points": board.points,
        "vegas": board.vegas,
        "score": board.score,
        "moves": board.moves,
        "won": board.won,
        "legal": [str(move) for move in board.legal_moves()],
    }


def table_position(table: Any) -> dict[str, Any]:
    """The table's position as plain data (see :func:`rules_position`) and its status."""
    return {**board_position(table.state), "status": table.status}


def labelled(table: Any, lang: str) -> Any:
    """The view with its screen-reader labels in ``lang``."""
    return game_for("KL").label(table.view(), lang)


def act(table: Any, intent: Action) -> list[Event]:
    """The events of ``intent``; an intent the table refuses as malformed (the web app
    answers it with its one-line message) gives one event saying so, without the message:
    the old table answered a card moved onto the waste with Python's own words
    ("invalid literal for int() …"), which no engine need repeat."""
    try:
        return list(table.act(intent))
    except IntentError:
        return [{"type": "intent_error"}]


def table_step(table: Any, events: Any) -> str:
    """A step's digest: its events, the view, the position and the selection."""
    return digest([events, table.view(), table_position(table), table.selected])


def _intent(table: Any, rng: random.Random) -> Action:
    targets = table.declaration.targets
    roll = rng.random()
    if roll < 0.06:
        return ("undo",)
    if roll < 0.09:
        return ("redo",)
    if roll < 0.11:
        return ("finish",)
    if roll < 0.25:
        return ("tap", rng.choice(targets))
    if roll < 0.33:
        return ("double_tap", rng.choice(targets))
    if roll < 0.40:
        source = rng.choice(targets)
        if source.startswith("column:") and rng.random() < 0.5:
            source += f":{rng.randrange(8)}"
        return ("drag", source, rng.choice(targets))
    legal = table.legal_intents()
    return rng.choice(legal) if legal else ("tap", "stock")


def record_table_game(
    code_text: str, scoring: str, seed: int, *, auto_move: bool, line: list[str] | None
) -> dict[str, Any]:
    """Play ``code_text`` on the table: random intents, or a few then the moves of
    ``line`` (a winning line from the deal) to the end."""
    code = DealCode.parse(code_text)
    rng = random.Random(seed)
    table = table_of(code, scoring, auto_move)
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
    return {
        "code": code_text,
        "scoring": scoring,
        "auto_move": auto_move,
        "log": [list(intent) for intent in log],
        "steps": steps,
        "notation": notation,
        "end": table_position(table),
        "labels": {lang: digest(labelled(table, lang)) for lang in LANGS},
        "hint": table.hint("en"),
        "selected": table.selected,
        "can_undo": table.history.can_undo,
        "can_redo": table.history.can_redo,
    }


def replay_table_game(saved: dict[str, Any]) -> tuple[list[str], list[str], Any]:
    """A saved table game's steps and notation, played again on today's table, and the
    table."""
    code = DealCode.parse(saved["code"])
    table = table_of(code, saved["scoring"], saved["auto_move"])
    steps: list[str] = []
    notation: list[str] = []
    for intent in saved["log"]:
        events = act(table, tuple(intent))
        notation += [event["move"] for event in events if event.get("type") == "move"]
        steps.append(table_step(table, events))
    return steps, notation, table
