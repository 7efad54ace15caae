// Cardems shared tables: the forms that open a table and join one by its code. The
// server checks everything; the page goes to the table once it has a seat there.

import { call } from "./api.js";

/**
 * The form's fields as JSON: numbers where the select holds one.
 * @param {HTMLFormElement} form
 * @returns {{ [name: string]: string | number }}
 */
function fields(form) {
  /** @type {{ [name: string]: string | number }} */
  const body = {};
  for (const [name, value] of new FormData(form).entries()) {
    const text = String(value);
    body[name] = name === "turn_seconds" ? Number(text) : text;
  }
  return body;
}

/**
 * Send `form` to `path`; go to the table, or say why not.
 * @param {HTMLFormElement} form
 * @param {string} path
 */
function wire(form, path) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await call(path, fields(form));
    const table = /** @type {{ table?: { id: string } }} */ (/** @type {unknown} */ (answer.data)).table;
    if (table && answer.status < 300) {
      window.location.assign(`/tables/${table.id}`);
      return;
    }
    const line = document.getElementById("together-message");
    if (line) line.textContent = answer.data.error || "";
  });
}

for (const [id, path] of [["open-table", "/api/tables"], ["join-table", "/api/tables/join"], ["join-by-code", "/api/tables/join"]]) {
  const form = document.getElementById(String(id));
  if (form instanceof HTMLFormElement) wire(form, String(path));
}
