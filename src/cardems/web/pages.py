"""The HTML pages: home, a game's table, settings, statistics, rules, the card sprite.

One set of pages serves every game: ``/play/{game}`` shows the player's unfinished
game of that kind, or else a page whose button deals a new one (a ``POST`` with the
form token: no ``GET`` changes anything, so a link or an ``<img>`` on another site or
port cannot deal or abandon a game), and ``/game/{id}`` renders the game's own table
template (``Game.page``) around the shared page frame. The home page's Play and
Today's deal are those same posts: one press continues the game in progress or deals.
"""

from __future__ import annotations

import datetime
import functools
import gzip
from typing import Any

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardems.core.base import NOT_THIS_GAME
from cardems.core.daily import daily_secret, today
from cardems.core.service import ServiceError
from cardems.core.settings import FAVOURITES, games_by_setting, shown_switches
from cardems.dealcode import DealCodeError
from cardems.family import GameFamily
from cardems.i18n import LANGUAGES
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.render.svg import sprite
from cardems.web.api import statistics
from cardems.web.assets import rules_page
from cardems.web.charts import progress_charts
from cardems.web.deps import Ctx, Web
from cardems.web.home import TODAY, DailyDeals, home_groups, streaks
from cardems.web.i18n import LANGUAGE_SETTING

NO_RULES = N_("There are no rules for this game")
NO_DAILY = N_("%(game)s has no such deal of the day")
KEEP = "keep"
"""A deal form's field (the home page's): a game in progress of that kind is not ended
by the press; the page that asks first is shown instead."""
TEXT_SETTINGS = (
    "animation",
    "theme",
    LANGUAGE_SETTING,
    "deck",
    "card_back",
    "felt",
    "card_size",
)

SPRITES = {"/cards.svg": False, "/cards-four-colour.svg": True}
"""The card sprites' paths, and whether each has the four-colour faces."""


@functools.cache
def gzipped_sprite(*, four_colour: bool) -> bytes:
    """A card sprite gzipped (a tenth of its size): made once per process, for every app."""
    return gzip.compress(sprite(four_colour=four_colour).encode(), mtime=0)


def page_routes(web: Web) -> list[Route]:
    """Every page of the app."""
    service = web.service

    def unfinished_of(ctx: Ctx, game: str) -> list[dict[str, Any]]:
        """The player's games of ``game`` in progress."""
        return [saved for saved in web.store.unfinished_games(ctx.reader) if saved["game"] == game]

    def deal_page(
        ctx: Ctx, family: GameFamily, mine: list[dict[str, Any]], **values: Any
    ) -> Response:
        """The page whose button deals a game of ``family`` (a ``GET`` of ``/play/…``),
        offering the player's other game of it in progress, if any; ``values`` name the
        deal (``variant``, ``fragment``, ``deal``, ``deal_name``)."""
        return web.page(ctx, "deal.html", family=family, other=mine[0] if mine else None, **values)

    daily = DailyDeals(service.games, secret=daily_secret(web.store.secret()))

    async def home(request: Request) -> Response:
        """Every game with today's deal and its miniature, the last unfinished game and
        the player's streaks; the day's best results when hosted. Changes nothing."""
        ctx = web.context(request)
        deals = await run_in_threadpool(daily.deals)
        blocks = await run_in_threadpool(statistics, web, ctx.reader) if ctx.player_id else []
        best = {}
        if web.accounts:
            midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
            codes = [
                str(each.code)
                for deal in deals
                if not deal.game.opponents
                for each in (deal, *deal.more)
            ]
            best = await run_in_threadpool(web.store.best_results, codes, midnight.timestamp())
        recent = (
            await run_in_threadpool(web.store.recent_games, ctx.reader) if ctx.player_id else []
        )
        favourites = list(ctx.settings[FAVOURITES])
        groups = home_groups(deals, favourites, recent)
        page = web.page(
            ctx,
            "home.html",
            groups=groups,
            favourites=favourites,
            streaks=streaks(blocks),
            best=best,
        )
        page.headers["cache-control"] = "no-store"  # Back shows it anew: its form token too
        return page

    async def play(request: Request) -> Response:
        """The player's unfinished game of a kind (of ``variant``, if given); else, on a
        ``GET``, the page that deals one, and on its ``POST`` a new (winnable) deal."""
        ctx = web.context(request)
        fragment = "#new" if "new" in request.query_params else ""
        try:
            game = service.game(request.path_params["game"])
            form = await web.form(request, ctx) if request.method == "POST" else {}
            variant = form.get("variant", request.query_params.get("variant"))
            mine = unfinished_of(ctx, game.family.name)
            for saved in mine:
                if variant in (None, saved["variant"]):
                    url = f"/game/{saved['id']}{fragment}"
                    return web.bind(RedirectResponse(url, 303), ctx)
            if request.method != "POST":
                return deal_page(ctx, game.family, mine, variant=variant, fragment=fragment)
            live = await run_in_threadpool(
                service.new_game,
                web.player(ctx),
                {"game": game.family.name, "variant": variant, "winnable": True},
            )
        except ServiceError as error:
            return web.error_page(ctx, error)
        return web.bind(RedirectResponse(f"/game/{live.id}{fragment}", 303), ctx)

    async def play_deal(request: Request) -> Response:
        """One deal by its code or number (``/play/freecell/617``), or today's deal
        (``/play/hearts/today``, whose code the page never shows): the player's unfinished
        game of it, else on a ``GET`` the page that deals it, and on its ``POST`` the deal."""
        ctx = web.context(request)
        try:
            game = service.game(request.path_params["game"])
            text = str(request.path_params["deal"])
            todays = text.lower().startswith(TODAY)
            try:
                if todays:
                    deal = await run_in_threadpool(daily.deal_of, game, text)
                    if deal is None:
                        raise ServiceError(404, NO_DAILY % {"game": game.family.title})
                    code = deal.code
                else:
                    code = service.read_code(text, game.family.name)
            except DealCodeError as error:
                raise ServiceError(404, str(error)) from None
            if service.game_of_code(code) is not game:
                raise ServiceError(
                    404, NOT_THIS_GAME % {"code": str(code), "game": code.family.title}
                )
            form = await web.form(request, ctx) if request.method == "POST" else {}
            mine = unfinished_of(ctx, game.family.name)
            for saved in mine:
                if saved["code"] == str(code):
                    return web.bind(RedirectResponse(f"/game/{saved['id']}", 303), ctx)
            if mine and form.get(KEEP):  # the home page's press: ask before ending a game
                return web.bind(RedirectResponse(request.url.path, 303), ctx)
            if request.method != "POST":
                return deal_page(
                    ctx,
                    game.family,
                    mine,
                    variant=None,
                    fragment="",
                    deal=text,
                    deal_name="" if game.opponents else game.deal_name(code),
                )
            live = await run_in_threadpool(
                service.new_game, web.player(ctx), {"code": str(code)}, chosen=not todays
            )
        except ServiceError as error:
            return web.error_page(ctx, error)
        return web.bind(RedirectResponse(f"/game/{live.id}", 303), ctx)

    async def table(request: Request) -> Response:
        ctx = web.context(request)
        try:
            live = await run_in_threadpool(service.load, ctx.reader, ctx.game_id)
        except ServiceError as error:
            return web.error_page(ctx, error)
        game = live.game
        return web.page(
            ctx,
            game.page,
            game=game,
            family=game.family,
            game_id=live.id,
            options=live.saved.options,
        )

    async def settings(request: Request) -> Response:
        ctx = web.context(request)
        if request.method == "POST":
            try:
                form = await web.form(request, ctx)
                changes: dict[str, Any] = {
                    key: form.get(key) == "on" for key in shown_switches(service.games)
                }
                changes |= {key: form[key] for key in TEXT_SETTINGS if key in form}
                service.update_settings(web.player(ctx), changes)
            except ServiceError as error:
                return web.error_page(ctx, error)
            return web.bind(RedirectResponse("/settings?saved=1", 303), ctx)
        return web.page(
            ctx,
            "settings.html",
            saved="saved" in request.query_params,
            games_by_setting=games_by_setting(service.games),
        )

    async def stats(request: Request) -> Response:
        ctx = web.context(request)
        blocks = await run_in_threadpool(statistics, web, ctx.reader)
        for block in blocks:
            key = f"{block['game']}-{block['variant']}"
            block["chart"] = progress_charts(block["recent"], key, lang=ctx.lang)
        replayable = {
            game.family.name: game.family.title for game in service.games if not game.opponents
        }
        finished = [
            {**row, "title": replayable[row["game"]]}
            for row in web.store.finished_games(ctx.reader)
            if row["game"] in replayable
        ]
        played = {block["game"]: block["title"] for block in blocks}
        reset = next(
            (g for g in service.games if g.family.name == request.query_params.get("reset")), None
        )
        imported = request.query_params.get("imported", "")
        return web.page(
            ctx,
            "stats.html",
            statistics=blocks,
            finished=finished,
            played=played,
            reset=reset.family.title if reset else None,
            imported=read_number(imported),
        )

    async def rules(request: Request) -> Response:
        ctx = web.context(request)
        asked = request.query_params.get("lang")
        if asked in LANGUAGES:  # /rules/<game>?lang=ar: that language, whatever the settings
            ctx.lang = asked
        name = request.path_params["game"]
        game = next((g for g in service.games if g.family.name == name), None)
        html = None if game is None else rules_page(game, ctx.lang)
        if game is None or html is None:
            return web.error_page(ctx, ServiceError(404, NO_RULES))
        return web.page(ctx, "rules.html", game=game, family=game.family, rules=Markup(html))

    async def account(request: Request) -> Response:
        return web.page(web.context(request), "account.html")

    async def cards(request: Request) -> Response:
        """The card sprite: two-colour or four-colour faces, and every back."""
        body = gzipped_sprite(four_colour=SPRITES[request.url.path])
        headers = {"cache-control": "public, max-age=86400", "vary": "accept-encoding"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["content-encoding"] = "gzip"
        else:
            body = gzip.decompress(body)
        return Response(body, media_type="image/svg+xml", headers=headers)

    guard = web.guard
    return [
        Route("/", guard(home)),
        Route("/play/{game}", guard(play), methods=["GET", "POST"]),
        Route("/play/{game}/{deal}", guard(play_deal), methods=["GET", "POST"]),
        Route("/game/{game_id}", guard(table)),
        Route("/settings", guard(settings), methods=["GET", "POST"]),
        Route("/stats", guard(stats)),
        Route("/rules/{game}", guard(rules)),
        *(Route(path, cards) for path in SPRITES),
        *([Route("/account", guard(account))] if web.accounts else []),
    ]
