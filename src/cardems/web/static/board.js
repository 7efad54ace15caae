// Drawing a solitaire view as SVG cards, shared by the table (table.js) and the replay
// viewer (replay.js): each pile's place comes with the view, in board units.

import { cardHref } from "./cards.js";

const SVGNS = "http://www.w3.org/2000/svg";
export const CW = 100; // card width, board units (the sprite's viewBox)
export const CH = 140;
const MAX_FAN = 110; // board units: the longest a column's fan is stretched into spare room
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Each pile's place: its slot's top-left corner and the vertical offset between its cards
// (0: stacked, only the top card is seen), and the board's extent, in board units.
//
// The board fills the felt (the svg `board`): cards are drawn as large as the width and
// what is on the table allow (the fanned columns with room for one card more, not the
// server's reserve for the longest columns), up to the player's card size; the board is
// centred, and the fans are stretched into the spare height, up to MAX_FAN, so their
// cards are easier to read and to touch. When the columns grow the fans tighten (the
// server's fan) and then the cards shrink.
const CARD_CAP = { small: 64, medium: 88, large: 120 }; // px: the widest a card is drawn
const PAD = 8; // board units around the board

function extent(pile, fan) {
  const count = typeof pile.count === "number" ? 30 : 0; // the count under a pile
  return pile.y + CH + Math.max(fan * pile.cards.length, count);
}

export function geometryOf(board, someView) {
  const map = new Map();
  let { width, height } = someView.board;
  let stretch = 1, dx = 0;
  const box = board.getBoundingClientRect();
  const fanned = someView.piles.filter((p) => p.fan > 0 && p.cards.length > 1);
  // Only a board sized by its felt (placed absolutely, as on the table page) is filled;
  // elsewhere (the replay page) the svg's size follows the board.
  const fills = getComputedStyle(board).position === "absolute";
  if (fills && box.width > 0 && box.height > 0) {
    const used = someView.piles.some((p) => p.fan > 0)
      ? Math.max(...someView.piles.map((p) => extent(p, p.fan || 0)))
      : height;
    const cap = CARD_CAP[document.documentElement.dataset.cardSize];
    const scale = Math.min(box.width / (width + PAD), box.height / (used + PAD), cap ? cap / CW : Infinity);
    const room = box.height / scale - PAD; // board units of height the felt offers
    dx = Math.max(0, (box.width / scale - PAD - width) / 2);
    width += 2 * dx;
    height = Math.max(used, room);
    if (fanned.length) {
      const base = Math.max(...fanned.map((p) => p.fan));
      stretch = Math.max(1, Math.min(MAX_FAN / base,
        ...fanned.map((p) => (room - p.y - CH) / (p.fan * (p.cards.length - 1)))));
    }
  }
  for (const pile of someView.piles) {
    const x = pile.x + dx, y = pile.y, fan = (pile.fan || 0) * stretch;
    map.set(pile.target, { x, y, fan, cards: pile.cards.map((_, i) => ({ x, y: y + i * fan })), pile });
    if (pile.cards.length) height = Math.max(height, y + CH + fan * (pile.cards.length - 1));
  }
  return { map, width, height };
}

export function cardNode(card, target, index, pos, spot) {
  const classes = ["card"];
  for (const flag of ["framed", "dimmed", "selected", "available"]) if (card[flag]) classes.push(flag);
  if (!card.face_up) classes.push("face-down");
  if (card.covered) classes.push("covered"); // under other cards (Heart to Heart)
  const g = el("g", {
    class: classes.join(" "),
    transform: `translate(${pos.x} ${pos.y})`,
    "data-target": target,
    "data-index": index,
    "data-card": card.card || "back",
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

// One pile as a group: its slot, a foundation's suit, its visible cards and its count.
// `interactive`: the pile or its fanned cards are stops of the keyboard focus.
export function pileGroup(target, place, interactive = true) {
  const pile = place.pile;
  const top = pile.cards[pile.cards.length - 1];
  const fanned = pile.fan > 0 && pile.cards.length > 0;
  const group = el("g", {
    class: `pile ${pile.kind}${fanned || !interactive ? "" : " spot"}`,
    "data-target": target,
    role: fanned || !interactive ? "group" : "button",
    "aria-label": pile.label || target,
  }, null);
  if (!fanned && interactive) group.setAttribute("tabindex", "-1");
  if (top && top.selected) group.classList.add("has-selected");
  el("rect", { class: "slot", x: place.x + 3, y: place.y + 3, width: CW - 6, height: CH - 6, rx: 8 }, group);
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
