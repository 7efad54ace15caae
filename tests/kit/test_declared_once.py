"""Facts a game states once and the families derive: the deal codes' family of a build
game from its declaration, the hole games' shared facts, variants with their labels, and
the cell games' shipped tables of levels."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardems.all_in_a_row.game import GAME as ALL_IN_A_ROW
from cardems.black_hole.game import DECLARATION as BLACK_HOLE
from cardems.cellgames.difficulty import read_levels
from cardems.core.base import GameBase
from cardems.dealcode import GameFamily, Variant, letters
from cardems.golf.game import GAME as GOLF
from cardems.kit.building import BuildRules, Tableau, declare
from cardems.kit.building.declare import DeclarationError
from cardems.kit.building.game import BuildGame
from cardems.kit.waste.declare import Onto, Words, fans, hole


def test_a_build_game_takes_its_family_from_its_declaration() -> None:
    rules = declare(BuildRules("Baker's Toy", Tableau(deal=(4,) * 13), prefix="BT"))

    class Toy(BuildGame):
        rules = declare(BuildRules("Baker's Toy", Tableau(deal=(4,) * 13), prefix="BT"))
        level_cuts = (1, 2)

    assert rules.family() == GameFamily("BT", "bakers-toy", "Baker's Toy", ("N",), 7)
    assert Toy.family == rules.family()


@pytest.mark.parametrize(
    ("prefix", "why"), [("B", "two letters"), ("B7", "two letters"), ("bt", "capitals")]
)
def test_a_bad_prefix_is_refused_naming_the_game(prefix: str, why: str) -> None:
    with pytest.raises(DeclarationError, match=rf"^Toy: code: prefix .*{why}"):
        declare(BuildRules("Toy", Tableau(deal=(4,) * 13), prefix=prefix))


def test_a_hole_game_has_the_holes_words_and_facts() -> None:
    words = Words(
        title="Toy Hole",
        pile="column",
        empty="Column %(num)d is empty",
        unknown_target="unknown target %(target)s",
        play_hint="Hint: %(card)s from column %(num)d onto %(other)s",
        where="column %(num)d",
        moves_help="moves: 3 plays column 3",
        first_hint="Hint: start with the %(card)s from column %(num)d",
    )
    toy = hole(
        "TH",
        "toy-hole",
        words,
        fans(13, 4),
        "column",
        level_cuts=(1, 2),
        anchor=None,
        empty_start=True,
    )
    assert (toy.words.waste, toy.words.draw_hint, toy.words.one_apart_no_wrap) == ("Hole", "", "")
    assert toy.words.one_apart == BLACK_HOLE.words.one_apart
    assert [(v.letter, v.onto) for v in toy.variants] == [("W", Onto(wrap=True))]
    assert (toy.stock, toy.open, toy.prune, toy.waste_kind) == (False, True, True, "hole")
    no_hint = replace(words, first_hint="")
    with pytest.raises(ValueError, match=r"^Toy Hole: column: a waste that starts empty needs"):
        hole(
            "TH",
            "toy-hole",
            no_hint,
            fans(13, 4),
            "column",
            level_cuts=(1, 2),
            anchor=None,
            empty_start=True,
        )


def test_waste_games_label_their_variants_from_the_declaration() -> None:
    assert GOLF.variant_labels == (
        ("Nothing on a king", 0),
        ("A queen on a king, no wrap", 0),
        ("K and A one apart (relaxed)", 0),
    )
    assert GOLF.family.variants == ("K", "N", "W")
    assert ALL_IN_A_ROW.variant_labels == (("K and A one apart", 0),)
    assert GOLF.variant_legend == ALL_IN_A_ROW.variant_legend == "Kings"
    assert GOLF.tagline.startswith("Seven columns") and "D turns" in GOLF.keys_help


def test_variants_give_the_letters_and_the_labels() -> None:
    choices = (Variant("C4", "Easy: %(num)d", 4), Variant("U", "Unlimited"))

    class Toy(GameBase):
        family = GameFamily("TY", "toy", "Toy", letters(choices), 7)
        variants = choices

    assert Toy.family.variants == ("C4", "U")
    assert Toy.variant_labels == (("Easy: %(num)d", 4), ("Unlimited", 0))
    assert GameBase.variant_labels == ()


def test_read_levels(tmp_path: Path) -> None:
    table = tmp_path / "levels.txt"
    table.write_text("12 e\n13 -\n14 h\n15 m\n", encoding="ascii")
    assert read_levels(table, int) == {12: "easy", 14: "hard", 15: "medium"}
    assert read_levels(tmp_path / "missing.txt", int) == {}
