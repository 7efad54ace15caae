// The new-game window: game, Seahaven difficulty, winnable deals only, or a typed code.

import { t } from "./i18n.js";

const dialog = document.getElementById("new-game");
const form = document.getElementById("new-game-form");
const errorLine = form.querySelector(".form-error");

function showCells() {
  const game = form.elements.game ? form.elements.game.value : "";
  form.querySelector(".cells").hidden = game !== "seahaven";
}

export function openNewGame(game, focusCode = false) {
  errorLine.textContent = "";
  const radio = form.querySelector(`input[name=game][value="${game}"]`);
  if (radio) radio.checked = true;
  showCells();
  dialog.showModal();
  if (focusCode) form.elements.code.focus();
}

form.addEventListener("change", showCells);
document.getElementById("new-game-cancel").addEventListener("click", () => dialog.close());

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = form.elements.code.value.trim();
  const game = form.elements.game ? form.elements.game.value : "";
  const body = code ? { code } : {
    game,
    winnable: form.elements.winnable.checked,
    ...(game === "seahaven" ? { variant: form.elements.variant.value } : {}),
  };
  errorLine.textContent = t("Dealing…");
  const response = await fetch("/api/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: t("The server did not answer.") }));
  if (!response.ok) {
    errorLine.textContent = data.error;
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
