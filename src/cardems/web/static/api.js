// The server, for every table and dialog: one request helper, one input queue, versioned
// intents and the status line.
//
// Every view carries `version` (the number of actions applied to its game); an intent
// names the version of the latest view received, read when the request is sent (so a
// queued tap is made on the position the previous answer drew). If the game has changed
// meanwhile (another tab), the server answers 409 with the current view, which the caller
// draws instead of the move: nothing is retried. An intent that reaches no server (offline,
// or the server down) is not made either, and its answer's error says so in words.

import { t } from "./i18n.js";
import { play } from "./sound.js";

/** @type {Map<string, number>} game id -> the latest version received */
const versions = new Map();
/** @type {Map<string, Status>} game id -> the status of the latest view received */
const statuses = new Map();
/** @type {Promise<unknown>} */
let queue = Promise.resolve();
let pending = 0;
/** Whether the last intent failed because the browser is offline. */
let offline = false;
const OFFLINE = "You are offline: this move was not made. It will work again when the connection is back.";
const NO_ANSWER = "The server did not answer: this move was not made. Try again in a moment.";

// For tests: every request sent so far has been answered and drawn.
window.cardemsIdle = () => pending === 0;

/**
 * The page's status line (the table's message under the toolbar).
 * @param {string | null | undefined} text
 * @param {"error" | "info" | "warning"} [kind]
 */
export function say(text, kind = "error") {
  const line = document.querySelector("main .message[role=status]");
  if (!line) return;
  line.textContent = text || "";
  const style = { error: "", info: "info-text", warning: "warning" }[kind];
  line.className = style ? `message ${style}` : "message";
}

/** @param {SolitaireView} view */
function noteView(view) {
  if (!view || typeof view.id !== "string" || typeof view.version !== "number") return;
  if (!statuses.has(view.id)) statuses.set(view.id, view.status);
  versions.set(view.id, Math.max(view.version, versions.get(view.id) ?? 0));
}

/**
 * GET `path`, or POST `body` as JSON; always {status, data} (data.error on failure).
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<ApiAnswer>}
 */
export async function call(path, body) {
  /** @type {RequestInit} */
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    return { status: 0, data: { error: t("The server did not answer.") } };
  }
  /** @type {ApiData} */
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: t("The server answered %(status)s.", { status: response.status }) };
  }
  if (data && data.view) noteView(data.view);
  return { status: response.status, data };
}

/**
 * The input queue: player actions run one after the other, each after the previous
 * answer has been drawn.
 * @template T
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export function enqueue(task) {
  pending += 1;
  const result = queue.then(task).finally(() => { pending -= 1; });
  queue = result.catch((error) => say(String(error)));
  return result;
}

/**
 * Side requests (hints, solver questions) run beside the queue: a slow answer never
 * holds up play, but tests still wait for them (undefined if it failed: said).
 * @template T
 * @param {() => Promise<T>} task
 * @returns {Promise<T | undefined>}
 */
export function track(task) {
  pending += 1;
  return Promise.resolve().then(task)
    .catch((error) => { say(String(error)); return undefined; })
    .finally(() => { pending -= 1; });
}

/**
 * One intent on the latest version of `gameId`: {status, data: {view, events, error}}.
 * On 409 (`stale`), data.view is the game as it stands now and data.error says so.
 * @param {string} gameId
 * @param {object} body
 * @returns {Promise<ApiAnswer>}
 */
export async function intent(gameId, body) {
  const version = versions.get(gameId) ?? 0;
  const answer = await call(`/api/games/${gameId}/intent`, { ...body, version });
  if (answer.status === 0) { // no answer: the move was not made, and the page says so
    offline = !navigator.onLine;
    answer.data = { error: offline ? t(OFFLINE) : t(NO_ANSWER) };
  } else if (answer.status === 409) {
    answer.stale = true;
    answer.data = {
      ...answer.data,
      events: [],
      error: t("This game has changed elsewhere: it is shown as it stands now."),
    };
  }
  sound(gameId, answer.data || {});
  return answer;
}

// Back online after a move that could not be made: say so (the server was never told).
window.addEventListener("online", () => {
  if (offline) say(t("The connection is back: you can play again."), "info");
  offline = false;
});

/**
 * The sound of an answer: a refusal, a win, or cards that moved.
 * @param {string} gameId
 * @param {ApiData} data
 */
function sound(gameId, data) {
  const status = data.view && data.view.status;
  const before = statuses.get(gameId);
  if (status) statuses.set(gameId, status);
  if (data.refused) play("refused");
  else if (status === "won" && before !== undefined && before !== "won") play("won");
  else if (data.events && data.events.length) play("card");
}
