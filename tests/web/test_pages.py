"""Server-rendered pages: home, table, settings, statistics, assets (TestClient)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from api_helpers import play_page
from starlette.testclient import TestClient

from cardems.core.registry import game_for
from cardems.web.app import create_app
from cardems.web.charts import progress_charts
from cardems.web.static_assets import static_url

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def test_home_offers_installed_games_and_resumes_the_unfinished_one(client: TestClient) -> None:
    html = client.get("/").text
    assert 'action="/play/heart-to-heart"' in html and "Hearts" in html
    assert "resume-link" not in html
    offer = client.get("/play/heart-to-heart", follow_redirects=False)
    assert offer.status_code == 200 and "Deal a new game" in offer.text  # a GET deals nothing
    table = play_page(client, "heart-to-heart")
    game_url = table.url.path
    assert re.fullmatch(r"/game/[\w-]{24}", game_url)
    game_id = game_url.rsplit("/", 1)[1]
    client.post(f"/api/games/{game_id}/intent", json={"type": "tap", "target": "stock"})
    assert f'href="{game_url}"' in client.get("/").text
    again = client.get("/play/heart-to-heart", follow_redirects=False)
    assert again.headers["location"] == game_url


def test_table_page_loads_only_local_assets(client: TestClient) -> None:
    html = play_page(client, "heart-to-heart").text
    assert 'id="board"' in html and "No more moves possible" in html
    assets = re.findall(r'(?:src|href)="([^"#]+)"', html)
    assert assets and all(a.startswith("/") or a.startswith("data:") for a in assets)
    for asset in ("/static/style.css", "/static/table.js", "/static/newgame.js", "/cards.svg"):
        assert client.get(asset).status_code == 200
    ET.fromstring(client.get("/cards.svg").text)


def test_the_card_sprites_go_compressed_to_browsers_that_take_it(client: TestClient) -> None:
    for path in ("/cards.svg", "/cards-four-colour.svg"):
        plain = client.get(path, headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        packed = client.get(path, headers={"accept-encoding": "gzip, br"})
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.text == plain.text  # the client unpacks it
        assert int(packed.headers["content-length"]) < len(plain.content) / 5
        ET.fromstring(plain.text)


def test_unknown_and_foreign_game_pages(client: TestClient) -> None:
    response = client.get("/game/unknown")
    assert response.status_code == 404 and "no such game" in response.text
    assert client.get("/play/chess").status_code == 404


def form_token(client: TestClient) -> str:
    found = re.search(r'name="token" value="(\w+)"', client.get("/settings").text)
    assert found
    return found[1]


def test_settings_form_saves_and_themes_the_pages(client: TestClient) -> None:
    form = {"move_errors": "on", "animation": "fast", "theme": "dark"}
    response = client.post("/settings", data=form | {"token": form_token(client)})
    assert response.status_code == 200 and "Settings saved." in response.text
    assert 'data-theme="dark"' in response.text
    settings = client.get("/api/settings").json()["settings"]
    assert settings == {
        "move_errors": True,
        "placement_help": False,
        "auto_move": False,
        "warn_unwinnable": False,
        "animation": "fast",
        "theme": "dark",
        "language": "",
        "sound": False,
        "show_available": False,
        "tracker": False,
        "coach": False,
        "deck": "two_colour",
        "card_back": "blue",
        "felt": "green",
        "card_size": "fit",
        "guide_seen": False,  # not a switch of the form: the settings form leaves it
        "favourites": [],  # the home page's stars, nor this
    }
    token = form_token(client)
    assert client.post("/settings", data={"theme": "neon", "token": token}).status_code == 400
    assert client.post("/settings", data={"theme": "light"}).status_code == 403  # no token


SVG = "{http://www.w3.org/2000/svg}"


def test_statistics_page_and_charts(client: TestClient) -> None:
    assert "No finished games yet" in client.get("/stats").text
    history = [
        {"won": True, "moves": 80, "finished": 1_790_000_000.0},
        {"won": False, "moves": 40, "finished": 1_790_086_400.0},
        {"won": True, "moves": 60, "finished": 1_790_172_800.0},
        {"won": True, "moves": 20, "finished": 1_790_259_200.0},
    ]
    markup = progress_charts(history, "seahaven-C4")
    root = ET.fromstring(f"<div>{markup}</div>")
    rate, moves = root.iter(f"{SVG}svg")
    # the win rate after each game: 100 %, 50 %, 67 %, 75 %, on an axis from 0 to 100 %
    assert [t.text for t in rate.iter(f"{SVG}text")][:3] == ["0 %", "50 %", "100 %"]
    line = rate.find(f"{SVG}polyline")
    assert line is not None
    ys = [float(pair.split(",")[1]) for pair in line.get("points", "").split()]
    assert ys[0] < ys[3] < ys[2] < ys[1]  # higher on the screen is a better rate
    assert rate.findtext(f"{SVG}desc") == (
        "After 4 games the win rate is 75 %, from 100 % after the first."
    )
    dots = [c.get("class") for c in moves.iter(f"{SVG}circle")]
    assert dots == ["won", "lost", "won", "won"]
    assert "9/24/26" in [t.text for t in moves.iter(f"{SVG}text")]  # the last game's date
    cells = [[td.text for td in tr] for tr in root.iter("tr")][1:]
    assert cells[1] == ["2", "9/22/26", "not won", "40", "50 %"]
    arabic = progress_charts(history, "seahaven-C4", "ar")
    assert "نسبة الفوز حتى الآن" in arabic and "بلا فوز" in arabic


def test_a_loopback_server_refuses_foreign_host_names(db_path: Path) -> None:
    app = create_app(db_path, allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1:8765") as local:
        assert local.get("/api/games").status_code == 200
    with TestClient(app, base_url="http://evil.example") as rebound:
        assert rebound.get("/api/games").status_code == 400


def test_a_server_offers_only_the_games_it_is_given(db_path: Path) -> None:
    app = create_app(db_path, games=(game_for("HH"),))
    with TestClient(app) as client:
        html = client.get("/").text
        assert 'action="/play/heart-to-heart"' in html and 'action="/play/seahaven"' not in html
        response = client.get("/play/seahaven")
        assert response.status_code == 404 and "this server offers heart-to-heart" in response.text
        response = client.post("/api/games", json={"game": "seahaven"})
        assert response.status_code == 404 and "unknown game" in response.json()["error"]
        response = client.post("/api/games", json={"code": "SH1-C4-AAAAAJ2"})
        assert response.status_code == 404 and "is not offered" in response.json()["error"]


def test_hearts_plays_at_the_shared_table_route(client: TestClient) -> None:
    html = client.get("/").text
    assert 'action="/play/hearts"' in html
    response = client.post("/api/games", json={"code": "HT1-N-AAAAAAA"})
    assert response.status_code == 201 and response.json()["view"]["game"] == "hearts"
    page = client.get(f"/game/{response.json()['id']}").text
    assert 'id="hearts"' in page and static_url("games/hearts/hearts.js") in page


def switch_label(html: str, name: str) -> str:
    """The text of the settings form's check box ``name`` (its label, markup removed)."""
    found = re.search(
        rf'<label class="check"><input type="checkbox" name="{name}"[^>]*>(.*?)</label>', html
    )
    assert found, name
    return re.sub(r"<[^>]+>", "", found[1]).strip()


def test_the_settings_page_shows_each_game_setting_beside_its_games(client: TestClient) -> None:
    html = client.get("/settings").text
    auto_move = switch_label(html, "auto_move")
    assert auto_move.endswith(
        "(from the next deal) — Seahaven Towers, FreeCell, Klondike, Beleaguered Castle,"
        " Streets and Alleys, Eight Off, King Albert, Fortune's Favor, Baker's Dozen, Spanish"
        " Patience, Fan, Somerset, Raglan, Flower Garden, Simple Simon, Yukon, Russian Solitaire,"
        " Canfield, Mrs Mop"
    ), auto_move
    assert switch_label(html, "tracker") == "Show the cards still out — Hearts"
    assert switch_label(html, "coach") == (
        "The coach: after each round, the cards that cost you points — Hearts"
    )
    assert switch_label(html, "show_available").endswith("covered — Heart to Heart")
    assert "—" not in switch_label(html, "move_errors")  # a shared setting names no game


def test_a_server_keeps_the_settings_of_the_games_it_does_not_offer(db_path: Path) -> None:
    with TestClient(create_app(db_path, games=(game_for("HH"),))) as client:
        client.post("/api/settings", json={"auto_move": True})
        html = client.get("/settings").text
        assert 'name="auto_move"' not in html and 'name="tracker"' not in html
        form = {"show_available": "on", "token": form_token(client)}
        assert client.post("/settings", data=form).status_code == 200
        assert client.get("/api/settings").json()["settings"]["auto_move"] is True


def test_the_new_game_window_shows_each_game_its_own_settings(client: TestClient) -> None:
    client.post("/api/settings", json={"auto_move": True})
    html = client.get("/").text
    found = re.findall(
        r'<fieldset class="game-choice game-settings" data-game="([\w-]+)">(.*?)</fieldset>',
        html,
        re.S,
    )
    shown = {
        game: " ".join(re.sub(r"<[^>]+>", " ", inner).split("Settings")[1].split())
        for game, inner in found
    }
    assert shown["hearts"] == (
        "Show the cards still out The coach: after each round, the cards that cost you points"
    )
    assert shown["seahaven"].startswith("Move safe cards to the foundations")
    assert "heart-to-heart" in shown and "spider" not in shown
    seahaven = dict(found)["seahaven"]
    assert 'data-setting="auto_move" checked' in seahaven and 'href="/settings"' in seahaven
    assert "disabled" not in seahaven  # a setting changed here is saved


def test_the_new_game_window_follows_each_page_and_player_settings(client: TestClient) -> None:
    """The window is made once per what it shows: the game of the page (chosen, with
    its options), the player's settings and the language each change it."""

    def window(path: str, **headers: str) -> str:
        html = client.get(path, headers=headers).text
        start = html.index('<dialog id="new-game"')
        return html[start : html.index("</dialog>", start)]

    hearts = client.post("/api/games", json={"game": "hearts", "level": "expert"}).json()
    level = r'name="hearts-level" value="(\w+)" checked'
    table = window(f"/game/{hearts['id']}")
    assert re.findall(level, table) == ["expert"] and 'value="hearts" data-solvable' in table
    assert re.search(r'<option value="hearts"[^>]* selected>', table)
    home = window("/")
    assert re.findall(level, home) == ["medium"] and " selected>" not in home
    assert re.search(r'<option value="seahaven"[^>]* selected>', window("/rules/seahaven"))
    auto_move = 'data-game="seahaven">.*?data-setting="auto_move" checked'
    for shown in (False, True, False):
        client.post("/api/settings", json={"auto_move": shown})
        assert bool(re.search(auto_move, window("/"), re.S)) is shown
    assert ">Joc nou<" in window("/", **{"accept-language": "ro"})
    assert ">New game<" in window("/", **{"accept-language": "en"})


def test_the_new_game_window_offers_hearts_four_levels_medium_checked(client: TestClient) -> None:
    for lang, labels in (
        ("en", ["Beginner", "Easy", "Medium", "Expert"]),
        ("ro", ["Începător", "Ușor", "Mediu", "Expert"]),
    ):
        html = client.get("/", headers={"accept-language": lang}).text
        found = re.search(
            r'<fieldset class="game-choice" data-game="hearts" data-field="level">(.*?)</fieldset>',
            html,
            re.S,
        )
        assert found, lang
        choices = re.findall(r'value="(\w+)"( checked)?> ([^<]+?)\s*</label>', found[1])
        assert [(value, label) for value, _, label in choices] == list(
            zip(("beginner", "easy", "medium", "expert"), labels, strict=True)
        )
        assert [value for value, checked, _ in choices if checked] == ["medium"]
