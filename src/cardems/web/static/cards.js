// Where a card's picture comes from: the sprite of the player's deck (two or four
// colours) and their card back, as the page's <html data-deck data-back> says.

const root = document.documentElement.dataset;
const SPRITE = root.deck === "four_colour" ? "/cards-four-colour.svg" : "/cards.svg";
const BACK = `card-back-${root.back || "blue"}`;

/**
 * "TH" → the sprite's face of the ten of hearts; "back" (or nothing) → the back.
 * @param {string | null | undefined} code
 */
export function cardHref(code) {
  return `${SPRITE}#${!code || code === "back" ? BACK : `card-${code}`}`;
}

/**
 * A card drawn on its own, 100 × 140 and hidden from screen readers (its label is said
 * by what holds it): "TH", or "back".
 * @param {string} code
 */
export function cardFace(code) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", cardHref(code));
  use.setAttribute("width", "100");
  use.setAttribute("height", "140");
  svg.appendChild(use);
  return svg;
}
