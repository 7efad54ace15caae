"""The web app speaks the player's language: negotiation, saved choice, translated messages."""

from __future__ import annotations

import json
import re

import pytest
from api_helpers import intent, play_page
from starlette.testclient import TestClient

from cardems.i18n import translations
from cardems.web.i18n import SHARED_CODE

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

WORKED = "HH1-N-AAAAAAM"


def test_accept_language_picks_the_page_language_and_direction(client: TestClient) -> None:
    html = client.get("/", headers={"accept-language": "ar-EG,ar;q=0.9,en;q=0.5"}).text
    assert '<html lang="ar" dir="rtl"' in html
    assert translations("ar").gettext("Settings") in html
    html = client.get("/", headers={"accept-language": "ro-RO,ro"}).text
    assert '<html lang="ro" dir="ltr"' in html and "Setări" in html
    html = client.get("/", headers={"accept-language": "fr-FR,de"}).text
    assert '<html lang="en" dir="ltr"' in html and ">Settings<" in html


def test_every_language_renders_from_one_compiled_template(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The environments share each template's compiled code (SharedCode): a page compiled
    for one language is not compiled again for another, and each speaks its own."""
    assert ">Settings<" in client.get("/stats", headers={"accept-language": "en"}).text
    assert SHARED_CODE.code
    compiled: list[str] = []
    monkeypatch.setattr(SHARED_CODE, "dump_bytecode", lambda bucket: compiled.append(bucket.key))
    for lang, words in (
        ("ar", "الإعدادات"),
        ("he", "הגדרות"),
        ("ro", "Setări"),
        ("en", "Settings"),
    ):
        html = client.get("/stats", headers={"accept-language": lang}).text
        assert f'<html lang="{lang}"' in html and f">{words}<" in html
    assert compiled == []


def test_the_saved_language_wins_over_the_browser(client: TestClient) -> None:
    assert client.post("/api/settings", json={"language": "he"}).status_code == 200
    html = client.get("/settings", headers={"accept-language": "ro"}).text
    assert '<html lang="he" dir="rtl"' in html and "הגדרות" in html
    token = re.search(r'name="token" value="(\w+)"', html)
    assert token
    response = client.post("/settings", data={"language": "ro", "token": token[1]})
    assert '<html lang="ro"' in response.text
    assert client.post("/api/settings", json={"language": "fr"}).status_code == 400


def test_client_strings_are_embedded_translated(client: TestClient) -> None:
    html = client.get("/", headers={"accept-language": "he"}).text
    found = re.search(r'<script type="application/json" id="cardems-strings">(.*?)</script>', html)
    assert found
    strings = json.loads(found.group(1))
    assert strings["Thinking…"] == translations("he").gettext("Thinking…") != "Thinking…"


def test_engine_messages_are_translated_in_the_api(client: TestClient) -> None:
    client.post("/api/settings", json={"move_errors": True, "language": "ar"})
    game_id = client.post("/api/games", json={"code": WORKED}).json()["id"]
    intent(client, game_id, type="tap", target="heart:25")
    response = intent(client, game_id, type="tap", target="waste").json()
    arabic = translations("ar").gettext("Must be of the same rank")
    assert arabic != "Must be of the same rank"
    assert response["view"]["message"] == arabic
    assert {"type": "error", "message": arabic} in response["events"]


def test_a_typed_bad_code_is_explained_in_the_language(client: TestClient) -> None:
    client.post("/api/settings", json={"language": "ro"})
    response = client.post("/api/games", json={"code": "HH1-N-AAAAA8A"})
    assert response.status_code == 400
    assert response.json() == {
        "error": "conținutul „AAAAA8A” are caractere în afara A-Z și 2-7: 8",
        "part": "payload",
    }


def test_not_found_pages_follow_the_browser(client: TestClient) -> None:
    page = client.get("/nowhere", headers={"accept-language": "he"})
    assert page.status_code == 404 and 'dir="rtl"' in page.text
    assert translations("he").gettext("Not found") in page.text
    api = client.get("/api/nowhere", headers={"accept-language": "ar"})
    assert api.json()["error"] == translations("ar").gettext("no such API call")


def test_rules_pages_in_every_language(client: TestClient) -> None:
    for lang in ("en", "ar", "he", "ro"):
        client.post("/api/settings", json={"language": lang})
        for game in ("heart-to-heart", "seahaven", "hearts"):
            page = client.get(f"/rules/{game}")
            assert page.status_code == 200 and f'<article class="rules" lang="{lang}"' in page.text
        assert 'href="/rules/heart-to-heart"' in client.get("/").text
    assert client.get("/rules/chess").status_code == 404
    game = play_page(client, "seahaven").text
    assert 'href="/rules/seahaven"' in game


def test_every_card_and_pile_has_a_label_in_the_language(client: TestClient) -> None:
    for lang in ("en", "he"):
        client.post("/api/settings", json={"language": lang})
        for code in ("HH1-N-AAAAAAM", "SH1-C4-AAAAAJ2"):
            view = client.post("/api/games", json={"code": code}).json()["view"]
            labels = [pile["label"] for pile in view["piles"]]
            labels += [card["label"] for pile in view["piles"] for card in pile["cards"]]
            assert all(isinstance(label, str) and label for label in labels)
            if lang == "he":
                assert all(re.search("[\u0590-\u05ff]", label) for label in labels)
    client.post("/api/settings", json={"language": "en"})
    view = client.post("/api/games", json={"code": "SH1-C4-AAAAAJ2"}).json()["view"]
    by_target = {pile["target"]: pile for pile in view["piles"]}
    assert by_target["column:1"]["label"] == "Column 1, 5 cards, 9 of diamonds"
    assert by_target["column:1"]["cards"][0]["label"] == "8 of hearts, Column 1, covered"
    assert by_target["cell:3"]["label"] == "Free cell 3, empty"
    assert by_target["foundation:H"]["label"] == "Foundation, hearts, empty"
    game_id = client.post("/api/games", json={"code": WORKED}).json()["id"]
    view = intent(client, game_id, type="tap", target="heart:25").json()["view"]
    tip = next(pile for pile in view["piles"] if pile["target"] == "heart:25")
    assert tip["label"] == "4 of hearts, position 25, available, selected"
    stock = next(pile for pile in view["piles"] if pile["target"] == "stock")
    assert stock["label"] == "Stock, 26 cards"
