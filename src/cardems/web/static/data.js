// The statistics page's "Take in a file": the chosen archive goes to the server as it is;
// the page then shows what was taken in, or says why the file was refused.

import { t } from "./i18n.js";

const input = document.getElementById("archive-file");
const error = document.getElementById("archive-error");

if (input instanceof HTMLInputElement && error) {
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    error.textContent = "";
    /** @type {ApiAnswer} */
    let answer;
    try {
      const response = await fetch("/api/archive", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: await file.text(),
      });
      answer = { status: response.status, data: await response.json() };
    } catch {
      answer = { status: 0, data: { error: t("The server did not answer.") } };
    }
    input.value = "";
    if (answer.status === 200) location.assign(`/stats?imported=${answer.data.imported}`);
    else error.textContent = answer.data.error || "";
  });
}
