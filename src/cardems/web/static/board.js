// Drawing a solitaire view as SVG cards, shared by the table (table.js) and the replay
// viewer (replay.js): each pile's place comes with the view, in board units.

import { cardHref } from "./cards.js";

const SVGNS = "http://www.w3.org/2000/svg";
export const CW = 100; // card width, board units (the sprite's viewBox)
export const CH = 140;
const MAX_FAN = 110; // board units: the longest a column's fan is stretched into spare room
/** @type {{ [suit: string]: string }} */
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * @typedef {{ x: number, y: number }} Point a place on the board, in board units
 * @typedef {Point & { fan: number, cards: Point[], pile: PileView }} Place where a pile
 *   is drawn: its slot, the offset between its cards, each card's place
 * @typedef {{ map: Map<string, Place>, width: number, height: number }} Geometry
 */

/**
 * A new SVG element `name` with `attrs`, appended to `parent` if given.
 * @param {string} name
 * @param {{ [name: string]: string | number }} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

// Each pile's place: its slot's top-left corner and the vertical offset between its cards
// (0: stacked, only the top card is seen), and the board's extent, in board units.
//
// The board fills the felt (the svg `board`) at one scale for the whole deal: the cards
// are as large as the felt's width and a column of RESERVE_FANS + 1 cards at the
// server's full fan allow, up to the player's card size. That scale is kept until the
// window's size or the deal's board width changes, never because the columns grew: the
// fans are stretched into the spare height (up to MAX_FAN) or tightened to fit it
// (down to MIN_FAN), and only a column longer than any deal can build (past MIN_FAN)
// would make the board taller than the felt.
/** @type {{ [size: string]: number }} px: the widest a card is drawn */
const CARD_CAP = { small: 64, medium: 88, large: 120 };
const PAD = 8; // board units around the board
const FULL_FAN = 36; // board units: the server's fan between a column's cards
const RESERVE_FANS = 8; // FreeCell's longest column (19 cards) fits them at MIN_FAN
const MIN_FAN = 16; // board units: the tightest fan, a card's index still shows
const MIN_CARD = 48; // px: the narrowest a card is drawn while the felt has height to spare
const SQUEEZE = 0.7; // the closest side by side places are drawn, of their laid out distance
const LABEL_ROOM = 34; // board units under a slot for its count
const ROW_GAP = 10; // board units between a fan's last card and the row of fans below
/** @type {{ key: string, scale: number, squeeze: number } | null} the scale chosen for this window and board */
let fixed = null;

/**
 * Pixels per board unit for a board `width` wide with `reserve` of height to fit, and
 * how much its places are drawn closer across (1: as laid out). A board too wide for
 * the felt (ten columns on a phone) whose cards would be drawn narrower than MIN_CARD
 * while height is left over draws them larger, its places closer together: side by
 * side cards then overlap, at most down to SQUEEZE of the space between them.
 * @param {DOMRect} box
 * @param {number} width
 * @param {number} reserve
 * @returns {{ scale: number, squeeze: number }}
 */
function boardScale(box, width, reserve) {
  const cap = CARD_CAP[document.documentElement.dataset.cardSize || ""];
  const key = `${window.innerWidth}x${window.innerHeight}:${cap}:${width}:${reserve}`;
  if (!fixed || fixed.key !== key) {
    const tall = box.height / (reserve + PAD), capped = cap ? cap / CW : Infinity;
    let scale = Math.min(box.width / (width + PAD), tall, capped);
    let squeeze = 1;
    if (scale * CW < MIN_CARD && width > CW) {
      const closest = box.width / (CW + (width - CW) * SQUEEZE + PAD);
      const larger = Math.min(MIN_CARD / CW, closest, tall, capped);
      if (larger > scale) {
        scale = larger;
        squeeze = Math.min(1, (box.width / scale - PAD - CW) / (width - CW));
      }
    }
    fixed = { key, scale, squeeze };
  }
  return fixed;
}

/**
 * The lowest a pile's count is drawn (board units): under its slot.
 * @param {PileView[]} piles
 */
function labelsBottom(piles) {
  let bottom = 0;
  for (const pile of piles) if (typeof pile.count === "number") bottom = Math.max(bottom, pile.y + CH + LABEL_ROOM);
  return bottom;
}

/**
 * The nearest column laid out below `pile` across the same width, or null.
 * @param {PileView[]} columns
 * @param {PileView} pile
 * @returns {PileView | null}
 */
function columnBelow(columns, pile) {
  let found = null;
  for (const other of columns) {
    if (other.y > pile.y && Math.abs(other.x - pile.x) < CW && (!found || other.y < found.y)) found = other;
  }
  return found;
}

/**
 * How low a column's fan may reach (board units): the top of the column below it, less a
 * gap, or the felt's `room` when none lies below.
 * @param {PileView[]} columns
 * @param {PileView} pile
 * @param {number} room
 */
function floorOf(columns, pile, room) {
  const below = columnBelow(columns, pile);
  return below ? below.y - ROW_GAP : room;
}

/**
 * Where each pile of `someView` is drawn on `board`, and the board's extent.
 * @param {SVGSVGElement} board
 * @param {SolitaireView} someView
 * @returns {Geometry}
 */
export function geometryOf(board, someView) {
  /** @type {Map<string, Place>} */
  const map = new Map();
  let { width, height } = someView.board;
  height = Math.max(height, labelsBottom(someView.piles)); // counts stay on the board
  let stretch = 1, dx = 0, squeeze = 1;
  const box = board.getBoundingClientRect();
  const fanned = someView.piles.filter((p) => p.fan > 0 && p.cards.length > 1);
  // Only a board sized by its felt (placed absolutely, as on the table page) is filled;
  // elsewhere (the replay page) the svg's size follows the board.
  const fills = getComputedStyle(board).position === "absolute";
  if (fills && box.width > 0 && box.height > 0) {
    const columns = someView.piles.filter((p) => p.fan > 0);
    // Rows of fans (many columns laid out in rows, fans in rows around a hole) keep the
    // whole laid-out board in view, the last row with room for its fans.
    const rows = columns.some((p) => columnBelow(columns, p) !== null);
    const reserve = columns.length // a board without columns (Heart to Heart): as it is
      ? Math.max(Math.max(...columns.map((p) => p.y)) + CH + FULL_FAN * RESERVE_FANS,
        rows ? someView.board.height : 0) : height;
    const fit = boardScale(box, width, reserve);
    const scale = fit.scale;
    squeeze = fit.squeeze;
    const drawnWidth = CW + (width - CW) * squeeze;
    const room = box.height / scale - PAD; // board units of height the felt offers
    dx = Math.max(0, (box.width / scale - PAD - drawnWidth) / 2);
    width = drawnWidth + 2 * dx;
    height = columns.length ? Math.max(room, labelsBottom(someView.piles)) : Math.max(height, room);
    if (fanned.length) {
      const base = Math.max(...fanned.map((p) => p.fan));
      stretch = Math.max(MIN_FAN / base, Math.min(MAX_FAN / base,
        ...fanned.map((p) => (floorOf(columns, p, room) - p.y - CH) / (p.fan * (p.cards.length - 1)))));
    }
  }
  for (const pile of someView.piles) {
    const x = pile.x * squeeze + dx, y = pile.y, fan = (pile.fan || 0) * stretch;
    map.set(pile.target, { x, y, fan, cards: pile.cards.map((_, i) => ({ x, y: y + i * fan })), pile });
    if (pile.cards.length) height = Math.max(height, y + CH + fan * (pile.cards.length - 1));
  }
  return { map, width, height };
}

/**
 * One card's group: its face (or back), shade and frame, at `pos`.
 * @param {CardView} card
 * @param {string} target
 * @param {number} index
 * @param {Point} pos
 * @param {boolean} spot a stop of the keyboard focus (a column's card)
 */
export function cardNode(card, target, index, pos, spot) {
  const classes = ["card"];
  const flags = /** @type {const} */ (["framed", "dimmed", "selected", "available"]);
  for (const flag of flags) if (card[flag]) classes.push(flag);
  if (!card.face_up) classes.push("face-down");
  if (card.covered) classes.push("covered"); // under other cards (Heart to Heart)
  const g = el("g", {
    class: classes.join(" "),
    transform: `translate(${pos.x} ${pos.y})`,
    "data-target": target,
    "data-index": index,
    "data-card": card.card || "back",
    // Its identity where a game deals a card twice (Spider's two decks: "7S.2"), else its face.
    "data-id": card.id || card.card || "back",
  });
  if (spot) { // a card of a column: a stop of the keyboard focus
    g.classList.add("spot");
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "-1");
    g.setAttribute("aria-label", card.label || card.card || "");
  } else {
    g.setAttribute("aria-hidden", "true");
  }
  const inner = el("g", { class: "inner card-face" }, g);
  el("use", { href: cardHref(card.card), width: CW, height: CH }, inner);
  el("rect", { class: "shade", x: 1, y: 1, width: CW - 2, height: CH - 2, rx: 8 }, inner);
  el("rect", { class: "frame", x: 2, y: 2, width: CW - 4, height: CH - 4, rx: 8 }, inner);
  return g;
}

/**
 * One pile as a group: its slot, a foundation's suit, its visible cards and its count.
 * @param {string} target
 * @param {Place} place
 * @param {boolean} [interactive] the pile or its fanned cards are stops of the keyboard focus
 */
export function pileGroup(target, place, interactive = true) {
  const pile = place.pile;
  const top = pile.cards[pile.cards.length - 1];
  const fanned = pile.fan > 0 && pile.cards.length > 0;
  // A place the server draws no outline for (a removed card's, in Pyramid) shows nothing
  // once empty, and is no stop of the keyboard focus.
  const outlined = pile.outline !== false;
  const spot = !fanned && interactive && (outlined || pile.cards.length > 0);
  const group = el("g", {
    class: `pile ${pile.kind}${spot ? " spot" : ""}`,
    "data-target": target,
    role: spot ? "button" : "group",
    "aria-label": pile.label || target,
  }, null);
  if (spot) group.setAttribute("tabindex", "-1");
  if (top && top.selected) group.classList.add("has-selected");
  if (outlined) el("rect", { class: "slot", x: place.x + 3, y: place.y + 3, width: CW - 6, height: CH - 6, rx: 8 }, group);
  if (pile.suit) { // a foundation's suit, on its empty slot
    const mark = el("text", { class: "slot-mark", x: place.x + CW / 2, y: place.y + CH / 2 + 16 }, group);
    mark.textContent = SUITS[pile.suit] || "";
  }
  // Only the top card of a stacked pile (stock, waste, cell, foundation) can be seen.
  const first = pile.fan > 0 ? 0 : Math.max(0, pile.cards.length - 1);
  for (let i = first; i < pile.cards.length; i++) {
    group.appendChild(cardNode(pile.cards[i], target, i, place.cards[i], fanned && interactive));
  }
  if (typeof pile.count === "number") { // stock, waste, foundations: how many cards
    const label = el("text", { class: "label count", x: place.x + CW / 2, y: place.y + CH + 24, "aria-hidden": "true" }, group);
    label.textContent = String(pile.count);
  }
  return group;
}
