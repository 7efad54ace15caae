"""The contract every registered game keeps, checked the same way for each (like
OpenSpiel's random simulation test): random legal play through the engine's verbs and
through the table API, with undo/redo, save/load and hidden cards checked on the way."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardems.core.game import Game, Table, TableSettings, replay
from cardems.core.registry import GAME_MODULES, game_for, games
from cardems.dealcode import DealCode

GAMES = [game.family.name for game in games()]
CARD = re.compile(r'"([2-9TJQKA][SHDC])"')
STEPS = 60


def code_of(game: Game, seed: int) -> DealCode:
    family = game.family
    variant = family.variants[seed % len(family.variants)]
    return DealCode(family.prefix, family.versions[-1], variant, seed * 7919)


def table_of(game: Game, code: DealCode) -> Table:
    options = {option.name: option.choices[0] for option in game.options}  # the quickest bots
    return game.new_table(code, TableSettings(), options, lambda: 0.0)


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what may differ between equal positions (the clock, a message)."""
    return {key: value for key, value in view.items() if key not in ("elapsed", "message")}


def test_every_registered_game_is_declared_once() -> None:
    families = [game.family for game in games()]
    assert len({f.prefix for f in families}) == len({f.name for f in families}) == len(GAMES)
    assert len(GAME_MODULES) == len(GAMES)
    for game in games():
        assert game_for(game.family.name) is game is game_for(game.family.prefix.lower())


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_random_play_through_the_engine_verbs(name: str, seed: int) -> None:
    game = game_for(name)
    rng = random.Random(seed)
    state: Any = game.deal(code_of(game, seed))
    for _ in range(STEPS):
        if state.outcome is not None:
            break
        moves = state.legal_moves()
        assert moves, "a game that goes on has a legal move"
        move = rng.choice(moves)
        assert state.refusal(move) is None
        after = state.apply(move)
        assert after != state and hash(after) is not None
        state = after
    assert state.outcome is None or isinstance(state.outcome, str)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(  # every game once in the quick run, three times in the full one
    "seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)
def test_random_play_through_the_table(name: str, seed: int) -> None:
    game = game_for(name)
    code = code_of(game, seed)
    rng = random.Random(seed)
    table = table_of(game, code)
    for step in range(STEPS):
        view = table.view()
        text = json.dumps(view)
        assert set(CARD.findall(text)) & table.hidden_cards() == set(), "a hidden card shown"
        for pile in view.get("piles", []):
            assert all(card["card"] is None for card in pile["cards"] if not card["face_up"])
        intents = table.legal_intents()
        if table.status != "playing":
            break
        assert intents, f"{name} says playing with no legal intent"
        before = len(table.log)
        events = table.act(rng.choice(intents))
        assert len(table.log) > before, events
        assert not [e for e in events if e["type"] == "error"]
        if table.view().get("round") == view.get("round"):  # a new deal hides new cards
            shown = set(CARD.findall(json.dumps(events)))
            assert shown & table.hidden_cards() == set(), "an event names a hidden card"
        if view.get("can_undo") is not None and step % 5 == 4 and table.view()["can_undo"]:
            now = comparable(table.view())
            table.act(("undo",))
            assert comparable(table.view()) | {"can_redo": False} == comparable(view) | {
                "can_redo": False
            }
            table.act(("redo",))
            assert comparable(table.view()) == now
    saved = list(table.log)
    again = replay(table_of(game, code), saved)
    assert comparable(again.view()) == comparable(table.view())
    assert again.log == saved and again.records == []


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_intent_is_an_intent_error(name: str) -> None:
    from cardems.core.game import IntentError

    game = game_for(name)
    table = table_of(game, code_of(game, 0))
    with pytest.raises(IntentError):
        table.act(("fly", "to", "the", "moon"))
    with pytest.raises(IntentError):
        game.parse_intent({"type": "fly"})
    assert table.log == []


@pytest.mark.parametrize("name", GAMES)
def test_a_log_that_does_not_fit_is_refused_on_restore(name: str) -> None:
    game = game_for(name)
    table = table_of(game, code_of(game, 1))
    with pytest.raises(ValueError):
        table.restore(("no", "such", "action", "here"))


@pytest.mark.parametrize("name", GAMES)
def test_the_declaration_is_complete(name: str) -> None:
    game = game_for(name)
    family = game.family
    assert family.name and family.title and family.variants and family.prefix.isupper()
    assert game.keys_help and game.page.endswith(".html")
    assert len(game.variant_labels) in (0, len(family.variants))
    for option in game.options:
        assert option.default in option.choices
        assert len(option.choice_labels) in (0, len(option.choices))
    code = game.random_code(family.variants[0], winnable=False)
    assert code.game == family.prefix
    described = game.describe(code)
    assert described["code"] == str(code) and described["game"] == family.name
    assert str(code) in game.render(code)
    assert game.statistics([]) == []


def _position(state: Any) -> Any:
    """A solitaire state's placement of the cards (``position``, without its counters), or
    the state itself."""
    return getattr(state, "position", state)


def _fresh_intent(table: Table, rng: random.Random, seen: set[Any]) -> Any:
    """A random legal intent, as a player picks one: one that makes progress when there is
    one (a state with a ``progress`` measure: cards turned, dealt, gone home for good),
    else one that leads to a position not seen yet (a solitaire's engine state tells; a
    game with opponents never repeats itself). The game must still end by itself: a
    player who can no longer progress goes round its positions until the status says so."""
    intents = table.legal_intents()
    state = getattr(table, "state", None)
    if state is None or game_for(table.code.family.name).opponents:
        return rng.choice(intents)
    moves = state.legal_moves()
    assert len(moves) == len(intents), "one intent per legal move"
    pairs = [(intent, state.apply(move)) for intent, move in zip(intents, moves, strict=True)]
    rng.shuffle(pairs)
    progress = getattr(state, "progress", None)
    if progress is not None:
        ahead = [(intent, after) for intent, after in pairs if after.progress > progress]
        pairs = ahead or pairs
    return next((i for i, after in pairs if _position(after) not in seen), pairs[0][0])


LONG_PLAYS = {(seed, name) for seed in (0, 1) for name in ("klondike", "spider")}  # 1-5 s: slow
LONG_PLAYS |= {(0, "spanish-patience"), (1, "spanish-patience")}
LONG_PLAYS |= {(seed, "fortunes-favor") for seed in range(3)}  # a stock turned card by card


@pytest.mark.parametrize(
    ("seed", "name"),
    [
        pytest.param(seed, name, marks=pytest.mark.slow)
        if (seed, name) in LONG_PLAYS
        else (seed, name)
        for seed in range(3)
        for name in GAMES
    ],
)
def test_every_game_plays_to_its_end_under_its_declared_length(name: str, seed: int) -> None:
    game = game_for(name)
    table = table_of(game, code_of(game, seed))
    rng = random.Random(seed)
    seen = {_position(getattr(table, "state", None))}
    for _ in range(game.longest_game):
        if table.status != "playing":
            break
        assert table.legal_intents(), f"{name} says playing with no legal intent"
        events = table.act(_fresh_intent(table, rng, seen))
        assert not [e for e in events if e["type"] == "error"], events
        seen.add(_position(getattr(table, "state", None)))
    assert table.status != "playing", f"{name} goes on after {game.longest_game} intents"
    assert table.view()["status"] == table.status
    assert comparable(replay(table_of(game, code_of(game, seed)), list(table.log)).view()) == (
        comparable(table.view())
    )


SOLVED = [game.family.name for game in games() if game.can_solve and not game.opponents]


@pytest.mark.slow
@pytest.mark.parametrize("name", SOLVED)
def test_a_solitaire_is_won_along_its_solvers_hints(name: str) -> None:
    """From the day's deal (proved winnable), every hint proposes a move whose intents
    play it, until the game is won within its declared length."""
    import datetime

    game = game_for(name)
    code = game.daily_code(datetime.date(2026, 1, 1))
    table = table_of(game, code)
    for _ in range(game.longest_game):
        if table.status != "playing":
            break
        hint = table.hint()
        assert hint["verdict"] == "move", hint
        moves = table.view()["moves"]
        for intent in hint["intents"]:
            table.act(game.parse_intent(intent))
        assert table.view()["moves"] > moves, f"the hint {hint['move']} played nothing"
    assert table.status == "won"


def test_every_compiled_extension_is_declared_by_its_game() -> None:
    """The start-up line that says which search is compiled covers every optional
    extension ``setup.py`` builds (a game that forgets to declare one is left out)."""
    setup = (Path(__file__).parents[1] / "setup.py").read_text(encoding="utf-8")
    built = set(re.findall(r'Extension\(\s*"([\w.]+)"', setup))
    declared = {name for game in games() for name in game.compiled_modules}
    assert built == declared
