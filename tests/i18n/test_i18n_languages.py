"""Languages, Accept-Language negotiation and text direction."""

import subprocess
import sys
from pathlib import Path

import pytest

import cardems.i18n
from cardems.i18n import DEFAULT_LANGUAGE, LANGUAGES, direction, negotiate
from cardems.i18n.languages import parse_accept_language
from cardems.i18n.markers import N_, Nn_


def test_the_four_languages_with_native_names() -> None:
    assert LANGUAGES == {"en": "English", "ar": "العربية", "he": "עברית", "ro": "Română"}
    assert DEFAULT_LANGUAGE == "en"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("he-IL,he;q=0.9,en;q=0.8", "he"),
        ("fr", "en"),
        ("fr-FR,fr;q=0.9", "en"),
        ("fr-FR,ro;q=0.5,en;q=0.4", "ro"),
        ("en;q=0.2,ar-EG;q=0.9", "ar"),
        ("AR-sa", "ar"),
        ("ro-RO", "ro"),
        ("ro-MD,ro;q=0.9", "ro"),
        ("iw", "he"),
        ("*", "en"),
        ("ar;q=0,he;q=0.1", "he"),
        ("he;q=abc,ro", "ro"),
        ("ar;q=0.5,he;q=0.5", "ar"),
        ("", "en"),
        (None, "en"),
        ("<script>,ro", "ro"),
    ],
)
def test_negotiate(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_accept_language_is_sorted_by_quality_stably() -> None:
    assert parse_accept_language("en;q=0.5, he-IL , ar;q=0.5, ro;q=0.9") == [
        "he_IL",
        "ro",
        "en",
        "ar",
    ]


@pytest.mark.parametrize(("lang", "expected"), [("ar", "rtl"), ("he", "rtl"), ("en", "ltr")])
def test_direction(lang: str, expected: str) -> None:
    assert direction(lang) == expected


def test_romanian_is_left_to_right() -> None:
    assert direction("ro") == "ltr"


def test_direction_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        direction("xx")


def test_markers_return_their_text() -> None:
    assert N_("Undo") == "Undo"
    assert Nn_("%(num)d move", "%(num)d moves") == ("%(num)d move", "%(num)d moves")


def test_marking_a_string_does_not_import_babel() -> None:
    src = Path(cardems.i18n.__file__).parents[2]
    code = "import sys, cardems.i18n.markers; print('babel' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"


def test_package_refuses_unknown_attributes() -> None:
    with pytest.raises(AttributeError):
        _ = cardems.i18n.nothing_here
