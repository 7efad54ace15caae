"""The solo Hearts table of issue 41, as a player sees it: a card clicked before the
table is ready always waits (said once) and is then sent to the server; the coach's
notes in the round-end dialog; the match's length chosen in the New match window, shown
on the table, and a match to 50 that ends at 50."""

from __future__ import annotations

import re
from typing import Any

from hearts_lines import first_round_end_log
from test_browser_hearts import hand, next_step, open_match, playable, start
from test_browser_hearts_moves import to_first_turn
from web_browser import LiveServer, save_settings, seed_game, snap

from cardems.core.game import Action, TableSettings
from cardems.dealcode import DealCode
from cardems.hearts.table import HeartsTable
from cardems.store import Progress, Store

QUEUED = "will be played when your turn comes"

# Intents answered only after a pause (the card on its way), every intent's body kept,
# and every text the status line shows, in order.
SLOW_INTENTS = """() => {
  window.sentIntents = [];
  window.saidLines = [];
  const original = window.fetch;
  window.fetch = (input, init) => {
    if (!String(input).endsWith('/intent')) return original(input, init);
    window.sentIntents.push(JSON.parse(init.body));
    return new Promise((resolve) => setTimeout(resolve, 1500)).then(() => original(input, init));
  };
  const line = document.getElementById('h-message');
  new MutationObserver(() => window.saidLines.push(line.textContent))
    .observe(line, {childList: true, characterData: true, subtree: true});
}"""


def said(tab: Any) -> list[str]:
    lines: list[str] = tab.evaluate("() => window.saidLines")
    return lines


def test_a_card_clicked_before_the_table_is_ready_waits_said_once(
    tab: Any, live: LiveServer
) -> None:
    start(tab, live)
    to_first_turn(tab)
    tab.select_option("#h-speed", "slow")  # the opponents' cards stay in view a while
    tab.wait_for_function("() => window.cardemsIdle()")
    tab.evaluate(SLOW_INTENTS)
    first = playable(tab)[0]
    tab.click(f'.hcard[data-card="{first}"]')
    # The player's card is on its way: another card clicked now waits, with words.
    waiting = next(c for c in hand(tab) if c != first)
    tab.click(f'.hcard[data-card="{waiting}"]')
    assert QUEUED in tab.inner_text("#h-message")
    assert "queued" in (tab.get_attribute(f'.hcard[data-card="{waiting}"]', "class") or "")
    tab.click(f'.hcard[data-card="{waiting}"]')  # clicked again: the same answer, not said again
    # The opponents' cards are shown, the trick not yet taken: still the same answer.
    tab.wait_for_function("() => document.getElementById('hearts').dataset.turn === '0'")
    tab.click(f'.hcard[data-card="{waiting}"]')
    assert "queued" in (tab.get_attribute(f'.hcard[data-card="{waiting}"]', "class") or "")
    assert sum(QUEUED in line for line in said(tab)) == 1, said(tab)
    snap(tab, "hearts-card-waits")
    # On the player's turn it is sent to the server, which decides: played, or refused
    # with its reason.
    tab.wait_for_function(
        f"""() => window.cardemsIdle() && window.sentIntents.some((b) => b.card === '{waiting}')
          && document.getElementById('hearts').dataset.turn === '1'""",
        timeout=30_000,
    )
    sent = tab.evaluate("() => window.sentIntents")
    assert [body.get("card") for body in sent] == [first, waiting]
    assert waiting not in hand(tab) or tab.inner_text("#h-message").strip()
    assert not tab.locator(".hcard.queued").count()


def test_the_round_end_dialog_shows_the_coachs_notes(tab: Any, live: LiveServer) -> None:
    code = "HT1-N-AAAAAAM"
    game_id = seed_game(tab, live, "hearts", code, first_round_end_log(code), {"level": "easy"})
    save_settings(tab, live.url, animation="off", coach=True)
    open_match(tab, live.url + f"/game/{game_id}")
    assert next_step(tab) == "turn"
    (card,) = playable(tab)
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    notes = tab.locator("#round-end .coach-notes li")
    assert tab.is_visible("#round-end-coach")
    assert tab.inner_text("#round-end-coach-title") == "The coach on round 1"
    assert notes.count() >= 1 and "points on average" in notes.first.inner_text()
    assert notes.first.get_attribute("aria-label")
    snap(tab, "hearts-round-end-coach")
    tab.click("#round-end-next")
    assert next_step(tab) == "pass"
    # Without the coach the dialog has no notes.
    save_settings(tab, live.url, coach=False)
    game_id = seed_game(tab, live, "hearts", code, first_round_end_log(code), {"level": "easy"})
    open_match(tab, live.url + f"/game/{game_id}")
    assert next_step(tab) == "turn"
    (card,) = playable(tab)
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    assert not tab.is_visible("#round-end-coach")


SHORT_CODE = "HT1-N-AAAAAAQ"


def to_the_last_card(code: str, target: int) -> tuple[list[Action], HeartsTable]:
    """The actions of a match of ``code`` to ``target`` (easy bots, the player passing its
    first three cards and playing its last legal one) up to the player's card that ends
    it; and the table after that card."""
    table = HeartsTable(DealCode.parse(code), TableSettings(), "easy", target=target)
    before = 0
    while table.status == "playing":
        view = table.view()
        before = len(table.log)
        if view["phase"] == "passing":
            table.act(("pass", " ".join(view["hand"][:3])))
        else:
            table.act(("play", view["legal"][-1]))
    return table.log[:before], table


def test_the_match_length_is_chosen_shown_and_a_match_to_50_ends_there(
    tab: Any, live: LiveServer
) -> None:
    first = start(tab, live)
    assert tab.inner_text("#h-target") == "100"  # the original rules' length
    tab.click("#h-new")
    tab.wait_for_selector("#new-game", state="visible")
    lengths = '.game-choice[data-game="hearts"] input[name=hearts-target]'
    assert tab.is_visible(lengths)
    assert tab.eval_on_selector_all(lengths, "ns => ns.map((n) => n.value)") == ["50", "100", "150"]
    assert tab.is_checked(f'{lengths}[value="100"]')
    assert "To 50 points" in tab.inner_text('.game-choice[data-game="hearts"][data-field=target]')
    tab.check(f'{lengths}[value="50"]')
    tab.check("input[name=hearts-level][value=easy]")
    tab.fill("input[name=code]", SHORT_CODE)
    tab.click("#new-game-deal")
    tab.wait_for_url(re.compile(r"/game/(?!" + re.escape(first) + r")[\w-]+$"))
    tab.wait_for_selector("#hearts[data-ready]", state="attached")
    assert tab.inner_text("#h-target") == "50"
    assert re.search(r"Match to\s+50", tab.inner_text("#hearts .info"))
    game_id = tab.url.rsplit("/", 1)[1]
    # The rounds up to the match's last card, played as the player would (saved as a
    # reload finds them); the same cards in a match to 100 would go on.
    log, ended = to_the_last_card(SHORT_CODE, 50)
    assert ended.status != "playing" and max(ended.match.totals) < 100
    store = Store(live.db)
    try:
        progress = Progress(0.0, False, "playing", 0, len(log))
        store.append_actions(game_id, 0, log, progress)
    finally:
        store.close()
    open_match(tab, live.url + f"/game/{game_id}")
    assert tab.inner_text("#h-target") == "50"
    assert next_step(tab) == "turn"
    (card,) = playable(tab)
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    totals = tab.eval_on_selector_all(
        "#round-end-rows tr", "rs => rs.map((r) => +r.children[2].textContent)"
    )
    assert 50 <= max(totals) < 100
    tab.click("#round-end-next")
    assert next_step(tab) == "match-end"
    final = tab.eval_on_selector_all("#match-end-rows td", "ns => ns.map(n => +n.textContent)")
    assert final == totals == list(ended.match.totals)
    winner = final.index(min(final))
    assert (
        tab.inner_text("#match-end-rows tr.winner th") == ["You", "West", "North", "East"][winner]
    )
    snap(tab, "hearts-match-to-50")
