// The new-game window, the same for every game: the game (a list grouped by kind), that
// game's own choices (its fieldsets .game-choice[data-game][data-field]: a variant, a
// level…), winnable deals only (for games with a solver), or a typed code.

import { call } from "./api.js";
import { byId, closestTo } from "./dom.js";
import { t } from "./i18n.js";

const dialog = byId("new-game", HTMLDialogElement);
const form = byId("new-game-form", HTMLFormElement);
const errorLine = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
const winnable = /** @type {HTMLElement} */ (form.querySelector(".winnable"));
const codeInput = /** @type {HTMLInputElement} */ (form.elements.namedItem("code"));
const winnableBox = /** @type {HTMLInputElement} */ (form.elements.namedItem("winnable"));

/**
 * The game's own fieldsets (only the visible ones, if asked).
 * @param {string} [which]
 */
function fieldsets(which = "") {
  return /** @type {NodeListOf<HTMLFieldSetElement>} */ (form.querySelectorAll(`.game-choice${which}`));
}

const gameSelect = /** @type {HTMLSelectElement} */ (form.elements.namedItem("game"));

/** @returns {HTMLOptionElement | null} the chosen game's option */
function chosenGame() {
  return gameSelect.selectedOptions[0] || null;
}

// Only the chosen game's fieldsets, the winnable box only if it has a solver, and the
// code field's example a code of that game (the server's).
function showChoices() {
  const chosen = chosenGame();
  const game = chosen ? chosen.value : "";
  for (const set of fieldsets()) {
    set.hidden = set.dataset.game !== game;
    set.disabled = set.hidden;
  }
  winnable.hidden = chosen?.dataset.solvable === "0";
  if (chosen && chosen.dataset.example) codeInput.placeholder = chosen.dataset.example;
}

// A game's settings shown in the window are the player's own: a change is saved at once
// (the same box of every game that shares it follows), and taken back if refused.
form.addEventListener("change", async (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.dataset.setting) return;
  const key = box.dataset.setting, checked = box.checked;
  /** @param {boolean} value */
  const showAll = (value) => {
    for (const same of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(`input[data-setting="${CSS.escape(key)}"]`))) same.checked = value;
  };
  showAll(checked);
  const { status, data } = await call("/api/settings", { [key]: checked });
  if (status !== 200) {
    showAll(!checked);
    errorLine.textContent = data.error || t("The server answered %(status)s.", { status });
  }
});

/**
 * {field: value} of the chosen game's visible fieldsets.
 * @returns {{ [field: string]: string }}
 */
function choices() {
  /** @type {{ [field: string]: string }} */
  const chosen = {};
  for (const set of fieldsets(":not([hidden])")) {
    /** @type {HTMLInputElement | HTMLSelectElement | null} */
    const input = set.querySelector("input:checked, select, input:not([type=radio]):not([type=checkbox])");
    if (input && set.dataset.field) chosen[set.dataset.field] = input.value;
  }
  return chosen;
}

/**
 * Open the window with `game` chosen (and the code field focused, if asked).
 * @param {string | undefined} game
 * @param {boolean} [focusCode]
 */
export function openNewGame(game, focusCode = false) {
  errorLine.textContent = "";
  if (game && [...gameSelect.options].some((option) => option.value === game)) gameSelect.value = game;
  showChoices();
  for (const open of document.querySelectorAll("dialog")) if (open.open && open !== dialog) open.close();
  if (!dialog.open) dialog.showModal();
  if (focusCode) codeInput.focus();
}

form.addEventListener("change", showChoices);
byId("new-game-cancel", HTMLButtonElement).addEventListener("click", () => dialog.close());

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = codeInput.value.trim();
  const chosen = chosenGame();
  const { variant, ...options } = choices();
  /** @type {{ [key: string]: string | boolean }} */
  let body;
  if (code) { // the code names the game and its variant; the options still apply
    body = { code, ...options };
  } else {
    body = { game: chosen ? chosen.value : "", ...options };
    if (variant !== undefined) body.variant = variant;
    if (!winnable.hidden) body.winnable = winnableBox.checked;
  }
  if (code) { // a typed code is checked first: a mistake is an answer, not a failed request
    // The chosen game reads what is not a full code its own way (FreeCell: 617, #617).
    const game = encodeURIComponent(chosen ? chosen.value : "");
    const check = await call(`/api/codes/${encodeURIComponent(code)}?game=${game}`);
    if (check.data.error || check.status !== 200 || !check.data.code) {
      errorLine.textContent = check.data.error || t("The server answered %(status)s.", { status: check.status });
      codeInput.focus();
      return;
    }
    body.code = check.data.code;
  }
  errorLine.textContent = t("Dealing…");
  const { status, data } = await call("/api/games", body);
  if (status !== 201) {
    errorLine.textContent = data.error || t("The server answered %(status)s.", { status });
    return;
  }
  location.assign(`/game/${data.id}`);
});

document.addEventListener("click", (event) => {
  const button = closestTo(event, "button.new-deal");
  if (button) openNewGame(button.dataset.game);
});

/** @typedef {{ game?: string, code?: boolean }} NewGameDetail what `cardems:new-game` asks */

document.addEventListener("cardems:new-game", (event) => {
  const detail = /** @type {CustomEvent<NewGameDetail>} */ (event).detail;
  openNewGame(detail.game, Boolean(detail.code));
});
