"""The JSON Schema of the kit's shapes (:mod:`cardems.kit.shapes`), generated.

``python3 -m cardems.kit.schema --write`` regenerates ``web/static/solitaire.schema.json``;
a test checks that the file is up to date.
"""

from __future__ import annotations

import argparse
import json
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from cardems.kit import shapes

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "web" / "static" / "solitaire.schema.json"
ROOTS = {"view": "SolitaireView", "event": "SolitaireEvent", "hint": "HintView"}
SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}


def schema() -> dict[str, Any]:
    """The schema: every shape under ``$defs``; ``view``, ``event`` and ``hint`` roots."""
    defs: dict[str, Any] = {}
    defs["SolitaireEvent"] = _type(shapes.SolitaireEvent, defs)
    for name in ("SolitaireView", "HintView"):
        _type(getattr(shapes, name), defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "solitaire.schema.json",
        "title": "Cardems solitaire views, hints and events",
        "properties": {key: {"$ref": f"#/$defs/{name}"} for key, name in ROOTS.items()},
        "$defs": dict(sorted(defs.items())),
    }


def _type(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = get_origin(hint)
    if hint in SCALARS:
        return {"type": SCALARS[hint]}
    if origin is NotRequired:
        return _type(get_args(hint)[0], defs)
    if origin is Literal:
        return {"enum": list(get_args(hint))}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_type(arg, defs) for arg in get_args(hint)]}
    if origin is list:
        return {"type": "array", "items": _type(get_args(hint)[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type(get_args(hint)[1], defs)}
    if isinstance(hint, type) and hasattr(hint, "__required_keys__"):
        name = hint.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder while its fields are read
            fields = get_type_hints(hint, include_extras=True)
            defs[name] = {
                "type": "object",
                "properties": {key: _type(value, defs) for key, value in fields.items()},
                "required": sorted(hint.__required_keys__),
                "additionalProperties": name in shapes.OPEN,
            }
            if hint.__doc__ and not hint.__doc__.startswith(f"{name}("):
                defs[name]["description"] = " ".join(hint.__doc__.split())
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {hint!r}")


def schema_text() -> str:
    """The schema as the file holds it."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    """Print the schema, or write it with ``--write``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {SCHEMA_PATH.name}")
    if parser.parse_args().write:
        SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    else:
        print(schema_text(), end="")


if __name__ == "__main__":
    main()
