"""The player's data as one file, and statistics resets.

- ``GET /api/archive``: every save, statistic and setting of the player, as a download.
- ``POST /api/archive``: take such a file in (JSON body, read as a stream off the event
  loop; all or nothing).
- ``POST /stats/reset``: the statistics form's reset of one game (form token).
"""

from __future__ import annotations

import io
import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardems.archive import MAX_BYTES, format_archive
from cardems.core.archives import export_archive, import_archive, reset_statistics
from cardems.core.service import ServiceError
from cardems.web.deps import Ctx, Web


def data_routes(web: Web) -> list[Route]:
    """The archive download and upload, and the statistics reset."""
    service = web.service

    async def download(request: Request) -> Response:
        ctx = web.context(request)
        archive = await run_in_threadpool(export_archive, service, ctx.reader)
        day = time.strftime("%Y-%m-%d", time.gmtime(archive.exported))
        return Response(
            format_archive(archive),
            media_type="application/json",
            headers={
                "content-disposition": f'attachment; filename="cardems-{day}.json"',
                "cache-control": "no-store",
            },
        )

    async def upload(ctx: Ctx) -> tuple[dict[str, Any], int]:
        """Read and replay in a worker thread, the file streamed one game at a time."""
        source = io.BytesIO(ctx.body)
        imported = await run_in_threadpool(import_archive, service, web.player(ctx), source)
        return {"imported": imported}, 200

    async def reset(request: Request) -> Response:
        ctx = web.context(request)
        try:
            form = await web.form(request, ctx)
            game = service.game(form.get("game", "")).family.name
            if ctx.player_id:
                await run_in_threadpool(reset_statistics, service, ctx.player_id, game)
        except ServiceError as error:
            return web.error_page(ctx, error)
        return web.bind(RedirectResponse(f"/stats?reset={game}", 303), ctx)

    return [
        Route("/api/archive", web.guard(download), methods=["GET"]),
        Route("/api/archive", web.api(upload, max_body=MAX_BYTES, raw=True), methods=["POST"]),
        Route("/stats/reset", web.guard(reset), methods=["POST"]),
    ]
