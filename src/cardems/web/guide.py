"""The first-game guide: a few lines on a player's first table, until dismissed.

Its dismissal is the player's setting ``guide_seen``: the page's script saves it through
``/api/settings``; without scripts the guide's form posts here (with the form token) and
comes back to the table.
"""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardems.core.service import ServiceError
from cardems.web.deps import Web

SEEN = "guide_seen"
TABLE = re.compile(r"/game/[A-Za-z0-9_-]{1,64}")
"""Where the form may send the player back: a table of this server."""


def guide_routes(web: Web) -> list[Route]:
    """``POST /guide``: the guide dismissed, then back to the table it was on."""

    async def dismiss(request: Request) -> Response:
        ctx = web.context(request)
        try:
            form = await web.form(request, ctx)
            await run_in_threadpool(web.service.update_settings, web.player(ctx), {SEEN: True})
        except ServiceError as error:
            return web.error_page(ctx, error)
        back = form.get("back", "")
        return web.bind(RedirectResponse(back if TABLE.fullmatch(back) else "/", 303), ctx)

    return [Route("/guide", web.guard(dismiss), methods=["POST"])]
