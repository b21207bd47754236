// Canvas drawings take their colours from CSS custom properties, so the
// light, dark and projector themes live in one place (style.css) and a
// drawing follows the page's theme like the rest of the page does.

/**
 * Whether `el` is drawn in a dark colour scheme: its `color-scheme` (set on
 * it or inherited: the page's dark theme, or a game element on a dark host
 * page) says dark; "light dark" follows the system's preference.
 * @param {Element} el
 */
export function darkScheme(el) {
  const scheme = getComputedStyle(el).colorScheme.split(/\s+/);
  const light = scheme.includes('light');
  const dark = scheme.includes('dark');
  if (light && dark) return matchMedia('(prefers-color-scheme: dark)').matches;
  return dark;
}

/**
 * `defaults` (with `dark` over them in a dark colour scheme) with each entry
 * replaced by the custom property `--{prefix}-{kebab-case key}` where `el`
 * has one (set or inherited). The defaults stand where no stylesheet sets
 * them: a page's light and dark themes, <chomp-game> on another site; the
 * projector theme sets its own.
 * @template {Record<string, string>} T
 * @param {Element} el @param {string} prefix @param {T} defaults @param {Partial<T>} [dark] @returns {T}
 */
export function palette(el, prefix, defaults, dark = {}) {
  const style = getComputedStyle(el);
  /** @type {Record<string, string>} */
  const out = darkScheme(el) ? { ...defaults, ...dark } : { ...defaults };
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
 * <html> or <body> (`data-theme`, classes, style).
 * @param {() => void} redraw
 */
export function onThemeChange(redraw) {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
  // A host page's dark switch may sit on <html> or <body>, as a class, an attribute or a style.
  const observer = new MutationObserver(redraw);
  for (const el of [document.documentElement, document.body]) {
    if (el) observer.observe(el, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  }
}
