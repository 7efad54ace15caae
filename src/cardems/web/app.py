"""The Starlette application: pages, the JSON API and the static assets.

``create_app(db_path)`` builds everything; ``cardems serve`` runs it under uvicorn.
Routes come by resource from :mod:`cardems.web.pages`, :mod:`cardems.web.api` and
:mod:`cardems.web.data`; what every request shares is in :mod:`cardems.web.deps`. Every
API error is a JSON ``{"error": message}`` with a 4xx status; nothing the client sends
can cause a 500.
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from html import escape
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount

from cardems.core.game import Game
from cardems.core.service import TableService
from cardems.database import DatabaseError
from cardems.i18n import direction, translations
from cardems.i18n.markers import N_
from cardems.store import Store
from cardems.web.accounts import account_routes
from cardems.web.api import game_routes, player_routes
from cardems.web.data import data_routes
from cardems.web.deps import DATABASE_DOWN, Web
from cardems.web.favourites import favourite_routes
from cardems.web.guide import guide_routes
from cardems.web.i18n import choose_language, translate
from cardems.web.install import install_routes
from cardems.web.jsonanswer import JSONAnswer
from cardems.web.pages import page_routes
from cardems.web.ratelimit import RateLimiter
from cardems.web.replay import replay_routes
from cardems.web.serving import quiet_client_faults
from cardems.web.static_assets import StaticAssets, game_static_folders
from cardems.web.together import shared_tables

log = logging.getLogger("cardems.web")
NO_SUCH_CALL = N_("no such API call")
NOT_FOUND = N_("Not found")
HOME = N_("Cardems home")

GC_THRESHOLDS = (700, 10, 100)
"""The collector's thresholds while serving: the oldest generation, whose pause stops
every request of the worker (150-450 ms with 125 shared tables' sockets and matches on a
busy machine, several times a minute), is collected after 100 collections of the middle
one instead of 10; the young ones as by default (about a millisecond each). Set by the
first start of a server, for the rest of its process. Measured with
``benchmarks/hearts_tables_load.py --stages``."""


UNCOMPRESSED = (*DEFAULT_EXCLUDED_CONTENT_TYPES, "application/json", "image/png")
"""Sent as they are: a move's JSON answer (small, and its time counts), and PNGs (already
compressed). Pages, scripts, styles and SVG cards go compressed."""


def _browser_language(request: Request) -> str:
    return choose_language(None, request.headers.get("accept-language"))


async def _not_found(request: Request, exc: Exception) -> Response:
    lang = _browser_language(request)
    if request.url.path.startswith("/api/"):
        return JSONAnswer({"error": translate(lang, NO_SUCH_CALL)}, 404)
    t = translations(lang)
    html = (
        f'<html lang="{lang}" dir="{direction(lang)}"><title>Cardems</title>'
        f"<h1>{escape(t.gettext(NOT_FOUND))}</h1>"
        f"<p><a href='/'>{escape(t.gettext(HOME))}</a></p></html>"
    )
    return HTMLResponse(html, 404)


async def _method_not_allowed(request: Request, exc: Exception) -> Response:
    message = N_("%(method)s is not allowed here") % {"method": request.method}
    return JSONAnswer({"error": translate(_browser_language(request), message)}, 405)


async def _database_down(request: Request, exc: Exception) -> Response:
    """A database outage (PostgreSQL away, a full or read-only disk): a 503 that says so,
    never a traceback; the server goes on and recovers when the database does."""
    log.warning("database unavailable on %s: %s", request.url.path, exc)
    lang = _browser_language(request)
    headers = {"retry-after": "5", "cache-control": "no-store"}
    if request.url.path.startswith("/api/"):
        return JSONAnswer({"error": translate(lang, DATABASE_DOWN)}, 503, headers=headers)
    t = translations(lang)
    html = (
        f'<html lang="{lang}" dir="{direction(lang)}"><title>Cardems</title>'
        f"<h1>{escape(t.gettext(DATABASE_DOWN))}</h1></html>"
    )
    return HTMLResponse(html, 503, headers=headers)


async def _client_left(request: Request, exc: Exception) -> Response:
    """A client gone before its request's body came whole (it dropped, or stopped sending
    and :mod:`cardems.web.serving` closed it): one line, no traceback; the answer goes
    nowhere."""
    client = request.client.host if request.client else "a client"
    log.warning("%s left during %s %s: request dropped", client, request.method, request.url.path)
    return Response(status_code=400)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    message = N_("internal error; your game is saved as of the last move")
    return JSONAnswer({"error": translate(_browser_language(request), message)}, 500)


def create_app(
    db_path: str | Path,
    *,
    rate: float = 50.0,
    burst: int = 200,
    allowed_hosts: list[str] | None = None,
    games: tuple[Game, ...] | None = None,
    store: Store | None = None,
    newcomer_rate: float = 50.0,
    newcomer_burst: int = 1000,
    accounts: bool = False,
) -> Starlette:
    """The web app over the SQLite database at ``db_path``, offering ``games`` (by default
    every registered game), or over an already opened ``store``.

    ``rate``/``burst`` bound each player's requests; requests without a player cookie
    share a per-address bucket (``newcomer_*``), larger so that many people joining
    from one address (a school, an office) are not turned away. ``accounts`` offers
    sign-up and sign-in (hosted play, :mod:`cardems.web.accounts`).

    ``allowed_hosts`` limits the ``Host`` header (``cardems serve`` on loopback accepts
    only loopback names, so that a web page cannot reach the server by DNS rebinding).
    """
    service = TableService(store or Store(db_path), games)
    newcomers = RateLimiter(rate=newcomer_rate, burst=newcomer_burst)
    web = Web(service, RateLimiter(rate=rate, burst=burst), newcomers, accounts)
    offered = {game.family.name for game in service.games}
    folders = {slug: f for slug, f in game_static_folders().items() if slug in offered}
    shared = shared_tables(web)
    routes = [
        *(shared[0] if shared else []),
        *(account_routes(web) if accounts else []),
        *page_routes(web),
        *guide_routes(web),
        *favourite_routes(web),
        *install_routes(web),
        *replay_routes(web),
        *game_routes(web),
        *player_routes(web),
        *data_routes(web),
        Mount("/static", StaticAssets(folders), name="static"),
    ]
    middleware = [Middleware(GZipMiddleware, compresslevel=6, exclude_content_types=UNCOMPRESSED)]
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    serving = 0

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal serving
        serving += 1
        try:
            # What is here now (modules, routes, templates, catalogs) lives as long as the
            # process: out of the collector's sight, a full collection scans only the games
            # and requests (with 500 games in memory its pause drops from ~30 to ~5 ms).
            quiet_client_faults()
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
            await service.store.open_async()
            try:
                if shared:
                    await shared[1].start()
                try:
                    yield
                finally:
                    if shared:
                        await shared[1].stop()
            finally:
                await service.store.close_async()
        finally:  # even when the start failed (a database out of reach)
            serving -= 1
            if not serving:  # the last server of this app stopped: close the database
                service.store.close()

    starlette = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={
            404: _not_found,
            405: _method_not_allowed,
            500: _server_error,
            DatabaseError: _database_down,
            ClientDisconnect: _client_left,
        },
        lifespan=lifespan,
    )
    starlette.state.service = service
    starlette.state.hub = shared[1] if shared else None
    return starlette


ENVIRONMENT = "CARDEMS_SERVE"
"""The variable that hands a worker process its settings (JSON, see ``cardems serve``)."""


def from_environment() -> Starlette:
    """The app of one worker process of ``cardems serve --workers N``."""
    settings = json.loads(os.environ[ENVIRONMENT])
    store = Store(settings["db"], synchronous=settings["sync"])
    return create_app(
        settings["db"],
        allowed_hosts=list(settings["allowed_hosts"]),
        store=store,
        accounts=bool(settings["accounts"]),
    )
