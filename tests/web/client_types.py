"""The interfaces a browser script's declaration file (``*.d.ts``) declares, by name."""

from __future__ import annotations

import re
from pathlib import Path

INTERFACE = re.compile(r"^interface (\w+) \{\n(.*?)^\}", re.M | re.S)
FIELD = re.compile(r"^  (\w+)(\??):", re.M)


def declared(path: Path) -> dict[str, tuple[set[str], set[str]]]:
    """The file's interfaces: ``{name: (required keys, optional keys)}``."""
    found = {}
    for name, body in INTERFACE.findall(path.read_text(encoding="utf-8")):
        fields = FIELD.findall(body)
        found[name] = ({f for f, mark in fields if not mark}, {f for f, mark in fields if mark})
    return found
