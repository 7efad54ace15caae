// The replay viewer: steps through a finished game (or a worked example) view by view.
// The server rebuilds each step from the deal code and the moves (/replay/step); this
// module draws it with the table's SVG cards (board.js), marks the piles the step moved
// between, and says the step in words (the page lists every step, in its language).

import { call, say, track } from "./api.js";
import { geometryOf, pileGroup } from "./board.js";
import { byId, closestTo } from "./dom.js";
import { number, t } from "./i18n.js";

/** @typedef {{ view: SolitaireView, events: SolitaireEvent[] }} Step the view after a step */

/** @param {string} id */
const $ = (id) => byId(id, HTMLElement);
/** @param {string} id */
const button = (id) => byId(id, HTMLButtonElement);
const board = byId("board", SVGSVGElement);
/** @type {{ code: string, moves: string, count: number, first: SolitaireView }} */
const data = JSON.parse($("replay-data").textContent || "");
const items = [...document.querySelectorAll("#replay-steps li")];
/** @type {Map<number, Step>} */
const cache = new Map([[0, { view: data.first, events: [] }]]);

let step = 0;
/** @type {SolitaireView | null} */
let view = null;
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;

/**
 * Step `n`, from the server the first time.
 * @param {number} n
 * @returns {Promise<Step>}
 */
async function fetchStep(n) {
  const kept = cache.get(n);
  if (kept) return kept;
  const query = new URLSearchParams({ code: data.code, moves: data.moves, step: String(n) });
  const { status, data: answer } = await call(`/replay/step?${query}`);
  if (status !== 200 || !answer.view) throw new Error(answer.error || t("The server answered %(status)s.", { status }));
  const fetched = { view: answer.view, events: answer.events || [] };
  cache.set(n, fetched);
  return fetched;
}

/**
 * Draw `view`, marking the piles `events` moved between.
 * @param {SolitaireView} view
 * @param {SolitaireEvent[]} events
 */
function draw(view, events) {
  const geometry = geometryOf(board, view);
  board.setAttribute("viewBox", `-4 -4 ${geometry.width + 8} ${geometry.height + 8}`);
  board.setAttribute("preserveAspectRatio", "xMidYMin meet");
  const moved = new Set();
  for (const event of events) if (event.type === "move") { moved.add(event.from); moved.add(event.to); }
  const fresh = document.createDocumentFragment();
  for (const [target, place] of geometry.map) {
    const group = pileGroup(target, place, false);
    if (moved.has(target)) group.classList.add("hint");
    fresh.appendChild(group);
  }
  board.replaceChildren(fresh);
}

/**
 * @param {number} n
 * @param {Step} answer
 */
function show(n, answer) {
  step = n;
  view = answer.view;
  draw(view, answer.events);
  $("step").textContent = String(n);
  $("score").textContent = number(view.score);
  $("moves").textContent = String(view.moves);
  const item = items[n];
  $("said").textContent = item?.querySelector("a")?.textContent || "";
  const note = item && item.querySelector(".note");
  $("note").hidden = !note;
  $("note").textContent = note ? note.textContent : "";
  items.forEach((li, i) => {
    const link = li.querySelector("a");
    if (i === n) link?.setAttribute("aria-current", "step");
    else link?.removeAttribute("aria-current");
  });
  button("first").disabled = button("back").disabled = n === 0;
  button("forward").disabled = button("last").disabled = n === data.count;
  history.replaceState(null, "", `#s${n}`);
}

// Steps are shown in the order they were asked for; a later request wins.
let asked = 0;
/** @param {number} n */
function go(n) {
  const target = Math.max(0, Math.min(data.count, n));
  const ticket = ++asked;
  return track(async () => {
    try {
      const answer = await fetchStep(target);
      if (ticket === asked) show(target, answer);
    } catch (error) {
      stop();
      say(String(error instanceof Error ? error.message : error));
    }
  });
}

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
  $("play").textContent = t("Play");
  $("play").dataset.playing = "0";
}

function play() {
  if (step >= data.count) go(0);
  $("play").textContent = t("Pause");
  $("play").dataset.playing = "1";
  const next = () => {
    timer = setTimeout(async () => {
      if (!timer) return;
      if (step >= data.count) return stop();
      await go(step + 1);
      if (step >= data.count) stop();
      else if (timer) next();
    }, Number(byId("speed", HTMLSelectElement).value) || 1000);
  };
  next();
}

$("first").addEventListener("click", () => { stop(); go(0); });
$("back").addEventListener("click", () => { stop(); go(step - 1); });
$("forward").addEventListener("click", () => { stop(); go(step + 1); });
$("last").addEventListener("click", () => { stop(); go(data.count); });
$("play").addEventListener("click", () => (timer ? stop() : play()));
for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("#replay-steps a[data-step]"))) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    stop();
    go(Number(link.dataset.step));
  });
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (closestTo(event, "input, select, textarea, button, a")) {
    if (event.key === " ") return; // a button or link of its own
  }
  /** @type {{ [key: string]: () => unknown }} */
  const keys = {
    ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1),
    Home: () => go(0), End: () => go(data.count),
  };
  if (document.dir === "rtl") [keys.ArrowLeft, keys.ArrowRight] = [keys.ArrowRight, keys.ArrowLeft];
  if (keys[event.key]) {
    event.preventDefault();
    stop();
    keys[event.key]();
  } else if (event.key === " " && !closestTo(event, "select")) {
    event.preventDefault();
    (timer ? stop : play)();
  }
});

/** @type {ReturnType<typeof setTimeout> | undefined} */
let resizing;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (view) draw(view, []); }, 100);
});

// The address's #s<n> opens at that step (a link to one moment of the game).
const start = /^#s(\d+)$/.exec(location.hash);
go(start ? Number(start[1]) : 0).then(() => { $("replay").dataset.ready = "1"; });
