"""Validation of solitaire views, events and hints against the generated JSON Schema
(``web/static/solitaire.schema.json``), for the tests' own checks and for the session
fixture of ``conftest.py`` that checks every one the solitaire tests produce."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import fastjsonschema
import pytest

from cardems.kit.schema import SCHEMA_PATH


@functools.cache
def _validator(root: str) -> Callable[[Any], Any]:
    """The schema's ``root`` compiled to Python (some twenty times quicker than an
    interpreting validator: every test's solitaire answers go through it)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return fastjsonschema.compile({**schema, "$ref": f"#/properties/{root}"})


def check(root: str, value: Any) -> None:
    """Raise when ``value`` is not a valid ``view``, ``event`` or ``hint``."""
    try:
        _validator(root)(value)
    except fastjsonschema.JsonSchemaValueException as error:
        where = "/".join(error.path[1:])  # the path starts at "data", the value itself
        raise AssertionError(f"{root} breaks the schema at {where!r}: {error.message}") from None


GESTURES = ("act", "tap", "double_tap", "drag", "undo", "redo", "finish", "play_move")


def _checked(method: Callable[..., Any], root: str) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        answer = method(*args, **kwargs)
        for value in answer if root == "event" else [answer]:
            check(root, value)
        return answer

    return wrapper


@contextmanager
def schema_checked_tables() -> Iterator[None]:
    """Every solitaire table's views, events and hints checked while it lasts."""
    from cardems.kit.table import SolitaireTable

    with pytest.MonkeyPatch.context() as patch:
        cls = SolitaireTable
        for name in GESTURES:
            if name in cls.__dict__:
                patch.setattr(cls, name, _checked(cls.__dict__[name], "event"))
        patch.setattr(cls, "view", _checked(cls.__dict__["view"], "view"))
        patch.setattr(cls, "hint", _checked(cls.__dict__["hint"], "hint"))
        yield


@contextmanager
def schema_unchecked_tables() -> Iterator[None]:
    """The solitaire tables' own methods while it lasts, without the session's checks
    (:func:`schema_checked_tables`): for a test that replays many copies of one game
    already checked as it was played, under ``tracemalloc``, where checking every copy's
    every view again multiplies the test's time by four and checks nothing new."""
    from cardems.kit.table import SolitaireTable

    with pytest.MonkeyPatch.context() as patch:
        for name in (*GESTURES, "view", "hint"):
            wrapped = getattr(SolitaireTable.__dict__.get(name), "__wrapped__", None)
            if wrapped is not None:
                patch.setattr(SolitaireTable, name, wrapped)
        yield
