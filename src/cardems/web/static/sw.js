// Cardems' service worker: the app's shell and the pages and views last seen stay
// readable when the server cannot be reached. Every move still goes to the server (it
// decides every rule), so offline a page shows what it showed last, and a page never
// seen, or a form pressed (Play), says plainly that the server is out of reach (/offline).
"use strict";

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
/** The static files' version: /static/<VERSION>/… never changes (static_assets.py). */
const VERSION = "__VERSION__";
/** @type {string} */
const CACHE = `cardems-${VERSION}`;
/** @type {string[]} */
const SHELL = __SHELL__;

worker.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  worker.skipWaiting();
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))
    )
  );
  worker.clients.claim();
});

/**
 * The network's answer, kept for later; the kept one when the network fails.
 * @param {Request} request
 * @param {string | null} fallback a URL to answer with when nothing was kept
 * @returns {Promise<Response>}
 */
async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = (await cache.match(request)) || (fallback && (await cache.match(fallback)));
    if (kept) return kept;
    throw error;
  }
}

/**
 * A file at a versioned URL: the kept copy, else the network's, kept (it never changes;
 * unless the server says otherwise: one of another release, in a fleet mid-upgrade).
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function keptForGood(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  const lasting = (answer.headers.get("cache-control") || "").includes("immutable");
  if (answer.ok && lasting) cache.put(request, answer.clone());
  return answer;
}

/**
 * The kept copy at once, refreshed behind it.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  const fresh = fetch(request).then((answer) => {
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  });
  return kept || fresh;
}

/**
 * A form's press (Play, Today's deal, a deal page's button): to the server, or, when it
 * cannot be reached, the page that says so instead of the browser's own error.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function pressed(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match("/offline");
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    event.respondWith(pressed(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(`/static/${VERSION}/`)) {
    event.respondWith(keptForGood(request));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(keptFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, "/offline"));
  } else if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".svg")) {
    event.respondWith(networkFirst(request, null));
  }
});
