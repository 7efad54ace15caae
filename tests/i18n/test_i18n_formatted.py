"""Engine messages translated at the edge: plain, formatted from a template, nested; the
terminal's language from the environment; the CLI speaking it."""

from __future__ import annotations

import io

import pytest

from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.heart_to_heart.game import GAME as HH_GAME
from cardems.heart_to_heart.rules import SAME_RANK, deal, parse_moves, play
from cardems.i18n import from_environment, translate, translations
from cardems.seahaven.rules import Move, Place, check_move
from cardems.seahaven.rules import deal as sh_deal


def test_plain_messages_and_unknown_text() -> None:
    assert translate("ro", SAME_RANK) == translations("ro").gettext(SAME_RANK) != SAME_RANK
    assert translate("en", SAME_RANK) == SAME_RANK
    assert translate("he", "not a catalog message") == "not a catalog message"
    assert translate("ar", None) is None and translate("ar", "") == ""


@pytest.mark.parametrize("lang", ["ar", "he", "ro"])
def test_a_formatted_engine_message_is_formatted_again(lang: str) -> None:
    state = sh_deal(DealCode.parse("SH1-C4-AAAAAJ2"))
    reason = check_move(state, Move(Place("column", 0), Place("column", 0), 1))
    assert reason == "A card must move to another place"
    message = "Too many cards: at most 3 can move together now"
    expected = translations(lang).gettext(
        "Too many cards: at most %(num)d can move together now"
    ) % {"num": 3}
    assert translate(lang, message) == expected and "3" in expected


def test_nested_messages_translate_their_parts() -> None:
    code = DealCode.parse("HH1-N-AAAAAAM")
    with pytest.raises(Exception) as refused:
        play(deal(code), parse_moves(["1+2"]))
    text = translate("ro", str(refused.value))
    assert text == "mutarea 1 (1+2): Cartea de pe poziția 1 este acoperită"


def test_short_templates_do_not_swallow_other_messages() -> None:
    # "%(rank)s of %(suit)s" must not rewrite a message that merely contains " of ".
    message = "move 1 (25+W): Must be of the same rank"
    assert "Must be" not in translate("he", message)
    assert translate("he", "a pile of cards") == "a pile of cards"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "ro_RO.UTF-8"}, "ro"),
        ({"LANGUAGE": "he:en", "LANG": "ro_RO.UTF-8"}, "he"),
        ({"LC_ALL": "ar_EG.UTF-8", "LANG": "en_US.UTF-8"}, "ar"),
        ({"LC_MESSAGES": "iw_IL"}, "he"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_terminal_language(environ: dict[str, str], lang: str) -> None:
    assert from_environment(environ) == lang


def test_terminal_play_speaks_the_language() -> None:
    out = io.StringIO()
    run(
        HH_GAME.text_play(),
        DealCode.parse("HH1-N-AAAAAAM"),
        io.StringIO("D\nquit\n"),
        out,
        "ar",
    )
    text = out.getvalue()
    ar = translations("ar").gettext
    assert ar("score %(score)d, moves %(moves)d") % {"score": 0, "moves": 1} in text


def test_cli_errors_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardems import cli

    monkeypatch.setenv("LANGUAGE", "ro")
    assert cli.main(["solve", "HH1-N-AAAAAAA"]) == 0
    assert capsys.readouterr().out == "HH1-N-AAAAAAA: necâștigabil\n"
