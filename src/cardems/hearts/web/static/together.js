// Cardems Hearts with friends: one seat's table. Draws the view the server sends for
// this seat only, on the solo table's felt (felt.js): the player's seat at the bottom,
// the others around the trick in the order of play, the score sheet and the round's log
// beside it. It follows the table live over a WebSocket: each update carries the game's
// version and the events since the version the page had, which are replayed (the cards
// flying to the trick, the trick to its taker) before the view is drawn; an update that
// does not follow the version the page has (a message missed) makes the page reload the
// view. Passes and plays go over that socket while it is open (the answer comes back on
// it, in order with the updates), else as a POST. A socket lost is opened again at once
// when the network comes back, else after at most a second. The server decides
// everything.

import { call } from "/static/api.js";
import { cardName, list, number, t } from "/static/i18n.js";
import {
  PACES, drawHand, drawPasses, drawPlate, drawRoundCoach, drawScoreSheet, drawTrick, drawTrickLog, flyIn, flyOut, fromView,
  roundEndRows, roveHand, showLastTrick, sleep,
} from "./felt.js";

/**
 * @typedef {{ seat: number, name: string | null, guest: boolean, bot: boolean, held: boolean,
 *   connected: boolean }} SeatInfo
 * @typedef {{ id: string, seat: number, code: string | null, link: string | null, host: boolean,
 *   closed: boolean, next: string | null, seats: SeatInfo[] }} TableInfo
 * @typedef {{ table: TableInfo, view: HeartsView, version: number, error?: string, refused?: string }} TableAnswer
 * @typedef {{ type: string, version: number, from: number, view: HeartsView, events: HeartsEvent[] | null,
 *   table: TableInfo }} Update
 * @typedef {{ type: string, id: number | null, table?: TableInfo, view?: HeartsView, version?: number,
 *   events?: HeartsEvent[], error?: string, refused?: string }} Reply
 */

const root = /** @type {HTMLElement} */ (document.getElementById("together-table"));
const tableId = root.dataset["tableId"] || "";
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const dialog = (id) => /** @type {HTMLDialogElement} */ (document.getElementById(id));

// The player's animation speed (the solo table's, felt.js's PACES).
const pace = PACES[root.dataset["animation"] || ""] || PACES["normal"];

// The solo table's words: the places around the felt name the bots there.
const PLACES = [t("You"), t("West"), t("North"), t("East")];

/** @type {HeartsView | null} the latest view accepted */
let view = null;
/** @type {TableInfo | null} */
let table = null;
let version = -1;
/** @type {HeartsShown} */
let shown = { hand: [], trick: [], counts: [0, 0, 0, 0], points: [0, 0, 0, 0], totals: [0, 0, 0, 0] };
/** @type {HeartsTrick[]} the round's finished tricks as drawn */
let roundTricks = [];
/** @type {Set<string>} */
const chosen = new Set();
// How many live updates were accepted: an answer to a request sent before the latest one
// is drawn only if it is of a later version (the seats may have changed meanwhile).
let updates = 0;
/** Whether events are being replayed (the prompts and the hand wait for the view). */
let busy = false;
/** @type {{ card: string, round: number } | null} a card chosen before the player's turn */
let queued = null;
/** What the last round's end said (its points, a moon), shown until the next round's
 * first trick is taken (or its pass made). */
let roundNote = { text: "", round: -1 };

/**
 * Whether an answer at version `at`, to a request sent after `before` updates, is news.
 * @param {number} before
 * @param {number} at
 */
const fresh = (before, at) => at > version || (at === version && updates === before);

/**
 * The status line: a prompt in the text's colour, a refusal or a failure in the error's.
 * @param {string | undefined | null} text
 * @param {"prompt" | "error" | "warning"} [kind]
 */
function say(text, kind = "prompt") {
  const line = $("t-message");
  line.textContent = text || "";
  line.className = kind === "error" ? "message" : `message ${kind}`;
}

/** The player's own seat. */
const me = () => (table ? table.seat : Number(root.dataset["seat"] || 0));
/**
 * Where `seat` sits on this player's felt: 0 at the bottom, then west, north, east.
 * @param {number} seat
 */
const place = (seat) => (seat - me() + 4) % 4;
/**
 * The seat at a place of the felt.
 * @param {number} at
 */
const seatAt = (at) => (me() + at) % 4;

/**
 * A seat's name: its person's (a guest's marked as such), else the solo table's name of
 * its place, marked as a bot's.
 * @param {number} seat
 */
function seatName(seat) {
  const info = table && table.seats[seat];
  if (info && info.name !== null) return named(info);
  return t("%(name)s (bot)", { name: PLACES[place(seat)] });
}

/**
 * A person's name, a guest's marked as such (an account holder's name is theirs alone).
 * @param {SeatInfo} info
 */
function named(info) {
  if (info.name === null) return "";
  return info.guest ? t("%(name)s (guest)", { name: info.name }) : info.name;
}

/** @returns {HeartsTrick | null} the round's last trick taken */
const lastOf = () => roundTricks[roundTricks.length - 1] || null;

// --- drawing ----------------------------------------------------------------------------

function drawInfo() {
  if (!table || !view) return;
  const info = table;
  $("t-code").textContent = info.code || "—";
  /** @type {HTMLInputElement} */ ($("t-link")).value = info.link ? new URL(info.link, location.href).href : "";
  $("t-link").hidden = !info.link;
  $("t-revoke").hidden = !info.host;
  $("t-round").textContent = String(view.round + 1);
  $("t-pass-to").textContent = view.pass_direction === "hold" ? t("hold (no pass)")
    : t("%(direction)s (%(seat)s)", { direction: t(view.pass_direction), seat: seatName(view.pass_to) });
  $("t-broken").textContent = view.hearts_broken ? t("broken") : t("not broken");
  $("t-commitment").textContent = view.commitment.slice(0, 12);
  $("t-commitment").title = view.commitment;
  const mine = info.seats[info.seat];
  $("t-leave").hidden = Boolean(mine && mine.bot);
  $("t-back").hidden = !(mine && mine.bot) || view.status !== "playing";
  $("t-leave").hidden ||= view.status !== "playing";
  $("t-again").hidden = view.status === "playing";
  /** @type {HTMLButtonElement} */ ($("t-last")).disabled = !lastOf();
}

function drawSeats() {
  if (!table || !view) return;
  for (const node of root.querySelectorAll(".felt .seat")) {
    const plate = /** @type {HTMLElement} */ (node);
    const seat = seatAt(Number(plate.dataset["place"]));
    const one = table.seats[seat];
    if (!one) continue;
    plate.dataset["seat"] = String(seat);
    drawPlate(plate, seatName(seat), t("%(num)d cards", { num: shown.counts[seat] }), shown.counts[seat],
      !busy && view.status === "playing" && view.to_play === seat);
    const state = one.name === null || (seat === table.seat && !one.bot) ? "" : one.held ? t("away: a bot plays until they are back") : one.bot ? t("a bot plays") : one.connected ? t("connected") : t("not connected");
    /** @type {HTMLElement} */ (plate.querySelector(".state")).textContent = state;
    plate.classList.toggle("you", seat === table.seat);
    plate.setAttribute("data-connected", String(one.connected));
    plate.setAttribute("data-bot", String(one.bot));
    const remove = /** @type {HTMLElement | null} */ (plate.querySelector(".remove"));
    if (remove) remove.hidden = !(table.host && seat !== table.seat && one.name !== null);
  }
  drawScoreSheet(root.querySelectorAll("#t-scores tbody tr"), root.querySelectorAll("#t-glance .glance-seat"), shown, seatName,
    (item) => seatAt(Number(item.dataset["place"])), table.seat);
}

function drawPlayed() {
  drawTrick($("t-trick"), shown.trick, place,
    (seat, card) => t("%(seat)s: %(card)s", { seat: seatName(seat), card: cardName(card) }));
}

function drawCards() {
  if (!view) return;
  const seen = view;
  const passing = !busy && seen.status === "playing" && seen.phase === "passing" && !seen.passes_chosen[seen.seat];
  const myTurn = !busy && seen.phase === "playing" && seen.to_play === seen.seat;
  drawHand($("t-hand"), shown.hand, (code) => {
    const playable = passing || (myTurn && seen.legal.includes(code));
    /** @type {string[]} */
    const classes = playable ? ["playable"] : [];
    if (seen.received.includes(code) && seen.tricks.length === 0 && seen.phase === "playing") classes.push("received");
    if (queued && queued.card === code) classes.push("queued");
    const reason = seen.refusals[code];
    if (passing) return { pressed: chosen.has(code), selected: chosen.has(code), classes };
    return { ...(myTurn && reason ? { reason } : {}), classes };
  }, { selected: t("selected"), notPlayable: t("not playable") });
}

function drawLog() {
  if (!view) return;
  const order = [0, 1, 2, 3].map(seatAt);
  for (const node of root.querySelectorAll("#t-tricks .seat-name")) {
    const th = /** @type {HTMLElement} */ (node);
    th.textContent = seatName(order[Number(th.dataset["seat"])]);
  }
  drawPasses($("t-passes"), view, seatName, {
    passedTo: (seat) => t("You passed to %(seat)s:", { seat }),
    receivedFrom: (seat) => t("You received from %(seat)s:", { seat }),
  });
  drawTrickLog(/** @type {HTMLTableElement} */ ($("t-tricks")), $("t-no-tricks"), roundTricks, order, (num, trick, points) => t(
    "Trick %(num)d: %(leader)s led, %(winner)s took it (%(points)d points).",
    { num, leader: seatName(trick.leader), winner: seatName(trick.winner), points }));
}

/** What the player is asked, or told, now. */
function prompt() {
  if (!view || !table) return;
  const passing = view.phase === "passing" && !view.passes_chosen[view.seat];
  $("t-passbar").hidden = !passing || view.status !== "playing";
  /** @type {HTMLButtonElement} */ ($("t-pass-confirm")).disabled = chosen.size !== 3;
  const passText = t("Choose three cards to pass to %(seat)s: %(num)d of 3 chosen.", { seat: seatName(view.pass_to), num: chosen.size });
  $("t-pass-text").textContent = passText;
  const seen = view;
  if (seen.round !== roundNote.round || seen.tricks.length > 0 || (seen.phase === "passing" && !passing)) {
    roundNote = { text: "", round: -1 };
  }
  /** @param {string} text */
  const sayAfterNote = (text) => say(roundNote.text ? `${roundNote.text} ${text}` : text);
  if (view.status !== "playing") {
    const ended = view.status === "won" ? t("You won the match!")
      : view.winner !== null ? t("%(seat)s won the match.", { seat: seatName(view.winner) }) : t("The match is over");
    say(table.next ? `${ended} ${t("The next match is ready: join it with the button.")}` : ended);
  } else if (passing) say(roundNote.text); // the pass bar on the felt says what to do, as on the solo table
  else if (view.phase === "passing") say(t("Waiting for the other passes."));
  else if (view.to_play === view.seat) sayAfterNote(t("Your turn: play a card."));
  else if (queued) say(t("%(card)s will be played when your turn comes.", { card: cardName(queued.card) }));
  else if (view.to_play !== null) sayAfterNote(t("Waiting for %(seat)s.", { seat: seatName(view.to_play) }));
  root.dataset["turn"] = view.to_play === view.seat ? "1" : "0";
}

/** Draw the latest view accepted, as the server sent it. */
function draw() {
  if (!view || !table) return;
  shown = fromView(view);
  roundTricks = view.tricks.map((trick) => ({ ...trick }));
  if (view.phase !== "passing" || view.passes_chosen[view.seat]) chosen.clear();
  root.dataset["version"] = String(version);
  root.dataset["phase"] = view.phase;
  drawInfo();
  drawSeats();
  drawPlayed();
  drawCards();
  drawLog();
  prompt();
}

// --- events: the cards on the move ------------------------------------------------------

/**
 * Where a seat's cards come from and go to on the screen: the player's hand, or the
 * plate of another seat.
 * @param {number} seat
 */
function seatBox(seat) {
  const at = place(seat);
  const node = at === 0 ? $("t-hand") : root.querySelector(`.felt .seat[data-place="${at}"] .backs`);
  return node ? node.getBoundingClientRect() : null;
}

/**
 * The plays and tricks of `events`, replayed at the player's pace on what is drawn.
 * @param {HeartsEvent[]} events
 */
async function replay(events) {
  for (const event of events) {
    if (event.type === "play") {
      if (shown.trick.length === 4) shown.trick = [];
      const mine = event.seat === me() && root.querySelector(`#t-hand .hcard[data-card="${event.card}"]`);
      const from = mine ? mine.getBoundingClientRect() : seatBox(event.seat);
      shown.trick.push({ seat: event.seat, card: event.card });
      shown.counts[event.seat] -= 1;
      if (event.seat === me()) { shown.hand = shown.hand.filter((c) => c !== event.card); drawCards(); }
      else $("t-spoken").textContent = t("%(seat)s played %(card)s.", { seat: seatName(event.seat), card: cardName(event.card) });
      drawPlayed();
      drawSeats();
      const node = root.querySelector(`#t-trick .played[data-seat="${place(event.seat)}"] .tcard`);
      const to = node ? node.getBoundingClientRect() : null;
      await flyIn(node, from, mine && from && to ? from.width / to.width : 0.6, pace.fly);
      if (event.seat !== me()) await sleep(pace.after);
    } else if (event.type === "trick") {
      roundTricks.push({ cards: event.cards, leader: event.leader, winner: event.winner });
      shown.points[event.winner] += event.points;
      /** @type {HTMLButtonElement} */ ($("t-last")).disabled = false;
      drawSeats();
      drawLog();
      say(t("%(seat)s took the trick.", { seat: seatName(event.winner) }));
      await sleep(pace.trick);
      const to = seatBox(event.winner);
      if (to) await flyOut([...root.querySelectorAll("#t-trick .tcard")], to, pace.fly);
      shown.trick = [];
      drawPlayed();
    }
  }
}

/**
 * A round's end in a line: "Round 1 over: Ana 13, Bogdan 0, …", and who shot the moon.
 * @param {RoundEndEvent} event
 */
function roundEnded(event) {
  const scores = list(event.scores.map((points, seat) => `${seatName(seat)} ${number(points)}`));
  const moon = event.moon === null ? "" : ` ${t("%(seat)s shot the moon!", { seat: seatName(event.moon) })}`;
  return `${t("Round %(num)d over", { num: event.round + 1 })}: ${scores}.${moon}`;
}

/**
 * The round-end window, as on the solo table: each seat's points, total and the point
 * cards it took, who shot the moon; and, while the player's coach setting is on, the
 * coach's notes on their own cards in that round (asked of the server, which words them
 * for this seat alone). The table plays on behind it; the player closes it.
 * @param {RoundEndEvent} event
 */
function showRoundEnd(event) {
  $("t-round-end-title").textContent = t("Round %(num)d over", { num: event.round + 1 });
  $("t-round-end-moon").textContent = event.moon === null ? "" : t("%(seat)s shot the moon!", { seat: seatName(event.moon) });
  $("t-round-end-rows").replaceChildren(...roundEndRows(event, seatName, me()));
  drawRoundCoach("t-", null);
  const box = dialog("t-round-end");
  if (!box.open) box.showModal();
  if (root.dataset["coach"]) void askCoach(event.round);
}

/**
 * The coach's notes on the round just ended, once the server has them.
 * @param {number} round
 */
async function askCoach(round) {
  const answer = await call(`/api/tables/${tableId}/coach`);
  const data = /** @type {{ coach?: HeartsCoach | null }} */ (/** @type {unknown} */ (answer.data));
  if (data.coach && data.coach.round === round && dialog("t-round-end").open) drawRoundCoach("t-", data.coach);
}

// Updates and answers are drawn one after another: each replays its events (unless more
// are waiting, then it is drawn at once), then draws its view.
let drawing = Promise.resolve();
let waiting = 0;

/**
 * Accept a view of the table; replay `events` (what led to it from what is drawn), then
 * draw it.
 * @param {TableInfo} info
 * @param {HeartsView} seen
 * @param {number} at
 * @param {HeartsEvent[] | null | undefined} events
 */
function show(info, seen, at, events) {
  table = info;
  view = seen;
  version = at;
  waiting += 1;
  for (const event of events || []) {
    if (event.type === "round_end") roundNote = { text: roundEnded(event), round: event.round + 1 };
  }
  drawing = drawing.then(async () => {
    const plays = (events || []).filter((e) => e.type === "play" || e.type === "trick");
    if (plays.length && waiting === 1 && pace.fly + pace.after + pace.trick > 0) {
      busy = true;
      drawSeats();
      drawCards();
      try { await replay(plays); }
      catch (error) { console.error(error); }
      busy = false;
    }
    waiting -= 1;
    const ended = (events || []).filter((e) => e.type === "round_end");
    if (ended.length) showRoundEnd(/** @type {RoundEndEvent} */ (ended[ended.length - 1]));
    if (waiting === 0) { draw(); flush(); }
  });
}

// --- moves ------------------------------------------------------------------------------

/** @param {string} card */
function choose(card) {
  if (!view || !table) return;
  if (view.phase === "passing") {
    if (busy) return;
    if (view.passes_chosen[view.seat]) return;
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size < 3) chosen.add(card);
    drawCards();
    prompt();
    return;
  }
  if (busy || view.to_play !== view.seat) { // it waits, raised, for the player's turn
    if (view.status !== "playing" || (queued && queued.card === card)) return;
    queued = { card, round: view.round };
    say(t("%(card)s will be played when your turn comes.", { card: cardName(card) }));
    drawCards();
    return;
  }
  const reason = view.refusals[card];
  if (reason) { say(reason, "error"); return; }
  act({ type: "play", card, version });
}

// The view is drawn: the card chosen early is sent once the player's turn has come (the
// server may still refuse it, with its reason); a new round or the match's end drops it.
function flush() {
  if (!queued || !view) return;
  const { card, round } = queued;
  if (view.status !== "playing" || view.round !== round || !view.hand.includes(card)) {
    queued = null;
    say(t("%(card)s will not be played: choose again on your turn.", { card: cardName(card) }));
    drawCards();
  } else if (view.phase === "playing" && view.to_play === view.seat) {
    queued = null;
    drawCards();
    choose(card);
  }
}

let moves = 0;
/**
 * A pass or a play: over the socket while it is open (its answer comes back there),
 * else posted.
 * @param {object} intent
 */
function act(intent) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    moves += 1;
    socket.send(JSON.stringify({ id: moves, intent }));
    return;
  }
  void send(`/api/tables/${tableId}/intent`, intent);
}

/**
 * The answer to a move sent over the socket: drawn unless an update drew a later
 * version already (the socket keeps their order).
 * @param {Reply} reply
 */
function answered(reply) {
  if (reply.table && reply.view && reply.version !== undefined && reply.version >= version) {
    show(reply.table, reply.view, reply.version, reply.refused ? null : reply.events);
  }
  if (reply.error || reply.refused) refuse(reply.error || reply.refused);
}

/**
 * POST to the table; draw the answer.
 * @param {string} path
 * @param {object} body
 */
async function send(path, body) {
  const before = updates;
  const answer = await call(path, body);
  const data = /** @type {TableAnswer & { events?: HeartsEvent[] }} */ (/** @type {unknown} */ (answer.data));
  if (data.table && data.view && fresh(before, data.version)) show(data.table, data.view, data.version, data.events);
  if (data.error || data.refused) refuse(data.error || data.refused);
}

/**
 * A refusal or a failure, said once what comes before it is drawn.
 * @param {string | undefined} text
 */
function refuse(text) {
  drawing = drawing.then(() => say(text, "error"));
}

/**
 * Reload the view (a message was missed, or the socket came back): drawn if it is news,
 * and drawn again anyway when `again` (the status line said the connection was lost).
 * @param {boolean} [again]
 */
async function reload(again = false) {
  const before = updates;
  const answer = await call(`/api/tables/${tableId}`);
  const data = /** @type {TableAnswer} */ (/** @type {unknown} */ (answer.data));
  if (!data.table || !data.view) say(data.error, "error");
  else if (version < 0 || fresh(before, data.version)) show(data.table, data.view, data.version, null);
  else if (again) drawing = drawing.then(() => { if (waiting === 0) draw(); });
}

// --- the live connection ----------------------------------------------------------------

const FIRST_RETRY = 250;
const LAST_RETRY = 1000;
let retry = FIRST_RETRY;
/** Whether the server refused this page a socket for good (signed out, removed, or too many). */
let refused = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
/** @type {WebSocket | null} */
let socket = null;

/** Open the table's socket (a socket opened before is dropped). */
function listen() {
  clearTimeout(timer);
  timer = undefined;
  const old = socket;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const mine = new WebSocket(`${scheme}//${location.host}/ws/tables/${tableId}`);
  socket = mine;
  if (old) old.close();
  root.dataset["live"] = "connecting";
  mine.addEventListener("open", () => {
    if (socket !== mine) return;
    retry = FIRST_RETRY;
    root.dataset["live"] = "open";
    void reload(true); // what happened while away
  });
  mine.addEventListener("message", (message) => {
    if (socket !== mine) return;
    const data = /** @type {Update | Reply} */ (JSON.parse(String(message.data)));
    if (data.type !== "update") {
      answered(/** @type {Reply} */ (data));
      return;
    }
    const update = /** @type {Update} */ (data);
    if (update.version < version) return;
    if (version >= 0 && update.from !== version && update.version !== version) {
      void reload();
      return;
    }
    updates += 1;
    show(update.table, update.view, update.version, update.from === version ? update.events : null);
  });
  mine.addEventListener("close", (closed) => {
    if (socket !== mine) return;
    socket = null;
    root.dataset["live"] = "closed";
    // 4008: too many sockets open from here (said in an error message): moves are posted;
    // 4003: signed out, or removed from the table (said too): neither reconnects
    if (closed.code === 4008 || closed.code === 4003) { refused = true; return; }
    say(t("The connection was lost: reconnecting…"), "warning");
    timer = setTimeout(listen, retry);
    retry = Math.min(retry * 2, LAST_RETRY);
  });
}

// The device went offline: the socket is dropped now (it may look open for minutes), and
// opened again as soon as the network is back.
window.addEventListener("offline", () => socket && socket.close());
window.addEventListener("online", () => {
  if (root.dataset["live"] !== "open" && !refused) { retry = FIRST_RETRY; listen(); }
});

// --- the page's controls ----------------------------------------------------------------

$("t-hand").addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest(".hcard") : null;
  const card = target instanceof HTMLElement ? target.dataset["card"] : undefined;
  if (card) choose(card);
});
roveHand($("t-hand"));
$("t-pass-confirm").addEventListener("click", () => {
  if (chosen.size === 3) act({ type: "pass", cards: [...chosen], version });
});
$("t-leave").addEventListener("click", () => void send(`/api/tables/${tableId}/leave`, {}));
$("t-back").addEventListener("click", () => void send(`/api/tables/${tableId}/back`, {}));
$("t-revoke").addEventListener("click", () => void send(`/api/tables/${tableId}/revoke`, {}));
// The next match of the same people, at the same seats (made once, whoever asks first).
$("t-again").addEventListener("click", async () => {
  const answer = await call(`/api/tables/${tableId}/again`, {});
  const data = /** @type {TableAnswer} */ (/** @type {unknown} */ (answer.data));
  if (data.table) location.assign(`/tables/${data.table.id}`);
  else refuse(data.error);
});
$("t-last").addEventListener("click", () => {
  const trick = lastOf();
  if (!trick) return;
  showLastTrick(dialog("t-last-trick"), $("t-last-trick-cards"), $("t-last-trick-text"), trick, seatName, {
    seatCard: (seat, card) => t("%(seat)s: %(card)s", { seat, card }),
    took: (seat, num) => t("%(seat)s took it (%(num)d points).", { seat, num }),
  });
});
$("t-last-trick-close").addEventListener("click", () => dialog("t-last-trick").close());
$("t-round-end-close").addEventListener("click", () => dialog("t-round-end").close());

// Narrow screens: the scores and the round's log are a sheet over the table, opened from
// the totals' summary under the toolbar (wide screens show them beside the table).
/** @param {boolean} open */
function openSide(open) {
  $("t-glance").setAttribute("aria-expanded", String(open));
  $("t-side").classList.toggle("open", open);
  if (open) $("t-side-close").focus();
}
$("t-glance").addEventListener("click", () => openSide($("t-glance").getAttribute("aria-expanded") !== "true"));
$("t-side-close").addEventListener("click", () => { openSide(false); $("t-glance").focus(); });
$("t-side").addEventListener("keydown", (event) => {
  if (event.key === "Escape" && $("t-side").classList.contains("open")) { openSide(false); $("t-glance").focus(); }
});
$("t-felt").addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest(".remove") : null;
  const plate = button ? button.closest(".seat") : null;
  if (plate instanceof HTMLElement) {
    void send(`/api/tables/${tableId}/remove`, { seat: Number(plate.dataset["seat"]) });
  }
});

void reload();
listen();
