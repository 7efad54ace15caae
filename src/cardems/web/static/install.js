// Registers the service worker (sw.js) where the browser offers one: on localhost and
// over HTTPS. Nothing else depends on it.
"use strict";
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
