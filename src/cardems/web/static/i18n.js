// Translated UI strings for the browser scripts. The server embeds {msgid: text} for the
// page's language in <script id="cardems-strings"> (every game's strings), and the parts
// of card names in <script id="card-names">; t("Hint: %(move)s", {move}) formats.
// number(-5) writes a number as the server's cardems.i18n.number_text does: in a
// right-to-left page a signed number is isolated left to right (U+2066 … U+2069), else
// the bidirectional algorithm shows -5 as "5-". cardList(["QS", "2C"]) names cards as a
// list, joined with the language's separator (Arabic's "، ").

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
/** @type {{ ranks: { [rank: string]: string }, suits: { [suit: string]: string }, pattern: string, separator?: string }} */
const names = embedded("card-names", { ranks: {}, suits: {}, pattern: "%(rank)s of %(suit)s", separator: ", " });
const rightToLeft = document.documentElement.dir === "rtl";

/**
 * `value` as the page shows a number: a signed one keeps its sign on its left in a
 * right-to-left page ("-5", never "5-").
 * @param {number | string} value
 */
export function number(value) {
  const text = String(value);
  return rightToLeft && /^[-+\u2212]/.test(text) ? `\u2066${text}\u2069` : text;
}

/**
 * @param {string} text
 * @param {Values} values
 */
function format(text, values) {
  return text.replace(/%\((\w+)\)[sd]/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? number(value) : String(value);
  });
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

/**
 * Items already in the page's language, as a list: "a, b, c"; in Arabic "a، b، c".
 * @param {string[]} items
 */
export function list(items) {
  return items.join(names.separator ?? ", ");
}

/**
 * ["QS", "2C"] → "queen of spades, 2 of clubs" in the page's language.
 * @param {string[]} codes
 */
export function cardList(codes) {
  return list(codes.map(cardName));
}
