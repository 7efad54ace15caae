// Cardems Hearts with friends: one seat's table. Draws the view the server sends for
// this seat only, and follows the table live over a WebSocket: each update carries the
// game's version; one that does not follow the version drawn (a message missed) makes
// the page reload the view. Passes and plays go over that socket while it is open (the
// answer comes back on it, in order with the updates), else as a POST. The server
// decides everything.

import { call } from "/static/api.js";
import { cardFace } from "/static/cards.js";
import { cardName, number, t } from "/static/i18n.js";

/**
 * @typedef {{ seat: number, name: string | null, guest: boolean, bot: boolean, connected: boolean }} SeatInfo
 * @typedef {{ id: string, seat: number, code: string | null, link: string | null, host: boolean,
 *   closed: boolean, seats: SeatInfo[] }} TableInfo
 * @typedef {{ seat: number, round: number, phase: string, hand: string[], legal: string[],
 *   trick: string[], leader: number, to_play: number | null, passes_chosen: boolean[],
 *   pass_to: number, totals: number[], status: string, commitment: string,
 *   refusals: { [card: string]: string } }} SeatView
 * @typedef {{ table: TableInfo, view: SeatView, version: number, error?: string, refused?: string }} TableAnswer
 * @typedef {{ type: string, version: number, from: number, view: SeatView, events: object[] | null,
 *   table: TableInfo }} Update
 * @typedef {{ type: string, id: number | null, table?: TableInfo, view?: SeatView, version?: number,
 *   error?: string, refused?: string }} Reply
 */

const root = /** @type {HTMLElement} */ (document.getElementById("together-table"));
const tableId = root.dataset["tableId"] || "";
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {SeatView | null} */
let view = null;
/** @type {TableInfo | null} */
let table = null;
let version = -1;
/** @type {Set<string>} */
const chosen = new Set();
// How many live updates were drawn: an answer to a request sent before the latest one
// is drawn only if it is of a later version (the seats may have changed meanwhile).
let updates = 0;

/**
 * Whether an answer at version `at`, to a request sent after `before` updates, is news.
 * @param {number} before
 * @param {number} at
 */
const fresh = (before, at) => at > version || (at === version && updates === before);

/** @param {string | undefined | null} text */
function say(text) {
  $("t-message").textContent = text || "";
}

/** @param {number} seat */
function seatName(seat) {
  const info = table && table.seats[seat];
  return (info && named(info)) || t("Bot");
}

/**
 * A seat's name, a guest's marked as such (an account holder's name is theirs alone).
 * @param {SeatInfo} info
 */
function named(info) {
  if (info.name === null) return "";
  return info.guest ? t("%(name)s (guest)", { name: info.name }) : info.name;
}

/**
 * Draw the table and the seat's view as the server sent them.
 * @param {TableInfo} info
 * @param {SeatView} seen
 * @param {number} at
 */
function draw(info, seen, at) {
  table = info;
  view = seen;
  version = at;
  root.dataset["version"] = String(at);
  $("t-code").textContent = info.code || "—";
  /** @type {HTMLInputElement} */ ($("t-link")).value = info.link ? new URL(info.link, location.href).href : "";
  $("t-revoke").hidden = !info.host;
  $("t-round").textContent = String(seen.round + 1);
  $("t-commitment").textContent = seen.commitment.slice(0, 12);
  const mine = info.seats[info.seat];
  $("t-leave").hidden = Boolean(mine && mine.bot);
  $("t-back").hidden = !(mine && mine.bot);
  for (const item of root.querySelectorAll("#t-seats li")) {
    const seat = Number(/** @type {HTMLElement} */ (item).dataset["seat"]);
    const one = info.seats[seat];
    if (!one) continue;
    const state = one.name === null ? t("Bot") : one.bot ? t("a bot plays") : one.connected ? t("connected") : t("not connected");
    /** @type {HTMLElement} */ (item.querySelector(".name")).textContent = named(one) || t("Empty seat");
    /** @type {HTMLElement} */ (item.querySelector(".state")).textContent = state;
    /** @type {HTMLElement} */ (item.querySelector(".total")).textContent = number(seen.totals[seat]);
    item.classList.toggle("you", seat === info.seat);
    item.classList.toggle("turn", seen.to_play === seat);
    item.setAttribute("data-connected", String(one.connected));
    const remove = /** @type {HTMLElement | null} */ (item.querySelector(".remove"));
    if (remove) remove.hidden = !(info.host && seat !== info.seat && one.name !== null);
  }
  const trick = root.querySelectorAll("#t-trick .played");
  trick.forEach((slot) => {
    slot.replaceChildren();
    slot.removeAttribute("data-card");
    slot.removeAttribute("aria-label");
  });
  seen.trick.forEach((card, index) => {
    const seat = (seen.leader + index) % 4;
    const slot = trick[seat];
    if (!slot) return;
    slot.setAttribute("data-card", card);
    slot.setAttribute("aria-label", t("%(seat)s: %(card)s", { seat: seatName(seat), card: cardName(card) }));
    slot.appendChild(cardFace(card));
  });
  const passing = seen.phase === "passing" && !seen.passes_chosen[seen.seat];
  $("t-passbar").hidden = !passing;
  if (!passing) chosen.clear();
  drawHand(seen, passing);
  if (seen.status !== "playing") say(seen.status === "won" ? t("You won the match!") : t("The match is over"));
  else if (passing) say(t("Choose three cards to pass to %(seat)s: %(num)d of 3 chosen.", { seat: seatName(seen.pass_to), num: chosen.size }));
  else if (seen.phase === "passing") say(t("Waiting for the other passes."));
  else if (seen.to_play === seen.seat) say(t("Your turn: play a card."));
  else if (seen.to_play !== null) say(t("Waiting for %(seat)s.", { seat: seatName(seen.to_play) }));
}

/**
 * @param {SeatView} seen
 * @param {boolean} passing
 */
function drawHand(seen, passing) {
  const hand = $("t-hand");
  hand.replaceChildren();
  for (const card of seen.hand) {
    const button = document.createElement("button");
    button.className = "card-button";
    button.dataset["card"] = card;
    button.setAttribute("aria-label", cardName(card));
    button.appendChild(cardFace(card));
    const playable = passing || seen.legal.includes(card);
    button.setAttribute("aria-pressed", String(chosen.has(card)));
    button.classList.toggle("playable", playable);
    button.addEventListener("click", () => choose(card));
    hand.appendChild(button);
  }
  /** @type {HTMLButtonElement} */ ($("t-pass")).disabled = chosen.size !== 3;
}

/** @param {string} card */
function choose(card) {
  if (!view || !table) return;
  if (view.phase === "passing") {
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size < 3) chosen.add(card);
    draw(table, view, version);
    return;
  }
  if (view.to_play !== view.seat) {
    say(view.refusals[card] || t("Waiting for %(seat)s.", { seat: seatName(view.to_play ?? 0) }));
    return;
  }
  act({ type: "play", card, version });
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
    draw(reply.table, reply.view, reply.version);
  }
  if (reply.error || reply.refused) say(reply.error || reply.refused);
}

/**
 * POST to the table; draw the answer.
 * @param {string} path
 * @param {object} body
 */
async function send(path, body) {
  const before = updates;
  const answer = await call(path, body);
  const data = /** @type {TableAnswer} */ (/** @type {unknown} */ (answer.data));
  if (data.table && data.view && fresh(before, data.version)) draw(data.table, data.view, data.version);
  if (data.error || data.refused) say(data.error || data.refused);
}

/** Reload the view (a message was missed, or the socket came back). */
async function reload() {
  const before = updates;
  const answer = await call(`/api/tables/${tableId}`);
  const data = /** @type {TableAnswer} */ (/** @type {unknown} */ (answer.data));
  if (!data.table || !data.view) say(data.error);
  else if (version < 0 || fresh(before, data.version)) draw(data.table, data.view, data.version);
}

let retry = 500;
/** @type {WebSocket | null} */
let socket = null;
function listen() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/tables/${tableId}`);
  root.dataset["live"] = "connecting";
  socket.addEventListener("open", () => {
    retry = 500;
    root.dataset["live"] = "open";
    void reload(); // what happened while away
  });
  socket.addEventListener("message", (message) => {
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
    draw(update.table, update.view, update.version);
  });
  socket.addEventListener("close", (closed) => {
    root.dataset["live"] = "closed";
    // 4008: too many sockets open from here (said in an error message): moves are posted;
    // 4003: signed out, or removed from the table (said too)
    if (closed.code === 4008 || closed.code === 4003) return;
    say(t("The connection was lost: reconnecting…"));
    setTimeout(listen, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// The device went offline: the socket is dropped now (it may look open for minutes), and
// opened again with the next attempt once the network is back.
window.addEventListener("offline", () => socket && socket.close());

$("t-pass").addEventListener("click", () => {
  if (chosen.size === 3) act({ type: "pass", cards: [...chosen], version });
});
$("t-leave").addEventListener("click", () => void send(`/api/tables/${tableId}/leave`, {}));
$("t-back").addEventListener("click", () => void send(`/api/tables/${tableId}/back`, {}));
$("t-revoke").addEventListener("click", () => void send(`/api/tables/${tableId}/revoke`, {}));
$("t-seats").addEventListener("click", (event) => {
  const item = /** @type {HTMLElement} */ (event.target).closest("li");
  if (item && /** @type {HTMLElement} */ (event.target).closest(".remove")) {
    void send(`/api/tables/${tableId}/remove`, { seat: Number(item.dataset["seat"]) });
  }
});

void reload();
listen();
