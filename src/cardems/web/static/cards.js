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
