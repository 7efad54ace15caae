"""Cardems installs as an app and opens offline: manifest, icons, service worker, the
offline page, and pages, scripts, styles and SVG sent compressed."""

from __future__ import annotations

import gzip
import json
import struct
from typing import Any

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient
from web_browser import open_home

from cardems.web.install import STATIC
from cardems.web.static_assets import static_url

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def test_the_manifest_names_the_app_and_its_icons(client: TestClient) -> None:
    answer = client.get("/manifest.webmanifest", headers={"Accept-Language": "ro"})
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "Cardems",
        "/",
        "standalone",
    )
    assert manifest["lang"] == "ro" and "rezolvitor" in manifest["description"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        body = client.get(icon["src"]).content
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", body[16:24])  # the PNG's IHDR
            assert body[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
        else:
            assert body.startswith(b"<svg")
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'rel="icon" href="{static_url("icons/cardems.svg")}"' in page


def test_the_service_worker_keeps_the_shell_of_this_version(client: TestClient) -> None:
    answer = client.get("/sw.js")
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert answer.headers["cache-control"] == "no-cache"
    script = answer.text
    assert "__VERSION__" not in script and "__SHELL__" not in script
    shell = json.loads(script.split("const SHELL = ", 1)[1].split(";", 1)[0])
    assert "/offline" in shell
    for path in shell:
        assert client.get(path).status_code == 200, path
    assert (STATIC / "install.js").read_text().count('register("/sw.js")') == 1


def test_the_offline_page_says_what_happened(client: TestClient) -> None:
    page = client.get("/offline", headers={"Accept-Language": "he"})
    assert page.status_code == 200 and "אין גישה לשרת של Cardems" in page.text


def test_pages_scripts_styles_and_cards_go_compressed_moves_do_not(client: TestClient) -> None:
    for path in ("/", "/static/table.js", "/static/style.css", "/cards.svg", "/rules/seahaven"):
        answer = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert answer.headers.get("content-encoding") == "gzip", path
    raw = client.get("/static/table.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert len(gzip.compress(raw.content)) < len(raw.content) / 2
    game_id = new_game(client, game="seahaven", code="SH1-C4-AAAAAJ2")["id"]
    json_answer = client.get(f"/api/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert len(json_answer.content) > 500 and "content-encoding" not in json_answer.headers


@pytest.mark.browser
@pytest.mark.parametrize("size", [{"width": 1366, "height": 800}, {"width": 390, "height": 844}])
def test_an_installed_app_opens_offline(tab: Any, live: Any, size: dict[str, int]) -> None:
    tab.set_viewport_size(size)
    open_home(tab, live.url)
    tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    tab.reload()  # now under the worker: the home page is kept
    tab.wait_for_function("navigator.serviceWorker.controller !== null")
    tab.context.set_offline(True)
    try:
        tab.reload()
        assert tab.locator(".brand").inner_text() == "Cardems"  # the kept home page
        tab.goto(live.url + "/stats")  # never opened: the plain offline message
        assert tab.locator("h1").inner_text() == "The Cardems server cannot be reached"
    finally:
        tab.context.set_offline(False)
