"""What a browser may keep: the static files at versioned URLs for a year (a warm reload
asks the server for none of them), the pages never without asking again."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient

from cardems.core.registry import games
from cardems.web.static_assets import IMMUTABLE, asset_version, static_url

ATTRIBUTE = re.compile(r"""<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)\"""")
IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']""")
STORELESS = pytest.mark.one_database("sqlite")
"""A test of static files and the service worker: it stores and reads no data, so a
second database would run the same thing again."""


def resolve(specifier: str, base: str, imports: dict[str, str]) -> str:
    """Where a browser fetches an import: the URL, then the import map's longest prefix."""
    url = urljoin(base, specifier)
    prefixes = [key for key in imports if url.startswith(key)]
    if not prefixes:
        return url
    key = max(prefixes, key=len)
    return imports[key] + url[len(key) :]


def static_files_of(
    client: TestClient, page: str, seen: dict[str, dict[str, str]] | None = None
) -> dict[str, dict[str, str]]:
    """Every static file a page loads (scripts with the modules they import, styles,
    icons, as the import map resolves them): ``{url: response headers}``, added to
    ``seen`` (the files of pages before, each asked for once)."""
    html = client.get(page).text
    (block,) = re.findall(r'<script type="importmap">(.*?)</script>', html, re.S)
    imports: dict[str, str] = json.loads(block)["imports"]
    todo = [url for url in ATTRIBUTE.findall(html) if url.startswith("/static/")]
    seen = {} if seen is None else seen
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        answer = client.get(url)
        assert answer.status_code == 200, url
        seen[url] = dict(answer.headers)
        if url.endswith(".js"):
            todo += [resolve(name, url, imports) for name in IMPORT.findall(answer.text)]
    return seen


@pytest.mark.slow
@pytest.mark.one_database("sqlite")  # static files: the database plays no part
def test_a_warm_reload_asks_for_no_static_file(client: TestClient) -> None:
    """Every static file of the home page and of every game's table is at a versioned
    URL that the browser keeps, without revalidating, for a year; the pages that name
    them are asked for again each time (so a new version's URLs are seen at once)."""
    made = [new_game(client, code=game.example_code()) for game in games()]  # no search
    pages = ["/"] + [f"/game/{game['id']}" for game in made]
    files: dict[str, dict[str, str]] = {}
    for page in pages:
        # The home page is no-store: Back must not show a form token of before a first press.
        expected = "no-store" if page == "/" else "no-cache"
        assert client.get(page).headers["cache-control"] == expected, page
        static_files_of(client, page, files)
    assert static_url("games/hearts/hearts.js") in files and static_url("api.js") in files
    assert static_url("icons/cardems.svg") in files and static_url("style.css") in files
    for url, headers in files.items():
        assert url.startswith(f"/static/{asset_version()}/"), url
        assert headers["cache-control"] == IMMUTABLE, url
    assert "max-age=31536000" in IMMUTABLE and "immutable" in IMMUTABLE


@STORELESS
def test_unversioned_and_other_versions_urls_are_revalidated(client: TestClient) -> None:
    """The same files at their old URLs, or under another version (a page of another
    release), come with ``no-cache``: never kept as that version's."""
    current = client.get(static_url("style.css"))
    for url in ("/static/style.css", "/static/0123456789abcdef/style.css"):
        answer = client.get(url)
        assert answer.status_code == 200 and answer.content == current.content, url
        assert answer.headers["cache-control"] == "no-cache", url
    hearts = client.get("/static/games/hearts/hearts.js")
    assert hearts.status_code == 200 and hearts.headers["cache-control"] == "no-cache"
    assert client.get(static_url("no-such-file.js")).status_code == 404
    assert client.get(static_url("games/hearts/../../../web/app.py")).status_code == 404


@STORELESS
def test_the_service_worker_keeps_the_assets_under_their_version(client: TestClient) -> None:
    script = client.get("/sw.js").text
    assert f'const VERSION = "{asset_version()}";' in script
    shell = json.loads(script.split("const SHELL = ", 1)[1].split(";", 1)[0])
    assert static_url("style.css") in shell
    manifest = client.get("/manifest.webmanifest")
    assert manifest.headers["cache-control"] == "no-cache"
    icons = [icon["src"] for icon in manifest.json()["icons"]]
    assert icons and all(src.startswith(f"/static/{asset_version()}/") for src in icons)
    for src in icons:
        assert client.get(src).headers["cache-control"] == IMMUTABLE
