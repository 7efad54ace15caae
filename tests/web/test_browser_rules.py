"""Rules pages in a real browser, on a desktop and a phone: the seeds' Hearts FAQ, and the
bar in the margin on what Cardems adds and on nothing the seed says (Playwright)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, snap

SIZES = {"desktop": (1366, 800), "phone": (390, 844)}
HEARTS_FAQ_AR = [
    "كم ورقة أمرر؟",
    "من يبدأ أولاً؟",
    "هل يمكن قيادة القلوب قبل كسرها؟",
    "ماذا يحدث عند إطلاق القمر؟",
    "متى يمكن لعب ورقة نقاط في الحيلة الافتتاحية؟",
    "ماذا يحدث عند 100 نقطة؟",
]
BAR = """n => { const s = getComputedStyle(n);
  return s.direction === 'rtl' ? s.borderRightWidth : s.borderLeftWidth; }"""


def open_rules(chromium_browser: Any, live: LiveServer, size: str, path: str) -> Any:
    width, height = SIZES[size]
    context = chromium_browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(live.url + path)
    assert page.locator("article.rules").is_visible()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, "the rules page scrolls sideways"
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
def test_hearts_faq_asks_the_seeds_questions(
    chromium_browser: Any, live: LiveServer, size: str
) -> None:
    page = open_rules(chromium_browser, live, size, "/rules/hearts?lang=ar")
    try:
        faq = page.locator("#faq h3")
        assert faq.all_inner_texts()[: len(HEARTS_FAQ_AR)] == HEARTS_FAQ_AR
        for question in faq.all()[: len(HEARTS_FAQ_AR)]:
            assert question.is_visible() and question.evaluate(BAR) == "0px"
        ours = faq.nth(len(HEARTS_FAQ_AR))
        assert ours.inner_text() == "ما رمز التوزيع؟" and ours.evaluate(BAR) == "3px"
        answer = page.locator("#faq h3 + p").first
        answer.scroll_into_view_if_needed()
        assert "ثلاث بالضبط" in answer.inner_text()
        snap(page, f"rules-hearts-ar-{size}")
    finally:
        page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_seahaven_bar_on_additions_only(chromium_browser: Any, live: LiveServer, size: str) -> None:
    page = open_rules(chromium_browser, live, size, "/rules/seahaven?lang=en")
    try:
        scoring = page.locator("#scoring li")
        seed_rule = scoring.filter(has_text="The score never goes below zero")
        assert seed_rule.evaluate(BAR) == "0px"
        assert scoring.filter(has_text="costs −15").evaluate(BAR) == "3px"
        finish = page.locator("#extras li").filter(has_text="“Finish”")
        finish.scroll_into_view_if_needed()
        assert finish.is_visible() and finish.evaluate(BAR) == "3px"
        redo = page.locator("#extras li span.addition").filter(has_text="redo plays them again")
        assert redo.evaluate(BAR) == "3px"
        assert page.locator("#extras li").first.evaluate(BAR) == "0px"  # undo: the seed's
        snap(page, f"rules-seahaven-en-{size}")
    finally:
        page.context.close()
