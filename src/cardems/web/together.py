"""Shared tables over HTTP: open one, join by its link or code, play, leave, come back.

- ``POST /api/tables`` ``{"level", "turn_seconds", "name"}``: a new table, its opener in
  seat 0; 201 with ``{table, view, version}`` (``table``: its code, link, seats…).
- ``POST /api/tables/join`` ``{"code", "name"}``: a seat at the table of that code (or
  the one the player already has); ``{table, view, version}``.
- ``GET /api/tables/{id}``: the same, for a member; 404 for anyone else.
- ``POST /api/tables/{id}/intent`` ``{"type": …, "version": n, …}``: the member's pass,
  play or early finish; ``{table, view, version, events}`` with ``refused`` when the rules
  refuse it. The version is the one the client saw; the rules decide on the saved match
  (see :mod:`cardems.web.shared_tables`), so a pass made while another was saved is not
  refused for being late.
- ``POST /api/tables/{id}/leave`` and ``…/back``: a bot takes the seat, or gives it back;
  ``…/revoke`` (the opener only): a new code, the old link lets nobody in.
- Pages: ``/together`` (open a table), ``/together/{code}`` (join it), ``/tables/{id}``
  (play at it).

Guests play under their anonymous profile's cookie; a signed-in player under their
account's name. Each seat has its own rate limit on top of each player's.
"""

from __future__ import annotations

import threading
from typing import Any, cast

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from cardems.core.service_error import ServiceError
from cardems.i18n.markers import N_
from cardems.store_tables import TableRow
from cardems.web.deps import TOO_MANY, Ctx, Web
from cardems.web.i18n import translate, translate_events
from cardems.web.ratelimit import RateLimiter
from cardems.web.shared_tables import NO_CODE, SharedGame, SharedTables, table_json
from cardems.web.table_bus import bus_for
from cardems.web.table_code import TableCodeError, format_code
from cardems.web.table_live import Hub, live_routes

SEAT_RATE, SEAT_BURST = 4.0, 30
"""Each seat's bound on moves: 4 a second on average, 30 at once."""


def together_routes(web: Web, tables: SharedTables) -> list[Route]:
    """The API and pages of shared tables."""
    seats = RateLimiter(rate=SEAT_RATE, burst=SEAT_BURST)
    counting = threading.Lock()

    def name_of(ctx: Ctx) -> str:
        """The account's name, else the name the guest gave."""
        account = web.store.account_name(ctx.player_id) if ctx.player_id else None
        given = ctx.body.get("name") if isinstance(ctx.body, dict) else None
        if account:
            return account
        return given.strip() if isinstance(given, str) and given.strip() else "Guest"

    def answer(ctx: Ctx, table: TableRow, seat: int) -> dict[str, Any]:
        version, view = tables.view(table, seat)
        return {
            "table": table_json(table, seat, ctx.reader),
            "view": web.localize(view, ctx.lang),
            "version": version,
        }

    def body(ctx: Ctx) -> dict[str, Any]:
        if not isinstance(ctx.body, dict):
            raise ServiceError(400, N_("send a JSON object"))
        return ctx.body

    def per_seat(table: TableRow, seat: int) -> None:
        """Take a token of the seat's bucket (from a worker thread: one at a time)."""
        with counting:
            allowed = seats.allow(f"{table.id}:{seat}")
        if not allowed:
            raise ServiceError(429, TOO_MANY)

    async def open_table(ctx: Ctx) -> tuple[dict[str, Any], int]:
        player = web.player(ctx)
        table = await run_in_threadpool(tables.open, player, name_of(ctx), body(ctx))
        return await run_in_threadpool(answer, ctx, table, 0), 201

    async def join(ctx: Ctx) -> tuple[dict[str, Any], int]:
        code = body(ctx).get("code")
        if not isinstance(code, str) or len(code) > 40:
            raise ServiceError(400, N_('joining needs "code", such as K7QX-M2PA'))
        player = web.player(ctx)
        table, seat = await run_in_threadpool(tables.join, code, player, name_of(ctx))
        return await run_in_threadpool(answer, ctx, table, seat), 200

    def table_id(ctx: Ctx) -> str:
        return str(ctx.request.path_params["table_id"])

    async def show(ctx: Ctx) -> tuple[dict[str, Any], int]:
        table, seat = await run_in_threadpool(tables.member, table_id(ctx), ctx.player_id)
        return await run_in_threadpool(answer, ctx, table, seat), 200

    def play(ctx: Ctx) -> dict[str, Any]:
        """The intent, its save and its answer (in one worker thread)."""
        table, seat = tables.member(table_id(ctx), ctx.player_id)
        per_seat(table, seat)
        played = tables.act(table, seat, ctx.body, cookie=ctx.unchecked, actor=ctx.player_id)
        data = {
            "table": table_json(played.table, seat, ctx.reader),
            "view": web.localize(played.view, ctx.lang),
            "version": played.version,
            "events": translate_events(ctx.lang, played.events),
        }
        refused = [e["message"] for e in played.events if e["type"] == "error"]
        if refused:
            data["refused"] = translate(ctx.lang, refused[0])
        return data

    async def intent(ctx: Ctx) -> tuple[dict[str, Any], int]:
        return await run_in_threadpool(play, ctx), 200

    def robot(value: bool) -> Any:
        async def change(ctx: Ctx) -> tuple[dict[str, Any], int]:
            table, seat = await run_in_threadpool(tables.member, table_id(ctx), ctx.player_id)
            per_seat(table, seat)
            table = await run_in_threadpool(tables.set_robot, table.id, ctx.player_id, value)
            return await run_in_threadpool(answer, ctx, table, seat), 200

        return change

    async def revoke(ctx: Ctx) -> tuple[dict[str, Any], int]:
        table = await run_in_threadpool(tables.revoke, table_id(ctx), ctx.player_id)
        return await run_in_threadpool(answer, ctx, table, 0), 200

    async def open_page(request: Request) -> Response:
        ctx = web.context(request)
        mine = (
            await run_in_threadpool(tables.rows.tables_of, ctx.player_id) if ctx.player_id else []
        )
        return web.page(ctx, "together.html", joining=None, mine=mine, levels=tables.game.levels)

    async def join_page(request: Request) -> Response:
        ctx = web.context(request)
        try:
            code = format_code(str(request.path_params["code"]))
        except TableCodeError as error:
            return web.error_page(ctx, ServiceError(404, str(error)))
        found = await run_in_threadpool(tables.rows.by_code, code)
        if found is None:
            return web.error_page(ctx, ServiceError(404, NO_CODE))
        table = await run_in_threadpool(tables.table, found)
        if ctx.player_id and table.seat_of(ctx.player_id):
            return web.bind(RedirectResponse(f"/tables/{table.id}", 303), ctx)
        return web.page(ctx, "together.html", joining=code, mine=[], levels=tables.game.levels)

    async def table_page(request: Request) -> Response:
        ctx = web.context(request)
        try:
            table, seat = await run_in_threadpool(
                tables.member, str(request.path_params["table_id"]), ctx.player_id
            )
        except ServiceError as error:
            return web.error_page(ctx, error)
        return web.page(ctx, "together_table.html", table_id=table.id, seat=seat)

    return [
        Route("/api/tables", web.api(open_table), methods=["POST"]),
        Route("/api/tables/join", web.api(join), methods=["POST"]),
        Route("/api/tables/{table_id}", web.api(show), methods=["GET"]),
        Route("/api/tables/{table_id}/intent", web.api(intent, move=True), methods=["POST"]),
        Route("/api/tables/{table_id}/leave", web.api(robot(True)), methods=["POST"]),
        Route("/api/tables/{table_id}/back", web.api(robot(False)), methods=["POST"]),
        Route("/api/tables/{table_id}/revoke", web.api(revoke), methods=["POST"]),
        Route("/together", web.guard(open_page), methods=["GET"]),
        Route("/together/{code}", web.guard(join_page), methods=["GET"]),
        Route("/tables/{table_id}", web.guard(table_page), methods=["GET"]),
    ]


def shared_tables(web: Web) -> tuple[list[BaseRoute], Hub] | None:
    """The routes and the live hub of shared tables, if a game offered has them."""
    game = next((g for g in web.service.games if hasattr(g, "new_shared_match")), None)
    if game is None:
        return None
    tables = SharedTables(web.store, cast(SharedGame, game))
    hub = Hub(web, tables, bus_for(web.store))
    return [*together_routes(web, tables), *live_routes(hub)], hub
