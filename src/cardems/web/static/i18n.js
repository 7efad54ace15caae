// Translated UI strings for the browser scripts. The server embeds {msgid: text} for the
// page's language in <script id="cardems-strings"> (every game's strings), and the parts
// of card names in <script id="card-names">; t("Hint: %(move)s", {move}) formats.

function embedded(id, fallback) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : fallback;
}

const strings = embedded("cardems-strings", {});
const names = embedded("card-names", { ranks: {}, suits: {}, pattern: "%(rank)s of %(suit)s" });

function format(text, values) {
  return text.replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function t(message, values = {}) {
  return format(strings[message] ?? message, values);
}

// "QS" → "queen of spades" in the page's language.
export function cardName(code) {
  const [rank, suit] = [code[0], code[1]];
  return format(names.pattern, { rank: names.ranks[rank] || rank, suit: names.suits[suit] || suit });
}
