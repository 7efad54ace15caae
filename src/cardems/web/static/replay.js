// The replay viewer: steps through a finished game (or a worked example) view by view.
// The server rebuilds each step from the deal code and the moves (/replay/step); this
// module draws it with the table's SVG cards (board.js), marks the piles the step moved
// between, and says the step in words (the page lists every step, in its language).

import { call, say, track } from "./api.js";
import { geometryOf, pileGroup } from "./board.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const data = JSON.parse($("replay-data").textContent);
const items = [...document.querySelectorAll("#replay-steps li")];
const cache = new Map([[0, { view: data.first, events: [] }]]);

let step = 0;
let view = null;
let timer = null;

async function fetchStep(n) {
  if (cache.has(n)) return cache.get(n);
  const query = new URLSearchParams({ code: data.code, moves: data.moves, step: String(n) });
  const { status, data: answer } = await call(`/replay/step?${query}`);
  if (status !== 200 || !answer.view) throw new Error(answer.error || t("The server answered %(status)s.", { status }));
  cache.set(n, answer);
  return answer;
}

function draw(events) {
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

function show(n, answer) {
  step = n;
  view = answer.view;
  draw(answer.events || []);
  $("step").textContent = String(n);
  $("score").textContent = view.score;
  $("moves").textContent = view.moves;
  const item = items[n];
  $("said").textContent = item ? item.querySelector("a").textContent : "";
  const note = item && item.querySelector(".note");
  $("note").hidden = !note;
  $("note").textContent = note ? note.textContent : "";
  items.forEach((li, i) => {
    const link = li.querySelector("a");
    if (i === n) link.setAttribute("aria-current", "step");
    else link.removeAttribute("aria-current");
  });
  $("first").disabled = $("back").disabled = n === 0;
  $("forward").disabled = $("last").disabled = n === data.count;
  history.replaceState(null, "", `#s${n}`);
}

// Steps are shown in the order they were asked for; a later request wins.
let asked = 0;
function go(n) {
  const target = Math.max(0, Math.min(data.count, n));
  const ticket = ++asked;
  return track(async () => {
    try {
      const answer = await fetchStep(target);
      if (ticket === asked) show(target, answer);
    } catch (error) {
      stop();
      say(String(error.message || error));
    }
  });
}

function stop() {
  clearTimeout(timer);
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
    }, Number($("speed").value) || 1000);
  };
  next();
}

$("first").addEventListener("click", () => { stop(); go(0); });
$("back").addEventListener("click", () => { stop(); go(step - 1); });
$("forward").addEventListener("click", () => { stop(); go(step + 1); });
$("last").addEventListener("click", () => { stop(); go(data.count); });
$("play").addEventListener("click", () => (timer ? stop() : play()));
for (const link of document.querySelectorAll("#replay-steps a[data-step]")) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    stop();
    go(Number(link.dataset.step));
  });
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea, button, a")) {
    if (event.key === " ") return; // a button or link of its own
  }
  const keys = {
    ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1),
    Home: () => go(0), End: () => go(data.count),
  };
  if (document.dir === "rtl") [keys.ArrowLeft, keys.ArrowRight] = [keys.ArrowRight, keys.ArrowLeft];
  if (keys[event.key]) {
    event.preventDefault();
    stop();
    keys[event.key]();
  } else if (event.key === " " && !event.target.closest("select")) {
    event.preventDefault();
    (timer ? stop : play)();
  }
});

let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (view) draw([]); }, 100);
});

// The address's #s<n> opens at that step (a link to one moment of the game).
const start = /^#s(\d+)$/.exec(location.hash);
go(start ? Number(start[1]) : 0).then(() => { $("replay").dataset.ready = "1"; });
