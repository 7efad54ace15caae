"""Small inline SVG charts for the statistics page (pure functions returning SVG text)."""

from __future__ import annotations

from html import escape
from typing import Any

from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_, Nn_

WON = "#2e8b57"
LOST = "#c0392b"
_WON_TEXT = N_("won")
_LOST_TEXT = N_("not won")
_MOVES = Nn_("%(num)d move", "%(num)d moves")
_CAPTION = Nn_(
    "last %(num)d game: bar height is moves, green won, red not won",
    "last %(num)d games: bar height is moves, green won, red not won",
)


def recent_games_chart(
    recent: list[dict[str, Any]], width: int = 240, height: int = 60, lang: str = "en"
) -> str:
    """One bar per recent game, oldest first: its height is the moves, green won, red not."""
    if not recent:
        return ""
    t = translations(lang)
    tallest = max(max(game["moves"] for game in recent), 1)
    step = width / max(len(recent), 10)
    bars = []
    for index, game in enumerate(recent):
        bar = max(2.0, (height - 4) * game["moves"] / tallest)
        outcome = t.gettext(_WON_TEXT if game["won"] else _LOST_TEXT)
        moves = t.ngettext(*_MOVES, game["moves"]) % {"num": game["moves"]}
        bars.append(
            f'<rect class="{"won" if game["won"] else "lost"}" x="{index * step + 1:.1f}"'
            f' y="{height - bar:.1f}" width="{step - 2:.1f}" height="{bar:.1f}"'
            f' fill="{WON if game["won"] else LOST}"><title>{escape(outcome)}, {escape(moves)}'
            "</title></rect>"
        )
    caption = t.ngettext(*_CAPTION, len(recent)) % {"num": len(recent)}
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="{escape(caption)}">' + "".join(bars) + "</svg>"
    )
