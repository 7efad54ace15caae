// Cardems Hearts table: draws the player's view, sends passes and plays, and replays the
// opponents' moves from the server's events at the player's animation speed. The server
// decides everything and sends only what seat 0 may see.

import { call, enqueue, intent, say, track } from "/static/api.js";
import { byId, closestTo } from "/static/dom.js";
import { cardList, cardName, number, t } from "/static/i18n.js";
import { PACES, SUITS, cardText, coachItems, drawHand as drawCards, drawPasses, drawPlate, drawRoundCoach as drawCoachPart,
  drawScoreSheet, drawTrick as drawPlayed, drawTrickLog, flyIn as flyTo, flyOut as flyAway, fromView, roundEndRows, roveHand,
  showLastTrick, sleep } from "./felt.js";

/**
 * @typedef {{ button: HTMLElement | SVGElement, x: number, y: number, moving: boolean }} Drag
 */

const root = byId("hearts", HTMLElement);
const gameId = root.dataset.gameId || "";
// The player's animation speed (felt.js's PACES).
const animation = root.dataset.animation || "";
let speed = animation in PACES ? animation : "normal";
let pace = PACES[speed];
/** @param {string} id */
const $ = (id) => byId(id, HTMLElement);
/** @param {string} id */
const button = (id) => byId(id, HTMLButtonElement);
/** @param {string} id */
const checkbox = (id) => byId(id, HTMLInputElement);
/** @param {string} id */
const dialog = (id) => byId(id, HTMLDialogElement);

/**
 * The element matching `selector` (in `within`, else the page), which must be there.
 * @param {string} selector
 * @param {ParentNode} [within]
 * @returns {HTMLElement}
 */
function one(selector, within = document) {
  const node = within.querySelector(selector);
  if (!(node instanceof HTMLElement)) throw new Error(`${selector} is not an element of this page`);
  return node;
}

/**
 * The page's elements matching `selector` (HTML elements, not the cards' SVG).
 * @param {string} selector
 * @param {ParentNode} [within]
 * @returns {HTMLElement[]}
 */
function all(selector, within = document) {
  return [...within.querySelectorAll(selector)].filter(
    /** @returns {node is HTMLElement} */ (node) => node instanceof HTMLElement);
}

// Player-facing words in the page's language (embedded in the page, see i18n.js).
const T = {
  seats: [t("You"), t("West"), t("North"), t("East")],
  direction: { left: t("left"), right: t("right"), across: t("across"), hold: t("hold (no pass)") },
  /** @param {string} direction @param {string} seat */
  directionTo: (direction, seat) => t("%(direction)s (%(seat)s)", { direction, seat }),
  broken: t("broken"),
  notBroken: t("not broken"),
  /** @param {number} num @param {string} seat */
  passText: (num, seat) => t("Choose three cards to pass to %(seat)s: %(num)d of 3 chosen.", { num, seat }),
  /** @param {string} cards @param {string} seat */
  received: (cards, seat) => t("You received %(cards)s from %(seat)s.", { cards, seat }),
  yourTurn: t("Your turn: play a card."),
  /** @param {string} seat */
  takes: (seat) => t("%(seat)s took the trick.", { seat }),
  /** @param {string} seat @param {number} num */
  lastTrick: (seat, num) => t("%(seat)s took it (%(num)d points).", { seat, num }),
  /** @param {string} seat */
  moon: (seat) => t("%(seat)s shot the moon!", { seat }),
  /** @param {number} num */
  roundOver: (num) => t("Round %(num)d over", { num }),
  tie: t("The lowest total is tied: another round is played."),
  /** @param {number} winner */
  winner: (winner) => (winner === 0 ? t("You won the match!") : t("%(seat)s won the match.", { seat: seatName(winner) })),
  /** @param {string} cards */
  hint: (cards) => t("Hint: %(cards)s", { cards }),
  noHint: t("No hint now."),
  /** @param {number} num */
  cards: (num) => t("%(num)d cards", { num }),
  selected: t("selected"),
  notPlayable: t("not playable"),
  /** @param {string} seat @param {string} card */
  seatCard: (seat, card) => t("%(seat)s: %(card)s", { seat, card }),
  /** @param {string} card */
  queued: (card) => t("%(card)s will be played when your turn comes.", { card }),
  /** @param {string} card */
  unqueued: (card) => t("%(card)s will not be played: choose again on your turn.", { card }),
  /** @param {string} level */
  level: (level) => t(level),
  /** @param {string} seat @param {string} card */
  played: (seat, card) => t("%(seat)s played %(card)s.", { seat, card }),
  /** @param {string} seat */
  passedTo: (seat) => t("You passed to %(seat)s:", { seat }),
  /** @param {string} seat */
  receivedFrom: (seat) => t("You received from %(seat)s:", { seat }),
  /** @param {number} num @param {string} leader @param {string} winner @param {number} points */
  trickRow: (num, leader, winner, points) => t("Trick %(num)d: %(leader)s led, %(winner)s took it (%(points)d points).", { num, leader, winner, points }),
};
/** @param {number} seat */
const seatName = (seat) => T.seats[seat];

/** @type {HeartsView | null} */
let view = null;
/** @type {HeartsShown} nothing until the first view */
let shown = { hand: [], trick: [], counts: [0, 0, 0, 0], points: [0, 0, 0, 0], totals: [0, 0, 0, 0] };
/** @type {Set<string>} */
let selected = new Set();
/** @type {Set<string>} */
let hinted = new Set();
/** @type {HeartsTrick | null} */
let lastTrick = null;
/** @type {HeartsTrick[]} the round's finished tricks as drawn (events add to them) */
let roundTricks = [];
/** @type {string | null} a card chosen before the table was ready for it: sent when it is */
let queued = null;
/** Whether an intent is on its way, or its answer being drawn (see `submit`). */
let sending = false;

// --- drawing ----------------------------------------------------------------------------

// The round so far: the passes, every finished trick (who led, what each seat played,
// who took it), and on request the cards still out.
function drawLog() {
  if (!view) return;
  for (const th of all("#h-tricks .seat-name")) th.textContent = seatName(Number(th.dataset.seat));
  drawPasses($("h-passes"), view, seatName, T);
  drawTrickLog(byId("h-tricks", HTMLTableElement), $("h-no-tricks"), roundTricks, [0, 1, 2, 3], (num, trick, points) =>
    T.trickRow(num, seatName(trick.leader), seatName(trick.winner), points));
  drawTracker();
  drawCoach();
}

// The coach's notes on the last round (the server's words, sent while the setting is on):
// each note is an item reached with Tab that speaks its label; the list is a live region,
// so new notes are announced. Drawn again only when they change.
/** @type {string | null} */
let coachShown = null;
const coachTitle = $("h-coach-title").textContent;
const coachWaiting = $("h-coach-none").textContent;

function drawCoach() {
  if (!view) return;
  const on = checkbox("h-coach-on").checked;
  $("h-coach").hidden = !on;
  const coached = on ? view.coach : null;
  const key = JSON.stringify(coached);
  if (key === coachShown) return;
  coachShown = key;
  $("h-coach-title").textContent = coached ? coached.title : coachTitle;
  $("h-coach-none").textContent = coached ? coached.empty : coachWaiting;
  $("h-coach-none").hidden = Boolean(coached && coached.notes.length);
  $("h-coach-notes").replaceChildren(...coachItems(coached));
}

/**
 * The round-end dialog's part for the coach: its notes on the round just ended (the
 * answer's view carries them), hidden while the coach is off or has not seen the round.
 * @param {HeartsCoach | null} coached
 * @param {number} round
 */
function drawRoundCoach(coached, round) {
  drawCoachPart("", checkbox("h-coach-on").checked && coached && coached.round === round ? coached : null);
}

checkbox("h-coach-on").addEventListener("change", () => {
  const on = checkbox("h-coach-on").checked;
  track(async () => {
    const { status, data } = await call("/api/settings", { coach: on });
    if (status >= 400) { say(data.error || ""); checkbox("h-coach-on").checked = !on; }
    if (view) drawCoach();
  });
});

// The tracker of cards still out follows the player's setting (<html data-tracker>).
const tracking = () => "tracker" in document.documentElement.dataset;

function drawTracker() {
  const on = tracking();
  checkbox("h-track").checked = on;
  $("h-tracker").hidden = !on;
  if (!on) return;
  const gone = new Set(shown.hand);
  for (const trick of roundTricks) for (const c of trick.cards) gone.add(c);
  for (const { card } of shown.trick) gone.add(card);
  const rows = [..."SHDC"].map((suit) => {
    const row = document.createElement("div");
    row.className = "suit-row";
    const head = document.createElement("b");
    head.textContent = SUITS[suit];
    head.className = "HD".includes(suit) ? "cardtext red" : "cardtext";
    row.appendChild(head);
    const out = [..."AKQJT98765432"].map((r) => r + suit).filter((c) => !gone.has(c));
    for (const c of out) row.appendChild(cardText(c));
    if (!out.length) row.append("—");
    return row;
  });
  $("h-tracker").replaceChildren(...rows);
}

// The check box here changes the same setting as the settings page.
checkbox("h-track").addEventListener("change", () => {
  const on = checkbox("h-track").checked;
  track(async () => {
    const { status, data } = await call("/api/settings", { tracker: on });
    if (status >= 400) { say(data.error || ""); }
    else if (on) document.documentElement.dataset.tracker = "";
    else delete document.documentElement.dataset.tracker;
    if (view) drawTracker();
  });
});

function drawHand() {
  if (!view) return;
  const passing = view.phase === "passing" && view.passed.length === 0 && !busy;
  const myTurn = view.phase === "playing" && view.to_play === 0 && !busy;
  const seen = view;
  drawCards($("hand"), shown.hand, (code) => {
    const reason = seen.refusals[code];
    const classes = [];
    if (hinted.has(code)) classes.push("hint");
    if (queued === code) classes.push("queued");
    if (seen.received.includes(code) && seen.tricks.length === 0) classes.push("received");
    return {
      ...(passing ? { pressed: selected.has(code), selected: selected.has(code) } : {}),
      ...(!passing && myTurn && reason ? { reason } : {}),
      classes,
    };
  }, { selected: T.selected, notPlayable: T.notPlayable });
}

function drawTrick() {
  drawPlayed($("trick"), shown.trick, (seat) => seat, (seat, card) => T.seatCard(seatName(seat), cardName(card)));
}

// --- cards on the move ------------------------------------------------------------------

// Where a seat's cards come from and go to on the screen: the player's hand, or an
// opponent's place.
/** @param {number} seat */
function seatBox(seat) {
  return (seat === 0 ? $("hand") : one(`.opponent[data-seat="${seat}"] .backs`))
    .getBoundingClientRect();
}

// The card just drawn in the trick flies there from `from` (a box on the screen).
/**
 * @param {number} seat
 * @param {DOMRect} from
 */
function flyIn(seat, from) {
  const node = document.querySelector(`#trick .played[data-seat="${seat}"] .tcard`);
  const to = node ? node.getBoundingClientRect() : null;
  return flyTo(node, from, seat === 0 && to ? from.width / to.width : 0.6, pace.fly);
}

// The trick's cards go to the seat that took them.
/** @param {number} winner */
function flyOut(winner) {
  if (!pace.fly) return Promise.resolve();
  return flyAway([...document.querySelectorAll("#trick .tcard")], seatBox(winner), pace.fly);
}

function drawSeats() {
  if (!view) return;
  for (const node of all(".opponent")) {
    const seat = Number(node.dataset.seat);
    drawPlate(node, seatName(seat), T.cards(shown.counts[seat]), shown.counts[seat], view.to_play === seat && !busy);
  }
  drawSheet(shown);
}

/**
 * The score sheet and the narrow screens' summary of totals.
 * @param {{ counts: number[], points: number[], totals: number[] }} sheet
 */
function drawSheet(sheet) {
  drawScoreSheet(all("#h-scores tbody tr"), all("#h-glance .glance-seat"), sheet, seatName, (node) => Number(node.dataset.seat));
}

function drawInfo() {
  if (!view) return;
  $("h-round").textContent = String(view.round + 1);
  $("h-pass").textContent = view.pass_direction === "hold"
    ? T.direction.hold : T.directionTo(T.direction[view.pass_direction], seatName(view.pass_to));
  $("h-broken").textContent = view.hearts_broken ? T.broken : T.notBroken;
  $("h-broken").dataset.broken = String(view.hearts_broken);
  $("h-leader").textContent = view.leader >= 0 ? seatName(view.leader) : "—";
  // The code names every hand: during the match the table shows a commitment to it, and
  // once the match is over the code and the secret that check it (cardems.hearts.fairness).
  $("h-commitment").textContent = view.commitment.slice(0, 16);
  $("h-commitment").title = view.commitment;
  $("h-opened").hidden = !view.code;
  $("h-code").textContent = view.code || "";
  $("h-secret").textContent = view.secret || "";
  $("h-level").textContent = T.level(view.level);
  $("h-target").textContent = String(view.target);
  button("h-last").disabled = !lastTrick;
  $("h-finish").hidden = !view.can_finish || busy;
  const passing = view.phase === "passing" && view.passed.length === 0 && !busy;
  $("passbar").hidden = !passing;
  if (passing) {
    $("pass-text").textContent = T.passText(selected.size, seatName(view.pass_to));
    button("pass-confirm").disabled = selected.size !== 3;
  }
  root.dataset.phase = view.phase;
  root.dataset.status = view.status;
  root.dataset.turn = view.to_play === 0 && !busy ? "1" : "0";
}

function draw() {
  drawInfo();
  drawSeats();
  drawTrick();
  drawHand();
  drawLog();
}

let busy = false;

/** @param {HeartsView} v */
function setView(v) {
  view = v;
  shown = fromView(v);
  roundTricks = v.tricks.map((trick) => ({ ...trick }));
  if (v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    lastTrick = { cards: last.cards, leader: last.leader, winner: last.winner };
  }
  draw();
  if (v.status === "playing" && v.phase === "playing" && v.to_play === 0) say(T.yourTurn, "info");
  else if (v.phase === "passing") say("");
}

// --- events -----------------------------------------------------------------------------

/** @param {HTMLElement} button */
function waitFor(button) {
  return new Promise((resolve) => button.addEventListener("click", resolve, { once: true }));
}

/**
 * @param {HeartsEvent[]} events
 * @param {HeartsView} final
 */
async function replay(events, final) {
  busy = true;
  root.dataset.turn = "0";
  try {
    for (const event of events) {
      if (event.type === "passed") {
        view = final;
        shown = fromView(final);
        shown.trick = [];
        shown.counts = [13, 13, 13, 13];
        shown.points = [0, 0, 0, 0];
        draw();
        const cards = cardList(event.received);
        $("received-text").textContent = T.received(cards, seatName(event.from));
        $("received").hidden = false;
        button("received-ok").focus();
        await waitFor(button("received-ok"));
        $("received").hidden = true;
      } else if (event.type === "play") {
        if (shown.trick.length === 4) shown.trick = [];
        const mine = event.seat === 0 && document.querySelector(`#hand .hcard[data-card="${event.card}"]`);
        const from = mine ? mine.getBoundingClientRect() : seatBox(event.seat);
        shown.trick.push({ seat: event.seat, card: event.card });
        shown.counts[event.seat] -= 1;
        if (event.seat === 0) shown.hand = shown.hand.filter((c) => c !== event.card);
        drawTrick();
        drawSeats();
        drawTracker();
        if (event.seat === 0) drawHand();
        if (event.seat !== 0) $("h-spoken").textContent = T.played(seatName(event.seat), cardName(event.card));
        await flyIn(event.seat, from);
        if (event.seat !== 0) await sleep(pace.after);
      } else if (event.type === "trick") {
        lastTrick = { cards: event.cards, leader: event.leader, winner: event.winner };
        roundTricks.push(lastTrick);
        button("h-last").disabled = false;
        shown.points[event.winner] += event.points;
        drawSeats();
        drawLog();
        say(T.takes(seatName(event.winner)), "info");
        await sleep(pace.trick);
        await flyOut(event.winner);
        shown.trick = [];
        drawTrick();
      } else if (event.type === "round_end") {
        queued = null; // a new hand: what was chosen is gone
        shown.totals = [...event.totals];
        await showRoundEnd(event, final.coach);
        if (final.round > event.round) { // a round without passing: its first plays follow
          view = final;
          shown = { ...fromView(final), trick: [], counts: [13, 13, 13, 13], points: [0, 0, 0, 0] };
          roundTricks = [];
          draw();
        }
      } else if (event.type === "match_end") {
        showMatchEnd(event.winner, event.totals);
      }
    }
  } finally {
    busy = false;
  }
  setView(final);
}

/**
 * @param {RoundEndEvent} event
 * @param {HeartsCoach | null} coached the coach's notes the answer brought
 */
async function showRoundEnd(event, coached) {
  $("round-end-title").textContent = T.roundOver(event.round + 1);
  $("round-end-moon").textContent = event.moon === null ? "" : T.moon(seatName(event.moon));
  $("round-end-tie").textContent = event.tie ? T.tie : "";
  $("round-end-rows").replaceChildren(...roundEndRows(event, seatName));
  // The table behind the dialog shows the same totals as the dialog.
  drawSheet({ counts: [0, 0, 0, 0], points: event.scores, totals: event.totals });
  for (const node of all("#h-glance .round")) node.textContent = "";
  drawRoundCoach(coached, event.round);
  const shownDialog = dialog("round-end");
  shownDialog.showModal();
  await waitFor(button("round-end-next"));
  shownDialog.close();
}

/**
 * @param {number} winner
 * @param {number[]} totals
 */
function showMatchEnd(winner, totals) {
  $("match-end-title").textContent = T.winner(winner);
  const rows = totals.map((total, seat) => {
    const row = document.createElement("tr");
    row.dataset.seat = String(seat);
    if (seat === winner) row.className = "winner";
    const name = document.createElement("th");
    name.textContent = seatName(seat);
    const cell = document.createElement("td");
    cell.textContent = number(total);
    row.append(name, cell);
    return row;
  });
  $("match-end-rows").replaceChildren(...rows);
  if (!dialog("match-end").open) dialog("match-end").showModal();
}

// --- actions ----------------------------------------------------------------------------

/**
 * An answer's data, in the shapes the server sends for a Hearts game.
 * @param {ApiAnswer} answer
 * @returns {HeartsData}
 */
const heartsData = (answer) => /** @type {HeartsData} */ (/** @type {unknown} */ (answer.data));

// One intent on the latest view. Refused: the reason, the view as it is. Stale (the
// match went on in another tab): the match as it stands now, and a word why.
/** @param {{ type: "pass", cards: string[] } | { type: "play", card: string } | { type: "finish" }} body */
async function send(body) {
  const answer = await intent(gameId, body);
  const { status, stale } = answer;
  const data = heartsData(answer);
  hinted = new Set();
  if (stale) {
    selected = new Set();
    if (data.view) setView(data.view);
    say(data.error, "warning");
    return;
  }
  if (data.refused) { // an ordinary answer: nothing changed, here is why
    if (data.view) setView(data.view);
    say(root.dataset.moveErrors === "1" ? data.refused : t("That move is not possible."));
    return;
  }
  if (status >= 400 || status === 0) { // 0: no server answered (offline): said, not made
    if (data.view) setView(data.view);
    say(data.error || "");
    return;
  }
  say("");
  selected = new Set();
  if (data.view) await replay(data.events || [], data.view);
}

// Every intent goes through here: while it is on its way and its answer is drawn (the
// opponents' cards, the trick until it is taken), a card the player clicks waits.
/** @param {{ type: "pass", cards: string[] } | { type: "play", card: string } | { type: "finish" }} body */
function submit(body) {
  sending = true;
  return enqueue(() => send(body)).finally(() => {
    sending = false;
    flush();
  }).catch(() => {}); // the queue has said what failed
}

// A card clicked before the table is ready for it (a card of the player's on its way, the
// opponents' cards still being shown, a trick not yet taken) always gets the same answer:
// it waits, and the page says so once; clicking it again changes nothing, another card
// takes its place. It is sent as soon as the player's turn is drawn, and the server
// decides: played, or refused with its reason.
/** @param {string} code */
function queue(code) {
  if (queued === code) return;
  queued = code;
  say(T.queued(cardName(code)), "info");
  drawHand();
}

// The answer is drawn: the card waiting is sent if the player's turn has come; if the
// round or the match ended first, the page says it will not be played.
function flush() {
  const code = queued;
  if (!code || !view) return;
  queued = null;
  const ready = view.status === "playing" && view.phase === "playing" && view.to_play === 0;
  if (ready && view.hand.includes(code)) { submit({ type: "play", card: code }); return; }
  say(T.unqueued(cardName(code)), "info");
  drawHand();
}

/** @param {string | undefined} code the card the player chose */
function play(code) {
  if (!code || !view || view.status !== "playing") return;
  const waiting = busy || sending;
  if (view.phase === "passing" && !waiting) {
    if (view.passed.length) return;
    if (selected.has(code)) selected.delete(code);
    else if (selected.size < 3) selected.add(code);
    draw();
    return;
  }
  if (waiting || view.to_play !== 0) { queue(code); return; }
  const reason = view.refusals[code];
  if (reason) { say(root.dataset.moveErrors === "1" ? reason : t("That move is not possible.")); return; }
  submit({ type: "play", card: code });
}

function confirmPass() {
  if (selected.size !== 3 || busy || sending) return;
  const cards = [...selected];
  submit({ type: "pass", cards });
}

// Tap or keyboard: a card button's click. Drag: press, move, release over the trick.
/** @type {Drag | null} */
let drag = null;
let dragged = false;
$("hand").addEventListener("click", (event) => {
  const button = closestTo(event, ".hcard");
  if (!button) return;
  if (dragged) { dragged = false; return; }
  play(button.dataset.card);
});

$("hand").addEventListener("pointerdown", (event) => {
  const button = closestTo(event, ".hcard");
  if (!button || event.button !== 0) return;
  drag = { button, x: event.clientX, y: event.clientY, moving: false };
});
window.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
  if (!drag.moving && Math.hypot(dx, dy) > 8) drag.moving = true;
  if (drag.moving) drag.button.style.transform = `translate(${dx}px, ${dy}px)`;
});
window.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { button, moving } = drag;
  drag = null;
  if (!moving) return;
  dragged = true;
  setTimeout(() => { dragged = false; }, 0);
  button.style.transform = "";
  const box = $("trick").getBoundingClientRect();
  const inside = event.clientX >= box.left && event.clientX <= box.right
    && event.clientY >= box.top && event.clientY <= box.bottom;
  if (inside && view && view.phase === "playing") play(button.dataset.card);
});

roveHand($("hand"));

button("pass-confirm").addEventListener("click", confirmPass);
// The speed here changes the same setting as the settings page ("Animation speed").
byId("h-speed", HTMLSelectElement).addEventListener("change", () => {
  const chosen = byId("h-speed", HTMLSelectElement).value;
  track(async () => {
    const { status, data } = await call("/api/settings", { animation: chosen });
    if (status >= 400) { say(data.error || ""); return; }
    speed = chosen;
    pace = PACES[speed];
    root.dataset.animation = speed;
  });
});
button("h-finish").addEventListener("click", () => {
  if (busy || sending || !view || !view.can_finish) return;
  pace = PACES.off; // the rest of the round is played at once
  submit({ type: "finish" }).finally(() => { pace = PACES[speed]; });
});

button("h-hint").addEventListener("click", () => {
  if (busy || !view) return;
  const asked = view.version;
  track(async () => {
    const data = heartsData(await call(`/api/games/${gameId}/hint`, {}));
    if (!view || view.version !== asked) return; // the match went on meanwhile
    const cards = (data.hint && data.hint.cards) || [];
    hinted = new Set(cards);
    say(cards.length ? T.hint(cardList(cards)) : (data.error || T.noHint), "info");
    drawHand();
  });
});

button("h-last").addEventListener("click", () => {
  const trick = lastTrick;
  if (!trick) return;
  showLastTrick(dialog("last-trick"), $("last-trick-cards"), $("last-trick-text"), trick, seatName,
    { seatCard: T.seatCard, took: T.lastTrick });
});
button("last-trick-close").addEventListener("click", () => dialog("last-trick").close());

// Narrow screens: the scores and the round's log are a sheet over the table, opened from
// the totals' summary under the toolbar (wide screens show them beside the table).
/** @param {boolean} open */
function openSide(open) {
  button("h-glance").setAttribute("aria-expanded", String(open));
  $("h-side").classList.toggle("open", open);
  if (open) button("h-side-close").focus();
}
button("h-glance").addEventListener("click", () => openSide(button("h-glance").getAttribute("aria-expanded") !== "true"));
button("h-side-close").addEventListener("click", () => { openSide(false); button("h-glance").focus(); });
$("h-side").addEventListener("keydown", (event) => {
  if (event.key === "Escape" && $("h-side").classList.contains("open")) { openSide(false); button("h-glance").focus(); }
});
$("skip-hand").addEventListener("click", (event) => {
  const card = $("hand").querySelector(".hcard[tabindex='0']");
  if (!(card instanceof HTMLElement)) return;
  event.preventDefault();
  card.focus();
});

// --- new match: the shared new-game window, Hearts chosen ------------------------------

function openNew() {
  if (dialog("match-end").open) dialog("match-end").close();
  document.dispatchEvent(new CustomEvent("cardems:new-game", { detail: { game: "hearts" } }));
}
button("h-new").addEventListener("click", openNew);
button("match-end-new").addEventListener("click", openNew);
button("match-end-close").addEventListener("click", () => dialog("match-end").close());

// --- start ------------------------------------------------------------------------------

enqueue(async () => {
  const answer = await call(`/api/games/${gameId}`);
  const data = heartsData(answer);
  if (answer.status >= 400 || !data.view) { say(data.error || ""); return; }
  setView(data.view);
  if (data.view.winner !== null) showMatchEnd(data.view.winner, data.view.totals);
  if (location.hash === "#new") openNew();
}).then(() => { root.dataset.ready = "1"; });
