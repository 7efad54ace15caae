"""Arabic and Hebrew (issue 41, item 5): game names as their players know them, signed
numbers with their sign on the correct side, Arabic punctuation and the seeds' word for
a card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardems.core.registry import game_for
from cardems.i18n import translate, translations
from cardems.i18n.catalogs import catalog_path
from cardems.i18n.formatted import LRI, PDI, number_text
from cardems.i18n.labels import card_name_parts, list_separator
from cardems.web.assets import rules_page

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
"""The original rules pages, in the project's shared/ folder beside the checkout."""

# The five games that stayed in Latin letters. Where a seed (the original rules page in
# that language) names a game, its name is kept as the seed writes it:
# - Heart to Heart: «قواعد Heart to Heart» (Arabic seed), «כללי Heart to Heart» (Hebrew);
# - Seahaven Towers: «قواعد Seahaven Towers» (Arabic seed);
# - FreeCell: «وهذا هو الفرق الكبير عن FreeCell» (the Arabic Seahaven seed).
# The others have no seed: a transliteration or the name their players use.
NAMES = {
    "ar": {
        "Heart to Heart": "Heart to Heart",
        "Seahaven Towers": "Seahaven Towers",
        "FreeCell": "FreeCell",
        "Spider": "العنكبوت",
        "TriPeaks": "تراي بيكس",
    },
    "he": {
        "Heart to Heart": "Heart to Heart",
        "Seahaven Towers": "סיהייבן טאוורס",
        "FreeCell": "פריסל",
        "Spider": "ספיידר",
        "TriPeaks": "טרייפיקס",
    },
}
SEED_NAMED = {("ar", "Heart to Heart"), ("he", "Heart to Heart"), ("ar", "Seahaven Towers")}
SEED_NAMED |= {("ar", "FreeCell")}
SLUGS = {
    "Heart to Heart": "heart-to-heart",
    "Seahaven Towers": "seahaven",
    "FreeCell": "freecell",
    "Spider": "spider",
    "TriPeaks": "tripeaks",
}
LATIN = re.compile("[A-Za-z]")


def catalog_strings(lang: str) -> dict[str, str]:
    with catalog_path(lang).open("rb") as po:
        catalog = read_po(po)
    found = {}
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, text in enumerate(strings):
            found[f"{ids[min(index, len(ids) - 1)]}#{index}#{message.context}"] = text
    return found


@pytest.mark.parametrize("lang", sorted(NAMES))
@pytest.mark.parametrize("title", sorted(SLUGS))
def test_game_names_are_those_of_the_seed_or_in_the_languages_letters(
    lang: str, title: str
) -> None:
    name = translations(lang).gettext(title)
    assert name == NAMES[lang][title]
    if (lang, title) not in SEED_NAMED:
        assert not LATIN.search(name), name
    html = rules_page(game_for(SLUGS[title]), lang)
    assert html is not None
    heading = re.search(r"<h1>(.*?)</h1>", html)
    assert heading and name in heading[1]
    assert title not in heading[1] or (lang, title) in SEED_NAMED


@pytest.mark.parametrize(("lang", "title"), sorted(SEED_NAMED))
def test_a_seed_named_game_keeps_the_seeds_name(lang: str, title: str) -> None:
    if not SEEDS.is_dir():
        pytest.skip("the seeds are not on this machine")
    seeds = " ".join(path.read_text(encoding="utf-8") for path in SEEDS.glob("*.txt"))
    word = {"ar": "قواعد", "he": "כללי"}[lang]
    assert f"{word} {title}" in seeds or f"عن {title}" in seeds


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_no_catalog_string_names_a_renamed_game_in_latin(lang: str) -> None:
    renamed = [title for title in SLUGS if (lang, title) not in SEED_NAMED]
    for key, text in catalog_strings(lang).items():
        for title in renamed:
            assert title.split()[0] not in text, (key, text)


# --- signed numbers -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_a_signed_number_is_isolated_left_to_right_in_arabic_and_hebrew(lang: str) -> None:
    assert number_text(-5, lang) == f"{LRI}-5{PDI}"
    assert number_text("-2.5", lang) == f"{LRI}-2.5{PDI}"
    assert number_text("+3", lang) == f"{LRI}+3{PDI}"
    assert number_text(5, lang) == "5" and number_text(0, lang) == "0"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_signed_number_is_left_as_it_is_left_to_right(lang: str) -> None:
    assert number_text(-5, lang) == "-5"


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_an_engine_message_with_a_negative_number_keeps_its_sign_on_the_left(
    lang: str,
) -> None:
    message = "West took it (-10 points)."  # the J♦ variant's trick
    shown = translate(lang, message)
    assert shown is not None and shown != message
    assert f"{LRI}-10{PDI}" in shown
    assert translate(lang, "West took it (13 points).") == str(
        translations(lang).gettext("%(seat)s took it (%(num)d points).")
    ) % {"seat": translate(lang, "West"), "num": 13}
    assert translate("en", message) == message


# --- Arabic punctuation and lists ---------------------------------------------------------

CODE_LIKE = re.compile(
    r"`[^`]*`"  # a command
    r"|\{[^}]*\}"  # JSON
    r"|%\(\w+\)[sd]"  # placeholders
    r"|[\w:.=-]+(?:,[\w:.=-]+)+"  # bots listed for a command line: expert,medium
    r"|foundation:S, H, D, C"  # targets spelled as typed
)


def test_arabic_catalog_strings_use_arabic_punctuation() -> None:
    for key, text in catalog_strings("ar").items():
        prose = CODE_LIKE.sub("", text)
        assert not re.search("[,;?]", prose), (key, text)


def test_an_arabic_list_is_joined_with_the_arabic_comma() -> None:
    assert list_separator("ar") == "، "
    assert card_name_parts("ar")["separator"] == "، "
    assert list_separator("he") == ", " and card_name_parts("ro")["separator"] == ", "


def test_a_list_in_an_engine_message_is_joined_as_the_language_joins_one() -> None:
    message = "unknown game 'x, y': this server offers heart-to-heart, seahaven, freecell"
    shown = translate("ar", message)
    assert shown is not None
    assert "heart-to-heart، seahaven، freecell" in shown
    assert "x, y" in shown  # what the player typed is echoed as typed
    he = translate("he", message)
    assert he is not None and "heart-to-heart, seahaven, freecell" in he


def test_browser_scripts_join_no_list_with_a_latin_comma() -> None:
    package = Path(__file__).resolve().parents[2] / "src" / "cardems"
    for script in package.glob("**/static/*.js"):
        source = script.read_text(encoding="utf-8")
        assert not re.search(r"""\.join\(\s*["'`], ["'`]\s*\)""", source), script


# --- the seeds' word for a card in Arabic -------------------------------------------------

# «بطاقة» in the Heart to Heart seed (and so in its family, the covered-card games),
# «ورقة» in the Seahaven Towers seed (and its family, FreeCell's) and the Hearts seed.
BITAQA, WARAQA = re.compile("بطاق"), re.compile("ورق|أوراق")
CARD_WORD = {
    "heart_to_heart": BITAQA,
    "pyramid": BITAQA,
    "tripeaks": BITAQA,
    "golf": BITAQA,
    "black_hole": BITAQA,
    "all_in_a_row": BITAQA,
    "gaps": BITAQA,
    "accordion": BITAQA,
    "seahaven": WARAQA,
    "freecell": WARAQA,
    "cellgames": WARAQA,
    "hearts": WARAQA,
    "beleaguered_castle": WARAQA,
    "streets_and_alleys": WARAQA,
    "eight_off": WARAQA,
    "king_albert": WARAQA,
    "fortunes_favor": WARAQA,
    "canfield": WARAQA,
    "bakers_dozen": WARAQA,
    "spanish_patience": WARAQA,
    "fan": WARAQA,
    "somerset": WARAQA,
    "raglan": WARAQA,
    "flower_garden": WARAQA,
    "simple_simon": WARAQA,
    "yukon": WARAQA,
    "russian_solitaire": WARAQA,
    "mrs_mop": WARAQA,
}
SLUG = {
    "heart_to_heart": "heart-to-heart",
    "cellgames": None,
    "beleaguered_castle": "beleaguered-castle",
    "streets_and_alleys": "streets-and-alleys",
    "eight_off": "eight-off",
    "king_albert": "king-albert",
    "fortunes_favor": "fortunes-favor",
    "canfield": "canfield",
    "bakers_dozen": "bakers-dozen",
    "spanish_patience": "spanish-patience",
    "fan": "fan",
    "somerset": "somerset",
    "raglan": "raglan",
    "flower_garden": "flower-garden",
    "black_hole": "black-hole",
    "all_in_a_row": "all-in-a-row",
    "simple_simon": "simple-simon",
    "russian_solitaire": "russian-solitaire",
    "mrs_mop": "mrs-mop",
}


def other_word(package: str) -> re.Pattern[str]:
    return WARAQA if CARD_WORD[package] is BITAQA else BITAQA


@pytest.mark.parametrize("package", sorted(CARD_WORD))
def test_an_arabic_rules_page_says_card_as_its_seed_does(package: str) -> None:
    slug = SLUG.get(package, package)
    if slug is None:
        pytest.skip("no rules page")
    html = rules_page(game_for(slug), "ar")
    assert html is not None
    assert CARD_WORD[package].search(html)
    assert not other_word(package).search(html), other_word(package).findall(html)


def test_arabic_catalog_strings_of_a_game_say_card_as_its_seed_does() -> None:
    with catalog_path("ar").open("rb") as po:
        catalog = read_po(po)
    for message in catalog:
        packages = {path.split("/")[2] for path, _ in message.locations}
        families = {CARD_WORD.get(package) for package in packages}
        if not message.id or len(families) != 1 or None in families:
            continue
        (word,) = families
        other = WARAQA if word is BITAQA else BITAQA
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert not other.search(text), (message.id, text)


GAME_SLUGS = ["freecell", "heart-to-heart", "hearts", "klondike", "pyramid", "seahaven"]
GAME_SLUGS += ["spider", "tripeaks", "beleaguered-castle", "streets-and-alleys", "eight-off"]
GAME_SLUGS += ["king-albert", "bakers-dozen", "spanish-patience", "fan"]
GAME_SLUGS += ["somerset", "raglan", "flower-garden", "golf", "black-hole", "all-in-a-row"]
GAME_SLUGS += [
    "simple-simon",
    "fortunes-favor",
    "gaps",
    "yukon",
    "russian-solitaire",
    "accordion",
    "canfield",
    "mrs-mop",
]


@pytest.mark.parametrize("lang", ["ar", "he"])
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_rules_page_isolates_its_signed_numbers(slug: str, lang: str) -> None:
    """A right-to-left line shows "−15" as "15−" unless the number reads left to right:
    in a <bdi dir="ltr"> or <code>, or after a LEFT-TO-RIGHT MARK. (A hyphen after a
    Hebrew prefix, "ל-10", is no sign.)"""
    html = rules_page(game_for(slug), lang)
    assert html is not None
    bare = re.sub(r"<(bdi|code)[^>]*>.*?</\1>", "", html, flags=re.DOTALL)
    assert not re.findall(r"(?:(?<=[\s(])-|(?<![A-Za-z0-9\u200e])[−+])\d+", bare)
