"""What every request shares, handled once: the player's cookie, the page language, the
rate limit, the JSON body and the answer's timing and caching headers.

:class:`Web` holds the service, the limiter and the templates; :meth:`Web.api` wraps an
API handler (``handler(ctx) -> (data, status)``) and :meth:`Web.page` renders a page.
A player is an anonymous local profile bound to an HttpOnly cookie, created on the
first request that needs one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from cardems.core.registry import games
from cardems.core.service import ServiceError, TableService
from cardems.i18n.markers import N_
from cardems.web.i18n import (
    LANGUAGE_SETTING,
    choose_language,
    environment,
    page_context,
    translate,
    translate_events,
)
from cardems.web.ratelimit import RateLimiter

COOKIE = "cardems_player"
MAX_BODY = 4096
TOO_MANY = N_("too many requests: slow down a little")
TOO_LARGE = N_("request too large (limit %(num)d bytes)")
MALFORMED = N_("malformed JSON: %(error)s")


@dataclass
class Ctx:
    """One request as a handler sees it: who asks, in which language, with what body."""

    request: Request
    player_id: str
    new_player: bool
    lang: str
    body: Any = None

    @property
    def game_id(self) -> str:
        """The ``{game_id}`` of the route, if any."""
        return str(self.request.path_params.get("game_id", ""))


ApiHandler = Callable[[Ctx], Awaitable[tuple[dict[str, Any], int]]]


class Web:
    """The shared parts of every handler (see the module docstring)."""

    def __init__(self, service: TableService, limiter: RateLimiter) -> None:
        self.service = service
        self.store = service.store
        self.limiter = limiter

    # Who and which language -------------------------------------------------------------

    def known_player(self, request: Request) -> str | None:
        """The id in the request's cookie if it names a profile."""
        player_id = request.cookies.get(COOKIE, "")
        if player_id and len(player_id) < 64 and self.store.player_exists(player_id):
            return player_id
        return None

    def context(self, request: Request) -> Ctx:
        """The request's player (created if new) and language."""
        known = self.known_player(request)
        player_id = known or self.store.create_player()
        saved = self.service.settings(player_id).get(LANGUAGE_SETTING)
        lang = choose_language(saved, request.headers.get("accept-language"))
        return Ctx(request, player_id, known is None, lang)

    @staticmethod
    def bind(response: Response, ctx: Ctx) -> Response:
        """Set the player cookie on a new player's first answer."""
        if ctx.new_player:
            response.set_cookie(
                COOKIE, ctx.player_id, max_age=10 * 365 * 86400, httponly=True, samesite="lax"
            )
        return response

    # The API ----------------------------------------------------------------------------

    def api(self, handler: ApiHandler) -> Callable[[Request], Awaitable[Response]]:
        """An endpoint: rate limit, body, errors as ``{"error"}`` JSON, timing header."""

        async def endpoint(request: Request) -> Response:
            client = request.client.host if request.client else "unknown"
            if not self.limiter.allow(self.known_player(request) or f"address:{client}"):
                lang = choose_language(None, request.headers.get("accept-language"))
                return JSONResponse({"error": translate(lang, TOO_MANY)}, 429)
            ctx = self.context(request)
            response: Response
            try:
                ctx.body = await self._body(request)
                started = time.perf_counter()  # server time: from the whole request on
                data, status = await handler(ctx)
                response = JSONResponse(data, status_code=status)
            except ServiceError as error:
                started = time.perf_counter()
                response = JSONResponse(self.error(error, ctx.lang), error.status)
            elapsed = (time.perf_counter() - started) * 1000
            response.headers["server-timing"] = f"app;dur={elapsed:.3f}"
            response.headers["cache-control"] = "no-store"
            return self.bind(response, ctx)

        return endpoint

    def error(self, error: ServiceError, lang: str) -> dict[str, Any]:
        """A refusal as JSON in ``lang``, with the view and events it carries."""
        extra = dict(error.extra)
        if isinstance(extra.get("view"), dict):
            extra["view"] = self.localize(extra["view"], lang)
        if isinstance(extra.get("events"), list):
            extra["events"] = translate_events(lang, extra["events"])
        return {"error": translate(lang, error.message), **extra}

    @staticmethod
    def localize(view: dict[str, Any], lang: str) -> dict[str, Any]:
        """The view with its player-facing texts in ``lang`` (by its game's hook)."""
        for game in games():
            if game.family.name == view.get("game"):
                return game.localize(view, lang)
        return view

    @staticmethod
    async def _body(request: Request) -> Any:
        if request.method != "POST":
            return None
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise ServiceError(413, TOO_LARGE % {"num": MAX_BODY})
        if not raw.strip():
            return {}
        try:
            return json.loads(raw)
        except ValueError as error:
            raise ServiceError(400, MALFORMED % {"error": error}) from None

    # Pages ------------------------------------------------------------------------------

    def page(self, ctx: Ctx, template: str, status: int = 200, **context: Any) -> Response:
        """A page of ``template`` in the player's language."""
        html = (
            environment(ctx.lang)
            .get_template(template)
            .render(
                settings=self.service.settings(ctx.player_id),
                player_id=ctx.player_id,
                games=self.service.games,
                unfinished=self.store.unfinished_games(ctx.player_id),
                path=ctx.request.url.path,
                **context,
                **page_context(ctx.lang),
            )
        )
        return self.bind(HTMLResponse(html, status_code=status), ctx)

    def error_page(self, ctx: Ctx, error: ServiceError) -> Response:
        """A refusal as a page."""
        message = translate(ctx.lang, error.message)
        return self.page(ctx, "error.html", error.status, message=message)
