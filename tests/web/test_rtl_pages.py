"""Arabic and Hebrew pages as the server writes them: a negative score keeps its minus on
the left (isolated left to right), and a list is joined as the language joins one."""

from __future__ import annotations

import re

import pytest
from api_helpers import intent, new_game
from starlette.testclient import TestClient

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

LRI, PDI = "\u2066", "\u2069"  # left-to-right isolate … pop directional isolate


def resume_line(html: str) -> str:
    found = re.search(r'<li class="resume-last">(.*?)</li>', html, re.DOTALL)
    assert found, html
    return re.sub(r"<[^>]+>", "", found[1])


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_the_home_page_shows_a_negative_score_with_its_sign_on_the_left(
    client: TestClient, lang: str
) -> None:
    game_id = new_game(client, code="TP1-W-AAAAAAB")["id"]
    assert intent(client, game_id, type="tap", target="stock").status_code == 200
    line = resume_line(client.get("/", headers={"accept-language": lang}).text)
    assert f"{LRI}-5{PDI}" in line, line
    assert (", " in line) == (lang == "he"), line  # Arabic: «1 حركة، النتيجة -5»
    english = resume_line(client.get("/", headers={"accept-language": "en"}).text)
    assert "1 move, score -5 · " in english, english


def test_the_settings_page_lists_games_with_the_arabic_comma(client: TestClient) -> None:
    pattern = r'name="auto_move"[^>]*>.*?<span class="setting-games">(.*?)</span>'
    html = client.get("/settings", headers={"accept-language": "ar"}).text
    found = re.search(pattern, html)
    english = re.search(pattern, client.get("/settings", headers={"accept-language": "en"}).text)
    assert found and english, html
    games = english[1].count(", ") + 1  # a name of its own may hold no comma
    assert games > 9 and found[1].count("، ") == games - 1 and "," not in found[1], found[1]


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("he", ["סיהייבן טאוורס", "פריסל", "ספיידר", "טרייפיקס"]),
        ("ar", ["العنكبوت", "تراي بيكس"]),
    ],
)
def test_the_home_page_and_a_tables_title_name_the_games_in_the_language(
    client: TestClient, lang: str, names: list[str]
) -> None:
    html = client.get("/", headers={"accept-language": lang}).text
    for name in names:
        assert name in html, name
    assert ">TriPeaks<" not in html and ">Spider<" not in html
    page = client.get("/play/tripeaks", headers={"accept-language": lang}).text
    title = re.search(r"<title>(.*?)</title>", page)
    assert title and names[-1] in title[1], title


def test_the_statistics_filter_keeps_a_minus_on_the_left_in_hebrew() -> None:
    from cardems.web.i18n import environment

    template = environment("he").from_string(
        "{{ -5 | signed }} {{ '-2.5' | signed }} {{ 3 | signed }}"
    )
    assert template.render() == f"{LRI}-5{PDI} {LRI}-2.5{PDI} 3"
    assert environment("en").from_string("{{ -5 | signed }}").render() == "-5"
