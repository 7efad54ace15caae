// Cardems solitaire table client: draws the server's view as SVG cards and sends intents.
// The server decides everything, the layout included (board size, each pile's place and
// fan); this module only renders, animates and reports taps, double taps, drags and keys
// (pointer events: mouse, pen and touch alike), a right click (a card home) and the
// Finish button (every card home, when the view offers it). It knows no game by name.

import { call, enqueue, intent, say, track } from "./api.js";
import { el, geometryOf, pileGroup } from "./board.js";
import { byId, closestTo, reducedMotion, targetOf } from "./dom.js";
import { number, t } from "./i18n.js";

/**
 * @typedef {import("./board.js").Point} Point
 * @typedef {import("./board.js").Place} Place
 * @typedef {{ status: number, stale: boolean, refused: boolean, events: SolitaireEvent[] }} Played
 *   what an intent did, as the gestures need to know
 * @typedef {{ target: string, time: number, done: Promise<Played> }} Tap the last tap (time:
 *   its pointerup's event.timeStamp)
 * @typedef {Point & { card: string, node: SVGElement }} Top a pile's top card, drawn
 * @typedef {Point & { node: SVGElement, order: number }} Drawn a card drawn, by identity
 * @typedef {{ tops: Map<string, Top>, all: Map<string, Drawn> }} Snapshot the board before an answer
 */

const DRAG_THRESHOLD = 8; // px of movement before a press becomes a drag
const DOUBLE_MS = 350;
/** @type {{ [speed: string]: number }} */
const SPEEDS = { off: 0, fast: 120, normal: 220, slow: 420 };

const root = byId("table", HTMLElement);
const board = byId("board", SVGSVGElement);
const gameId = root.dataset.gameId || "";
const duration = reducedMotion() ? 0 : SPEEDS[root.dataset.animation || ""] ?? 220;
const moveErrors = root.dataset.moveErrors === "1"; // the "Move errors" setting: say why
/** @param {string} id */
const $ = (id) => byId(id, HTMLElement);
/** @param {string} id */
const button = (id) => byId(id, HTMLButtonElement);
/** @param {string} id */
const dialog = (id) => byId(id, HTMLDialogElement);

/**
 * The board's cards (or other SVG elements) matching `selector`.
 * @param {string} selector
 * @returns {SVGElement[]}
 */
function drawnAll(selector) {
  return /** @type {SVGElement[]} */ ([...board.querySelectorAll(selector)]);
}

/** @type {SolitaireView | null} */
let view = null;
/** @type {Map<string, Place>} target -> where its pile and cards are drawn */
let layout = new Map();
let clockBase = { elapsed: 0, at: performance.now(), running: false };
/** @type {Tap | null} */
let lastTap = null;
/** @type {Status | null} */
let shownEnd = null;

// --- server -----------------------------------------------------------------------------

/**
 * One intent, made on the latest view: draw the answer. A stale one (the game changed
 * in another tab) draws the game as it stands and says so; it is not retried.
 * @param {IntentJSON} body
 * @returns {Promise<Played>}
 */
async function intentNow(body) {
  const { status, data, stale } = await intent(gameId, body);
  if (data.view) apply(data.view, data.events || [], data.said);
  if (stale) say(data.error, "warning");
  else if (data.refused) say((data.view && data.view.message) || ""); // the move-errors setting
  else if (status >= 400 || status === 0) say(data.error || ""); // 0: no answer, said
  return { status, stale: Boolean(stale), refused: Boolean(data.refused), events: data.events || [] };
}

/** @param {IntentJSON} body */
function send(body) {
  return enqueue(() => intentNow(body));
}

// --- rendering --------------------------------------------------------------------------

// Keyboard focus: one "spot" of the board is in the tab order (roving tabindex); the
// arrow keys move between spots by their place on the table. A spot is a pile, or a
// card of a fanned pile (a column). Its key survives redraws.
/** @type {string | null} */
let focusKey = null;
let drawings = 0; // redraws so far: a flight planned on an older drawing is dropped
/** @type {Map<string, { key: string, node: SVGElement }>} each pile's group on the board */
const drawn = new Map();

/** @param {SVGElement} node */
function spotKey(node) {
  return `${node.dataset.target}#${node.classList.contains("card") ? node.dataset.index : ""}`;
}

/**
 * Draw `shown` (the view), keeping the keyboard focus where it was.
 * @param {SolitaireView} shown
 */
function render(shown) {
  const active = document.activeElement;
  const hadFocus = Boolean(active && board.contains(active));
  const geometry = geometryOf(board, shown);
  layout = geometry.map;
  board.setAttribute("viewBox", `-4 -4 ${geometry.width + 8} ${geometry.height + 8}`);
  board.setAttribute("preserveAspectRatio", "xMidYMin meet");
  // A pile is drawn again only if it or its place changed: the others keep their nodes,
  // so the browser lays out only what moved. Flights' copies and piles gone leave.
  const wanted = [];
  for (const [target, place] of layout) {
    const key = JSON.stringify([place.x, place.y, place.fan, place.pile]);
    const old = drawn.get(target);
    const node = old && old.key === key ? old.node : pileGroup(target, place);
    drawn.set(target, { key, node });
    wanted.push(node);
  }
  for (const target of [...drawn.keys()]) if (!layout.has(target)) drawn.delete(target);
  /** @type {Set<Element>} */
  const keep = new Set(wanted);
  for (const child of [...board.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((node, i) => {
    if (board.children[i] !== node) board.insertBefore(node, board.children[i] || null);
  });
  for (const node of drawnAll(".card[style]")) node.style.opacity = "";
  for (const node of drawnAll(".spot[tabindex='0']")) node.setAttribute("tabindex", "-1");
  drawings += 1;
  const spots = drawnAll(".spot");
  let current = spots.find((node) => spotKey(node) === focusKey);
  if (!current && focusKey) { // the card left: the same pile's top card, or the pile
    const target = focusKey.split("#")[0];
    const same = spots.filter((node) => node.dataset.target === target);
    current = same[same.length - 1];
  }
  current = current || spots[0];
  if (current) {
    current.setAttribute("tabindex", "0");
    focusKey = spotKey(current);
    if (hadFocus) current.focus();
  }
}

/** @param {SVGElement | null} node */
function moveFocus(node) {
  if (!node) return;
  focusKey = spotKey(node);
  for (const other of drawnAll(".spot[tabindex='0']")) other.setAttribute("tabindex", "-1");
  node.setAttribute("tabindex", "0");
  focusKey = spotKey(node);
  node.focus();
}

board.addEventListener("focusin", (event) => {
  const spot = closestTo(event, ".spot");
  if (spot instanceof SVGElement && spotKey(spot) !== focusKey) moveFocus(spot);
});

/** @type {{ [key: string]: [number, number] }} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The nearest spot in the arrow's direction, by the spots' places on the screen.
 * @param {SVGElement} from
 * @param {string} key an arrow key
 */
function neighbour(from, key) {
  const box = from.getBoundingClientRect();
  const [dx, dy] = ARROWS[key];
  const cx = box.left + box.width / 2, cy = box.top + Math.min(box.height, 40) / 2;
  /** @type {SVGElement | null} */
  let best = null, bestCost = Infinity;
  for (const node of drawnAll(".spot")) {
    if (node === from) continue;
    const other = node.getBoundingClientRect();
    const ox = other.left + other.width / 2, oy = other.top + Math.min(other.height, 40) / 2;
    const along = (ox - cx) * dx + (oy - cy) * dy;
    if (along <= 1) continue;
    const across = Math.abs((ox - cx) * dy) + Math.abs((oy - cy) * dx);
    const cost = along + 3 * across;
    if (cost < bestCost) { best = node; bestCost = cost; }
  }
  return best;
}

/**
 * The toolbar and clock of `shown`.
 * @param {SolitaireView} shown
 */
function info(shown) {
  $("score").textContent = number(shown.score);
  $("moves").textContent = String(shown.moves);
  $("code").textContent = !shown.deal_name || shown.deal_name === shown.code ? shown.code : `${shown.deal_name} · ${shown.code}`;
  button("undo").disabled = !shown.can_undo;
  button("redo").disabled = !shown.can_redo;
  button("finish").hidden = !shown.can_finish;
  // Hint, Winnable? and Solve act only while the server says the game is in play.
  for (const id of ["hint", "winnable"]) button(id).disabled = !shown.can_hint;
  if (!solving) button("solve").disabled = !shown.can_hint;
  clockBase = { elapsed: shown.elapsed, at: performance.now(), running: Boolean(shown.timer_running) };
  tick();
  root.dataset.status = shown.status;
}

function tick() {
  let seconds = clockBase.elapsed;
  if (clockBase.running) seconds += (performance.now() - clockBase.at) / 1000;
  const s = Math.floor(seconds);
  $("time").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// --- animation (never blocks input: overlays without pointer events) --------------------

/** @param {string} target */
function cardsOf(target) {
  return drawnAll(`.card[data-target="${CSS.escape(target)}"]`);
}

/** @param {string} target */
function topCard(target) {
  const nodes = cardsOf(target);
  return nodes.length ? nodes[nodes.length - 1] : null;
}

/**
 * A copy of a card to fly: opaque, without the highlights of the place it leaves.
 * @param {SVGElement} node
 */
function ghostOf(node) {
  const ghost = /** @type {SVGElement} */ (node.cloneNode(true));
  ghost.removeAttribute("data-target");
  ghost.classList.remove("framed", "selected", "dimmed", "covered", "spot");
  ghost.classList.add("ghost");
  board.appendChild(ghost);
  return ghost;
}

/**
 * The moves of `events`.
 * @param {SolitaireEvent[]} events
 * @returns {MoveEvent[]}
 */
function movesOf(events) {
  return /** @type {MoveEvent[]} */ (events.filter((e) => e.type === "move"));
}

/**
 * Animate the moves of `events` from the board `before`; how long the cards fly (ms):
 * the end-of-game dialog waits for them.
 * @param {SolitaireEvent[]} events
 * @param {Snapshot} before
 */
function animate(events, before) {
  if (!duration) return 0;
  const moves = movesOf(events);
  if (moves.length > 1 && moves.every((e) => e.card)) return fly(moves, before);
  for (const event of moves) {
    if (slideRun(event, before)) continue;
    const old = before.tops.get(event.from);
    const arrived = topCard(event.to);
    if (arrived && old && (old.card === arrived.dataset.card || old.card === "back")) {
      slideCopy(arrived, old, event.to);
    } else {
      for (const target of [event.from, event.to]) {
        const gone = before.tops.get(target);
        if (!gone || !gone.node || target === "stock") continue;
        const ghost = ghostOf(gone.node);
        ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration, easing: "ease-in" })
          .finished.then(() => ghost.remove(), () => ghost.remove());
      }
    }
  }
  return 0;
}

/**
 * A copy of the card `arrived` slides from `old` (where it was) to its place on
 * `target`; the real card is already there (and clickable), only invisible until the
 * copy lands.
 * @param {SVGElement} arrived
 * @param {Point} old
 * @param {string} target
 */
function slideCopy(arrived, old, target) {
  const now = placeOf(arrived, target);
  const ghost = ghostOf(arrived);
  arrived.style.opacity = "0";
  const flight = innerOf(ghost).animate(
    [{ transform: `translate(${old.x - now.x}px, ${old.y - now.y}px)` },
      { transform: "translate(0, 0)" }],
    { duration, easing: "ease-out" });
  const land = () => { ghost.remove(); arrived.style.opacity = ""; };
  flight.finished.then(land, land);
}

/**
 * Where the card `node` is drawn on `target` (its pile's slot if it is not there).
 * @param {SVGElement} node
 * @param {string} target
 * @returns {Point}
 */
function placeOf(node, target) {
  const place = /** @type {Place} */ (layout.get(target));
  return place.cards[Number(node.dataset.index)] || place;
}

/**
 * A card's face, which flies (the card's group only moves with the board).
 * @param {SVGElement} card
 */
function innerOf(card) {
  return /** @type {SVGElement} */ (card.querySelector(".inner"));
}

/**
 * A move whose cards are known (the server names the first card of a run): every card
 * of the run slides from where it was to where it is, together. False when the cards
 * cannot be followed (a draw from the face-down stock, say).
 * @param {MoveEvent} event
 * @param {Snapshot} before
 */
function slideRun(event, before) {
  const id = cardIdentity(event);
  if (!id || !before.all.has(id)) return false;
  const nodes = cardsOf(event.to);
  const first = nodes.findIndex((node) => node.dataset.id === id);
  if (first < 0) return false;
  for (const arrived of nodes.slice(first)) {
    const old = before.all.get(arrived.dataset.id || "");
    if (old) slideCopy(arrived, old, event.to);
  }
  return true;
}

/**
 * Several cards moved by one answer (Finish, or cards sent home by themselves): copies of
 * them stay where they were and fly one after the other, each move naming its card. A
 * pile's real top card shows once the last copy has landed on it; until then the copy
 * last landed there (or its old top card) stands in for it.
 * @param {MoveEvent[]} moves
 * @param {Snapshot} before
 */
function fly(moves, before) {
  const step = Math.min(duration * 0.6, 2400 / moves.length);
  const total = step * (moves.length - 1) + duration;
  /** @type {SVGElement[]} */
  const ghosts = [];
  const drawing = drawings;
  /** @type {Map<string, SVGElement>} target -> the copy standing on it */
  const shown = new Map();
  /** @type {Set<SVGElement>} */
  const hidden = new Set();
  for (const event of moves) {
    const real = cardNodeOf(event);
    if (real) { real.style.opacity = "0"; hidden.add(real); }
  }
  for (const event of moves) {
    const old = before.tops.get(event.to);
    const top = topCard(event.to);
    if (old && top && hidden.has(top) && !shown.has(event.to)) shown.set(event.to, ghostOf(old.node));
  }
  /** @type {{ event: MoveEvent, old: Drawn, ghost: SVGElement }[]} */
  const flights = [];
  for (const event of moves) {
    const old = before.all.get(cardIdentity(event) || "");
    if (old && layout.get(event.to)) flights.push({ event, old, ghost: old.node });
  }
  for (const f of [...flights].sort((a, b) => a.old.order - b.old.order)) {
    f.ghost = ghostOf(f.old.node);
    ghosts.push(f.ghost);
  }
  flights.forEach(({ event, old, ghost }, i) => setTimeout(() => {
    if (drawing !== drawings) return; // redrawn meanwhile: its copies are gone
    const place = /** @type {Place} */ (layout.get(event.to));
    const real = cardNodeOf(event);
    const end = real && real.dataset.target === event.to
      ? placeOf(real, event.to)
      : place.cards[place.cards.length - 1] || place;
    board.appendChild(ghost); // over the cards still waiting
    const land = () => {
      const under = shown.get(event.to);
      if (under && under !== ghost) under.remove();
      if (real && real.dataset.target === event.to) { ghost.remove(); real.style.opacity = ""; }
      else shown.set(event.to, ghost);
    };
    innerOf(ghost).animate(
      [{ transform: "translate(0, 0)" }, { transform: `translate(${end.x - old.x}px, ${end.y - old.y}px)` }],
      { duration, easing: "ease-in-out", fill: "forwards" }).finished.then(land, land);
  }, i * step));
  setTimeout(() => {
    for (const ghost of [...ghosts, ...shown.values()]) ghost.remove();
    for (const node of hidden) node.style.opacity = "";
  }, total + 50);
  return total;
}

/**
 * The card a move event names: its identity (`id`, where a game deals a card twice),
 * else its face.
 * @param {MoveEvent} event
 */
function cardIdentity(event) {
  return event.id || event.card;
}

/**
 * The card node drawn for the card a move event names.
 * @param {MoveEvent} event
 * @returns {SVGElement | null}
 */
function cardNodeOf(event) {
  const id = cardIdentity(event);
  return id ? board.querySelector(`.card[data-id="${CSS.escape(id)}"]`) : null;
}

/**
 * Every card drawn (its place and its order on the board), by identity, and each pile's
 * top card.
 * @returns {Snapshot}
 */
function snapshot() {
  /** @type {Map<string, Top>} */
  const tops = new Map();
  /** @type {Map<string, Drawn>} */
  const all = new Map();
  for (const target of layout.keys()) {
    const node = topCard(target);
    if (!node) continue;
    const place = placeOf(node, target);
    tops.set(target, { card: node.dataset.card || "back", x: place.x, y: place.y, node });
  }
  drawnAll(".card[data-target]").forEach((node, order) => {
    const place = placeOf(node, node.dataset.target || "");
    all.set(node.dataset.id || "", { x: place.x, y: place.y, node, order });
  });
  return { tops, all };
}

/**
 * Draw the view `next` after `events`; `said`: what a screen reader hears of them (the
 * live region #announce), written by the server in the page's language.
 * @param {SolitaireView} next
 * @param {SolitaireEvent[]} events
 * @param {string} [said]
 */
function apply(next, events, said = "") {
  const before = snapshot();
  view = next;
  render(next);
  info(next);
  const flying = animate(events, before);
  if (said) $("announce").textContent = said;
  const warning = /** @type {WarningEvent[]} */ (events.filter((e) => e.type === "unwinnable")).find((e) => e.message);
  /** @type {ErrorEvent | undefined} */
  const refusal = /** @type {ErrorEvent[]} */ (events.filter((e) => e.type === "error")).find((e) => e.message);
  if (next.message) say(next.message);
  else if (refusal && moveErrors) say(refusal.message); // seen, whatever the gesture
  else if (warning) say(warning.message, "warning");
  else if (events.some((e) => e.type === "move" || e.type === "undo" || e.type === "redo")) say("");
  if (lostShown !== null && lostShown !== (next.version ?? 0)) showLostAt(null, -1);
  if (warning || next.status === "blocked" || next.status === "stuck") askLostAt();
  if (flying && next.status !== shownEnd) setTimeout(() => endDialogs(next), flying);
  else endDialogs(next);
}

// "Where you lost it": once the game is known lost (the unwinnable warning, Winnable?'s
// no, or an end without a win), the server says the first move after which no win
// existed and the move that kept one, in words, with a button that takes the game back
// to before that move (undos, on the server). The browser only shows what it is told.
/** @type {number | null} the version whose answer is shown */
let lostShown = null;
let lostAsked = -1;

function askLostAt() {
  const asked = view ? view.version ?? 0 : -1;
  if (asked < 0 || lostAsked === asked) return;
  lostAsked = asked;
  track(async () => {
    const { data } = await call(`/api/games/${gameId}/lost-at`);
    if (!view || (view.version ?? 0) !== asked || data.version !== asked) return;
    showLostAt(data.lost_at || null, asked);
  });
}

/**
 * Show where the game was lost (or nothing), beside the table and in the end dialog.
 * @param {LostAtView | null} lost
 * @param {number} version
 */
function showLostAt(lost, version) {
  lostShown = lost ? version : null;
  const back = Boolean(lost && lost.move);
  $("lost-at").hidden = !lost;
  $("lost-at-said").textContent = lost ? lost.said : "";
  $("lost-at-back").hidden = !back;
  $("blocked-lost-at").hidden = !lost;
  $("blocked-lost-at").textContent = lost ? lost.said : "";
  $("blocked-back").hidden = !back;
  if (!lost) return;
  $("announce").textContent = lost.said; // the live region: screen readers hear it
  lostAsked = version;
}

function backToLost() {
  if (dialog("blocked").open) dialog("blocked").close();
  enqueue(async () => {
    if (!view) return;
    const { status, data } = await call(`/api/games/${gameId}/back-to-lost`, { version: view.version });
    if (data.view) apply(data.view, data.events || [], data.said);
    if (status >= 400) say(data.error || "");
  });
}
$("lost-at-back").addEventListener("click", backToLost);
$("blocked-back").addEventListener("click", backToLost);

/**
 * The dialog of how `shown` ended (won, blocked or stuck), once; or none.
 * @param {SolitaireView} shown
 */
function endDialogs(shown) {
  const status = shown.status;
  if (status === shownEnd) return;
  shownEnd = status;
  if (status === "won") {
    $("won-score").textContent = number(shown.score);
    $("won-time").textContent = $("time").textContent;
    $("won-moves").textContent = String(shown.moves);
    showPar(shown.par ?? null, shown.par_proven !== false);
    $("won-streak").textContent = "";
    open(dialog("won"));
    celebrate();
    track(() => streakLine(shown.variant));
    if (shown.par == null) track(askPar);
  } else if (status === "blocked" || status === "stuck") {
    open(dialog("blocked"));
  } else {
    for (const id of ["won", "blocked"]) if (dialog(id).open) dialog(id).close();
  }
}

/**
 * The won dialog's par line: the shortest win ("par" when proven, "best known" otherwise),
 * or no line while it is unknown.
 * @param {number | null} par
 * @param {boolean} proven
 */
function showPar(par, proven) {
  /** @param {string} selector @param {boolean} hidden */
  const hide = (selector, hidden) => {
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(selector))) node.hidden = hidden;
  };
  hide("#won .par", par === null);
  hide("#won .par-proven", par === null || !proven);
  hide("#won .par-known", par === null || proven);
  $("won-par").textContent = par === null ? "" : String(par);
}

// The par of a game just won: the server's search takes seconds, so the winning move's
// answer comes first and the par follows.
async function askPar() {
  const { data } = await call(`/api/games/${gameId}/par`);
  if (view && view.status === "won" && data && typeof data.par === "number") {
    showPar(data.par, data.par_proven !== false);
  }
}

// Falling suits over the table for a moment (not with reduced motion: see the CSS).
function celebrate() {
  const layer = document.createElement("div");
  layer.className = "celebrate";
  layer.setAttribute("aria-hidden", "true");
  for (let i = 0; i < 36; i++) {
    const bit = document.createElement("span");
    const suit = "♥♠♦♣"[i % 4];
    bit.textContent = suit;
    bit.className = "♥♦".includes(suit) ? "red" : "black";
    bit.style.left = `${(i * 37) % 100}%`;
    bit.style.animationDelay = `${(i % 9) * 0.12}s`;
    bit.style.fontSize = `${1.2 + (i % 5) * 0.35}rem`;
    layer.appendChild(bit);
  }
  document.body.appendChild(layer);
  setTimeout(() => layer.remove(), 4000);
}

/**
 * The streak and record of this game's `variant`, from the statistics.
 * @param {string} variant
 */
async function streakLine(variant) {
  const { data } = await call("/api/stats");
  const block = (data.statistics || []).find((b) => b.game === root.dataset.game && b.variant === variant);
  if (!block) return;
  const v = block.values;
  $("won-streak").textContent = t("Win streak: %(streak)s · won %(won)s of %(played)s", {
    streak: v.current_streak ?? "", won: v.won ?? "", played: v.played ?? "" });
}

/** @param {HTMLDialogElement} shown */
function open(shown) {
  if (!shown.open) shown.showModal();
}

// --- input ------------------------------------------------------------------------------

/**
 * @typedef {object} Press a pointer held down on the board
 * @property {number} id the pointer's
 * @property {string} target the pile pressed
 * @property {number | null} index the card pressed, if any
 * @property {SVGElement | null} card
 * @property {number} x where, on the screen
 * @property {number} y
 * @property {DOMPoint} start where, on the board
 * @property {SVGElement | null} ghost the cards dragged, once it is a drag
 */

/** @type {Press | null} */
let press = null;

/** @param {PointerEvent} event */
function boardPoint(event) {
  const matrix = /** @type {DOMMatrix} */ (board.getScreenCTM()).inverse();
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
}

board.addEventListener("pointerdown", (event) => {
  if (event.button !== 0 || !view) return;
  const node = closestTo(event, "[data-target]");
  if (!node) return;
  const cardNodeHit = /** @type {SVGElement | null} */ (closestTo(event, ".card"));
  press = {
    id: event.pointerId,
    target: node.dataset.target || "",
    index: cardNodeHit ? Number(cardNodeHit.dataset.index) : null,
    card: cardNodeHit,
    x: event.clientX,
    y: event.clientY,
    start: boardPoint(event),
    ghost: null,
  };
  board.setPointerCapture(event.pointerId);
});

board.addEventListener("pointermove", (event) => {
  if (!press || event.pointerId !== press.id) return;
  if (!press.ghost) {
    const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (moved < DRAG_THRESHOLD || !press.card || press.card.classList.contains("face-down")) return;
    press.ghost = startGhost(press);
  }
  const p = boardPoint(event);
  press.ghost.setAttribute("transform", `translate(${p.x - press.start.x} ${p.y - press.start.y})`);
});

/**
 * The dragged cards' copy: the pressed card and those over it; the cards stay, faded.
 * @param {Press} p
 */
function startGhost(p) {
  const ghost = el("g", { class: "ghost dragging" }, board);
  for (const node of cardsOf(p.target)) {
    if (Number(node.dataset.index) >= (p.index ?? 0)) {
      ghost.appendChild(node.cloneNode(true));
      node.style.opacity = "0.25";
    }
  }
  return ghost;
}

/**
 * The pile a drag of `ghost` from `source` ends on: the one under the pointer, else
 * the one the dragged card overlaps most (null: none).
 * @param {PointerEvent} event
 * @param {string} source
 * @param {SVGElement} ghost
 * @returns {string | null}
 */
function dropTarget(event, source, ghost) {
  const hit = /** @type {(SVGElement | null)[]} */ (document.elementsFromPoint(event.clientX, event.clientY)
    .map((node) => node.closest("[data-target]")))
    .find((node) => node && !node.closest(".ghost") && node.dataset.target !== source);
  if (hit) return hit.dataset.target || null;
  const ghostBox = ghost.getBoundingClientRect();
  /** @type {string | null} */
  let best = null, bestArea = 0;
  for (const group of drawnAll(".pile")) {
    if (group.dataset.target === source) continue;
    const box = group.getBoundingClientRect();
    const w = Math.min(box.right, ghostBox.right) - Math.max(box.left, ghostBox.left);
    const h = Math.min(box.bottom, ghostBox.top + ghostBox.height / 3) - Math.max(box.top, ghostBox.top);
    if (w > 0 && h > 0 && w * h > bestArea) { best = group.dataset.target || null; bestArea = w * h; }
  }
  return best;
}

board.addEventListener("pointerup", (event) => {
  if (!press || event.pointerId !== press.id) return;
  const p = press;
  if (p.ghost) {
    const target = dropTarget(event, p.target, p.ghost);
    p.ghost.remove();
    for (const node of drawnAll(".card")) node.style.opacity = "";
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    press = null;
    if (!target) return;
    const pile = /** @type {Place} */ (layout.get(p.target)).pile;
    const last = pile.cards.length - 1;
    const source = pile.fan > 0 && p.index !== null && p.index !== last
      ? `${p.target}:${p.index}` : p.target;
    lastTap = null;
    send({ type: "drag", source, target });
    return;
  }
  press = null;
  tap(p.target, event.timeStamp);
});

board.addEventListener("pointercancel", () => {
  if (press && press.ghost) press.ghost.remove();
  for (const node of drawnAll(".card")) node.style.opacity = "";
  press = null;
});

// A right click on a pile's top card (or a long press: the browser's context menu) asks
// the server to send it home, in a game that has homes (view.sends_home); the browser's
// menu is not shown on cards.
board.addEventListener("contextmenu", (event) => {
  const node = closestTo(event, ".card[data-target]");
  if (!node || !view) return;
  event.preventDefault();
  if (press) { // a long press: it is this gesture, not a tap as well
    if (press.ghost) return;
    press = null;
  }
  const pile = /** @type {Place} */ (layout.get(node.dataset.target || "")).pile;
  if (!view.sends_home || Number(node.dataset.index) !== pile.cards.length - 1) return;
  lastTap = null;
  send({ type: "home", target: pile.target });
});

// A drag ends with a click event; nothing here listens to clicks, but keep it from
// reaching anything else.
let suppressClick = false;
board.addEventListener("click", (event) => { if (suppressClick) event.stopPropagation(); }, true);

// Every tap acts. A second tap on the same pile within DOUBLE_MS completes a double
// tap only if the first one did not already act on the cards: when the first tap moved
// a card (sent it home, drew from the stock), the second is one more tap of its own, on
// whatever is on top now; when the first only selected, the pair is a double tap (the
// card goes where it fits). A third quick tap starts afresh. "Within DOUBLE_MS" is
// measured between the two pointerups' own timestamps (event.timeStamp: when the finger
// or button came up), not when this code got to run: on a busy device the handlers may
// run late or bunched together, and that must not turn two slow taps into a double tap.
/**
 * @param {string} target
 * @param {number} time the pointerup's event.timeStamp
 */
function tap(target, time) {
  if (lastTap && lastTap.target === target && time - lastTap.time < DOUBLE_MS) {
    const first = lastTap;
    lastTap = null;
    enqueue(async () => {
      const result = await first.done;
      // The first tap was refused as stale: the table was redrawn, drop the gesture.
      if (result && result.stale) return result;
      const moved = result && result.events.some((e) => e.type === "move");
      return intentNow({ type: moved ? "tap" : "double_tap", target });
    });
    return;
  }
  const done = send({ type: "tap", target });
  lastTap = { target, time, done };
}

// Keyboard play: Tab into the table, arrows move between cards and piles, Enter or
// Space taps (select, pair, move), a game's shortcut keys (view.shortcuts: D) send their
// intent, or with none a double tap on the focused spot (D: the card where it fits);
// Esc drops the selection; U / Ctrl+Z undo, R / Ctrl+Y redo anywhere.
board.addEventListener("keydown", (event) => {
  const spot = closestTo(event, ".spot");
  if (!(spot instanceof SVGElement) || event.ctrlKey || event.metaKey || event.altKey || !view) return;
  const target = spot.dataset.target || "";
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    moveFocus(neighbour(spot, event.key));
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    lastTap = null;
    send({ type: "tap", target });
  } else if (view.shortcuts && event.key.length === 1 && event.key.toLowerCase() in view.shortcuts) {
    event.preventDefault();
    lastTap = null;
    send(view.shortcuts[event.key.toLowerCase()] || { type: "double_tap", target });
  } else if (event.key === "Escape" && view.selected) {
    event.preventDefault();
    send({ type: "tap", target: view.selected });
  }
});

/** @param {Element | null} node */
function typing(node) {
  return node && (node.closest("input, select, textarea, dialog[open]") || (node instanceof HTMLElement && node.isContentEditable));
}

document.addEventListener("keydown", (event) => {
  const key = event.key.toLowerCase();
  if (event.altKey || typing(targetOf(event)) || document.querySelector("dialog[open]")) return;
  const control = event.ctrlKey || event.metaKey;
  if (!control && (event.shiftKey || !["u", "r"].includes(key))) return;
  if ((!control && key === "u") || (control && key === "z" && !event.shiftKey)) {
    event.preventDefault();
    undo();
  } else if ((!control && key === "r") || (control && (key === "y" || (key === "z" && event.shiftKey)))) {
    event.preventDefault();
    send({ type: "redo" });
  }
});

// --- toolbar ----------------------------------------------------------------------------

// Undo: a won game is over and is not taken back; say so rather than do nothing.
function undo() {
  if (view && (!view.can_undo || view.status === "won")) {
    const why = view.status === "won" ? t("The game is won: it cannot be undone. Replay this deal to play it again.")
      : t("Nothing to undo.");
    say(why, "info");
    $("announce").textContent = why;
    return;
  }
  send({ type: "undo" });
}

button("undo").addEventListener("click", undo);
$("redo").addEventListener("click", () => send({ type: "redo" }));
$("finish").addEventListener("click", () => { lastTap = null; send({ type: "finish" }); });
/**
 * The server's hint: its words (in the page's language) and the piles of its move; the
 * browser adds nothing of its own.
 * @param {HintView} hint
 */
function showHint(hint) {
  say(hint.words, "info");
  $("announce").textContent = hint.words;
  if (hint.verdict !== "move") return;
  for (const target of [hint.from || "", hint.to || ""]) {
    const pile = board.querySelector(`.pile[data-target="${CSS.escape(target)}"]`);
    if (pile) { pile.classList.add("hint"); setTimeout(() => pile.classList.remove("hint"), 4000); }
  }
}

$("hint").addEventListener("click", () => track(async () => {
  if (!view) return;
  say(t("Thinking…"), "info");
  const asked = view.version;
  const { data } = await call(`/api/games/${gameId}/hint`, {});
  if (view.version !== asked) return say(""); // the player moved meanwhile
  if (data.error) return say(data.error);
  if (data.hint) showHint(data.hint);
}));

$("winnable").addEventListener("click", () => track(async () => {
  if (!view) return;
  say(t("Thinking…"), "info");
  const asked = view.version;
  const { data } = await call(`/api/games/${gameId}/winnable`, {});
  if (view.version !== asked) return say("");
  if (data.error) return say(data.error);
  /** @type {{ [verdict: string]: string }} */
  const answers = {
    true: t("Yes: this game can still be won."),
    false: t("No: this game can no longer be won."),
    null: t("Undecided: the solver spent its whole search without a verdict."),
  };
  say(data.still_searching ? t("Undecided, still searching: no verdict yet in the time a player waits.") : answers[String(data.winnable)], "info");
  if (data.winnable === false) askLostAt();
}));
// "Solve": play the hints' moves (the server's winning line) until the game ends, the
// server says there is no move to play, a move is refused, or the player stops it. It
// always ends: every hint is a move of one finite line, and MAX_SOLVE bounds it anyway.
const MAX_SOLVE = 1000;
let solving = false;

async function solve() {
  solving = true;
  $("solve").textContent = t("Stop");
  try {
    for (let step = 0; solving && view && view.status === "playing" && step < MAX_SOLVE; step++) {
      const answer = await track(() => call(`/api/games/${gameId}/hint`, {}));
      const data = answer && answer.data;
      if (!solving) break;
      // "back": every winning line starts by going back where the last move came from;
      // a hint only says so, Solve plays that line.
      if (!data || !data.hint || !["move", "back"].includes(data.hint.verdict)) {
        if (data && data.hint) showHint(data.hint);
        else say((data && data.error) || "");
        break;
      }
      let played = true;
      for (const body of data.hint.intents || []) {
        const result = await send(body);
        played = played && !result.refused && !result.stale && result.status < 400;
      }
      if (!played) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(300, duration + 150)));
    }
  } finally {
    solving = false;
    $("solve").textContent = t("Solve");
    button("solve").disabled = !(view && view.can_hint);
  }
}

$("solve").addEventListener("click", () => { if (solving) solving = false; else solve(); });
board.addEventListener("pointerdown", () => { solving = false; }, true);

$("restart").addEventListener("click", () => enqueue(async () => {
  const { data } = await call(`/api/games/${gameId}/restart`, {});
  if (data.error) return say(data.error);
  location.assign(`/game/${data.id}`);
}));
$("enter-code").addEventListener("click", () => {
  document.dispatchEvent(new CustomEvent("cardems:new-game", { detail: { game: root.dataset.game, code: true } }));
});
$("blocked-undo").addEventListener("click", () => { dialog("blocked").close(); send({ type: "undo" }); });
// "Play again": a new deal of the same game, variant and options (a difficulty level
// stays chosen) at once; "Replay this deal": the same cards from the start.
$("won-again").addEventListener("click", () => enqueue(async () => {
  const { status, data } = await call(`/api/games/${gameId}/again`, {});
  if (status !== 201) return say(data.error || "");
  location.assign(`/game/${data.id}`);
}));
$("won-replay").addEventListener("click", () => $("restart").click());
for (const id of ["blocked-new"]) {
  $(id).addEventListener("click", () => {
    dialog("blocked").close();
    document.dispatchEvent(new CustomEvent("cardems:new-game", { detail: { game: root.dataset.game } }));
  });
}
$("won-close").addEventListener("click", () => dialog("won").close());

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") navigator.sendBeacon(`/api/games/${gameId}/pause`);
  else enqueue(load);
});

async function load() {
  const { data } = await call(`/api/games/${gameId}`);
  if (data.error) { say(data.error); return; }
  if (!data.view) return;
  shownEnd = view ? shownEnd : null;
  if (data.lost_at) showLostAt(data.lost_at, data.view.version ?? 0);
  apply(data.view, []);
}

// The skip link lands on the table's focused card or pile.
$("skip-table").addEventListener("click", (event) => {
  const spot = drawnAll(".spot[tabindex='0']")[0];
  if (!spot) return;
  event.preventDefault();
  spot.focus();
});

// The board is laid out for the felt's size: again when the window changes.
/** @type {ReturnType<typeof setTimeout> | undefined} */
let resizing;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (view) render(view); }, 100);
});

setInterval(tick, 1000);
enqueue(load).then(() => {
  root.dataset.ready = "1";
  if (location.hash === "#new") { // /play/<game>?new=1: the new-game window at once
    document.dispatchEvent(new CustomEvent("cardems:new-game", { detail: { game: root.dataset.game } }));
  }
});
