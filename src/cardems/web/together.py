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
  refused for being late. The table's WebSocket takes the same intents
  (:mod:`cardems.web.table_live`); both go through :mod:`cardems.web.table_moves`.
- ``POST /api/tables/{id}/leave`` and ``…/back``: a bot takes the seat, or gives it back;
  ``…/revoke`` (the opener only): a new code, the old link lets nobody in;
  ``…/remove`` ``{"seat": n}`` (the opener only): that seat's person is removed (their
  sockets close on every worker, a bot plays the seat, the table gets a new code).
- ``GET /api/tables/{id}/coach``: the coach's notes on the member's own cards in the last
  round finished, in their language (``{"coach": null}`` before a round has ended).
- ``POST /api/tables/{id}/again``: once the match is over, the next match of the same
  people (same seats, host, level, clock and join code; made once, whoever asks first;
  the old table closes, its ``next`` naming the new one); ``{table, view, version}`` of
  the new table.
- Pages: ``/together`` (open a table), ``/together/{code}`` (join it), ``/tables/{id}``
  (play at it).

Guests play under their anonymous profile's cookie; a signed-in player under their
account's name. Each seat has its own rate limit on top of each player's.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from cardems.core.service_error import ServiceError
from cardems.i18n.markers import N_
from cardems.store_tables import TableRow
from cardems.web.deps import Ctx, Web
from cardems.web.names import name_key
from cardems.web.shared_tables import NO_CODE, SharedTables, seat_name, table_json
from cardems.web.table_bus import bus_for
from cardems.web.table_code import TableCodeError, format_code
from cardems.web.table_live import Hub, live_routes
from cardems.web.table_moves import TableMoves

ACCOUNT_NAME = N_("an account has this name: sign in to play under it, or choose another name")


def together_routes(web: Web, moves: TableMoves) -> list[Route]:
    """The API and pages of shared tables."""
    tables = moves.tables

    def name_of(ctx: Ctx) -> str:
        """The account's name, else the name the guest gave, if no account has it (nor
        one that looks the same): a guest never sits under an account holder's name."""
        account = web.store.account_name(ctx.player_id) if ctx.player_id else None
        given = ctx.body.get("name") if isinstance(ctx.body, dict) else None
        if account:
            return account
        name = seat_name(given.strip() if isinstance(given, str) and given.strip() else "Guest")
        if web.store.account(name_key(name)) is not None:
            raise ServiceError(409, ACCOUNT_NAME)
        return name

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

    async def intent(ctx: Ctx) -> tuple[dict[str, Any], int]:
        _, data = await run_in_threadpool(
            moves.play, table_id(ctx), ctx.player_id, ctx.lang, ctx.body, cookie=ctx.unchecked
        )
        return data, 200

    def robot(value: bool) -> Any:
        async def change(ctx: Ctx) -> tuple[dict[str, Any], int]:
            table, seat = await run_in_threadpool(tables.member, table_id(ctx), ctx.player_id)
            moves.per_seat(table, seat)
            table = await run_in_threadpool(tables.set_robot, table.id, ctx.player_id, value)
            return await run_in_threadpool(answer, ctx, table, seat), 200

        return change

    async def revoke(ctx: Ctx) -> tuple[dict[str, Any], int]:
        table = await run_in_threadpool(tables.revoke, table_id(ctx), ctx.player_id)
        return await run_in_threadpool(answer, ctx, table, 0), 200

    async def remove(ctx: Ctx) -> tuple[dict[str, Any], int]:
        seat = body(ctx).get("seat")
        table = await run_in_threadpool(tables.remove, table_id(ctx), ctx.player_id, seat)
        return await run_in_threadpool(answer, ctx, table, 0), 200

    async def coach(ctx: Ctx) -> tuple[dict[str, Any], int]:
        notes = await run_in_threadpool(tables.coach, table_id(ctx), ctx.player_id)
        return {"coach": notes and web.localize(notes, ctx.lang)["coach"]}, 200

    async def again(ctx: Ctx) -> tuple[dict[str, Any], int]:
        table, seat = await run_in_threadpool(tables.again, table_id(ctx), ctx.player_id)
        return await run_in_threadpool(answer, ctx, table, seat), 200

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
        Route("/api/tables/{table_id}/remove", web.api(remove), methods=["POST"]),
        Route("/api/tables/{table_id}/coach", web.api(coach), methods=["GET"]),
        Route("/api/tables/{table_id}/again", web.api(again), methods=["POST"]),
        Route("/together", web.guard(open_page), methods=["GET"]),
        Route("/together/{code}", web.guard(join_page), methods=["GET"]),
        Route("/tables/{table_id}", web.guard(table_page), methods=["GET"]),
    ]


def shared_tables(web: Web) -> tuple[list[BaseRoute], Hub] | None:
    """The routes and the live hub of shared tables, if a game offered has them."""
    matches = web.service.shared
    if matches is None:
        return None
    moves = TableMoves(web, SharedTables(web.store, matches.game, matches=matches))
    hub = Hub(web, moves, bus_for(web.store))
    return [*together_routes(web, moves), *live_routes(hub)], hub
