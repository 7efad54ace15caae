"""The gettext catalogs: complete, well-formed, seed wording, plural forms, Jinja2."""

import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from cardems.core.registry import games
from cardems.i18n import LANGUAGES, translations
from cardems.i18n.catalogs import load_catalog, template_path

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa%])")


def template() -> Catalog:
    with template_path().open("rb") as pot:
        return read_po(pot)


def entries(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def placeholders(text: str) -> set[tuple[str | None, str]]:
    return {(name, kind) for name, kind in PLACEHOLDER.findall(text) if kind != "%"}


def forms_hit_once(lang: str) -> set[int]:
    """Plural forms that only one n in 0..1000 selects (they may spell the number)."""
    plural = translations(lang).plural
    hits: dict[int, int] = {}
    for n in range(1001):
        hits[plural(n)] = hits.get(plural(n), 0) + 1
    return {form for form, count in hits.items() if count == 1}


def test_template_lists_the_known_messages() -> None:
    ids = {message.id for message in entries(template())}
    assert "Must be of the same rank" in ids
    assert ("%(num)d game won", "%(num)d games won") in ids
    assert len(ids) >= 46


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_declares_babels_plural_rule(lang: str) -> None:
    catalog = load_catalog(lang)
    expected = get_plural(lang)
    assert catalog.num_plurals == expected.num_plurals
    assert catalog.plural_expr == expected.plural_expr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_message_is_translated(lang: str) -> None:
    catalog = load_catalog(lang)
    missing = []
    for message in entries(template()):
        entry = catalog.get(message.id, message.context)
        if entry is None or entry.fuzzy or entry.id != message.id:
            missing.append(message.id)
            continue
        if message.pluralizable:
            strings = entry.string
            assert isinstance(strings, tuple | list), message.id
            if len(strings) != catalog.num_plurals or not all(s.strip() for s in strings):
                missing.append(message.id)
        elif not (isinstance(entry.string, str) and entry.string.strip()):
            missing.append(message.id)
    assert missing == [], f"{lang}: untranslated, fuzzy or missing plural forms"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_registered_games_title_is_translated(lang: str) -> None:
    catalog = load_catalog(lang)
    titles = [game.family.title for game in games()]
    untranslated = [title for title in titles if not (catalog.get(title) or Message("")).string]
    assert untranslated == [], f"{lang}: mark each game's title with N_ in its package"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_obsolete_or_stray_messages(lang: str) -> None:
    expected = {(message.context, message.id) for message in entries(template())}
    assert {(message.context, message.id) for message in entries(load_catalog(lang))} == expected
    assert load_catalog(lang).obsolete == {}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str) -> None:
    catalog = load_catalog(lang)
    assert list(catalog.check()) == []
    spell_out = forms_hit_once(lang)
    for message in entries(catalog):
        if isinstance(message.id, str):
            assert isinstance(message.string, str)
            assert placeholders(message.string) == placeholders(message.id), message.id
            continue
        wanted = placeholders(message.id[1])
        assert isinstance(message.string, tuple | list)
        for form, text in enumerate(message.string):
            if form in spell_out:  # "one", "two", "zero": the word can carry the number
                assert placeholders(text) <= wanted, (message.id, form)
            else:
                assert placeholders(text) == wanted, (message.id, form)


SEED_WORDING = {
    "Must be of the same rank": {
        "ar": "يجب أن تكون من الرتبة نفسها",
        "he": "חייב להיות מאותה דרגה",
        "ro": "Trebuie să fie de același rang",
    },
    "No more moves possible": {
        "ar": "لا توجد أي حركة ممكنة",
        "he": "אין עוד מהלכים אפשריים",
        "ro": "Nu mai există mutări posibile",
    },
    "Move errors": {"ar": "أخطاء الحركة", "he": "שגיאות במהלך", "ro": "Erori de mutare"},
    "Placement help": {
        "ar": "المساعدة في الوضع",
        "he": "עזרה בהצבה",
        "ro": "Ajutor la plasare",
    },
}


@pytest.mark.parametrize("msgid", sorted(SEED_WORDING))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_seed_wording(msgid: str, lang: str) -> None:
    assert translations(lang).gettext(msgid) == SEED_WORDING[msgid][lang]


def counted(lang: str, n: int) -> str:
    return translations(lang).ngettext("%(num)d move", "%(num)d moves", n) % {"num": n}


def test_arabic_has_six_distinct_forms() -> None:
    counts = [0, 1, 2, 3, 11, 100]
    words = [counted("ar", n) for n in counts]
    assert words == ["لا حركات", "حركة واحدة", "حركتان", "3 حركات", "11 حركةً", "100 حركة"]
    plural = translations("ar").plural
    assert [plural(n) for n in counts] == [0, 1, 2, 3, 4, 5]
    assert counted("ar", 103) == "103 حركات"
    assert counted("ar", 111) == "111 حركةً"


def test_hebrew_forms() -> None:
    assert [counted("he", n) for n in (1, 2, 3, 10, 20)] == [
        "מהלך אחד",
        "שני מהלכים",
        "3 מהלכים",
        "10 מהלכים",
        "20 מהלכים",
    ]


def test_romanian_forms() -> None:
    assert [counted("ro", n) for n in (0, 1, 2, 19, 20, 101, 120)] == [
        "0 mutări",
        "1 mutare",
        "2 mutări",
        "19 mutări",
        "20 de mutări",
        "101 mutări",
        "120 de mutări",
    ]


def test_english_is_the_source_language() -> None:
    english = translations("en")
    assert english.gettext("Must be of the same rank") == "Must be of the same rank"
    assert counted("en", 1) == "1 move"
    assert counted("en", 0) == "0 moves"


def test_translations_are_cached() -> None:
    assert translations("he") is translations("he")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        translations("fr")


def test_unknown_message_falls_back_to_english() -> None:
    assert translations("ar").gettext("Not in any catalog") == "Not in any catalog"


def test_jinja2_i18n_extension() -> None:
    jinja2 = pytest.importorskip("jinja2")
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    env.install_gettext_translations(translations("ar"), newstyle=True)
    page = env.from_string(
        "{{ _('Undo') }}|{{ ngettext('%(num)d point', '%(num)d points', n) }}"
        "|{% trans %}Rules{% endtrans %}"
    )
    assert page.render(n=11) == "تراجع|11 نقطةً|القواعد"


def test_jinja2_trimmed_blocks_match_the_extracted_msgids() -> None:
    jinja2 = pytest.importorskip("jinja2")
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    env.policies["ext.i18n.trimmed"] = True  # babel.cfg extracts with trimmed = true
    env.install_gettext_translations(translations("he"), newstyle=True)
    page = env.from_string("{% trans %}\n  No more moves\n  possible\n{% endtrans %}")
    assert page.render() == "אין עוד מהלכים אפשריים"
