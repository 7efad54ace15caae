// Translated UI strings for the browser scripts. The server embeds {msgid: text} for the
// page's language in <script id="cardems-strings"> (every game's strings), and the parts
// of card names in <script id="card-names">; t("Hint: %(move)s", {move}) formats.

/**
 * The JSON a page embeds in the script element `id`, else `fallback`.
 * @template T
 * @param {string} id
 * @param {T} fallback
 * @returns {T}
 */
function embedded(id, fallback) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent || "null") : fallback;
}

/** @typedef {{ [key: string]: string | number }} Values */

/** @type {{ [msgid: string]: string }} */
const strings = embedded("cardems-strings", {});
/** @type {{ ranks: { [rank: string]: string }, suits: { [suit: string]: string }, pattern: string }} */
const names = embedded("card-names", { ranks: {}, suits: {}, pattern: "%(rank)s of %(suit)s" });

/**
 * @param {string} text
 * @param {Values} values
 */
function format(text, values) {
  return text.replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * `message` in the page's language, its `%(name)s` filled from `values`.
 * @param {string} message
 * @param {Values} [values]
 */
export function t(message, values = {}) {
  return format(strings[message] ?? message, values);
}

/**
 * "QS" → "queen of spades" in the page's language.
 * @param {string} code
 */
export function cardName(code) {
  const [rank, suit] = [code[0], code[1]];
  return format(names.pattern, { rank: names.ranks[rank] || rank, suit: names.suits[suit] || suit });
}
