"""The web app speaks the player's language: negotiation, saved choice, translated messages."""

from __future__ import annotations

import json
import re

from starlette.testclient import TestClient

from cardems.i18n import translations

WORKED = "HH1-N-AAAAAAM"


def test_accept_language_picks_the_page_language_and_direction(client: TestClient) -> None:
    html = client.get("/", headers={"accept-language": "ar-EG,ar;q=0.9,en;q=0.5"}).text
    assert '<html lang="ar" dir="rtl"' in html
    assert translations("ar").gettext("Settings") in html
    html = client.get("/", headers={"accept-language": "ro-RO,ro"}).text
    assert '<html lang="ro" dir="ltr"' in html and "Setări" in html
    html = client.get("/", headers={"accept-language": "fr-FR,de"}).text
    assert '<html lang="en" dir="ltr"' in html and ">Settings<" in html


def test_the_saved_language_wins_over_the_browser(client: TestClient) -> None:
    assert client.post("/api/settings", json={"language": "he"}).status_code == 200
    html = client.get("/settings", headers={"accept-language": "ro"}).text
    assert '<html lang="he" dir="rtl"' in html and "הגדרות" in html
    response = client.post("/settings", data={"language": "ro"})
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
    client.post(f"/api/games/{game_id}/intent", json={"type": "tap", "target": "heart:25"})
    response = client.post(
        f"/api/games/{game_id}/intent", json={"type": "tap", "target": "waste"}
    ).json()
    arabic = translations("ar").gettext("Must be of the same rank")
    assert arabic != "Must be of the same rank"
    assert response["view"]["message"] == arabic
    assert {"type": "error", "message": arabic} in response["events"]
