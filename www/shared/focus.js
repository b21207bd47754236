// The keyboard stays where the person was: a button that disappears once
// used (Play again, Let the computer play from here) hands the focus to the
// board instead of dropping it on <body>.

/**
 * Hides or shows `el`; when it had the focus and goes, `fallback` takes it.
 * @param {HTMLElement} el @param {boolean} hidden @param {() => void} fallback
 */
export function setHidden(el, hidden, fallback) {
  const had = /** @type {Document | ShadowRoot} */ (el.getRootNode()).activeElement === el;
  el.hidden = hidden;
  if (hidden && had) fallback();
}
