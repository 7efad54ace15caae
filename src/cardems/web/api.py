"""The JSON API, one route list per resource; the same calls serve every game.

- ``GET /api/games``: the games offered and the player's unfinished ones;
  ``POST /api/games``: a new game (``{"game", "variant", "winnable", <options>}`` or
  ``{"code"}``), 201 with ``{id, view, events}``.
- ``GET /api/games/{id}``: ``{id, view, events: []}``.
- ``POST /api/games/{id}/intent``: ``{"type": …, "version": n, …}`` → ``{id, view,
  events}``, with ``refused`` (the reason) when the rules refuse the move — an ordinary
  answer, nothing changed; 409 with the current view if the game is no longer at
  version ``n``.
- ``GET /api/codes/{code}``: ``{"code", "game"}`` for a deal code, or ``{"error",
  "part"}`` saying what is wrong with it (both 200: checking a code is not an error).
- ``GET /api/games/{id}`` of a game known to be lost (ended unwon, or the unwinnable
  warning or Winnable? said so) adds ``lost_at``: ``{move, alternative, notation,
  said}`` (:mod:`cardems.kit.lost`; ``move`` null when the solver's budget left it
  undecided; ``GET …/lost-at``: ``{lost_at, version}`` alone, null when no loss is
  known), and ``POST …/back-to-lost`` (``{"version"}``) undoes back to before that
  move.
- ``GET /api/games/{id}/par`` of a game won: ``{par, par_proven, version}``, its shortest
  win (or best known) worked out once and saved, null without one; a winning move's
  answer carries the par only when it is known already (the search takes seconds).
- ``POST /api/games/{id}/hint``, ``…/winnable``, ``…/restart``, ``…/again`` (a new deal
  of the same game, variant and options, 201), ``…/pause``.
- ``GET|POST /api/settings``, ``GET /api/stats``.

Blocking work (bots, solvers, rebuilding a game) runs in worker threads, so one slow
request never holds up the others; an intent goes to ``TableService.intent``, which
decides itself what runs on the event loop and what in a thread (the server's pool).
An intent's answer says in ``said`` what a screen reader hears of it, in the page
language (``web/narration.py``).
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from cardems.core.game import Game, PlayedGame, StatBlock
from cardems.core.service import LiveGame, ServiceError
from cardems.dealcode import DealCodeError
from cardems.web.deps import Ctx, Web
from cardems.web.i18n import translate, translate_events
from cardems.web.narration import narrate

log = logging.getLogger("cardems.web")


def answer(web: Web, live: LiveGame, events: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """``{id, view, events}`` in ``lang``."""
    view = web.localize(web.service.view(live), lang)
    return {"id": live.id, "view": view, "events": translate_events(lang, events)}


def game_routes(web: Web) -> list[Route]:
    """``/api/games…``: create, show and play games."""
    service = web.service

    async def catalogue(ctx: Ctx) -> tuple[dict[str, Any], int]:
        offered = [
            {
                "game": game.family.name,
                "title": game.family.title,
                "variants": list(game.family.variants),
                "options": [asdict(option) for option in game.options],
            }
            for game in service.games
        ]
        return {"games": offered, "unfinished": service.unfinished_games(ctx.reader)}, 200

    async def create(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.new_game, web.player(ctx), ctx.body)
        service.resume(live)
        return answer(web, live, [], ctx.lang), 201

    async def show(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.load, ctx.reader, ctx.game_id)
        service.resume(live)
        data = answer(web, live, [], ctx.lang)
        lost = await run_in_threadpool(service.lost_at, live)
        if lost is not None:
            data["lost_at"] = lost.json(ctx.lang)
        return data, 200

    async def lost_at(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.load, ctx.reader, ctx.game_id)
        lost = await run_in_threadpool(service.lost_at, live)
        found = None if lost is None else lost.json(ctx.lang)
        return {"lost_at": found, "version": live.version}, 200

    async def par(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.load, ctx.reader, ctx.game_id)
        found = None
        if live.table.status == "won":
            found = await run_in_threadpool(service.par, live)
        return {"par": found, "par_proven": live.par_proven, "version": live.version}, 200

    async def back(ctx: Ctx) -> tuple[dict[str, Any], int]:
        back_to = partial(
            service.back_to_lost, ctx.reader, ctx.game_id, ctx.body, settings=ctx.settings
        )
        played = await run_in_threadpool(back_to)
        view = web.localize(played.view, ctx.lang)
        data: dict[str, Any] = {
            "id": played.live.id,
            "view": view,
            "events": translate_events(ctx.lang, played.events),
        }
        said = narrate(ctx.lang, played.before or {}, view, played.events, on_table=True)
        if said:
            data["said"] = said
        return data, 200

    async def intent(ctx: Ctx) -> tuple[dict[str, Any], int]:
        played = await service.intent(
            ctx.reader,
            ctx.game_id,
            ctx.body,
            run_in_threadpool,
            settings=ctx.settings,
            cookie=ctx.unchecked,
        )
        view = web.localize(played.view, ctx.lang)
        data: dict[str, Any] = {
            "id": played.live.id,
            "view": view,
            "events": translate_events(ctx.lang, played.events),
        }
        said = narrate(
            ctx.lang,
            played.before or {},
            view,
            played.events,
            move_errors=bool(ctx.settings["move_errors"]),
            on_table=True,
        )
        if said:
            data["said"] = said
        if played.refused is not None:
            data["refused"] = translate(ctx.lang, played.refused)
        return data, 200

    async def hint(ctx: Ctx) -> tuple[dict[str, Any], int]:
        hint = await run_in_threadpool(service.hint, ctx.reader, ctx.game_id, ctx.lang)
        return {"hint": hint}, 200

    async def winnable(ctx: Ctx) -> tuple[dict[str, Any], int]:
        return await run_in_threadpool(service.winnable, ctx.reader, ctx.game_id), 200

    async def restart(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.restart, ctx.reader, ctx.game_id)
        return answer(web, live, [], ctx.lang), 200

    async def again(ctx: Ctx) -> tuple[dict[str, Any], int]:
        live = await run_in_threadpool(service.again, ctx.reader, ctx.game_id)
        return answer(web, live, [], ctx.lang), 201

    async def pause(ctx: Ctx) -> tuple[dict[str, Any], int]:
        await run_in_threadpool(service.pause, ctx.reader, ctx.game_id)
        return {"paused": True}, 200

    async def code(ctx: Ctx) -> tuple[dict[str, Any], int]:
        text = str(ctx.request.path_params["code"])
        try:
            parsed = service.read_code(text, ctx.request.query_params.get("game"))
            game = service.game_of_code(parsed)
        except DealCodeError as error:
            return {"error": translate(ctx.lang, str(error)), "part": error.part}, 200
        except ServiceError as error:
            return {"error": translate(ctx.lang, error.message), "part": "game"}, 200
        return {"code": str(parsed), "game": game.family.name, "name": game.deal_name(parsed)}, 200

    return [
        Route("/api/codes/{code}", web.api(code), methods=["GET"]),
        Route("/api/games", web.api(catalogue), methods=["GET"]),
        Route("/api/games", web.api(create), methods=["POST"]),
        Route("/api/games/{game_id}", web.api(show), methods=["GET"]),
        Route("/api/games/{game_id}/intent", web.api(intent, move=True), methods=["POST"]),
        Route("/api/games/{game_id}/hint", web.api(hint), methods=["POST"]),
        Route("/api/games/{game_id}/winnable", web.api(winnable), methods=["POST"]),
        Route("/api/games/{game_id}/lost-at", web.api(lost_at), methods=["GET"]),
        Route("/api/games/{game_id}/par", web.api(par), methods=["GET"]),
        Route("/api/games/{game_id}/back-to-lost", web.api(back), methods=["POST"]),
        Route("/api/games/{game_id}/restart", web.api(restart), methods=["POST"]),
        Route("/api/games/{game_id}/again", web.api(again), methods=["POST"]),
        Route("/api/games/{game_id}/pause", web.api(pause), methods=["POST"]),
    ]


def player_routes(web: Web) -> list[Route]:
    """``/api/settings`` and ``/api/stats``: the player's own data."""
    service = web.service

    async def settings(ctx: Ctx) -> tuple[dict[str, Any], int]:
        if ctx.request.method == "POST":
            return {"settings": service.update_settings(web.player(ctx), ctx.body)}, 200
        return {"settings": service.settings(ctx.player_id)}, 200

    async def stats(ctx: Ctx) -> tuple[dict[str, Any], int]:
        blocks = await run_in_threadpool(statistics, web, ctx.reader)
        return {"statistics": blocks}, 200

    return [
        Route("/api/settings", web.api(settings), methods=["GET", "POST"]),
        Route("/api/stats", web.api(stats), methods=["GET"]),
    ]


def statistics(web: Web, player_id: str) -> list[dict[str, Any]]:
    """Every game's statistics blocks, as JSON-ready data (each line by its key)."""
    played = web.store.played_games(player_id)
    blocks = []
    for game in web.service.games:
        for block in readable_statistics(game, played.get(game.family.name, [])):
            data = asdict(block)
            data["values"] = {line.key: line.value for line in block.lines}
            blocks.append(data)
    return blocks


def readable_statistics(game: Game, played: list[PlayedGame]) -> list[StatBlock]:
    """``game``'s statistics of ``played``, leaving out a game whose saved records its
    statistics cannot read (a damaged row must not take the player's pages down)."""
    try:
        return list(game.statistics(played))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        log.warning("unreadable statistics records of %s: left out", game.family.name)
    readable = []
    for one in played:
        try:
            game.statistics([one])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
        readable.append(one)
    return list(game.statistics(readable))
