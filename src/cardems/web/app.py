"""The Starlette application: pages, the JSON API and the static assets.

``create_app(db_path)`` builds everything; ``cardems serve`` runs it under uvicorn.
A player is an anonymous local profile bound to an HttpOnly cookie. Every API error is
a JSON ``{"error": message}`` with a 4xx status; nothing the client sends can cause a 500.
"""

from __future__ import annotations

import json
import logging
import time
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardems.dealcode import FAMILIES, FAMILIES_BY_NAME
from cardems.i18n import RULES_GAMES, direction, rules_page, translations
from cardems.i18n.markers import N_
from cardems.render.svg import sprite
from cardems.store import Store
from cardems.web.charts import recent_games_chart
from cardems.web.hearts_app import hearts_routes
from cardems.web.hearts_service import HeartsService
from cardems.web.i18n import (
    LANGUAGE_SETTING,
    choose_language,
    environment,
    page_context,
    translate,
    translate_events,
)
from cardems.web.labels import label_view
from cardems.web.ratelimit import RateLimiter
from cardems.web.service import ApiError, GameService, LiveGame, TableFactory

HERE = Path(__file__).parent
COOKIE = "cardems_player"
MAX_BODY = 4096
log = logging.getLogger("cardems.web")
NO_SUCH_CALL = N_("no such API call")
NOT_FOUND = N_("Not found")
HOME = N_("Cardems home")


class App:
    """Request handlers sharing one store, one game service and the templates."""

    def __init__(self, service: GameService, limiter: RateLimiter) -> None:
        self.service = service
        self.store = service.store
        self.limiter = limiter
        self.sprite = sprite().encode()

    # Players ----------------------------------------------------------------------------

    def known_player(self, request: Request) -> str | None:
        """The id in the request's cookie if it names a profile."""
        player_id = request.cookies.get(COOKIE, "")
        if player_id and len(player_id) < 64 and self.store.player_exists(player_id):
            return player_id
        return None

    def player(self, request: Request) -> tuple[str, bool]:
        """The requesting player's id and whether it was just created (once per request)."""
        cached: tuple[str, bool] | None = getattr(request.state, "player", None)
        if cached is None:
            known = self.known_player(request)
            cached = (known, False) if known else (self.store.create_player(), True)
            request.state.player = cached
        return cached

    def language(self, request: Request) -> str:
        """The player's chosen language, else the browser's (once per request)."""
        cached: str | None = getattr(request.state, "lang", None)
        if cached is None:
            player_id, _ = self.player(request)
            saved = self.service.settings(player_id).get(LANGUAGE_SETTING)
            cached = choose_language(saved, request.headers.get("accept-language"))
            request.state.lang = cached
        return cached

    @staticmethod
    def bind(response: Response, player_id: str, new: bool) -> Response:
        if new:
            response.set_cookie(
                COOKIE, player_id, max_age=10 * 365 * 86400, httponly=True, samesite="lax"
            )
        return response

    # API --------------------------------------------------------------------------------

    def endpoint(self, route: str) -> Any:
        """The handler of one API call."""

        async def handle(request: Request) -> Response:
            return await self.api(request, route)

        return handle

    async def api(self, request: Request, route: str) -> Response:
        """Dispatch one API call; turn refusals into 4xx JSON."""
        known = self.known_player(request)
        client = request.client.host if request.client else "unknown"
        if not self.limiter.allow(known or f"address:{client}"):
            lang = choose_language(None, request.headers.get("accept-language"))
            message = translate(lang, N_("too many requests: slow down a little"))
            return JSONResponse({"error": message}, 429)
        request.state.player = (known, False) if known else (self.store.create_player(), True)
        player_id, new = self.player(request)
        response: Response
        started = time.perf_counter()
        try:
            body = await self._body(request)
            started = time.perf_counter()  # server time: from the whole request to the answer
            data = await self._handle(request, route, player_id, body)
            response = JSONResponse(data, status_code=201 if route == "new" else 200)
        except ApiError as error:
            lang = self.language(request)
            extra = dict(error.extra)
            if isinstance(extra.get("view"), dict):
                extra["view"] = self.localize(extra["view"], lang)
            if isinstance(extra.get("events"), list):
                extra["events"] = translate_events(lang, extra["events"])
            message = translate(lang, error.message)
            response = JSONResponse({"error": message, **extra}, error.status)
        elapsed = (time.perf_counter() - started) * 1000
        response.headers["server-timing"] = f"app;dur={elapsed:.3f}"
        response.headers["cache-control"] = "no-store"
        return self.bind(response, player_id, new)

    @staticmethod
    async def _body(request: Request) -> Any:
        if request.method != "POST":
            return None
        raw = await request.body()
        if len(raw) > MAX_BODY:
            message = N_("request too large (limit %(num)d bytes)") % {"num": MAX_BODY}
            raise ApiError(413, message)
        if not raw.strip():
            return {}
        try:
            return json.loads(raw)
        except ValueError as error:
            raise ApiError(400, N_("malformed JSON: %(error)s") % {"error": error}) from None

    async def _handle(
        self, request: Request, route: str, player_id: str, body: Any
    ) -> dict[str, Any]:
        service = self.service
        game_id = request.path_params.get("game_id", "")
        if route == "games":
            return {
                "games": [
                    {"game": f.name, "title": f.title, "variants": list(f.variants)}
                    for f in service.families()
                ],
                "unfinished": self.store.unfinished_games(player_id),
            }
        if route == "new":
            live = service.new_game(player_id, body)
            service.resume(live)
            return self._answer(live, [], self.language(request))
        if route == "game":
            live = service.load(player_id, game_id)
            service.resume(live)
            return self._answer(live, [], self.language(request))
        if route == "intent":
            live, events, view = service.intent(player_id, game_id, body)
            if view["status"] == "won":
                view["par"] = await run_in_threadpool(service.par, live)
            lang = self.language(request)
            return {
                "id": live.saved.id,
                "view": self.localize(view, lang),
                "events": translate_events(lang, events),
            }
        if route == "hint":
            return {"hint": await run_in_threadpool(service.hint, player_id, game_id)}
        if route == "winnable":
            return {"winnable": await run_in_threadpool(service.winnable, player_id, game_id)}
        if route == "restart":
            live = service.restart(player_id, game_id)
            return self._answer(live, [], self.language(request))
        if route == "pause":
            service.pause(player_id, game_id)
            return {"paused": True}
        if route == "settings":
            if request.method == "POST":
                return {"settings": service.update_settings(player_id, body)}
            return {"settings": service.settings(player_id)}
        if route == "stats":
            hearts = self.store.hearts_statistics(player_id)
            return {"statistics": self.store.statistics(player_id), "hearts": hearts}
        raise ApiError(404, NO_SUCH_CALL)

    def _answer(self, live: LiveGame, events: list[dict[str, Any]], lang: str) -> dict[str, Any]:
        view = self.localize(self.service.view(live), lang)
        return {"id": live.saved.id, "view": view, "events": translate_events(lang, events)}

    @staticmethod
    def localize(view: dict[str, Any], lang: str) -> dict[str, Any]:
        """The view with its player-facing texts in ``lang``."""
        if isinstance(view.get("message"), str):
            view = {**view, "message": translate(lang, view["message"])}
        return label_view(view, lang)

    # Pages ------------------------------------------------------------------------------

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> Response:
        player_id, new = self.player(request)
        settings = self.service.settings(player_id)
        lang = self.language(request)
        html = (
            environment(lang)
            .get_template(template)
            .render(
                settings=settings,
                player_id=player_id,
                **context,
                **self._context(request, player_id),
                **page_context(lang),
            )
        )
        return self.bind(HTMLResponse(html, status_code=status), player_id, new)

    def _context(self, request: Request, player_id: str) -> dict[str, Any]:
        return {
            "families": self.service.families(),
            "all_families": list(FAMILIES.values()),
            "unfinished": self.store.unfinished_games(player_id),
            "path": request.url.path,
        }

    async def home(self, request: Request) -> Response:
        return self.page(request, "home.html")

    async def play(self, request: Request) -> Response:
        """The player's unfinished game of a solitaire, or a new winnable deal."""
        player_id, new = self.player(request)
        try:
            family = self.service.family(request.path_params["game"])
        except ApiError as error:
            return self.page(request, "error.html", error.status, message=error.message)
        variant = request.query_params.get("variant")
        for game in self.store.unfinished_games(player_id):
            if game["game"] == family.name and variant in (None, game["variant"]):
                return self.bind(RedirectResponse(f"/game/{game['id']}", 303), player_id, new)
        try:
            live = self.service.new_game(
                player_id, {"game": family.name, "variant": variant, "winnable": True}
            )
        except ApiError as error:
            return self.page(request, "error.html", error.status, message=error.message)
        return self.bind(RedirectResponse(f"/game/{live.saved.id}", 303), player_id, new)

    async def game(self, request: Request) -> Response:
        player_id, _ = self.player(request)
        try:
            live = self.service.load(player_id, request.path_params["game_id"])
        except ApiError as error:
            return self.page(request, "error.html", error.status, message=error.message)
        family = FAMILIES[live.saved.code[:2]]
        return self.page(request, "table.html", family=family, game_id=live.saved.id)

    async def settings_page(self, request: Request) -> Response:
        if request.method == "POST":
            player_id, new = self.player(request)
            raw = (await request.body())[:MAX_BODY].decode("utf-8", "replace")
            form = {key: values[-1] for key, values in parse_qs(raw).items()}
            changes: dict[str, Any] = {
                key: form.get(key) == "on" for key in ("move_errors", "placement_help", "auto_move")
            }
            for key in ("animation", "theme", LANGUAGE_SETTING):
                if key in form:
                    changes[key] = form[key]
            try:
                self.service.update_settings(player_id, changes)
            except ApiError as error:
                return self.page(request, "error.html", error.status, message=error.message)
            return self.bind(RedirectResponse("/settings?saved=1", 303), player_id, new)
        return self.page(request, "settings.html", saved="saved" in request.query_params)

    async def stats_page(self, request: Request) -> Response:
        player_id, _ = self.player(request)
        rows = self.store.statistics(player_id)
        for row in rows:
            row["chart"] = recent_games_chart(row["recent"], lang=self.language(request))
            row["title"] = FAMILIES_BY_NAME_TITLE.get(row["game"], row["game"])
        hearts = self.store.hearts_statistics(player_id)
        return self.page(request, "stats.html", statistics=rows, hearts=hearts)

    async def rules(self, request: Request) -> Response:
        """A game's rules page in the page language."""
        name = request.path_params["game"]
        family = FAMILIES_BY_NAME.get(name)
        if family is None or name not in RULES_GAMES:
            message = translate(self.language(request), N_("There are no rules for this game"))
            return self.page(request, "error.html", 404, message=message)
        rules = Markup(rules_page(name, self.language(request)))
        return self.page(request, "rules.html", family=family, rules=rules)

    async def cards(self, request: Request) -> Response:
        return Response(
            self.sprite,
            media_type="image/svg+xml",
            headers={"cache-control": "public, max-age=86400"},
        )


FAMILIES_BY_NAME_TITLE = {family.name: family.title for family in FAMILIES.values()}


def _browser_language(request: Request) -> str:
    return choose_language(None, request.headers.get("accept-language"))


async def _not_found(request: Request, exc: Exception) -> Response:
    lang = _browser_language(request)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": translate(lang, NO_SUCH_CALL)}, 404)
    t = translations(lang)
    html = (
        f'<html lang="{lang}" dir="{direction(lang)}"><title>Cardems</title>'
        f"<h1>{escape(t.gettext(NOT_FOUND))}</h1>"
        f"<p><a href='/'>{escape(t.gettext(HOME))}</a></p></html>"
    )
    return HTMLResponse(html, 404)


async def _method_not_allowed(request: Request, exc: Exception) -> Response:
    message = N_("%(method)s is not allowed here") % {"method": request.method}
    return JSONResponse({"error": translate(_browser_language(request), message)}, 405)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    message = N_("internal error; your game is saved as of the last move")
    return JSONResponse({"error": translate(_browser_language(request), message)}, 500)


def create_app(
    db_path: str | Path,
    *,
    tables: dict[str, TableFactory] | None = None,
    rate: float = 50.0,
    burst: int = 200,
    allowed_hosts: list[str] | None = None,
) -> Starlette:
    """The web app over the SQLite database at ``db_path``.

    ``allowed_hosts`` limits the ``Host`` header (``cardems serve`` on loopback accepts
    only loopback names, so that a web page cannot reach the server by DNS rebinding).
    """
    service = GameService(Store(db_path), tables)
    app = App(service, RateLimiter(rate=rate, burst=burst))
    api = app.endpoint
    hearts = HeartsService(service.store)
    routes = [
        *hearts_routes(app, hearts),
        Route("/", app.home),
        Route("/play/{game}", app.play),
        Route("/game/{game_id}", app.game),
        Route("/settings", app.settings_page, methods=["GET", "POST"]),
        Route("/stats", app.stats_page),
        Route("/rules/{game}", app.rules),
        Route("/cards.svg", app.cards),
        Route("/api/games", api("games"), methods=["GET"]),
        Route("/api/games", api("new"), methods=["POST"]),
        Route("/api/games/{game_id}", api("game"), methods=["GET"]),
        Route("/api/games/{game_id}/intent", api("intent"), methods=["POST"]),
        Route("/api/games/{game_id}/hint", api("hint"), methods=["POST"]),
        Route("/api/games/{game_id}/winnable", api("winnable"), methods=["POST"]),
        Route("/api/games/{game_id}/restart", api("restart"), methods=["POST"]),
        Route("/api/games/{game_id}/pause", api("pause"), methods=["POST"]),
        Route("/api/settings", api("settings"), methods=["GET", "POST"]),
        Route("/api/stats", api("stats"), methods=["GET"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    starlette = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={404: _not_found, 405: _method_not_allowed, 500: _server_error},
    )
    starlette.state.service = service
    starlette.state.hearts = hearts
    return starlette
