"""The rules pages of every game that shows a par say what par means there (the fewest
moves of any win, as the table counts moves) and that it may be only the best win known,
in every language."""

from __future__ import annotations

import re

import pytest

from cardems.core.registry import game_for
from cardems.i18n import translations
from cardems.web.assets import rules_page

GAMES_WITH_A_PAR = ("freecell", "seahaven", "heart-to-heart", "pyramid")
PAR_WORD = {  # the word each page uses for par (Pyramid's pages say "norm" in he and ro)
    "en": ("par",),
    "ar": ("معيار",),
    "he": ("פאר", "נורמה"),
    "ro": ("par", "norma"),
}
MOVE_WORD = {"en": "move", "ar": "حرك", "he": "מהלך", "ro": "mutar"}


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("lang", ["en", "ar", "he", "ro"])
@pytest.mark.parametrize("name", GAMES_WITH_A_PAR)
def test_the_rules_say_what_par_means(name: str, lang: str) -> None:
    game = game_for(name)
    page = rules_page(game, lang)
    assert page is not None and f'<article class="rules" lang="{lang}"' in page
    text = words(page)
    latin = lang in ("en", "ro")  # Arabic and Hebrew join the article to the word
    found = [w for w in PAR_WORD[lang] if re.search(rf"\b{w}\b" if latin else w, text)]
    assert found, (name, lang)
    assert MOVE_WORD[lang] in text
    # proven, or only the best known: the win dialog's words for the latter
    best_known = translations(lang).gettext("Best known win (not proven the shortest)")
    assert best_known in text, (name, lang)
