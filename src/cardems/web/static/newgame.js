// The new-game window, the same for every game: the game, that game's own choices (its
// fieldsets .game-choice[data-game][data-field]: a variant, a level…), winnable deals
// only (for games with a solver), or a typed code.

import { call } from "./api.js";
import { t } from "./i18n.js";

const dialog = document.getElementById("new-game");
const form = document.getElementById("new-game-form");
const errorLine = form.querySelector(".form-error");
const winnable = form.querySelector(".winnable");

function chosenRadio() {
  return form.querySelector("input[name=game]:checked");
}

// Only the chosen game's fieldsets, and the winnable box only if it has a solver.
function showChoices() {
  const radio = chosenRadio();
  const game = radio ? radio.value : "";
  for (const set of form.querySelectorAll(".game-choice")) {
    set.hidden = set.dataset.game !== game;
    set.disabled = set.hidden;
  }
  winnable.hidden = Boolean(radio) && radio.dataset.solvable === "0";
}

// {field: value} of the chosen game's visible fieldsets.
function choices() {
  const chosen = {};
  for (const set of form.querySelectorAll(".game-choice:not([hidden])")) {
    const input = set.querySelector("input:checked, select, input:not([type=radio]):not([type=checkbox])");
    if (input) chosen[set.dataset.field] = input.value;
  }
  return chosen;
}

export function openNewGame(game, focusCode = false) {
  errorLine.textContent = "";
  const radio = form.querySelector(`input[name=game][value="${CSS.escape(game || "")}"]`);
  if (radio) radio.checked = true;
  showChoices();
  for (const open of document.querySelectorAll("dialog[open]")) if (open !== dialog) open.close();
  if (!dialog.open) dialog.showModal();
  if (focusCode) form.elements.code.focus();
}

form.addEventListener("change", showChoices);
document.getElementById("new-game-cancel").addEventListener("click", () => dialog.close());

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = form.elements.code.value.trim();
  const radio = chosenRadio();
  const { variant, ...options } = choices();
  let body;
  if (code) { // the code names the game and its variant; the options still apply
    body = { code, ...options };
  } else {
    body = { game: radio ? radio.value : "", ...options };
    if (variant !== undefined) body.variant = variant;
    if (!winnable.hidden) body.winnable = form.elements.winnable.checked;
  }
  if (code) { // a typed code is checked first: a mistake is an answer, not a failed request
    // The chosen game reads what is not a full code its own way (FreeCell: 617, #617).
    const game = encodeURIComponent(radio ? radio.value : "");
    const check = await call(`/api/codes/${encodeURIComponent(code)}?game=${game}`);
    if (check.data.error || check.status !== 200) {
      errorLine.textContent = check.data.error || t("The server answered %(status)s.", { status: check.status });
      form.elements.code.focus();
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
  const button = event.target.closest("button.new-deal");
  if (button) openNewGame(button.dataset.game);
});

document.addEventListener("cardems:new-game", (event) => {
  openNewGame(event.detail.game, Boolean(event.detail.code));
});
