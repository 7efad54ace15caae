// The first-game guide: "Got it" hides it and saves that it was seen (the player's
// setting), so it is not shown again. Without scripts its form posts the same.

import { call, say, track } from "./api.js";

const guide = document.getElementById("guide");
const form = guide && guide.querySelector("form");
if (guide && form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guide.hidden = true;
    window.dispatchEvent(new Event("resize")); // the table takes the room it leaves
    track(async () => {
      const { status, data } = await call("/api/settings", { guide_seen: true });
      if (status === 0 || status >= 400) {
        guide.hidden = false;
        window.dispatchEvent(new Event("resize"));
        say(data.error || "");
      }
    });
  });
}
