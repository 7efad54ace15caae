// The Hearts felt's drawing, shared by the solo table (hearts.js) and the table played
// with friends (together.js): the hand as card buttons, the trick in the middle, the
// seats' plates and the opponents' backs, the cards flying to the trick and to its taker
// (at the player's pace), the score sheet, the round's log (passes and tricks), the
// round-end window's rows and coach, and the last trick. Each function draws what it is
// given; which seat sits where, what the seats are called and the words (in the page
// language) are the caller's.

import { cardFace } from "/static/cards.js";
import { reducedMotion } from "/static/dom.js";
import { cardName, list, number } from "/static/i18n.js";

/** @type {{ [suit: string]: string }} */
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * "10♥" as a short, colored text, left to right in every language.
 * @param {string} code
 */
export function cardText(code) {
  const node = document.createElement("bdi");
  node.dir = "ltr";
  node.className = `cardtext${"HD".includes(code[1]) ? " red" : ""}`;
  node.textContent = `${code[0] === "T" ? "10" : code[0]}${SUITS[code[1]]}`;
  node.title = cardName(code);
  return node;
}

/** @param {string[]} cards */
export function trickPoints(cards) {
  return cards.reduce((sum, c) => sum + (c[1] === "H" ? 1 : 0) + (c === "QS" ? 13 : 0), 0);
}

/**
 * @typedef {{ pressed?: boolean, selected?: boolean, reason?: string, classes?: string[] }} CardState
 * how one card of the hand is drawn: pressed (passing: aria-pressed), selected, not
 * playable for `reason`, extra classes
 * @typedef {{ selected: string, notPlayable: string }} CardWords
 */

/**
 * The hand as card buttons (`.hcard`), left to right, the focus kept on the card that had
 * it (one card reached with Tab, the others with the arrow keys, see `roveHand`).
 * @param {HTMLElement} hand
 * @param {string[]} cards
 * @param {(code: string) => CardState} state
 * @param {CardWords} words
 */
export function drawHand(hand, cards, state, words) {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && hand.contains(active) ? active.dataset.card : null;
  const fresh = document.createDocumentFragment();
  for (const [i, code] of cards.entries()) {
    const button = document.createElement("button");
    button.className = "hcard";
    button.dataset.card = code;
    button.tabIndex = -1;
    const { pressed, selected, reason, classes } = state(code);
    const parts = [cardName(code)]; // the spoken label: name, then state
    if (pressed !== undefined) button.setAttribute("aria-pressed", String(pressed));
    if (selected) { button.classList.add("selected"); parts.push(words.selected); }
    if (reason) {
      button.classList.add("dimmed");
      button.title = reason;
      parts.push(`${words.notPlayable}: ${reason}`);
    }
    for (const name of classes || []) button.classList.add(name);
    button.setAttribute("aria-label", list(parts));
    button.style.setProperty("--i", String(i));
    button.appendChild(cardFace(code));
    fresh.appendChild(button);
  }
  hand.replaceChildren(fresh);
  hand.style.setProperty("--n", String(cards.length));
  const buttons = handButtons(hand);
  const again = buttons.find((b) => b.dataset.card === focused) || buttons[0];
  if (again) again.tabIndex = 0;
  if (focused && again) again.focus();
}

/**
 * The card buttons of a hand, as drawn.
 * @param {HTMLElement} hand
 */
export function handButtons(hand) {
  return [...hand.querySelectorAll(".hcard")].filter(
    /** @returns {node is HTMLButtonElement} */ (node) => node instanceof HTMLButtonElement);
}

/** @type {{ [key: string]: number }} the arrow keys' steps along the hand */
const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The arrow keys, Home and End move the focus along the hand (its one Tab stop).
 * @param {HTMLElement} hand
 */
export function roveHand(hand) {
  hand.addEventListener("keydown", (event) => {
    const buttons = handButtons(hand);
    const at = buttons.findIndex((b) => b === document.activeElement);
    if (at < 0) return;
    const step = STEPS[event.key];
    const rtl = getComputedStyle(hand).direction === "rtl";
    /** @type {number | null} */
    let next = null;
    if (step) next = at + (rtl && (event.key === "ArrowRight" || event.key === "ArrowLeft") ? -step : step);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    next = Math.max(0, Math.min(buttons.length - 1, next));
    buttons[at].tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
  });
}

/**
 * A card of the trick: its face, its spoken label ("West: queen of spades").
 * @param {string} card
 * @param {string} label
 */
export function trickCard(card, label) {
  const node = document.createElement("div");
  node.className = "tcard";
  node.dataset.card = card;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label);
  node.appendChild(cardFace(card));
  return node;
}

/**
 * The trick in the middle: each card in its slot (`.played[data-seat]` of `trick`, the
 * place where `place(seat)` puts the seat that played it).
 * @param {HTMLElement} trick
 * @param {{ seat: number, card: string }[]} played
 * @param {(seat: number) => number} place
 * @param {(seat: number, card: string) => string} label
 */
export function drawTrick(trick, played, place, label) {
  for (const slot of trick.querySelectorAll(".played")) slot.replaceChildren();
  for (const { seat, card } of played) {
    const slot = trick.querySelector(`.played[data-seat="${place(seat)}"]`);
    if (slot) slot.appendChild(trickCard(card, label(seat, card)));
  }
}

/**
 * The card just drawn in a slot of the trick flies there from `from` (a box on the
 * screen), starting at `scale` of its size (it is simply there with reduced motion).
 * @param {Element | null} node
 * @param {DOMRect | null} from
 * @param {number} scale
 * @param {number} ms
 */
export function flyIn(node, from, scale, ms) {
  if (!ms || !node || !from || reducedMotion()) return Promise.resolve();
  const to = node.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
    { duration: ms, easing: "ease-out" }).finished.then(() => {}, () => {});
}

/**
 * The trick's cards go to the box `to` (the seat that took them; they simply go with
 * reduced motion).
 * @param {Element[]} nodes
 * @param {DOMRect} to
 * @param {number} ms
 */
export function flyOut(nodes, to, ms) {
  if (!ms || reducedMotion()) return Promise.resolve();
  const flights = nodes.map((node) => {
    const from = node.getBoundingClientRect();
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    return node.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0.2 }],
      { duration: ms, easing: "ease-in", fill: "forwards" }).finished.then(() => {}, () => {});
  });
  return Promise.all(flights).then(() => {});
}

/**
 * An opponent's cards: `n` backs fanned on an arc (drawn again only when `n` changes).
 * @param {HTMLElement} backs
 * @param {number} n
 */
export function drawBacks(backs, n) {
  if (backs.children.length === n) return;
  backs.replaceChildren(...Array.from({ length: n }, (_, i) => {
    const back = cardFace("back");
    back.classList.add("back");
    back.style.setProperty("--i", String(i));
    return back;
  }));
  backs.style.setProperty("--n", String(n));
}

/**
 * The round's finished tricks as rows of the log's table: the trick's number, the card of
 * each seat (the columns in `seats`' order; the leader's and the taker's marked), the
 * points, and a spoken label.
 * @param {HeartsTrick[]} tricks
 * @param {number[]} seats
 * @param {(num: number, trick: HeartsTrick, points: number) => string} label
 */
export function trickRows(tricks, seats, label) {
  return tricks.map((trick, i) => {
    const row = document.createElement("tr");
    const points = trickPoints(trick.cards);
    row.setAttribute("aria-label", label(i + 1, trick, points));
    const num = document.createElement("th");
    num.scope = "row";
    num.textContent = String(i + 1);
    row.appendChild(num);
    for (const seat of seats) {
      const cell = document.createElement("td");
      const card = trick.cards[(seat - trick.leader + 4) % 4];
      if (card) cell.appendChild(cardText(card));
      if (seat === trick.leader) cell.classList.add("led");
      if (seat === trick.winner) cell.classList.add("won");
      row.appendChild(cell);
    }
    const cell = document.createElement("td");
    cell.textContent = number(points);
    row.appendChild(cell);
    return row;
  });
}

/**
 * The last trick's cards, each with the name of the seat that played it (the last-trick
 * window).
 * @param {HeartsTrick} trick
 * @param {(seat: number) => string} nameOf
 * @param {(seat: string, card: string) => string} label
 */
export function lastTrickFigures(trick, nameOf, label) {
  return trick.cards.map((card, i) => {
    const seat = (trick.leader + i) % 4;
    const node = document.createElement("figure");
    node.className = "tcard";
    node.dataset.card = card;
    node.dataset.seat = String(seat);
    node.appendChild(cardFace(card));
    const caption = document.createElement("figcaption");
    caption.textContent = nameOf(seat);
    node.appendChild(caption);
    node.setAttribute("aria-label", label(nameOf(seat), cardName(card)));
    return node;
  });
}

/**
 * The coach's notes as list items, each reached with Tab and speaking its label.
 * @param {HeartsCoach | null} coached
 */
export function coachItems(coached) {
  return (coached ? coached.notes : []).map((note) => {
    const item = document.createElement("li");
    item.tabIndex = 0;
    item.textContent = note.text;
    item.setAttribute("aria-label", note.label);
    return item;
  });
}

// --- the pace of the cards on the move --------------------------------------------------

/** @type {{ [speed: string]: HeartsPace }} the player's animation speeds, in ms */
export const PACES = {
  off: { fly: 0, after: 0, trick: 0 },
  fast: { fly: 110, after: 30, trick: 200 },
  normal: { fly: 180, after: 100, trick: 350 },
  slow: { fly: 400, after: 400, trick: 900 },
};

/** @param {number} ms */
export const sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * What a view draws: its hand, trick, counts and scores.
 * @param {HeartsView} v
 * @returns {HeartsShown}
 */
export function fromView(v) {
  const trick = v.trick.map((card, i) => ({ seat: (v.leader + i) % 4, card }));
  return { hand: [...v.hand], trick, counts: [...v.hand_sizes], points: [...v.round_points], totals: [...v.totals] };
}

// --- the seats and the score sheet ------------------------------------------------------

/**
 * A seat's plate on the felt: its name, its card count, its cards' backs (where the
 * plate has them), whether it is the seat to play.
 * @param {HTMLElement} plate
 * @param {string} name
 * @param {string} count "13 cards", in the page language
 * @param {number} n
 * @param {boolean} turn
 */
export function drawPlate(plate, name, count, n, turn) {
  textOf(plate, ".name", name);
  textOf(plate, ".count", count);
  const backs = plate.querySelector(".backs");
  if (backs instanceof HTMLElement) drawBacks(backs, n);
  plate.classList.toggle("turn", turn);
}

/**
 * The score sheet: a row a seat (`data-seat`: its name, cards, this round's points and
 * total; the row of `you` marked, if given) and the narrow screens' summary of totals
 * (`glance`, each item's seat as `seatOf` reads it), where this round's points so far
 * follow each total: "12 +3".
 * @param {Iterable<Element>} rows
 * @param {Iterable<Element>} glance
 * @param {{ counts: number[], points: number[], totals: number[] }} shown
 * @param {(seat: number) => string} nameOf
 * @param {(item: HTMLElement) => number} seatOf
 * @param {number | null} [you]
 */
export function drawScoreSheet(rows, glance, shown, nameOf, seatOf, you = null) {
  for (const node of rows) {
    if (!(node instanceof HTMLElement)) continue;
    const seat = Number(node.dataset["seat"]);
    if (you !== null) node.classList.toggle("you", seat === you);
    textOf(node, ".name", nameOf(seat));
    textOf(node, ".cards", number(shown.counts[seat]));
    textOf(node, ".round", number(shown.points[seat]));
    textOf(node, ".total", number(shown.totals[seat]));
  }
  for (const node of glance) {
    if (!(node instanceof HTMLElement)) continue;
    const seat = seatOf(node);
    const points = shown.points[seat];
    textOf(node, ".name", nameOf(seat));
    textOf(node, ".total", number(shown.totals[seat]));
    textOf(node, ".round", points ? number(points > 0 ? `+${points}` : points) : "");
  }
}

/**
 * Set the text of the element `selector` finds in `within` (if it is there).
 * @param {ParentNode} within
 * @param {string} selector
 * @param {string} text
 */
function textOf(within, selector, text) {
  const node = within.querySelector(selector);
  if (node) node.textContent = text;
}

// --- the round's log --------------------------------------------------------------------

/**
 * The passes of the round, in `node`: the cards passed and to whom, then those received
 * and from whom.
 * @param {HTMLElement} node
 * @param {HeartsView} view
 * @param {(seat: number) => string} nameOf
 * @param {{ passedTo: (seat: string) => string, receivedFrom: (seat: string) => string }} words
 */
export function drawPasses(node, view, nameOf, words) {
  node.replaceChildren();
  if (!view.passed.length) return;
  node.append(words.passedTo(nameOf(view.pass_to)), " ");
  for (const c of view.passed) node.append(cardText(c), " ");
  if (view.received.length) {
    node.append(document.createElement("br"), words.receivedFrom(nameOf(view.pass_from)), " ");
    for (const c of view.received) node.append(cardText(c), " ");
  }
}

/**
 * The round's finished tricks in the log's table (`trickRows`), the table hidden and
 * `none` ("No trick played yet.") shown while there are none.
 * @param {HTMLTableElement} table
 * @param {HTMLElement} none
 * @param {HeartsTrick[]} tricks
 * @param {number[]} seats
 * @param {(num: number, trick: HeartsTrick, points: number) => string} label
 */
export function drawTrickLog(table, none, tricks, seats, label) {
  const rows = trickRows(tricks, seats, label);
  table.tBodies[0].replaceChildren(...rows);
  table.hidden = rows.length === 0;
  none.hidden = rows.length > 0;
}

// --- the round's end and the last trick -------------------------------------------------

/**
 * The round-end window's rows: each seat's name, points, total and the point cards it
 * took ("2♥ 3♥ Q♠", left to right in every language); the row of `you` marked, if given.
 * @param {RoundEndEvent} event
 * @param {(seat: number) => string} nameOf
 * @param {number | null} [you]
 */
export function roundEndRows(event, nameOf, you = null) {
  return event.scores.map((points, seat) => {
    const row = document.createElement("tr");
    row.dataset["seat"] = String(seat);
    if (seat === you) row.className = "you";
    for (const text of [nameOf(seat), number(points), number(event.totals[seat])]) {
      const cell = document.createElement(row.children.length ? "td" : "th");
      cell.textContent = text;
      row.appendChild(cell);
    }
    const taken = document.createElement("td");
    for (const c of event.taken[seat]) taken.append(cardText(c), " ");
    row.appendChild(taken);
    return row;
  });
}

/**
 * The round-end window's part for the coach (the elements `${prefix}round-end-coach`,
 * its `-title`, `-none` and `-notes`): its notes, hidden when there are none to show.
 * @param {string} prefix
 * @param {HeartsCoach | null} notes
 */
export function drawRoundCoach(prefix, notes) {
  /** @param {string} part */
  const part = (part) => /** @type {HTMLElement} */ (document.getElementById(`${prefix}round-end-coach${part}`));
  part("").hidden = !notes;
  part("-title").textContent = notes ? notes.title : "";
  part("-none").textContent = notes ? notes.empty : "";
  part("-none").hidden = !notes || notes.notes.length > 0;
  part("-notes").replaceChildren(...coachItems(notes));
}

/**
 * The last-trick window (`dialog`), opened: the trick's cards in `cards`, each with the
 * name of the seat that played it, and `text` (who took it, for how many points).
 * @param {HTMLDialogElement} dialog
 * @param {HTMLElement} cards
 * @param {HTMLElement} text
 * @param {HeartsTrick} trick
 * @param {(seat: number) => string} nameOf
 * @param {{ seatCard: (seat: string, card: string) => string, took: (seat: string, num: number) => string }} words
 */
export function showLastTrick(dialog, cards, text, trick, nameOf, words) {
  cards.replaceChildren(...lastTrickFigures(trick, nameOf, words.seatCard));
  text.textContent = words.took(nameOf(trick.winner), trickPoints(trick.cards));
  dialog.showModal();
}
