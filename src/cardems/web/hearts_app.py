"""Hearts pages and API calls, mounted beside the solitaires' by :func:`hearts_routes`.

``/play/hearts`` resumes the player's match or opens a new one; ``/hearts/{id}`` is the
table. The API: ``POST /api/hearts`` (new match), ``GET /api/hearts/{id}``,
``POST /api/hearts/{id}/intent`` (pass or play), ``POST /api/hearts/{id}/hint``.
Errors are JSON ``{"error": message}`` with a 4xx status, as for the solitaires.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from cardems.dealcode import FAMILIES
from cardems.store import CorruptSave
from cardems.web.hearts_service import GAME, HeartsService, player_view
from cardems.web.hearts_strings import hearts_client_strings
from cardems.web.i18n import translate
from cardems.web.service import ApiError

if TYPE_CHECKING:
    from cardems.web.app import App


class HeartsPages:
    """Request handlers for Hearts, sharing the app's players, limiter and templates."""

    def __init__(self, app: App, service: HeartsService) -> None:
        self.app = app
        self.service = service

    async def api(self, request: Request) -> Response:
        """Dispatch one Hearts API call; refusals become 4xx JSON."""
        app = self.app
        known = app.known_player(request)
        client = request.client.host if request.client else "unknown"
        if not app.limiter.allow(known or f"address:{client}"):
            return JSONResponse({"error": "too many requests: slow down a little"}, 429)
        player_id, new = app.player(request)
        started = time.perf_counter()
        status = 200
        try:
            body = await app._body(request)
            data = await self._handle(request, player_id, body)
            status = 201 if request.url.path == "/api/hearts" else 200
            response: Response = JSONResponse(data, status_code=status)
        except ApiError as error:
            lang = app.language(request)
            extra = dict(error.extra)
            if isinstance(extra.get("view"), dict):
                extra["view"] = localize(extra["view"], lang)
            message = translate(lang, error.message) or error.message
            response = JSONResponse({"error": message, **extra}, error.status)
        elapsed = (time.perf_counter() - started) * 1000
        response.headers["server-timing"] = f"app;dur={elapsed:.3f}"
        response.headers["cache-control"] = "no-store"
        return app.bind(response, player_id, new)

    async def _handle(self, request: Request, player_id: str, body: Any) -> dict[str, Any]:
        data = await self._answer(request, player_id, body)
        if isinstance(data.get("view"), dict):
            data["view"] = localize(data["view"], self.app.language(request))
        return data

    async def _answer(self, request: Request, player_id: str, body: Any) -> dict[str, Any]:
        service = self.service
        game_id = request.path_params.get("game_id", "")
        action = request.path_params.get("action", "")
        if not game_id:
            live = await run_in_threadpool(service.new_match, player_id, body)
            return {"id": live.saved.id, "view": player_view(live), "events": []}
        if request.method == "GET":
            live = service.load(player_id, game_id)
            return {"id": live.saved.id, "view": player_view(live), "events": []}
        if action == "intent":
            live, events, view = await run_in_threadpool(service.intent, player_id, game_id, body)
            return {"id": live.saved.id, "view": view, "events": events}
        if action == "hint":
            return {"hint": await run_in_threadpool(service.hint, player_id, game_id)}
        raise ApiError(404, "no such API call")

    async def play(self, request: Request) -> Response:
        """The player's unfinished match, or a new one at their last level."""
        app = self.app
        player_id, new = app.player(request)
        fragment = "#new" if "new" in request.query_params else ""
        for game in app.store.unfinished_games(player_id):
            if game["game"] == GAME:
                url = f"/hearts/{game['id']}{fragment}"
                return app.bind(RedirectResponse(url, 303), player_id, new)
        try:
            live = self.service.new_match(player_id, {"level": "medium"})
        except ApiError as error:
            return app.page(request, "error.html", error.status, message=error.message)
        url = f"/hearts/{live.saved.id}{fragment}"
        return app.bind(RedirectResponse(url, 303), player_id, new)

    async def table(self, request: Request) -> Response:
        """The Hearts table page."""
        app = self.app
        player_id, _ = app.player(request)
        try:
            live = self.service.load(player_id, request.path_params["game_id"])
        except ApiError as error:
            return app.page(request, "error.html", error.status, message=error.message)
        return app.page(
            request,
            "hearts.html",
            family=FAMILIES["HT"],
            game_id=live.saved.id,
            level=live.level,
            hearts_strings=hearts_client_strings(app.language(request)),
        )

    async def any_game(self, request: Request) -> Response:
        """``/game/{id}`` (the home page's resume links): Hearts matches go to their table."""
        game_id = request.path_params["game_id"]
        try:
            saved = self.app.store.load_game(game_id)
        except CorruptSave:
            saved = None
        if saved is not None and saved.game == GAME:
            return RedirectResponse(f"/hearts/{game_id}", 303)
        return await self.app.game(request)


def localize(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view with the reasons for refused cards in ``lang``."""
    refusals = {card: translate(lang, reason) for card, reason in view["refusals"].items()}
    return {**view, "refusals": refusals}


def hearts_routes(app: App, service: HeartsService) -> list[Route]:
    """The Hearts routes; they go before the solitaires' ``/play/{game}``."""
    pages = HeartsPages(app, service)
    return [
        Route("/play/hearts", pages.play),
        Route("/hearts/{game_id}", pages.table),
        Route("/game/{game_id}", pages.any_game),
        Route("/api/hearts", pages.api, methods=["POST"]),
        Route("/api/hearts/{game_id}", pages.api, methods=["GET"]),
        Route("/api/hearts/{game_id}/{action}", pages.api, methods=["POST"]),
    ]
