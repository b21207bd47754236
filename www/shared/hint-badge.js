// The hint's badge, one shape for every game: a disc with a tick in a corner
// of the winning square (Chomp's canvas draws it; the sum page puts the same
// disc and tick, as SVG, on its hinted squares, matches and tokens), so a
// hint reads the same everywhere and without colour.

/** The badge's radius as a share of the square's shorter side. */
export const BADGE_RADIUS = 0.2;
/** The tick, in units of the badge's radius around its centre. */
export const TICK = /** @type {const} */ ([
  [-0.45, 0],
  [-0.1, 0.38],
  [0.5, -0.35],
]);
/** The tick's width, in units of the badge's radius. */
export const TICK_WIDTH = 0.28;
/** Its colours where no theme sets --bar-hint and --bar-hint-mark: in a light colour scheme… */
export const HINT_COLOURS = { hint: '#0f7b3e', hintMark: '#ffffff' };
/** …and in a dark one. */
export const HINT_COLOURS_DARK = { hint: '#3ddc97', hintMark: '#0b2418' };

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The badge as an SVG element (hidden from screen readers: the hinted
 * button says it in words), coloured by the theme's --bar-hint and
 * --bar-hint-mark; the stylesheet places and sizes it.
 * @returns {SVGSVGElement}
 */
export function hintBadge() {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'hint-badge');
  svg.setAttribute('viewBox', '-1 -1 2 2');
  svg.setAttribute('aria-hidden', 'true');
  const disc = document.createElementNS(SVG, 'circle');
  disc.setAttribute('r', '1');
  // Set through the CSSOM: a strict CSP refuses style attributes, not these.
  disc.style.setProperty('fill', `var(--bar-hint, light-dark(${HINT_COLOURS.hint}, ${HINT_COLOURS_DARK.hint}))`);
  const tick = document.createElementNS(SVG, 'polyline');
  tick.setAttribute('points', TICK.map(([x, y]) => `${x},${y}`).join(' '));
  for (const [name, value] of [
    ['fill', 'none'],
    ['stroke', `var(--bar-hint-mark, light-dark(${HINT_COLOURS.hintMark}, ${HINT_COLOURS_DARK.hintMark}))`],
    ['stroke-width', String(TICK_WIDTH)],
    ['stroke-linecap', 'round'],
    ['stroke-linejoin', 'round'],
  ]) {
    tick.style.setProperty(name, value);
  }
  svg.append(disc, tick);
  return svg;
}
