// Translated UI strings for the browser scripts. The server embeds {msgid: text} for the
// page's language in <script id="cardems-strings">; t("Hint: %(move)s", {move}) formats.

const node = document.getElementById("cardems-strings");
const strings = node ? JSON.parse(node.textContent) : {};

export function t(message, values = {}) {
  const text = strings[message] ?? message;
  return text.replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
