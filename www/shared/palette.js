// Canvas drawings take their colours from CSS custom properties, so the
// light, dark and projector themes live in one place (style.css) and a
// drawing follows the page's theme like the rest of the page does.

/**
 * `defaults` with each entry replaced by the custom property
 * `--{prefix}-{kebab-case key}` where `el` has one (set or inherited). The
 * defaults stand where no stylesheet sets them: <chomp-game> on another site.
 * @template {Record<string, string>} T
 * @param {Element} el @param {string} prefix @param {T} defaults @returns {T}
 */
export function palette(el, prefix, defaults) {
  const style = getComputedStyle(el);
  /** @type {Record<string, string>} */
  const out = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const name = `--${prefix}-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const value = style.getPropertyValue(name).trim();
    if (value) out[key] = value;
  }
  return /** @type {T} */ (out);
}

/**
 * A number-valued custom property on `el` (e.g. a drawing's scale), or `fallback`.
 * @param {Element} el @param {string} name @param {number} fallback
 */
export function cssNumber(el, name, fallback) {
  const value = parseFloat(getComputedStyle(el).getPropertyValue(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Calls `redraw` when colours may change while no box resizes (so no
 * ResizeObserver fires): the system's dark/light switch, or a theme set on
 * <html> (`data-theme`, classes).
 * @param {() => void} redraw
 */
export function onThemeChange(redraw) {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
  new MutationObserver(redraw).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class'],
  });
}
