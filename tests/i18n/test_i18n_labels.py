"""Screen-reader labels: card names and label parts in every language."""

import pytest

from cardems.cards import ALL_CARDS, Card
from cardems.i18n import LANGUAGES, card_name, spoken_label, translations


@pytest.mark.parametrize(
    ("card", "lang", "expected"),
    [
        ("4H", "en", "4 of hearts"),
        ("QS", "en", "queen of spades"),
        ("TC", "en", "10 of clubs"),
        ("AD", "en", "ace of diamonds"),
        ("QS", "ar", "ملكة البستوني"),
        ("2C", "ar", "2 النوادي"),
        ("AH", "he", "אס לב"),
        ("QS", "he", "מלכת עלה"),
        ("4H", "he", "4 לב"),
        ("QS", "ro", "damă de pică"),
        ("TH", "ro", "10 de cupă"),
        ("JD", "ro", "valet de caro"),
    ],
)
def test_card_name(card: str, lang: str, expected: str) -> None:
    assert card_name(Card.parse(card), lang) == expected


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_card_has_its_own_name(lang: str) -> None:
    names = {card_name(card, lang) for card in ALL_CARDS}
    assert len(names) == 52
    assert all("%" not in name for name in names)


def test_label_from_parts() -> None:
    def label(lang: str) -> str:
        t = translations(lang)
        parts = [
            card_name(Card.parse("4H"), lang),
            t.gettext("position %(num)d") % {"num": 25},
            t.gettext("available"),
        ]
        return spoken_label(parts, lang)

    assert label("en") == "4 of hearts, position 25, available"
    assert label("ar") == "4 القلوب، الموضع 25، متاحة"
    assert label("he") == "4 לב, מיקום 25, פנוי"
    assert label("ro") == "4 de cupă, poziția 25, liberă"
