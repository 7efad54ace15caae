"""Draw the app's icons: ``src/cardems/web/static/icons/cardems-{192,512}.png``.

A card with a red heart on the green felt of the table, drawn from shapes (the heart is
the curve (x² + y² - 1)³ = x² y³) with 4 × 4 samples a pixel, written as PNG by the
standard library. The SVG icon beside them (``cardems.svg``) is the same picture by
hand. Run ``python3 scripts/make_icons.py`` after changing either.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "src" / "cardems" / "web" / "static" / "icons"
FELT, CARD, EDGE, RED = (47, 107, 79), (255, 255, 255), (36, 85, 64), (200, 30, 45)
SAMPLES = 4


def inside_round_rect(
    x: float, y: float, left: float, top: float, w: float, h: float, r: float
) -> bool:
    """Whether (x, y) is inside the rectangle with corners rounded by ``r``."""
    dx = max(left + r - x, 0.0, x - (left + w - r))
    dy = max(top + r - y, 0.0, y - (top + h - r))
    return left <= x <= left + w and top <= y <= top + h and dx * dx + dy * dy <= r * r


def inside_heart(x: float, y: float) -> bool:
    """The heart centred at (0.5, 0.52) of the unit square, 0.32 across."""
    u, v = (x - 0.5) / 0.2, -(y - 0.5) / 0.2
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def colour(x: float, y: float) -> tuple[int, int, int]:
    """The picture at (x, y) of the unit square."""
    if inside_heart(x, y):
        return RED
    if inside_round_rect(x, y, 0.22, 0.12, 0.56, 0.76, 0.06):
        return CARD
    if inside_round_rect(x, y, 0.21, 0.11, 0.58, 0.78, 0.07):
        return EDGE
    return FELT


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` × ``size`` pixels."""
    rows = []
    step = 1 / (size * SAMPLES)
    for py in range(size):
        row = bytearray(b"\0")
        for px in range(size):
            total = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = colour((px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step)
                    total = [t + v for t, v in zip(total, c, strict=True)]
            row += bytes(round(t / SAMPLES**2) for t in total)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(rows), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    for size in (192, 512):
        (HERE / f"cardems-{size}.png").write_bytes(png(size))
