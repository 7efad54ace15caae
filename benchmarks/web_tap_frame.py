"""How soon a tap's answer is on the board: from the last byte of the server's answer to
an intent until the board changes, and until the next frame, in Debian's chromium.

Starts ``cardems serve`` over a fresh database and taps like a player: Heart to Heart's
stock (a draw), then Seahaven moves taken from the hints (a drag each), waiting for
each answer to be drawn before the next tap. The page's own clock measures: the
resource timing of each ``/intent`` request (``responseEnd``), a MutationObserver on the
board, and a requestAnimationFrame loop for the frames.

Anchor: the issue's goal, the board updated within one frame (16.7 ms at 60 Hz) of the
server's answer.

    python benchmarks/web_tap_frame.py [--taps 40]
"""

from __future__ import annotations

import argparse
import json
import statistics
import urllib.request

from playwright.sync_api import sync_playwright

from server import percentile, running_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SPY = """
window.boardChanges = [];
window.frames = [];
const watch = () => {
  const board = document.querySelector("#board");
  if (!board) return setTimeout(watch, 20);
  new MutationObserver(() => window.boardChanges.push(performance.now()))
    .observe(board, { childList: true, subtree: true, attributes: true });
};
watch();
const frame = (time) => { window.frames.push(time); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
"""
DELAYS = """() => {
  const answers = performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("/intent")).map((e) => e.responseEnd);
  return answers.map((answered) => {
    const drawn = window.boardChanges.find((t) => t >= answered);
    const painted = window.frames.find((t) => t >= (drawn ?? Infinity));
    return [drawn - answered, painted - answered];
  });
}"""


def tap_delays(base: str, taps: int) -> list[tuple[str, float, float]]:
    """(game, answer → board changed, answer → next frame) per tap, in ms."""
    results: list[tuple[str, float, float]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game, selector in (("heart-to-heart", "stock"), ("seahaven", None)):
            page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
            page.add_init_script(SPY)
            page.goto(f"{base}/play/{game}")
            if page.locator("form.deal").count():  # no game in progress: deal one
                page.click("form.deal button")
            page.wait_for_selector("#table[data-ready]")
            for _ in range(taps // 2):
                if selector:
                    target = page.locator(f'.pile[data-target="{selector}"]')
                    target.click()
                else:
                    game_id = page.url.rsplit("/", 1)[1]
                    hint = page.evaluate(
                        f"""() => fetch('/api/games/{game_id}/hint', {{method: 'POST'}})
                            .then((r) => r.json())"""
                    )["hint"]
                    if hint is None:
                        break
                    source = page.locator(f'.card[data-target="{hint["from"]}"]').last
                    destination = page.locator(f'.pile[data-target="{hint["to"]}"]')
                    source.drag_to(destination)
                page.wait_for_function("window.cardemsIdle()")
                page.wait_for_timeout(60)  # the frame after the last change
            results += [(game, drawn, painted) for drawn, painted in page.evaluate(DELAYS)]
            page.context.close()
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    with running_server() as (_, port):
        base = f"http://127.0.0.1:{port}"
        urllib.request.urlopen(base + "/").read()
        rows = tap_delays(base, args.taps)
    print(f"{len(rows)} answered intents (Heart to Heart draws, Seahaven hinted drags)")
    for label, index in (("answer -> board changed", 1), ("answer -> next frame", 2)):
        values = sorted(row[index] for row in rows)
        print(
            f"{label:<24} p50 {statistics.median(values):5.1f} ms  "
            f"p95 {percentile(values, 0.95):5.1f} ms  max {values[-1]:5.1f} ms"
        )
    late = sum(row[2] > 1000 / 60 for row in rows)
    print(f"drawn later than one 60 Hz frame after the answer: {late} of {len(rows)}")
    print(json.dumps({"anchor": "within one frame (16.7 ms) of the answer"}))


if __name__ == "__main__":
    main()
