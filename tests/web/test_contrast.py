"""Text colours of both themes keep a contrast of at least 4.5:1 (WCAG AA) on their
backgrounds; the focus ring at least 3:1 (non-text). Values are read from style.css."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).parents[2] / "src/cardems/web/static/style.css").read_text()

TEXT_PAIRS = [
    ("fg", "bg"),
    ("fg", "panel"),
    ("muted", "bg"),
    ("muted", "panel"),
    ("accent", "bg"),
    ("accent", "panel"),
    ("on-accent", "accent"),
    ("error", "bg"),
    ("error", "panel"),
    ("warning", "bg"),
    ("warning", "panel"),
]


def variables(selector: str) -> dict[str, str]:
    block = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert block, selector
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,8})", block.group(1)))


THEMES = {"light": variables(":root")}
THEMES["dark"] = THEMES["light"] | variables('[data-theme="dark"]')


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize(("text", "background"), TEXT_PAIRS)
def test_text_contrast(theme: str, text: str, background: str) -> None:
    colours = THEMES[theme]
    ratio = contrast(colours[text], colours[background])
    assert ratio >= 4.5, f"{theme}: --{text} on --{background} is {ratio:.2f}:1"


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_focus_ring_and_table_labels(theme: str) -> None:
    colours = THEMES[theme]
    assert contrast(colours["focus"], colours["bg"]) >= 3
    assert contrast(colours["focus"], colours["panel"]) >= 3
    assert contrast("#ffffff", colours["felt"]) >= 4.5  # pile counts on the felt
