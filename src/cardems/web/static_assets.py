"""The static files (``web/static/`` and each game's ``web/static/``), at versioned URLs
that browsers keep for a year.

Every page names its scripts, styles and icons as ``/static/<version>/…``
(:func:`static_url`), where ``<version>`` is a hash of every static file and of the
package's version: any change to any of them makes new URLs, so a file at such a URL
never changes and is sent ``Cache-Control: public, max-age=31536000, immutable`` (a
warm reload asks the server for none of them). Modules import each other by relative
paths, which stay under the same version; a game's scripts import the shared ones as
``/static/api.js``, which the page's import map (:func:`import_map`) sends to the
versioned URL. The service worker keeps the shell under the same version
(``install.py``).

The same files stay at their unversioned URLs (``/static/style.css``), sent
``no-cache`` (the browser asks again each time, cheaply, by ETag), and so does a
versioned URL of another version (a page of a server not yet upgraded, in a fleet that
is): its content is this version's, so it must not be kept as that version's.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path

from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

from cardems import __version__
from cardems.core.registry import games
from cardems.web.assets import game_assets

STATIC = Path(__file__).parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VERSIONED = re.compile(r"[0-9a-f]{16}")
"""What a version looks like in a URL (:func:`asset_version`)."""


@functools.cache
def game_static_folders() -> Mapping[str, Path]:
    """``{slug: folder}`` of every registered game that ships static files (looked up once
    a process)."""
    return {
        game.family.name: folder
        for game in games()
        if (folder := game_assets(game) / "static").is_dir()
    }


@functools.cache
def asset_version() -> str:
    """16 hex digits that change whenever a static file (or the package's version) does."""
    digest = hashlib.sha256(__version__.encode())
    folders = {"": STATIC, **{f"games/{slug}": f for slug, f in game_static_folders().items()}}
    for prefix, folder in sorted(folders.items()):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                name = f"{prefix}/{path.relative_to(folder).as_posix()}"
                digest.update(f"{name}\0{path.stat().st_size}\0".encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def static_url(path: str) -> str:
    """The versioned URL of a static file: ``static_url("style.css")`` is
    ``/static/<version>/style.css``; a game's: ``static_url("games/hearts/hearts.js")``."""
    return f"/static/{asset_version()}/{path.lstrip('/')}"


def import_map() -> str:
    """The page's import map (JSON): ``/static/…`` imports go to this version's URLs."""
    versioned = f"/static/{asset_version()}/"
    return json.dumps({"imports": {"/static/": versioned, versioned: versioned}})


class StaticAssets:
    """The ASGI app mounted at ``/static``: the shared files and, under ``games/<slug>/``,
    each game's, at versioned and unversioned paths (see the module's docstring)."""

    def __init__(self, game_folders: dict[str, Path]) -> None:
        self.shared = StaticFiles(directory=STATIC)
        self.games = {slug: StaticFiles(directory=f) for slug, f in game_folders.items()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        root = scope.get("root_path", "")
        path = scope["path"][len(root) :] if scope["path"].startswith(root) else scope["path"]
        first, _, rest = path.lstrip("/").partition("/")
        cache = REVALIDATE
        if VERSIONED.fullmatch(first) and rest:
            cache = IMMUTABLE if first == asset_version() else REVALIDATE
            path = "/" + rest
        app = self.shared
        parts = path.lstrip("/").split("/", 2)
        if parts[0] == "games" and len(parts) == 3 and parts[1] in self.games:
            app, path = self.games[parts[1]], "/" + parts[2]

        async def send_with_cache(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                message["headers"] = [*headers, (b"cache-control", cache.encode())]
            await send(message)

        await app({**scope, "path": root + path}, receive, send_with_cache)
