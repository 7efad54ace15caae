// The page's elements, found and typed once: a script that needs an element its page
// lacks fails at once, naming it, instead of at its first use.

/**
 * The element `id`, which must be a `kind` (HTMLElement if not given).
 * @template {Element} E
 * @param {string} id
 * @param {{ new (): E, prototype: E }} kind
 * @returns {E}
 */
export function byId(id, kind) {
  const node = document.getElementById(id);
  if (!(node instanceof kind)) throw new Error(`#${id} is not a ${kind.name} of this page`);
  return node;
}

/**
 * The element an event happened on, if it is one (not text, nor the document).
 * @param {Event} event
 * @returns {Element | null}
 */
export function targetOf(event) {
  return event.target instanceof Element ? event.target : null;
}

/**
 * The nearest element around the event's target (itself included) matching `selector`.
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | SVGElement | null}
 */
export function closestTo(event, selector) {
  const found = targetOf(event)?.closest(selector);
  return found instanceof HTMLElement || found instanceof SVGElement ? found : null;
}

/**
 * Whether the system asks for less motion (`prefers-reduced-motion: reduce`): cards then
 * land in their places without flying, whatever the animation speed (pauses that let a
 * player read a trick stay).
 * @returns {boolean}
 */
export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
