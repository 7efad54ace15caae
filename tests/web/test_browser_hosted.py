"""Hosted play as docs/DEPLOY.md's "On one machine (try it here)" tells a newcomer:
``cardems serve --db postgresql://… --workers 2 --no-browser``, play a move, sign up,
sign in from a second browser and continue the game there (Playwright + chromium)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from web_browser import cards, click, info, snap

SRC = str(Path(__file__).resolve().parents[2] / "src")
CODE = "HH1-N-AAAAAAM"
NAME, PASSWORD = "newcomer", "a long enough password"


@pytest.fixture
def served(postgres: str) -> Iterator[str]:
    """``cardems serve`` with two workers over PostgreSQL, answering; the address it printed."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-m", "cardems", "serve", "--db", postgres]
    command += ["--workers", "2", "--no-browser", "--port", str(port)]
    proc = subprocess.Popen(
        command, env=dict(os.environ, PYTHONPATH=SRC), stdout=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, f"cardems serve stopped (exit code {proc.returncode})"
            try:
                httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx2.TransportError:
                assert time.monotonic() < deadline, "cardems serve did not answer in 20 s"
                time.sleep(0.1)
        assert proc.stdout is not None
        banner = proc.stdout.readline()  # printed before the workers start serving
        printed = re.search(r"Cardems is at (http://\S+/) ", banner)
        assert printed, f"no address printed: {banner!r}"
        assert printed[1] == f"http://127.0.0.1:{port}/"
        yield printed[1]
    finally:
        proc.terminate()
        proc.wait(10)


def go_to_account(page: Any) -> None:
    """The header's account link (it reads "Sign in", or the name once signed in)."""
    page.click('nav a[href="/account"]')
    page.wait_for_selector("#account")


def open_table(page: Any, link: str) -> None:
    page.click(link)
    page.wait_for_selector("#table[data-ready]")


def test_sign_up_then_continue_the_game_in_a_second_browser(
    chromium_browser: Any, served: str
) -> None:
    """Play a move, sign up; sign in elsewhere, find the game under Continue at that
    move, play on, and see the move in the first browser: two workers, one database."""
    first_context = chromium_browser.new_context(viewport={"width": 1100, "height": 900})
    second_context = chromium_browser.new_context(viewport={"width": 1100, "height": 900})
    first, second = first_context.new_page(), second_context.new_page()
    errors: list[str] = []
    for page in (first, second):
        page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        # First browser: open the printed address, deal a Heart to Heart, play a move.
        first.goto(served)
        assert first.inner_text("nav a[href='/account']") == "Sign in"  # accounts are on
        first.click('button.new-deal[data-game="heart-to-heart"]')
        first.fill("#new-game-form input[name=code]", CODE)
        open_table(first, "#new-game-deal")
        assert info(first)["moves"] == "0" and info(first)["code"] == CODE
        assert cards(first, "waste") == ["AH"]
        click(first, "stock")
        assert info(first)["moves"] == "1"
        waste = cards(first, "waste")
        assert waste != ["AH"]

        # Account → Sign up: the game played before stays this player's.
        go_to_account(first)
        first.fill("#signup input[name=name]", NAME)
        first.fill("#signup input[name=password]", PASSWORD)
        first.click("#signup button")
        first.wait_for_selector(f"#account-status:has-text('Signed in as {NAME}.')")
        assert first.inner_text("nav a[href='/account']") == NAME
        first.click("a.brand")
        open_table(first, ".resume-link")  # back to the game, left open at move 1
        assert info(first)["moves"] == "1"

        # Second browser: nothing to continue until signed in with the same name.
        second.goto(served)
        assert second.locator(".resume").count() == 0
        go_to_account(second)
        second.fill("#signin input[name=name]", NAME)
        second.fill("#signin input[name=password]", PASSWORD)
        second.click("#signin button")
        second.wait_for_selector(f"#account-status:has-text('Signed in as {NAME}.')")
        second.click("a.brand")
        resume = second.locator(".resume")
        assert resume.locator("h2").inner_text() == "Continue"
        assert resume.locator("li").inner_text().startswith(f"{CODE} — 1 move, score 0")
        open_table(second, ".resume-link")
        assert info(second)["moves"] == "1" and info(second)["code"] == CODE
        assert cards(second, "waste") == waste  # the same game, at the move it was left
        click(second, "stock")
        assert info(second)["moves"] == "2"
        moved = cards(second, "waste")
        assert moved != waste

        # First browser again: its reload shows the move played in the second one.
        first.reload()
        first.wait_for_selector("#table[data-ready]")
        assert info(first)["moves"] == "2" and cards(first, "waste") == moved
    finally:
        for name, page in (("first", first), ("second", second)):
            snap(page, f"hosted-{name}-browser", full_page=True)
        first_context.close()
        second_context.close()
    assert not errors, f"JavaScript errors: {errors}"
