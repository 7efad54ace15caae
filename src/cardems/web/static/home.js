// The home page's search: as the player types, only the games whose name (in the page's
// language or in English) or kind holds the words stay shown, and the groups left empty
// hide. Without scripts the box stays hidden and every game is listed.

/**
 * Text folded for matching: lower case, without accents, harakat or niqqud.
 * @param {string} text
 */
function fold(text) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

const box = /** @type {HTMLInputElement | null} */ (document.getElementById("game-search"));
const none = /** @type {HTMLElement | null} */ (document.querySelector(".no-game-found"));
if (box && none) {
  /** @type {HTMLElement} */ (box.closest(".game-search")).hidden = false;
  const cards = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".game-card"))];
  const groups = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".game-group"))];
  const filter = () => {
    const words = fold(box.value).split(/\s+/).filter(Boolean);
    for (const card of cards) {
      const text = fold(card.dataset.search || "");
      card.hidden = !words.every((word) => text.includes(word));
    }
    for (const group of groups) group.hidden = !group.querySelector(".game-card:not([hidden])");
    none.hidden = cards.some((card) => !card.hidden);
  };
  box.addEventListener("input", filter);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && box.value) {
      box.value = "";
      filter();
    } else if (event.key === "Enter") { // Enter plays the only game found
      const shown = cards.filter((card) => !card.hidden);
      const play = shown.length === 1 ? shown[0]?.querySelector("button.play") : null;
      if (play instanceof HTMLButtonElement) play.click();
    }
  });
  filter(); // a value the browser kept on Back
}
