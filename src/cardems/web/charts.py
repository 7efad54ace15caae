"""Small inline SVG charts for the statistics page (pure functions returning SVG text)."""

from __future__ import annotations

from typing import Any

WON = "#2e8b57"
LOST = "#c0392b"


def recent_games_chart(recent: list[dict[str, Any]], width: int = 240, height: int = 60) -> str:
    """One bar per recent game, oldest first: its height is the moves, green won, red not."""
    if not recent:
        return ""
    tallest = max(max(game["moves"] for game in recent), 1)
    step = width / max(len(recent), 10)
    bars = []
    for index, game in enumerate(recent):
        bar = max(2.0, (height - 4) * game["moves"] / tallest)
        outcome = "won" if game["won"] else "not won"
        bars.append(
            f'<rect class="{"won" if game["won"] else "lost"}" x="{index * step + 1:.1f}"'
            f' y="{height - bar:.1f}" width="{step - 2:.1f}" height="{bar:.1f}"'
            f' fill="{WON if game["won"] else LOST}"><title>{outcome}, {game["moves"]} moves'
            f"</title></rect>"
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="last {len(recent)} games: bar height is moves,'
        f' green won, red not won">' + "".join(bars) + "</svg>"
    )
