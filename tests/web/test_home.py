"""The home page: every game's miniature, tagline and today's deal, Continue, streaks."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

import pytest
from api_helpers import new_game, play_page, player
from starlette.testclient import TestClient

from cardems.core.daily import daily_secret, today
from cardems.core.game import Game
from cardems.core.registry import games
from cardems.dealcode import DealCode
from cardems.store import Progress, Store
from cardems.web.app import create_app
from cardems.web.home import DailyDeals, daily_deal, streaks

GAMES = games()
PAGE = pytest.mark.one_database("sqlite")
"""A test of the page alone, no stored data its subject: SQLite alone (tests/conftest.py)."""


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.service.store
    return store


def won(store: Store, player_id: str, game: str, code: str, moves: int, elapsed: float) -> str:
    """A saved game of ``code`` that ``player_id`` won in ``moves`` (not replayed)."""
    game_id = store.create_game(player_id, game, code.split("-")[1], code)
    store.append_actions(game_id, 0, [("tap", "x")], Progress(elapsed, True, "won", 0, moves))
    return game_id


def cards(html: str) -> dict[str, str]:
    """Each game's card on the page, by its slug."""
    parts = re.findall(
        r'<li class="game-card" id="game-[^"]+" data-game="([^"]+)"[^>]*>(.*?)</li>\s*(?=<li|</ul)',
        html,
        re.S,
    )
    return dict(parts)


@PAGE
def test_every_game_shows_its_miniature_tagline_and_todays_deal(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and "set-cookie" not in home.headers
    shown = cards(home.text)
    assert sorted(shown) == sorted(game.family.name for game in GAMES)
    for game in GAMES:
        card = shown[game.family.name]
        deal = daily_deal(game, today())  # as kept by this process (its making: below)
        assert card.count('<svg xmlns="http://www.w3.org/2000/svg" class="miniature"') == 1
        assert game.tagline and game.tagline in card
        assert f'action="/play/{game.family.name}/today"' in card
        assert f'class="daily-link" form="today-{game.family.name}" data-path="today"' in card
        assert (f"par {deal.par} moves" in card) == (deal.par is not None)
        assert deal.name in card  # "#617", a deal code, or "" (hidden hands)
    assert "par " in shown["heart-to-heart"]  # Heart to Heart knows its par
    assert "#" in re.sub(r"<svg.*?</svg>", "", shown["freecell"], flags=re.S)  # "#617"
    with store_of(client).db.reading() as db:
        assert db.execute("SELECT count(*) AS n FROM players").fetchone()["n"] == 0


@PAGE
def test_the_home_page_speaks_the_players_language(client: TestClient) -> None:
    english = client.get("/").text
    arabic = client.get("/", headers={"accept-language": "ar"}).text
    assert 'dir="rtl"' in arabic and "Today's deal" in english
    for text in ("Today's deal", *(game.tagline for game in GAMES)):
        assert text in english and text not in arabic
    assert arabic.count('<button class="mini" form="play-') == len(GAMES)
    assert arabic.count('dir="ltr"><svg') == len(GAMES)  # the cards are never mirrored


def todays_code(client: TestClient, game: Game) -> DealCode:
    """``game``'s deal of today on this server (Hearts's mixes its secret), as this
    process keeps it (:func:`daily_deal`; that it is the game's ``daily_code``: above)."""
    secret = daily_secret(store_of(client).secret()) if game.opponents else b""
    return daily_deal(game, today(), secret).code


@PAGE
def test_todays_deal_opens_that_deal(client: TestClient) -> None:
    for game in GAMES:
        code = todays_code(client, game)
        table = play_page(client, game.family.name, "/today")
        assert table.url.path.startswith("/game/")
        game_id = table.url.path[6:]
        view = client.get(f"/api/games/{game_id}").json()["view"]
        assert view["game"] == game.family.name
        saved = store_of(client).load_game(game_id)
        assert saved is not None and saved.code == str(code)
        again = client.get(f"/play/{game.family.name}/today", follow_redirects=False)
        assert again.headers["location"] == f"/game/{game_id}"  # the same game, not another


@PAGE
def test_a_variants_deal_of_the_day_has_its_own_link_and_opens_that_deal(
    client: TestClient,
) -> None:
    """Spider's four suits: the day's deal players can win, beside the first variant's."""
    for game in (game for game in GAMES if game.daily_variants):
        name = game.family.name
        card = cards(client.get("/").text)[name]
        for variant in game.daily_variants:
            code = game.variant_daily_code(variant.letters, today())
            path = f"today-{variant.letters.lower()}"
            assert code.variant == variant.letters and str(code) in card
            link = re.search(rf'<button class="daily-link" form="{path}-{name}"[^>]*>([^<]*)', card)
            assert link is not None and link[1].strip() == variant.label
            assert f'action="/play/{name}/{path}"' in card
            table = play_page(client, name, "/" + path)
            saved = store_of(client).load_game(table.url.path[6:])
            assert saved is not None and saved.code == str(code)
        missing = client.get(f"/play/{name}/today-x9")
        assert missing.status_code == 404
        assert f"{game.family.title} has no such deal of the day" in missing.text
    assert any(game.daily_variants for game in GAMES)


@PAGE
def test_todays_deal_of_a_game_with_opponents_never_shows_its_code(client: TestClient) -> None:
    for game in (game for game in GAMES if game.opponents):
        code = str(todays_code(client, game))
        assert code not in client.get("/").text
        assert code not in client.get(f"/play/{game.family.name}/today").text
        play_page(client, game.family.name, "/today")
        assert code not in client.get("/").text


def test_continue_leads_to_the_last_unfinished_game(client: TestClient) -> None:
    older = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    newer = new_game(client, code="HH1-N-AAAAAAM")["id"]
    home = client.get("/").text
    last = re.search(
        r'<li class="resume-last"><a class="resume-link button primary" href="([^"]+)"', home
    )
    assert last is not None and last.group(1) == f"/game/{newer}"
    assert f'href="/game/{older}"' in home


def test_the_players_streaks_are_shown_per_game(client: TestClient) -> None:
    assert all('class="streak"' not in card for card in cards(client.get("/").text).values())
    me = player(client)
    store = store_of(client)
    for number in (1, 2):
        won(store, me, "heart-to-heart", f"HH1-N-AAAAAA{'MN'[number - 1]}", 60, 100.0)
    shown = cards(client.get("/").text)
    assert "Win streak: 2 · best 2" in shown["heart-to-heart"]
    assert 'class="streak"' not in shown["seahaven"]


@pytest.fixture
def hosted(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, accounts=True)) as client:
        yield client


def test_hosted_the_home_page_shows_the_days_best_results(hosted: TestClient) -> None:
    game = GAMES[0]
    code = str(game.daily_code(today()))
    store = store_of(hosted)
    for moves, elapsed in ((80, 200.0), (71, 150.0), (75, 90.0), (90, 60.0)):
        won(store, store.create_player(), game.family.name, code, moves, elapsed)
    won(store, store.create_player(), game.family.name, "HH1-N-AAAAAAM", 50, 10.0)
    card = cards(hosted.get("/").text)[game.family.name]
    best = re.findall(r'<span class="best-result">(\d+) moves <bdi dir="ltr">([\d:]+)</bdi>', card)
    assert best == [("71", "2:30"), ("75", "1:30"), ("80", "3:20")]


def test_the_days_best_results_are_for_hosted_play_only(client: TestClient) -> None:
    game = GAMES[0]
    store = store_of(client)
    won(store, store.create_player(), game.family.name, str(game.daily_code(today())), 71, 1.0)
    assert "Today's best" not in client.get("/").text


def test_the_days_deals_are_made_once_a_day() -> None:
    days = [datetime.date(2026, 12, 1)]
    four = GAMES[:4]  # the keeping is the same whatever the games
    daily = DailyDeals(four, clock=lambda: days[-1])
    first = daily.deals()
    assert daily.deals() is first  # kept: the same objects, nothing made again
    assert [deal.code for deal in first] == [game.daily_code(days[-1]) for game in four]
    days.append(datetime.date(2026, 12, 2))
    second = daily.deals()
    assert [deal.code for deal in second] == [game.daily_code(days[-1]) for game in four]
    assert second != first and daily.deals() is second
    assert daily.deal_of(four[1]).code == four[1].daily_code(days[-1])


def test_streaks_take_the_best_of_the_variants_of_each_game() -> None:
    blocks = [
        {"game": "seahaven", "values": {"played": 3, "current_streak": 2, "best_streak": 2}},
        {"game": "seahaven", "values": {"played": 5, "current_streak": 0, "best_streak": 4}},
        {"game": "hearts", "values": {"played": 2, "won": 1}},  # no streaks kept
        {"game": "freecell", "values": {"played": 0, "current_streak": 0, "best_streak": 0}},
    ]
    assert streaks(blocks) == {"seahaven": (2, 4)}
