"""Rules pages and worked examples against the seeds: their FAQ, tips and terms kept;
what Cardems adds marked as an addition, and nothing the seeds say marked."""

import re
from html.parser import HTMLParser

import pytest
from babel.messages.pofile import read_po

from cardems.core.registry import game_for
from cardems.i18n import LANGUAGES, translations
from cardems.i18n.catalogs import catalog_path
from cardems.web.assets import rules_page

ADDITION = "addition"


def spaced(text: str) -> str:
    return " ".join(text.split())


class MarkedPage(HTMLParser):
    """Splits a rules page's text into what is marked as an addition and what is not,
    and collects its FAQ as (question, marked, answer) triples."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.marked: list[str] = []
        self.unmarked: list[str] = []
        self.in_faq = False
        self.faq: list[tuple[list[str], bool, list[str]]] = []
        self.legend = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        marked = ADDITION in (attributes.get("class") or "").split()
        inherited = bool(self.stack) and self.stack[-1][1]
        self.stack.append((tag, marked or inherited))
        if tag == "section":
            self.in_faq = attributes.get("id") == "faq"
        if tag == "h3" and self.in_faq:
            self.faq.append(([], marked, []))

    def handle_endtag(self, tag: str) -> None:
        self.stack.pop()
        if tag == "section":
            self.in_faq = False

    def handle_data(self, data: str) -> None:
        if not self.stack:
            return
        marked = self.stack[-1][1]
        (self.marked if marked else self.unmarked).append(data)
        if self.faq and self.in_faq:
            question, _, answer = self.faq[-1]
            inside_question = any(open_tag == "h3" for open_tag, _ in self.stack)
            (question if inside_question else answer).append(data)

    def marked_text(self) -> str:
        return spaced(" ".join(self.marked))

    def unmarked_text(self) -> str:
        return spaced(" ".join(self.unmarked))

    def seed_faq(self) -> list[tuple[str, str]]:
        """The questions not marked as additions, with their answers."""
        return [
            (spaced("".join(question)), spaced("".join(answer)))
            for question, marked, answer in self.faq
            if not marked
        ]


def page(game: str, lang: str) -> MarkedPage:
    html = rules_page(game_for(game), lang)
    assert html is not None
    parsed = MarkedPage()
    parsed.feed(html)
    parsed.close()
    return parsed


# The six questions of the Hearts seed, in its order, with the phrases each answer must
# keep in every language ("exactly three cards", hearts barred from the first trick…).
HEARTS_FAQ = {
    "ar": [
        ("كم ورقة أمرر؟", ["ثلاث بالضبط", "اليسار واليمين والمقابلة", "الاحتفاظ"]),
        ("من يبدأ أولاً؟", ["2 النوادي", "يجب أن يقودها"]),
        ("هل يمكن قيادة القلوب قبل كسرها؟", ["كل الأوراق الباقية في يدك قلوباً", "يقودها لاعب آخر"]),
        ("ماذا يحدث عند إطلاق القمر؟", ["الـ 26 كلها", "0 للجولة", "كل خصم على 26"]),
        (
            "متى يمكن لعب ورقة نقاط في الحيلة الافتتاحية؟",
            ["العجز عن اتباع النوادي", "ورقة غير نقاط", "القلوب وملكة البستوني"],
        ),
        ("ماذا يحدث عند 100 نقطة؟", ["أقل مجموع تراكمي منفرد", "جولة أخرى"]),
    ],
    "en": [
        ("How many cards do I pass?", ["Exactly three cards", "left, right and across", "hold"]),
        ("Who leads first?", ["2♣", "must lead it"]),
        (
            "Can hearts be led before they are broken?",
            ["every card left in your hand is a heart", "led by another player"],
        ),
        (
            "What happens when a player shoots the moon?",
            ["all 26 points", "0 for the round", "every opponent scores 26"],
        ),
        (
            "When can a point card be played on the opening trick?",
            [
                "cannot follow clubs",
                "no card that scores nothing",
                "hearts and the Q♠ may not be played on the first trick",
            ],
        ),
        ("What happens at 100 points?", ["single lowest running total", "another round"]),
    ],
    "he": [
        ("כמה קלפים מעבירים?", ["בדיוק שלושה קלפים", "שמאלה, ימינה ולשחקן שממול", "ההחזקה"]),
        ("מי פותח ראשון?", ["2♣", "חייב לפתוח בו"]),
        (
            "האם אפשר להוביל לב לפני שהלבבות נשברו?",
            ["כל הקלפים שנשארו בידכם הם לבבות", "ששחקן אחר פתח"],
        ),
        ("מה קורה בירי לירח?", ["כל 26 הנקודות", "מקבל 0 בסבב", "כל יריב מקבל 26"]),
        (
            "מתי אפשר לשחק קלף נקודות בלקיחה הראשונה?",
            ["אי אפשר לשחק תלתן", "קלף שאינו שווה נקודות", "לבבות ו־Q♠ אסורים בלקיחה הראשונה"],
        ),
        ("מה קורה ב־100 נקודות?", ["הסכום המצטבר הנמוך ביותר", "סבב נוסף"]),
    ],
    "ro": [
        (
            "Câte cărți pasez?",
            ["Exact trei cărți", "spre stânga, spre dreapta și în față", "nu are pasare"],
        ),
        ("Cine începe primul?", ["2♣", "trebuie să deschidă cu el"]),
        (
            "Se poate deschide cu cupă înainte ca cupele să fie sparte?",
            ["toate cărțile rămase în mâna dumneavoastră sunt cupe", "deschisă de alt jucător"],
        ),
        (
            "Ce se întâmplă la „împușcarea lunii”?",
            ["toate cele 26 de puncte", "0 în rundă", "fiecare adversar primește 26"],
        ),
        (
            "Când se poate juca o carte cu puncte la prima levată?",
            [
                "nu puteți răspunde la treflă",
                "nicio carte fără puncte",
                "cupele și Q♠ nu sunt permise la prima levată",
            ],
        ),
        ("Ce se întâmplă la 100 de puncte?", ["cel mai mic total cumulat", "o nouă rundă"]),
    ],
}

# The Arabic seed's answers, word for word.
HEARTS_FAQ_SEED_ANSWERS_AR = [
    "ثلاث بالضبط في جولات اليسار واليمين والمقابلة. أما جولة الاحتفاظ الرابعة فلا تمرير فيها.",
    "اللاعب الذي يحمل 2 النوادي يجب أن يقودها.",
    "فقط إن كانت كل الأوراق الباقية في يدك قلوباً. وإلا يجب رمي قلب أولاً في حيلة يقودها لاعب آخر.",
    "من يأخذ أوراق النقاط الـ 26 كلها يحصل على 0 للجولة، ويحصل كل خصم على 26.",
    "فقط عند العجز عن اتباع النوادي وعدم وجود ورقة غير نقاط. وإلا تكون القلوب وملكة البستوني"
    " غير قانونيتين.",
    "بعد الجولة يفوز صاحب أقل مجموع تراكمي منفرد. وإذا تعادلت أقل نتيجة، يبدأ Cardems جولة أخرى.",
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hearts_faq_asks_the_seeds_six_questions(lang: str) -> None:
    faq = page("hearts", lang).seed_faq()
    assert [question for question, _ in faq] == [question for question, _ in HEARTS_FAQ[lang]]
    for (question, answer), (_, phrases) in zip(faq, HEARTS_FAQ[lang], strict=True):
        for phrase in phrases:
            assert phrase in answer, (question, phrase)


def test_hearts_faq_answers_in_the_arabic_seeds_words() -> None:
    answers = " ".join(answer for _, answer in page("hearts", "ar").seed_faq())
    for answer in HEARTS_FAQ_SEED_ANSWERS_AR:
        assert answer in answers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hearts_faq_questions_of_our_own_are_marked(lang: str) -> None:
    faq = page("hearts", lang).faq
    ours = [spaced("".join(question)) for question, marked, _ in faq if marked]
    assert len(faq) == len(HEARTS_FAQ[lang]) + len(ours)
    assert all("HT1-N-AAAAAAM" in spaced("".join(answer)) for _, marked, answer in faq if marked)


# The seed's second strategy tip: a low spade is not safe once the queen can be thrown.
HEARTS_SECOND_TIP = {
    "ar": "إذا كانت معك ملكة البستوني، فلا تفترض أن بستوني منخفضة آمنة بعد أن يصبح بإمكان"
    " لاعب آخر رمي الملكة في حيلتك.",
    "en": "If you hold the Q♠, do not assume that a low spade is safe once another player can"
    " throw the queen onto your trick.",
    "he": "אם Q♠ בידכם, אל תניחו שקלף עלה נמוך בטוח מרגע ששחקן אחר יכול לזרוק את המלכה"
    " ללקיחה שלכם.",
    "ro": "Dacă aveți Q♠, nu presupuneți că o pică mică este sigură din momentul în care un"
    " alt jucător poate arunca dama în levata dumneavoastră.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hearts_keeps_the_seeds_second_tip(lang: str) -> None:
    assert HEARTS_SECOND_TIP[lang] in page("hearts", lang).unmarked_text()


# Phrases (per game and language) that a page must show unmarked (the seed says them) or
# marked (Cardems adds them).
SEED_SAYS = {
    "seahaven": {
        "ar": [
            "لا تنخفض النتيجة أبدًا عن الصفر",
            "التراجع عن حركة يسحب النقاط التي أضافتها",
            "آخر 100 إجراء",
        ],
        "en": [
            "The score never goes below zero",
            "undoing a move withdraws the points it added",
            "the last 100 actions",
        ],
        "he": [
            "הניקוד לעולם אינו יורד מתחת לאפס",
            "ביטול מהלך מוריד את הנקודות שהוא הוסיף",
            "100 הפעולות האחרונות",
        ],
        "ro": [
            "Scorul nu scade niciodată sub zero",
            "anularea unei mutări retrage punctele",
            "ultimele 100 de acțiuni",
        ],
    },
    "heart-to-heart": {
        "ar": ["كل بطاقة تُقلب، وكل إعادة لكومة المكشوف", "آخر 100 حركة"],
        "en": ["Each card turned, each return of the waste to the stock", "the last 100 moves"],
        "he": ["כל קלף שנהפך, כל החזרה של ערימת ההשלכה לקופה", "100 המהלכים האחרונים"],
        "ro": ["Fiecare carte întoarsă, fiecare reluare a talonului", "ultimele 100 de mutări"],
    },
}
CARDEMS_ADDS = {
    "seahaven": {
        "ar": [
            "والإعادة تُجريها",
            "أو أعد بدء التوزيعة الحالية",
            "«إنهاء»",
            "تخصم 15 نقطة",
            "نقل تلقائي اختياري",
        ],
        "en": [
            "redo plays them again",
            "or restart the current deal",
            "“Finish”",
            "costs −15",
            "An optional auto-move",
        ],
        "he": [
            "וביצוע חוזר מחיל אותן שוב",
            "או להתחיל את החלוקה הנוכחית מחדש",
            "„סיום”",
            "מפחית 15",
            "העברה אוטומטית",
        ],
        "ro": [
            "refacerea le aplică din nou",
            "sau reîncepeți distribuția curentă",
            "„Termină”",
            "costă −15",
            "O mutare automată opțională",
        ],
    },
    "heart-to-heart": {
        "ar": ["والإعادة تُجري الحركات الملغاة", "أو أعد بدء التوزيعة الحالية", "28 %"],
        "en": ["Redo plays the undone moves again", "or restart the current deal", "28 %"],
        "he": ["ביצוע חוזר מחיל שוב", "או להתחיל את החלוקה הנוכחית מההתחלה", "28 %"],
        "ro": ["Refacerea aplică din nou", "sau reîncepeți distribuția curentă", "28 %"],
    },
    "hearts": {
        "ar": ["خصوم بأربعة مستويات", "والآس هو الأعلى", "رمز مثل HT1-N-AAAAAAM"],
        "en": ["Opponents at four levels", "the ace is high", "A code such as HT1-N-AAAAAAM"],
        "he": ["יריבים בארבע רמות", "והאס הוא הגבוה ביותר", "קוד כמו HT1-N-AAAAAAM"],
        "ro": [
            "Adversari pe patru niveluri",
            "iar asul este cel mai mare",
            "Un cod precum HT1-N-AAAAAAM",
        ],
    },
}


@pytest.mark.parametrize("game", sorted(SEED_SAYS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_seed_says_is_not_marked(game: str, lang: str) -> None:
    parsed = page(game, lang)
    for phrase in SEED_SAYS[game][lang]:
        assert phrase in parsed.unmarked_text(), phrase
        assert phrase not in parsed.marked_text(), phrase


@pytest.mark.parametrize("game", sorted(CARDEMS_ADDS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_cardems_adds_is_marked(game: str, lang: str) -> None:
    parsed = page(game, lang)
    for phrase in CARDEMS_ADDS[game][lang]:
        assert phrase in parsed.marked_text(), phrase
        assert phrase not in parsed.unmarked_text(), phrase


LEGEND = {
    "ar": "يشير خط في الهامش إلى ما يضيفه Cardems إلى القواعد الأصلية.",
    "en": "A bar in the margin marks what Cardems adds to the original rules.",
    "he": "פס בשוליים מסמן את מה ש־Cardems מוסיפה לכללים המקוריים.",
    "ro": "O bară pe margine marchează ce adaugă Cardems la regulile originale.",
}


@pytest.mark.parametrize("game", ["heart-to-heart", "seahaven", "freecell", "hearts"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_that_marks_additions_explains_the_mark(game: str, lang: str) -> None:
    parsed = page(game, lang)
    assert parsed.marked_text()
    assert LEGEND[lang] in parsed.unmarked_text()


def trick_messages(lang: str) -> dict[str, str]:
    with catalog_path(lang).open("rb") as po:
        catalog = read_po(po)
    return {
        message.id: message.string
        for message in catalog
        if isinstance(message.id, str) and re.search(r"\btricks?\b", message.id, re.I)
    }


def test_arabic_hearts_says_hila_for_a_trick() -> None:
    messages = trick_messages("ar")
    assert len(messages) >= 8
    for msgid, msgstr in messages.items():
        assert isinstance(msgstr, str)
        assert "حيل" in msgstr, msgid  # «الحيلة», «الحيل» as in the seed and the page
        assert not re.search("دورة|أخذة|أخذات", msgstr), msgid


EXAMPLE_TIP = {  # the seeds' word for the heart's tip
    "ar": "الطرف",
    "he": "קצה",
    "ro": "vârf",
}
TIP_NOTES = [
    "The ninth card turned is a 4♥, the same rank as the tip.",
    "Move 10 removes the two 4♥ together: the two cards the tip covered become available.",
]


@pytest.mark.parametrize("lang", sorted(EXAMPLE_TIP))
@pytest.mark.parametrize("msgid", TIP_NOTES)
def test_examples_call_the_tip_as_the_seeds_do(lang: str, msgid: str) -> None:
    note = translations(lang).gettext(msgid)
    assert EXAMPLE_TIP[lang] in note
    assert not re.search("الرأس|חוד", note)
    assert EXAMPLE_TIP[lang] in " ".join(page("heart-to-heart", lang).unmarked)
