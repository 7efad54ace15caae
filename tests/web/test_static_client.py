"""The browser scripts (web/static/*.js) know no game: no game's name, code or pile is
written in them, and the shapes they are type-checked against (static/types.d.ts) are
the ones the server declares (cardems/kit/shapes.py, whose JSON Schema the tests check
every view and event against)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from client_types import declared

from cardems.core.game import TableSettings
from cardems.core.registry import games
from cardems.dealcode import DealCode
from cardems.kit import shapes

STATIC = Path(__file__).parents[2] / "src" / "cardems" / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))

KNOWN: dict[tuple[str, str], str] = {
    ("table.js", "stock"): "a card drawn from the face-down stock has no old place to fly from",
}
"""Pile kinds a script still names, and why: each is a rule the server should send."""


def code_of(path: Path) -> str:
    """The script without its comments (a comment may name a game to explain a shape)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"(^|\s)//.*", r"\1", text)


def pile_kinds() -> set[str]:
    """Every kind of pile the offered solitaires lay out, from a fresh table of each."""
    kinds = set()
    for game in games():
        code = game.new_code(game.family.variants[0], winnable=False, options={})
        table = game.new_table(DealCode.parse(str(code)), TableSettings(), {}, lambda: 0.0)
        kinds |= {str(pile["kind"]) for pile in table.view().get("piles", [])}
    return kinds


VIEW_WORDS = set(re.findall(r'"([a-z_]+)"', (STATIC / "solitaire.schema.json").read_text()))
"""The words of the view the server sends (its JSON Schema's names): a game named by one
of them (Fan: a pile's ``fan``) is not named when a script reads the view."""


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_no_script_names_a_game(script: Path) -> None:
    code = code_of(script)
    for game in games():
        family = game.family
        for name in (family.name, family.title):
            if name.lower() in VIEW_WORDS:
                continue
            assert not re.search(rf"\b{re.escape(name)}\b", code, re.I), (script.name, name)
        assert not re.search(rf"\b{family.prefix}\d", code), (script.name, family.prefix)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_no_script_names_a_pile_but_the_known_ones(script: Path) -> None:
    literals = set(re.findall(r"""["'`]([a-z_]+)(?::[^"'`]*)?["'`]""", code_of(script)))
    named = {kind for kind in pile_kinds() & literals if (script.name, kind) not in KNOWN}
    assert not named, f"{script.name} names the piles {sorted(named)}: the server decides"


def test_the_known_exceptions_are_still_there() -> None:
    for (name, kind), why in KNOWN.items():
        assert f'"{kind}"' in code_of(STATIC / name), (name, kind, why)


SHAPES = (
    shapes.CardView,
    shapes.PileView,
    shapes.Board,
    shapes.IntentJSON,
    shapes.SolitaireView,
    shapes.HintView,
    shapes.MoveEvent,
    shapes.SelectEvent,
    shapes.ErrorEvent,
    shapes.PlainEvent,
)


@pytest.mark.parametrize(
    "shape",
    SHAPES,
    ids=lambda shape: shape.__name__,
)
def test_the_client_types_are_the_servers_shapes(shape: type) -> None:
    hints = typing.get_type_hints(shape)
    required, optional = declared(STATIC / "types.d.ts")[shape.__name__]
    assert required == set(shape.__required_keys__), shape.__name__  # type: ignore[attr-defined]
    server_optional = set(shape.__optional_keys__)  # type: ignore[attr-defined]
    # a key the client knows of beyond the declared ones is allowed only on open shapes
    assert server_optional <= optional, shape.__name__
    extra = optional - server_optional
    assert not extra or shape.__name__ in shapes.OPEN, (shape.__name__, extra)
    assert set(hints) <= required | optional
