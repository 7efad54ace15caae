"""What makes Cardems an app that a browser installs and opens offline: the web
manifest, the icons and the service worker (``static/sw.js``), and the page it shows
when the server is out of reach."""

from __future__ import annotations

import functools
import json

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardems.i18n import direction, translations
from cardems.i18n.markers import N_
from cardems.web.deps import Web
from cardems.web.static_assets import STATIC, asset_version, static_url

THEME = "#2f6b4f"
"""The felt's green: the installed app's title bar and splash screen."""
DESCRIPTION = N_("Solitaires and Hearts, with solvers behind every deal")
SHELL_ASSETS = ("style.css", "api.js", "i18n.js", "install.js", "icons/cardems.svg")
"""What the service worker keeps from the start (the rest as it is first used), at
their versioned URLs: the worker's cache is named by the same version, so an upgrade
replaces the kept copies."""


def png_icon(size: int) -> dict[str, str]:
    """The manifest's entry of the PNG icon ``size`` pixels across."""
    return {
        "src": static_url(f"icons/cardems-{size}.png"),
        "sizes": f"{size}x{size}",
        "type": "image/png",
    }


@functools.cache
def worker_script() -> str:
    """The service worker's script, naming this version's shell (made once a process)."""
    return (
        (STATIC / "sw.js")
        .read_text(encoding="utf-8")
        .replace("__VERSION__", asset_version())
        .replace("__SHELL__", json.dumps(["/offline", *map(static_url, SHELL_ASSETS)]))
    )


def install_routes(web: Web) -> list[Route]:
    """The manifest, the service worker and the offline page."""
    worker = worker_script()

    async def manifest(request: Request) -> Response:
        lang = web.context(request).lang
        return JSONResponse(
            {
                "name": "Cardems",
                "short_name": "Cardems",
                "description": translations(lang).gettext(DESCRIPTION),
                "lang": lang,
                "dir": direction(lang),
                "start_url": "/",
                "scope": "/",
                "display": "standalone",
                "background_color": THEME,
                "theme_color": THEME,
                "icons": [
                    *(png_icon(size) for size in (192, 512)),
                    {
                        "src": static_url("icons/cardems.svg"),
                        "sizes": "any",
                        "type": "image/svg+xml",
                    },
                ],
            },
            media_type="application/manifest+json",
            headers={"Cache-Control": "no-cache"},  # it names this version's icons
        )

    async def service_worker(request: Request) -> Response:
        return Response(
            worker,
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
        )

    async def offline(request: Request) -> Response:
        return web.page(web.context(request), "offline.html")

    return [
        Route("/manifest.webmanifest", manifest),
        Route("/sw.js", service_worker),
        Route("/offline", offline),
    ]
