"""What every request shares, handled once: the player's cookie, the page language, the
rate limits, the request's origin, the JSON body, and the answer's timing and caching
headers.

:class:`Web` holds the service, the limiters and the templates; :meth:`Web.api` wraps an
API handler (``handler(ctx) -> (data, status)``), :meth:`Web.guard` a page handler. A
player is an anonymous local profile bound to an HttpOnly, ``SameSite=Strict`` cookie,
created by the first request that writes (:meth:`Web.player`).

Requests that change anything must come from the app's own pages: a JSON body
(``application/json``: a cross-site form or ``text/plain`` request cannot send it
without asking first), an ``Origin`` (when the browser sends one) naming this server,
and no ``Sec-Fetch-Site: cross-site``. The settings form carries a token derived from
the player and a secret of the database (:meth:`Web.form_token`).
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from cardems.core.registry import games
from cardems.core.service import ServiceError, TableService
from cardems.core.settings import with_defaults
from cardems.i18n.markers import N_
from cardems.store import SESSION_SECONDS, well_formed
from cardems.web.i18n import (
    LANGUAGE_SETTING,
    choose_language,
    environment,
    page_context,
    translate,
    translate_events,
)
from cardems.web.jsonanswer import JSONAnswer
from cardems.web.jsonbody import BodyError, parse_json, read_capped
from cardems.web.new_game import new_game_dialog
from cardems.web.ratelimit import RateLimiter

COOKIE = "cardems_player"
DEVICE_COOKIE = "cardems_device"
"""A device that signed in to an account before: its own sign-in throttle."""
MAX_BODY = 4096
TOO_MANY = N_("too many requests: slow down a little")
NOT_JSON = N_("send JSON (content-type: application/json)")
FOREIGN = N_("this request did not come from a Cardems page")
DATABASE_DOWN = N_(
    "the database cannot be reached just now: try again in a moment (your games are saved"
    " as of the last answered move)"
)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
PROFILE_SECONDS = 400 * 86400
"""An anonymous profile's cookie: the longest browsers keep one."""


@dataclass
class Ctx:
    """One request as a handler sees it: who asks, in which language, with what body."""

    request: Request
    player_id: str | None
    lang: str
    body: Any = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The player's settings, defaults filled in."""
    new_player: bool = False
    cookie: str | None = None
    """A new value for the player cookie (a session token; ``""`` clears it)."""
    device: str | None = None
    """A new device token to set (the device signed in: :mod:`cardems.web.accounts`)."""
    unchecked: str | None = None
    """The request's cookie when its player was taken from the store's cache of visitors:
    a move checks it again in its save."""

    @property
    def game_id(self) -> str:
        """The ``{game_id}`` of the route, if any."""
        return str(self.request.path_params.get("game_id", ""))

    @property
    def reader(self) -> str:
        """The player's id, or ``""`` (no game or setting is anybody's) for a new visitor."""
        return self.player_id or ""


ApiHandler = Callable[[Ctx], Awaitable[tuple[dict[str, Any], int]]]
PageHandler = Callable[[Request], Awaitable[Response]]


class Web:
    """The shared parts of every handler (see the module docstring)."""

    def __init__(
        self,
        service: TableService,
        limiter: RateLimiter,
        newcomers: RateLimiter,
        accounts: bool = False,
    ) -> None:
        self.service = service
        self.store = service.store
        self.limiter = limiter
        self.newcomers = newcomers
        self.accounts = accounts
        self._secret = self.store.secret()
        self.sessions_changed: Callable[[str], None] = lambda player_id: None
        """Called with a player whose sessions ended (signing out, a new password): the
        shared tables' bus closes the sockets their cookies no longer open, on every
        worker."""

    # Who and which language -------------------------------------------------------------

    def context(self, request: Request, *, move: bool = False) -> Ctx:
        """The request's player (None for a new visitor), settings and language: read once
        per request, in one query. For a ``move`` (whose save checks the cookie again) a
        visitor read moments ago by this process is reused instead."""
        cached: Ctx | None = getattr(request.state, "cardems", None)
        if cached is not None:
            return cached
        value = request.cookies.get(COOKIE, "")
        known = well_formed(value)
        found = self.store.visitor(value, cached=move) if known else None
        player_id, saved = (found.player_id, found.settings) if found else (None, {})
        settings = with_defaults(saved)
        lang = choose_language(settings[LANGUAGE_SETTING], request.headers.get("accept-language"))
        request.state.cardems = ctx = Ctx(request, player_id, lang, settings=settings)
        if move and found:
            ctx.unchecked = value
        if found and found.renewed:
            ctx.cookie = value  # the session was renewed: so is its cookie
        return ctx

    def player(self, ctx: Ctx) -> str:
        """The requesting player's id, made now if this is their first write."""
        if ctx.player_id is None:
            ctx.player_id = self.store.create_player()
            ctx.new_player = True
        return ctx.player_id

    def refused(self, ctx: Ctx) -> None:
        """A write was refused: a player made for it is removed again, and gets no cookie."""
        if ctx.new_player and ctx.player_id is not None:
            self.store.drop_new_player(ctx.player_id)
            ctx.player_id, ctx.new_player = None, False

    @staticmethod
    def bind(response: Response, ctx: Ctx) -> Response:
        """Set the player cookie on a new player's first answer (``Secure`` over HTTPS),
        or the session's after signing in or renewing it; clear it after signing out. A
        session's cookie lasts as long as the session; an anonymous profile's (its only
        key) as long as a browser keeps one."""
        value = ctx.cookie if ctx.cookie is not None else ctx.player_id if ctx.new_player else None
        if value == "":
            response.delete_cookie(COOKIE, httponly=True, samesite="strict")
        elif value:
            response.set_cookie(
                COOKIE,
                value,
                max_age=PROFILE_SECONDS if value == ctx.player_id else SESSION_SECONDS,
                httponly=True,
                samesite="strict",
                secure=ctx.request.url.scheme == "https",
            )
        if ctx.device:
            response.set_cookie(
                DEVICE_COOKIE,
                ctx.device,
                max_age=PROFILE_SECONDS,
                httponly=True,
                samesite="strict",
                secure=ctx.request.url.scheme == "https",
            )
        return response

    def allowed(self, request: Request) -> bool:
        """Take a token from the player's bucket (or, before a cookie, the address's)."""
        known = self.context(request).player_id
        if known is not None:
            return self.limiter.allow(known)
        client = request.client.host if request.client else "unknown"
        return self.newcomers.allow(f"address:{client}")

    @staticmethod
    def same_origin(request: Request) -> bool:
        """Whether a request that changes something comes from this server's own pages."""
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return False
        origin = request.headers.get("origin")
        if origin is None:
            return True  # not sent by a browser (or an old one): the other checks stand
        parts = urlsplit(origin)
        return (parts.scheme, parts.netloc) == (request.url.scheme, request.url.netloc)

    def form_token(self, player_id: str | None) -> str:
        """The token the settings form must send back (bound to the player)."""
        message = (player_id or "").encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    async def form(self, request: Request, ctx: Ctx) -> dict[str, str]:
        """A page form's fields (the last value of each); a :class:`ServiceError` for a
        body too large or without the requesting player's form token."""
        try:
            raw = (await read_capped(request, MAX_BODY)).decode("utf-8", "replace")
        except BodyError as error:
            raise ServiceError(error.status, error.message) from None
        form = {key: values[-1] for key, values in parse_qs(raw).items()}
        if not hmac.compare_digest(self.form_token(ctx.player_id), form.get("token", "")):
            raise ServiceError(403, FOREIGN)
        return form

    # The API ----------------------------------------------------------------------------

    def api(
        self,
        handler: ApiHandler,
        *,
        move: bool = False,
        max_body: int = MAX_BODY,
        raw: bool = False,
    ) -> PageHandler:
        """An endpoint: rate limit, origin, body (up to ``max_body`` bytes; left as bytes
        if ``raw``, for the handler to decode off the event loop), errors as ``{"error"}``
        JSON, timing. A ``move`` handler checks ``ctx.unchecked`` in its save (see
        :meth:`context`)."""

        async def endpoint(request: Request) -> Response:
            self.context(request, move=move)
            if not self.allowed(request):
                lang = choose_language(None, request.headers.get("accept-language"))
                return JSONAnswer({"error": translate(lang, TOO_MANY)}, 429)
            ctx = self.context(request)
            started = time.perf_counter()
            response: Response
            try:
                ctx.body = await self._body(request, max_body, raw)
                started = time.perf_counter()  # server time: from the whole request on
                data, status = await handler(ctx)
                response = JSONAnswer(data, status_code=status)
            except ServiceError as error:
                self.refused(ctx)
                response = JSONAnswer(self.error(error, ctx.lang), error.status)
                if "retry_after" in error.extra:
                    response.headers["retry-after"] = str(error.extra["retry_after"])
            elapsed = (time.perf_counter() - started) * 1000
            response.headers["server-timing"] = f"app;dur={elapsed:.3f}"
            response.headers["cache-control"] = "no-store"
            return self.bind(response, ctx)

        return endpoint

    def guard(self, handler: PageHandler) -> PageHandler:
        """A page: rate limited, and a form post only from this server's pages."""

        async def page(request: Request) -> Response:
            if not self.allowed(request):
                lang = choose_language(None, request.headers.get("accept-language"))
                return HTMLResponse(translate(lang, TOO_MANY), 429)
            if request.method not in SAFE_METHODS and not self.same_origin(request):
                ctx = self.context(request)
                return self.error_page(ctx, ServiceError(403, FOREIGN))
            return await handler(request)

        return page

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

    async def _body(self, request: Request, limit: int, raw: bool = False) -> Any:
        """The JSON body of a request that changes something (None for a read), decoded
        unless ``raw``."""
        if request.method in SAFE_METHODS:
            return None
        if not self.same_origin(request):
            raise ServiceError(403, FOREIGN)
        try:
            body = await read_capped(request, limit)
            if not body.strip() and not raw:
                return {}  # an empty POST (hint, restart…) carries nothing to trust
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise ServiceError(415, NOT_JSON)
            return body if raw else parse_json(body)
        except BodyError as error:
            raise ServiceError(error.status, error.message) from None

    # Pages ------------------------------------------------------------------------------

    def page(self, ctx: Ctx, template: str, status: int = 200, **context: Any) -> Response:
        """A page of ``template`` in the player's language."""
        html = (
            environment(ctx.lang)
            .get_template(template)
            .render(
                settings=ctx.settings,
                player_id=ctx.player_id,
                form_token=self.form_token(ctx.player_id),
                accounts=self.accounts,
                account_name=(
                    self.store.account_name(ctx.player_id)
                    if self.accounts and ctx.player_id
                    else None
                ),
                games=self.service.games,
                new_game=new_game_dialog(
                    ctx.lang,
                    self.service.games,
                    ctx.settings,
                    context.get("family"),
                    context.get("options"),
                ),
                unfinished=self.service.unfinished_games(ctx.reader),
                path=ctx.request.url.path,
                **context,
                **page_context(ctx.lang),
            )
        )
        # A page names this version's assets: the browser asks for it again each time
        # (its scripts, styles and icons it keeps for a year: static_assets.py).
        headers = {"cache-control": "no-cache"}
        return self.bind(HTMLResponse(html, status_code=status, headers=headers), ctx)

    def error_page(self, ctx: Ctx, error: ServiceError) -> Response:
        """A refusal as a page."""
        self.refused(ctx)
        message = translate(ctx.lang, error.message)
        return self.page(ctx, "error.html", error.status, message=message)
