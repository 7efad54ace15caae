"""Where a game's own web files live: ``<its package>/web/`` (templates, static, rules).

A game package may ship a ``web`` folder: ``templates/`` joins the page templates,
``static/`` is served at ``/static/<version>/games/<slug>/`` (see ``static_assets.py``;
templates name its files with ``static("games/<slug>/…")``) and ``rules/<lang>.html``
holds its rules page in each language.

A rules page may name a section its family shares, ``<!--#part NAME-->``: the first
``web/rules/parts/NAME.<lang>.html`` (or, for a part with no words of its own,
``NAME.html``) found in the packages of the game's class and its bases (the game's own,
then its family's: ``kit/building`` holds the build family's sections, ``kit/waste`` the
hole games', ``cellgames`` the cell games', ``kit`` those of every kit game) stands in its
place. A part may have slots, ``{name}``, that the page fills:
``<!--#part deal-code-bottom code=YU1-N-AAAAATJ cards="A♣ 5♦ K♦"-->`` (a value in quotes
may hold spaces, markup and line breaks, never its own kind of quote). Every slot must be
filled and every value must fill a slot; once filled, a part may name parts in its turn
(``build-tail`` names ``<!--#part {scoring}-->``), a few levels deep. See docs/KIT.md,
"Rules pages".
"""

from __future__ import annotations

import re
from pathlib import Path

from cardems.core.game import Game
from cardems.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

PART = re.compile(
    r"<!--#part ([a-z0-9-]+)((?:\s+[a-z][a-z0-9-]*=(?:\"[^\"]*\"|'[^']*'|[^\s\"']+))*)\s*-->"
)
"""A part named in a page: its name, then its values (``k=word``, ``k="words"``, ``k='words'``)."""
VALUE = re.compile(r"""([a-z][a-z0-9-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))""")
SLOT = re.compile(r"\{([a-z][a-z0-9-]*)\}")
DEPTH = 4  # how deep parts may name parts


def web_folder(module_name: str) -> Path:
    """The ``web`` folder of the package of the module ``module_name`` (may not exist)."""
    package = module_name.rpartition(".")[0]
    module = __import__(package, fromlist=["__file__"])
    return Path(str(module.__file__)).parent / "web"


def game_assets(game: Game) -> Path:
    """The ``web`` folder of the game's package (it may not exist)."""
    return web_folder(type(game).__module__)


def rules_part(game: Game, name: str, lang: str) -> str:
    """The shared rules section ``name`` in ``lang`` nearest the game (its package, then
    those of its bases; ``NAME.<lang>.html`` before the wordless ``NAME.html``), slots
    unfilled; a page naming a part nobody ships is a packaging fault."""
    for base in type(game).__mro__:
        if not base.__module__.startswith("cardems."):
            continue
        parts = web_folder(base.__module__) / "rules" / "parts"
        for part in (parts / f"{name}.{lang}.html", parts / f"{name}.html"):
            if part.is_file():
                return part.read_text(encoding="utf-8").rstrip("\n")
    raise LookupError(f"{game.family.name}: no rules part {name!r} in {lang!r}")


def part_values(found: str) -> dict[str, str]:
    """The values a page gives a part, from the text after its name."""
    values: dict[str, str] = {}
    for match in VALUE.finditer(found):
        key, double, single, word = match.groups()
        if key in values:
            raise ValueError(f"value {key!r} given twice")
        values[key] = next(value for value in (double, single, word) if value is not None)
    return values


def fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each slot ``{name}`` replaced by its value; an empty slot or a value
    that fills none raises ValueError naming it."""
    slots = set(SLOT.findall(text))
    if missing := sorted(slots - set(values)):
        raise ValueError(f"no value for slot {{{missing[0]}}}")
    if unused := sorted(set(values) - slots):
        raise ValueError(f"no slot for value {unused[0]!r}")
    return SLOT.sub(lambda slot: values[slot.group(1)], text)


def assemble(game: Game, text: str, lang: str, depth: int = 0) -> str:
    """``text`` with every part it names in place, filled, and the parts they name."""

    def expand(found: re.Match[str]) -> str:
        name = found.group(1)
        try:
            part = fill(rules_part(game, name, lang), part_values(found.group(2)))
        except ValueError as fault:
            message = f"{game.family.name}: rules part {name!r} in {lang!r}: {fault}"
            raise LookupError(message) from None
        if depth >= DEPTH:
            raise LookupError(f"{game.family.name}: rules part {name!r} in {lang!r}: too deep")
        return assemble(game, part, lang, depth + 1)

    html = PART.sub(expand, text)
    if "<!--#part" in html:  # a part named in a way PART does not read
        line = html[html.index("<!--#part") :].partition("\n")[0]
        raise LookupError(f"{game.family.name}: unreadable rules part in {lang!r}: {line}")
    return html


def rules_page(game: Game, lang: str) -> str | None:
    """The game's rules in ``lang`` as a trusted HTML fragment (``<article>``), or None.

    A language without a page falls back to English; the fragment carries its own
    ``lang`` and ``dir``, so an English fallback reads left to right even inside a
    right-to-left page. Mark it safe (``Markup``) in Jinja2.
    """
    folder = game_assets(game) / "rules"
    page = folder / f"{lang}.html"
    if lang not in LANGUAGES or not page.is_file():
        page = folder / f"{DEFAULT_LANGUAGE}.html"
    if not page.is_file():
        return None
    lang = page.stem
    return assemble(game, page.read_text("utf-8"), lang)
