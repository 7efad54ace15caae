"""How long a Hearts player waits: from the click on their card until their next turn is
on the screen (the opponents' cards flown to the trick, the trick to its winner), at each
animation speed, in Debian's chromium against ``cardems serve``.

Plays the first cards of a match against easy opponents (whose decisions cost next to
nothing), the first playable card each turn. Anchor: the issue's figure, ~2.1 s at the
default speed with no way to go faster; "off" shows what the server and the page add.

    python benchmarks/web_hearts_pace.py [--turns 8]
"""

from __future__ import annotations

import argparse
import json
import statistics
import urllib.request

from playwright.sync_api import sync_playwright

from server import running_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SETTINGS = """(speed) => fetch('/api/settings', {method: 'POST',
  headers: {'content-type': 'application/json'}, body: JSON.stringify({animation: speed})})"""
NEW_MATCH = """() => fetch('/api/games', {method: 'POST',
  headers: {'content-type': 'application/json'},
  body: JSON.stringify({game: 'hearts', level: 'easy', code: 'HT1-N-AAAAAAM'})})
  .then((r) => r.json())"""
TURN = "() => document.getElementById('hearts').dataset.turn === '1' && window.cardemsIdle()"
NEXT = """(n) => document.querySelectorAll('.hcard').length === n - 1 && window.cardemsIdle()
  && (document.getElementById('hearts').dataset.turn === '1'
      || document.getElementById('round-end').open) && performance.now()"""


def waits(base: str, speed: str, turns: int) -> list[float]:
    """ms from each click on a card to the player's next turn."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
        page.goto(base + "/")
        page.evaluate(SETTINGS, speed)
        game = page.evaluate(NEW_MATCH)
        page.goto(f"{base}/game/{game['id']}")
        page.wait_for_selector("#hearts[data-ready]", state="attached")
        for card in page.locator(".hcard").all()[:3]:
            card.click()
        page.click("#pass-confirm")
        page.click("#received-ok")
        times: list[float] = []
        for _ in range(turns):
            page.wait_for_function(TURN)
            held = page.locator(".hcard").count()
            clicked = page.evaluate("() => performance.now()")
            page.locator(".hcard:not(.dimmed)").first.click()
            turn = page.wait_for_function(NEXT, arg=held, polling=10).json_value()
            times.append(turn - clicked)
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=8)
    args = parser.parse_args()
    with running_server() as (_, port):
        base = f"http://127.0.0.1:{port}"
        urllib.request.urlopen(base + "/").read()
        for speed in ("off", "fast", "normal", "slow"):
            times = sorted(waits(base, speed, args.turns))
            print(
                f"{speed:<7} your card -> your next turn  p50 {statistics.median(times):6.0f} ms"
                f"  max {times[-1]:6.0f} ms  ({len(times)} turns)"
            )
    print(json.dumps({"anchor": "~2100 ms at the default speed (normal), no faster choice"}))


if __name__ == "__main__":
    main()
