"""Starred games: the home page's star puts a game among the player's own, first.

The stars are the player's setting ``favourites`` (a list of game slugs, in the order
starred). The star is a form that posts here with the form token, with or without
scripts, and comes back to the home page.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardems.core.service import ServiceError
from cardems.core.settings import FAVOURITES
from cardems.web.deps import Web


def starred(favourites: list[str], game: str) -> list[str]:
    """``favourites`` with ``game`` starred, or unstarred when it was."""
    return (
        [name for name in favourites if name != game] if game in favourites else [*favourites, game]
    )


def favourite_routes(web: Web) -> list[Route]:
    """``POST /favourites/{game}``: the game starred or unstarred, then the home page."""

    async def toggle(request: Request) -> Response:
        ctx = web.context(request)
        try:
            game = web.service.game(request.path_params["game"]).family.name
            await web.form(request, ctx)
            player = web.player(ctx)
            changes = {FAVOURITES: starred(list(ctx.settings[FAVOURITES]), game)}
            await run_in_threadpool(web.service.update_settings, player, changes)
        except ServiceError as error:
            return web.error_page(ctx, error)
        return web.bind(RedirectResponse(f"/#game-{game}", 303), ctx)

    return [Route("/favourites/{game}", web.guard(toggle), methods=["POST"])]
