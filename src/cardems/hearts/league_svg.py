"""The league as a picture: ratings and paired ratios with their 95 % intervals, as SVG.

Written by hand with the standard library: one panel per figure, a row per bot or
pairing, a dot at the estimate and a bar across its interval, a dashed line at the
reference (0 Elo-like points; a ratio of 1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

Row = tuple[str, float, float, float]
"""A label, the estimate, the low and the high end of its interval."""

WIDTH = 860
VALUES = 190
"""Room on the right for each row's figures."""
LABEL = 230
ROW = 22
TOP = 34


def panel(title: str, rows: Sequence[Row], reference: float, y: int) -> tuple[list[str], int]:
    """One panel's SVG elements from height ``y``, and the height below it."""
    ends = [v for _, value, low, high in rows for v in (value, low, high) if math.isfinite(v)]
    lo, hi = min([*ends, reference]), max([*ends, reference])
    pad = (hi - lo) * 0.06 or 1.0
    lo, hi = lo - pad, hi + pad
    left, right = LABEL, WIDTH - VALUES

    def x(value: float) -> float:
        return left + (value - lo) / (hi - lo) * (right - left)

    bottom = y + TOP + ROW * len(rows)
    out = [
        f'<text x="10" y="{y + 20}" class="title">{escape(title)}</text>',
        f'<line x1="{x(reference):.1f}" y1="{y + TOP - 8}" x2="{x(reference):.1f}"'
        f' y2="{bottom}" class="ref"/>',
    ]
    for k, (label, value, low, high) in enumerate(rows):
        mid = y + TOP + ROW * k + ROW // 2
        out.append(f'<text x="10" y="{mid + 4}">{escape(label)}</text>')
        if math.isfinite(low) and math.isfinite(high):
            out.append(
                f'<line x1="{x(low):.1f}" y1="{mid}" x2="{x(high):.1f}" y2="{mid}" class="ci"/>'
            )
        if math.isfinite(value):
            out.append(f'<circle cx="{x(value):.1f}" cy="{mid}" r="4"/>')
            out.append(
                f'<text x="{WIDTH - 10}" y="{mid + 4}" class="value">{value:.3g}'
                + (f" [{low:.3g}, {high:.3g}]" if math.isfinite(low) else "")
                + "</text>"
            )
    for value in (lo + pad, reference, hi - pad):
        out.append(f'<text x="{x(value):.1f}" y="{bottom + 14}" class="tick">{value:.3g}</text>')
    return out, bottom + 30


def league_svg(figures: dict[str, Any], title: str = "Hearts league") -> str:
    """The ratings and every pairing's paired ratio, with 95 % intervals."""
    ratings: list[Row] = [
        (r["bot"], r["elo"], r["elo_low"], r["elo_high"]) for r in figures["ratings"]
    ]
    pairs: list[Row] = [
        (f"{p['bot']} vs 3×{p['field']}", p["ratio"], p["ratio_low"], p["ratio_high"])
        for p in figures["pairs"]
    ]
    first, y = panel(f"{title}: Elo-like rating (95 % interval)", ratings, 0.0, 0)
    second, y = panel(
        "paired ratio: bot's points ÷ the field bot's on the same deals and seats",
        pairs,
        1.0,
        y,
    )
    style = (
        "text{font:13px sans-serif;fill:#222}.title{font-weight:bold}"
        ".value{text-anchor:end;font-size:11px;fill:#555}.tick{text-anchor:middle;"
        "font-size:11px;fill:#555}.ci{stroke:#3465a4;stroke-width:3}"
        ".ref{stroke:#888;stroke-dasharray:4 3}circle{fill:#204a87}"
    )
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y}"'
            f' viewBox="0 0 {WIDTH} {y}" role="img" aria-label="{escape(title)}">',
            f"<style>{style}</style>",
            f'<rect width="{WIDTH}" height="{y}" fill="#fff"/>',
            *first,
            *second,
            "</svg>",
            "",
        ]
    )
