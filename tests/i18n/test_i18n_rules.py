"""Rules pages: one well-formed, self-contained fragment per game and language."""

import re
import tomllib
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

import cardems
from cardems.core.game import Game
from cardems.core.registry import UnknownGame, game_for, games
from cardems.i18n import LANGUAGES, direction, translations
from cardems.kit.building.game import BuildGame
from cardems.web import assets
from cardems.web.assets import (
    PART,
    SLOT,
    assemble,
    fill,
    game_assets,
    part_values,
    rules_part,
)
from cardems.web.assets import rules_page as game_rules_page

RULES_GAMES = [game.family.name for game in games()]
BUILD_GAMES = [game.family.name for game in games() if isinstance(game, BuildGame)]
PAGES = [(game, lang) for game in RULES_GAMES for lang in LANGUAGES]
ALLOWED_TAGS = {
    "article", "section", "h1", "h2", "h3", "p", "ul", "ol", "li", "dl", "dt", "dd",
    "code", "sup", "sub", "strong", "em", "bdi", "span", "var", "kbd", "abbr",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"lang", "dir", "id", "class"}
SUIT_SYMBOLS = set("♠♥♦♣")


def rules_page(name: str, lang: str) -> str:
    page = game_rules_page(game_for(name), lang)
    assert page is not None
    return page


class Page(HTMLParser):
    """Checks nesting while collecting text, ids, headings and direction of card names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.roots: list[dict[str, str | None]] = []
        self.problems: list[str] = []
        self.text: list[str] = []
        self.section_ids: list[str] = []
        self.headings: list[int] = []
        self.cards_outside_ltr: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}>")
        if set(attributes) - ALLOWED_ATTRIBUTES:
            self.problems.append(f"attributes {sorted(attributes)} on <{tag}>")
        if not self.stack:
            self.roots.append(attributes)
        if tag == "section":
            self.section_ids.append(attributes.get("id") or "")
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        self.stack.append((tag, attributes))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.problems.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            self.problems.append(f"unbalanced </{tag}>")
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.stack:
            if data.strip():
                self.problems.append(f"text outside the root: {data.strip()[:20]!r}")
            return
        self.text.append(data)
        directions = [attributes.get("dir") for _, attributes in self.stack]
        inner = next((d for d in reversed(directions) if d), None)
        if SUIT_SYMBOLS & set(data) and inner != "ltr":
            self.cards_outside_ltr.append(data.strip())

    def handle_comment(self, data: str) -> None:
        self.problems.append("comment")


def parse(game: str, lang: str) -> Page:
    page = Page()
    page.feed(rules_page(game, lang))
    page.close()
    return page


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_page_exists(game: str, lang: str) -> None:
    file = game_assets(game_for(game)) / "rules" / f"{lang}.html"
    assert file.is_file()
    page, text = rules_page(game, lang), file.read_text(encoding="utf-8")
    assert "<!--#part" not in page  # every shared part stands in its place
    assert SLOT.search(page) is None  # and every slot is filled
    own = PART.split(text)[::3]  # the page's own text around the parts it names
    assert all(chunk in page for chunk in own)
    for found in PART.finditer(text):  # each part's own words, filled, are in the page
        part = fill(rules_part(game_for(game), found.group(1), lang), part_values(found.group(2)))
        assert all(chunk in page for chunk in PART.split(part)[::3])


def test_a_page_naming_a_part_nobody_ships_is_a_clear_error() -> None:
    with pytest.raises(LookupError, match="king-albert: no rules part 'nowhere' in 'ar'"):
        rules_part(game_for("king-albert"), "nowhere", "ar")


def test_every_part_is_named_by_some_page(monkeypatch: pytest.MonkeyPatch) -> None:
    named: set[tuple[str, str]] = set()

    def recording(game: Game, name: str, lang: str) -> str:
        named.add((name, lang))
        return rules_part(game, name, lang)

    monkeypatch.setattr(assets, "rules_part", recording)
    for game, lang in PAGES:
        rules_page(game, lang)
    shipped = {
        (part.name.split(".")[0], lang)
        for part in Path(cardems.__file__).parent.glob("**/web/rules/parts/*.html")
        for lang in ([part.name.split(".")[1]] if part.name.count(".") == 2 else LANGUAGES)
    }
    assert sorted(shipped - named) == []


def test_a_page_gives_a_part_its_values_in_words_or_quotes() -> None:
    found = PART.fullmatch(
        "<!--#part deal-code code=YU1-N-A\nshows='<b dir=\"ltr\">A♣</b>\nend'-->"
    )
    assert found is not None and found.group(1) == "deal-code"
    values = {"code": "YU1-N-A", "shows": '<b dir="ltr">A♣</b>\nend'}
    assert part_values(found.group(2)) == values
    assert part_values(' a="it\'s" b=7') == {"a": "it's", "b": "7"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "<!--#part deal-code code=YU1-N-AAAAATJ-->",
            "yukon: rules part 'deal-code' in 'ro': no value for slot {shows}",
        ),
        (
            "<!--#part end colour=red-->",
            "yukon: rules part 'end' in 'ro': no slot for value 'colour'",
        ),
        (
            "<!--#part end a=1 a=2-->",
            "yukon: rules part 'end' in 'ro': value 'a' given twice",
        ),
        (
            "<!--#part build-tail playing=nowhere scoring=scoring-->",
            "yukon: no rules part 'nowhere' in 'ro'",
        ),
        (
            '<p>x</p>\n<!--#part end colour="red-->\n<p>y</p>',
            "yukon: unreadable rules part in 'ro': <!--#part end colour=\"red-->",
        ),
    ],
)
def test_a_part_with_a_slot_unfilled_or_a_value_astray_fails_in_one_line(
    text: str, message: str
) -> None:
    with pytest.raises(LookupError) as fault:
        assemble(game_for("yukon"), text, "ro")
    assert str(fault.value) == message


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_is_a_well_formed_fragment(game: str, lang: str) -> None:
    page = parse(game, lang)
    assert page.problems == []
    assert page.stack == [], "unclosed tags"
    assert page.roots == [{"class": "rules", "lang": lang, "dir": direction(lang)}]
    assert page.headings[0] == 1 and page.headings.count(1) == 1
    assert all(b - a <= 1 for a, b in zip(page.headings, page.headings[1:], strict=False))


def test_sections_are_the_same_in_every_language() -> None:
    for game in RULES_GAMES:
        english = parse(game, "en").section_ids
        assert {"setup", "scoring", "end", "extras"} <= set(english)
        assert len(set(english)) == len(english)
        for lang in LANGUAGES:
            assert parse(game, lang).section_ids == english, (game, lang)


KEY_FACTS = {
    "heart-to-heart": (
        {"52", "25", "26", "7", "10", "20", "250", "100", "28", "1", "9"},
        ["HH1-N-AAAAAAM", "10♥", "4♥", "A♥"],
    ),
    "seahaven": (
        {"52", "10", "5", "50", "2", "4", "1", "6", "8", "100", "15", "93"},
        ["SH1-C4-AAAAAJ2", "7♥", "8♥", "8♦", "K♠ Q♠ J♠", "9♣ 8♣ 7♣"],
    ),
    "hearts": ({"52", "4", "13", "1", "26", "100", "16"}, ["2♣", "Q♠", "HT1-N-"]),
    "tripeaks": (
        {"52", "28", "3", "6", "9", "10", "23", "5", "15", "30", "12", "78", "42", "100", "97"},
        ["TP1-W-AAAAAAB", "TP1-N-"],
    ),
    "pyramid": ({"52", "28", "7", "24", "13", "3", "11", "12", "10", "280", "48"}, ["PY1-P3-"]),
    "freecell": (
        {"52", "8", "7", "6", "4", "1", "5", "2", "10", "520", "617", "11982", "100"},
        ["FC1-N-AAAAATJ", "FC1-N-AAAAAAB", "JD 2D 9H JC 5D 7H 7C 5H", "7♥", "8♠", "9♣ 8♥ 7♠"],
    ),
    "spider": (
        {"104", "54", "10", "6", "5", "50", "500", "1", "100", "2", "4"},
        ["SP1-S2-AAAAAAM", "7♦", "8♠", "9♥"],
    ),
    "klondike": ({"52", "7", "5", "10", "15", "100", "20", "208"}, ["KL1-D3-AAAAAAB", "D3L"]),
    "aces-up": ({"52", "4", "48", "7", "100", "1", "32"}, ["AU1-N-AAAAAAB"]),
    "gaps": ({"52", "4", "13", "48", "2", "3", "6", "7", "100", "1", "32"}, ["GP1-N-AAAAAAB"]),
    "accordion": ({"52", "1", "3", "51", "100", "32"}, ["AC1-N-AAAAAAB"]),
    "beleaguered-castle": (
        {"52", "4", "48", "8", "6", "10", "480", "100"},
        ["BC1-N-AAAAATJ", "6♥ 8♦ 7♣ 3♦ 4♦ 5♦ 9♥ 6♦", "7♥", "8♣"],
    ),
    "streets-and-alleys": (
        {"52", "8", "4", "7", "6", "10", "520", "100"},
        ["SA1-N-AAAAATJ", "8♦ 2♠ 10♥ A♥ 9♥ 5♠ 4♠ 9♦", "7♥", "8♣"],
    ),
    "simple-simon": (
        {"52", "10", "3", "8", "7", "1", "4", "13", "130", "520", "100"},
        ["SS1-N-AAAAATJ", "J♦ 8♣ 6♦ 3♣ K♦ 7♦ J♣ 9♣ 4♥ A♥", "7♥", "8♠", "9♣ 8♣ 7♣"],
    ),
    "mrs-mop": (
        {"104", "52", "13", "8", "2", "26", "10", "130", "1040", "100"},
        ["MM1-N-AAAAATJ", "3♠ 5♠ 3♥ 10♥ J♥ 9♠ 8♠ A♠ 6♣ 6♦ 7♠ 2♣ 2♠", "7♥", "8♠", "9♣ 8♣ 7♣"],
    ),
    "king-albert": (
        {"52", "45", "9", "1", "2", "7", "4", "10", "520", "100"},
        ["KA1-N-AAAAATJ", "4♠ Q♣ Q♠ 4♣ A♦ 8♦ 9♥ 3♣ 3♠", "7♥", "8♠", "8♣"],
    ),
    "bakers-dozen": (
        {"52", "13", "4", "10", "520", "100"},
        ["BD1-N-AAAAATJ", "K♦ 5♦ 8♥ A♥ K♥ Q♥ A♠ 9♠ K♠ K♣ 6♠ 8♦ 9♦", "7♥", "8♣"],
    ),
    "spanish-patience": (
        {"52", "13", "4", "10", "520", "100"},
        ["SN1-N-AAAAATJ", "Q♥ K♦ 4♠ 2♥ A♣ K♥ 7♣ 8♥ A♠ 10♣ 5♣ 5♠ 10♠", "7♥", "8♣"],
    ),
    "fan": (
        {"52", "18", "17", "3", "1", "9", "4", "10", "520", "100"},
        ["FN1-N-AAAAATJ", "6♠ A♣ K♦ 8♣ Q♠ 3♠ 2♠ 9♣ 5♣ 3♥ Q♦ J♣ J♦ 7♦ 7♠ 6♣ 9♦ Q♣", "7♥", "8♣"],
    ),
    "somerset": (
        {"52", "10", "1", "2", "7", "8", "4", "520", "100"},
        ["SO1-N-AAAAATJ", "A♥ J♦ Q♣ 3♦ 9♦ A♦ 8♠ A♣ 8♦ K♥", "7♥", "8♠", "8♣"],
    ),
    "raglan": (
        {"42", "9", "1", "2", "7", "6", "4", "10", "480", "100"},
        ["RG1-N-AAAAATJ", "5♣ 8♥ Q♦ Q♣ J♣ 10♦ 10♥ 9♥ J♥", "7♥", "8♠", "8♣"],
    ),
    "flower-garden": (
        {"52", "36", "6", "16", "4", "10", "520", "100"},
        ["FG1-N-AAAAATJ", "9♦ 10♥ A♠ 9♥ A♣ 2♠", "7♥", "8♠", "8♥", "8♦", "8♣"],
    ),
    "canfield": (
        {"52", "13", "1", "4", "34", "5", "10", "510", "100"},
        ["CF1-N-AAAAAAB", "5♥ 5♠ K♣ 6♣", "4♠", "9♠"],
    ),
    "fortunes-favor": (
        {"52", "4", "12", "1", "36", "35", "2", "3", "10", "480", "100"},
        ["FF1-N-AAAAATJ", "2♦ 5♥ 4♣ 4♦ 6♥ 10♥ K♦ 2♠ 8♥ 3♣ 3♥ 4♥", "7♣", "7♥", "8♥", "8♠"],
    ),
    "eight-off": (
        {"48", "8", "6", "4", "1", "5", "10", "520", "100"},
        ["EO1-N-AAAAATJ", "K♠ J♠ Q♦ 3♠ A♣ 7♦ 5♦ 2♠", "7♥", "8♥", "9♣ 8♣ 7♣"],
    ),
    "yukon": (
        {"52", "7", "1", "6", "2", "3", "4", "5", "21", "31", "10", "520", "100"},
        ["YU1-N-AAAAATJ", "A♣ 5♦ K♦ 3♦ K♣ 6♠ 2♣", "7♥", "8♠", "8♣", "2♦", "J♣"],
    ),
    "russian-solitaire": (
        {"52", "7", "1", "6", "2", "3", "4", "5", "21", "31", "10", "520", "100"},
        ["RU1-N-AAAAATJ", "5♦ 8♣ 3♥ 5♥ 10♣ 7♥ Q♠", "7♥", "8♥", "2♦", "J♣"],
    ),
    "golf": ({"52", "35", "7", "5", "16", "1", "32", "28"}, ["GF1-K-AAAAAAB", "GF1-N-", "GF1-W-"]),
    "black-hole": ({"52", "51", "17", "3", "1", "32", "87", "100"}, ["BH1-W-AAAAAAB", "A♠"]),
    "all-in-a-row": ({"52", "13", "4", "1", "32", "67", "100"}, ["AR1-W-AAAAAAB"]),
}


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_states_the_key_numbers_and_examples(game: str, lang: str) -> None:
    text = " ".join(parse(game, lang).text)
    numbers, phrases = KEY_FACTS[game]
    assert numbers - set(re.findall(r"\d+", text)) == set()
    for phrase in phrases:
        assert phrase in text
    if game == "heart-to-heart":  # the rows of the heart, in order
        assert re.search(r"4\D{1,4}6\D{1,4}5\D{1,4}4\D{1,4}3\D{1,4}2\D{1,8}1\b", text)


PAR_RUN = {
    ("freecell", "en"): "a sequence moved in one go",
    ("freecell", "ar"): "نقل سلسلة دفعة واحدة",
    ("seahaven", "en"): "a run moved in one go",
    ("seahaven", "ar"): "نقل تسلسل دفعة واحدة",
}
"""The cell family's par question (``faq-par``) names the moved cards as the rest of
each page does: its ``run`` slot."""


@pytest.mark.parametrize(("game", "lang"), sorted(PAR_RUN))
def test_the_par_question_names_the_moved_cards_as_its_page_does(game: str, lang: str) -> None:
    text = " ".join(" ".join(parse(game, lang).text).split())
    assert PAR_RUN[game, lang] in text


UI_WORDING = {
    "heart-to-heart": [
        "Move errors",
        "Placement help",
        "Must be of the same rank",
        "No more moves possible",
        "Is this deal winnable?",
        "Winnable deals only",
    ],
    "seahaven": ["Winnable deals only", "Move errors", "Placement help"],
    "hearts": [
        "Move errors",
        "You must follow suit",
        "Hearts are not broken",
        "Opponents",
        "Beginner",
        "Easy",
        "Medium",
        "Expert",
    ],
    "freecell": ["Winnable deals only", "Move errors", "Placement help"],
    "tripeaks": [
        "Move errors",
        "Placement help",
        "Must be one rank above or below the waste's card",
        "No more moves possible",
        "Is this deal winnable?",
        "Winnable deals only",
    ],
    "pyramid": [
        "Winnable deals only",
        "Move errors",
        "Placement help",
        "No more moves possible",
        "Is this deal winnable?",
    ],
    "spider": ["Winnable deals only", "Move errors", "Placement help"],
    **{
        name: ["Winnable deals only", "Is this deal winnable?", "Move errors", "Placement help"]
        for name in BUILD_GAMES
    },
    "golf": ["Move errors", "Placement help", "Is this deal winnable?", "Winnable deals only"],
    **{
        name: ["Move errors", "Placement help", "Is this deal winnable?", "Winnable deals only"]
        for name in ("black-hole", "all-in-a-row")
    },
    "klondike": [
        "Winnable deals only",
        "Is this deal winnable?",
        "Move errors",
        "Placement help",
        "Auto-move",
        "Only a king may fill an empty column",
        "Must be one rank lower and of the other colour",
        "Scoring",
        "Standard",
        "Vegas",
        "Vegas total",
        "Play again",
    ],
    "gaps": [
        "Move errors",
        "A space takes the card one rank higher, of the same suit, than the card on its left",
        "No more moves possible",
        "Is this deal winnable?",
        "Winnable deals only",
    ],
    "accordion": [
        "Move errors",
        "The top cards must be of the same suit or the same rank",
        "No more moves possible",
        "Is this deal winnable?",
        "Winnable deals only",
    ],
    "aces-up": [
        "Move errors",
        "Only a card with a higher card of its suit on top of another pile can go",
        "No more moves possible",
        "Is this deal winnable?",
        "Winnable deals only",
    ],
}


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_quotes_the_apps_own_wording(game: str, lang: str) -> None:
    text = " ".join(" ".join(parse(game, lang).text).split())
    for msgid in UI_WORDING[game]:
        assert translations(lang).gettext(msgid) in text, msgid


SCRIPTS = {"en": "LATIN", "ro": "LATIN", "ar": "ARABIC", "he": "HEBREW"}


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_is_written_in_its_language(game: str, lang: str) -> None:
    page = parse(game, lang)
    letters = [c for c in "".join(page.text) if c.isalpha()]
    native = [c for c in letters if unicodedata.name(c, "").startswith(SCRIPTS[lang])]
    assert len(native) > 0.8 * len(letters)
    if lang == "ro":  # comma-below ș ț, never the cedilla look-alikes
        assert not set("şţŞŢ") & set(letters)
        assert set("ășțâî") & set(letters)
    if direction(lang) == "rtl":
        assert page.cards_outside_ltr == [], "card names must sit in dir=ltr elements"


def test_unknown_language_falls_back_to_english() -> None:
    assert rules_page("hearts", "fr") == rules_page("hearts", "en")


def test_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'poker'"):
        rules_page("poker", "en")


def test_package_data_ships_catalogs_and_pages() -> None:
    package = Path(cardems.__file__).parent
    pyproject = tomllib.loads((package.parents[1] / "pyproject.toml").read_text())
    globs = pyproject["tool"]["setuptools"]["package-data"]["cardems"]
    data = [
        path.relative_to(package).as_posix()
        for path in package.rglob("*")
        if path.suffix in {".po", ".pot", ".html", ".js", ".css"}
    ]
    rules = [path for path in data if "/web/rules/" in path and "/parts/" not in path]
    assert len([path for path in data if path.startswith("i18n/")]) == 1 + 3
    assert len(rules) == len(RULES_GAMES) * len(LANGUAGES)
    shipped = {path.relative_to(package).as_posix() for g in globs for path in package.glob(g)}
    assert [f for f in data if f not in shipped] == []  # setuptools' globs: ** is any depth
