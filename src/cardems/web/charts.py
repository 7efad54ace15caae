"""The statistics page's pictures: a player's progress as SVG charts with axes.

Two charts per game and variant, drawn on the server from the finished games in the
order they ended: the win rate so far after each game, and the moves each game took
(green won, red not). Each is an ``<svg role="img">`` with a title and a summary for
screen readers, and a table with the same figures follows it. Pure functions of their
data returning markup; words in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from typing import Any

from babel.dates import format_date

from cardems.i18n.catalogs import translations
from cardems.i18n.markers import N_

WON = "#2e8b57"
LOST = "#c0392b"
LINE = "#2f6b4f"
WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 34
"""Margins for the axes' labels, in the chart's units."""

RATE_TITLE = N_("Win rate so far")
RATE_SUMMARY = N_(
    "After %(num)d games the win rate is %(rate)d %%, from %(first)d %% after the first."
)
MOVES_TITLE = N_("Moves per game")
MOVES_SUMMARY = N_("Moves per game, from %(low)d to %(high)d; green won, red not won.")
GAME_AXIS = N_("Game")
TABLE = N_("The same as a table")
HEAD_DATE = N_("Date")
HEAD_RESULT = N_("Result")
HEAD_MOVES = N_("Moves")
HEAD_RATE = N_("Win rate so far")
WON_TEXT = N_("won")
LOST_TEXT = N_("not won")


@dataclass(frozen=True)
class Point:
    """One finished game: when it ended, whether it was won, its moves, the rate so far."""

    number: int
    finished: float | None
    won: bool
    moves: int
    rate: float


def points(history: Sequence[dict[str, Any]]) -> list[Point]:
    """The games in the order they ended, with the win rate after each."""
    found, wins = [], 0
    for number, game in enumerate(history, start=1):
        wins += bool(game["won"])
        won, moves = bool(game["won"]), int(game["moves"])
        found.append(Point(number, game.get("finished"), won, moves, wins / number))
    return found


def progress_charts(history: Sequence[dict[str, Any]], key: str, lang: str = "en") -> str:
    """The two charts and their table for one block of statistics (empty without games);
    ``key`` (e.g. ``seahaven-C4``) keeps the charts' element ids apart on the page."""
    games = points(history)
    if not games:
        return ""
    return "".join(
        (rate_chart(games, key, lang), moves_chart(games, key, lang), table(games, lang))
    )


def _x(number: int, count: int) -> float:
    inner = WIDTH - LEFT - RIGHT
    return LEFT + (inner / 2 if count == 1 else inner * (number - 1) / (count - 1))


def _y(value: float, top: float) -> float:
    inner = HEIGHT - TOP - BOTTOM
    return TOP + inner * (1 - (value / top if top else 0))


def _date(timestamp: float | None, lang: str) -> str:
    if timestamp is None:
        return ""
    return format_date(datetime.fromtimestamp(timestamp, UTC), format="short", locale=lang)


def _plain(text: str) -> str:
    """``text`` without bidi marks, for the charts' left-to-right axes."""
    return text.replace("\u200f", "").replace("\u200e", "")


def _frame(games: list[Point], lang: str, ticks: list[tuple[float, str]], top: float) -> str:
    """The axes: the values' ticks on the left, game numbers and first/last dates below."""
    _ = translations(lang).gettext
    count = len(games)
    parts = [
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}"'
        f' y2="{HEIGHT - BOTTOM}"/>',
    ]
    for value, label in ticks:
        y = _y(value, top)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end">{label}</text>'
        )
    below = HEIGHT - BOTTOM + 12
    numbers = sorted({1, count} | ({(count + 1) // 2} if count > 2 else set()))
    for number in numbers:
        parts.append(
            f'<text class="tick" x="{_x(number, count):.1f}" y="{below}" text-anchor="middle">'
            f"{number}</text>"
        )
    dates = below + 12
    first = escape(_plain(_date(games[0].finished, lang)))
    parts.append(f'<text class="tick" x="{LEFT}" y="{dates}">{first}</text>')
    parts.append(
        f'<text class="tick" x="{WIDTH - RIGHT}" y="{dates}" text-anchor="end">'
        f"{escape(_plain(_date(games[-1].finished, lang)))}</text>"
    )
    parts.append(
        f'<text class="label" x="{(LEFT + WIDTH - RIGHT) / 2}" y="{dates}" text-anchor="middle">'
        f"{escape(_(GAME_AXIS))}</text>"
    )
    return "".join(parts)


def _svg(kind: str, key: str, title: str, summary: str, body: str) -> str:
    ids = f"{kind}-{key}"
    return (
        f'<figure class="chart {kind}"><svg xmlns="http://www.w3.org/2000/svg" dir="ltr"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{ids}-title {ids}-desc">'
        f'<title id="{ids}-title">{escape(title)}</title><desc id="{ids}-desc">'
        f"{escape(summary)}</desc>{body}</svg><figcaption>{escape(title)}</figcaption></figure>"
    )


def rate_chart(games: list[Point], key: str, lang: str) -> str:
    """The win rate after each game, as a line over 0–100 %."""
    t = translations(lang)
    count = len(games)
    ticks = [(rate, f"{round(rate * 100)} %") for rate in (0.0, 0.5, 1.0)]
    line = " ".join(f"{_x(g.number, count):.1f},{_y(g.rate, 1):.1f}" for g in games)
    dots = "".join(
        f'<circle cx="{_x(g.number, count):.1f}" cy="{_y(g.rate, 1):.1f}" r="2" fill="{LINE}"/>'
        for g in games
    )
    summary = t.gettext(RATE_SUMMARY) % {
        "num": count,
        "rate": round(games[-1].rate * 100),
        "first": round(games[0].rate * 100),
    }
    body = _frame(games, lang, ticks, 1) + (
        f'<polyline class="rate" fill="none" stroke="{LINE}" stroke-width="2" points="{line}"/>'
        + dots
    )
    return _svg("rate", key, t.gettext(RATE_TITLE), summary, body)


def moves_chart(games: list[Point], key: str, lang: str) -> str:
    """Each game's moves as a dot, green won and red not."""
    t = translations(lang)
    count = len(games)
    top = max(max(g.moves for g in games), 1)
    ticks = [(0.0, "0"), (top / 2, f"{top / 2:.0f}"), (float(top), str(top))]
    dots = "".join(
        f'<circle class="{"won" if g.won else "lost"}" cx="{_x(g.number, count):.1f}"'
        f' cy="{_y(g.moves, top):.1f}" r="3" fill="{WON if g.won else LOST}"/>'
        for g in games
    )
    moves = [g.moves for g in games]
    summary = t.gettext(MOVES_SUMMARY) % {"low": min(moves), "high": max(moves)}
    body = _frame(games, lang, ticks, top) + dots
    return _svg("moves", key, t.gettext(MOVES_TITLE), summary, body)


def table(games: list[Point], lang: str) -> str:
    """The charts' figures, one row per game, behind a disclosure."""
    _ = translations(lang).gettext
    head = "".join(
        f'<th scope="col">{escape(_(word))}</th>'
        for word in (GAME_AXIS, HEAD_DATE, HEAD_RESULT, HEAD_MOVES, HEAD_RATE)
    )
    rows = "".join(
        f"<tr><td>{g.number}</td><td>{escape(_date(g.finished, lang))}</td>"
        f"<td>{escape(_(WON_TEXT if g.won else LOST_TEXT))}</td><td>{g.moves}</td>"
        f"<td>{round(g.rate * 100)} %</td></tr>"
        for g in games
    )
    return (
        f'<details class="chart-table"><summary>{escape(_(TABLE))}</summary>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></details>"
    )
