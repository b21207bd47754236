// Classroom display, shared by the game pages: a fullscreen toggle and a
// projector theme (very large board and text, high contrast, colour-blind-safe
// colours). The theme is `data-theme="projector"` on <html>, also asked for by
// `?theme=projector` so a teacher can bookmark it; style.css and the canvas
// views (see palette.js) follow it.

import { label } from './i18n.js';
import { pageParam, queryString } from './url.js';

const PROJECTOR = 'projector';

/** Whether the projector theme is on. */
export function projectorOn() {
  return document.documentElement.dataset.theme === PROJECTOR;
}

/**
 * `search` with the theme added (or removed) as it is now: pages that rewrite
 * their address from their own settings pass it through this, so a reload or
 * a bookmark keeps the projector on.
 * @param {string} search a query string, with or without its "?"
 */
export function withTheme(search) {
  const params = new URLSearchParams(search);
  if (projectorOn()) params.set('theme', PROJECTOR);
  else params.delete('theme');
  // Written as queryString() writes it: commas and colons left readable.
  const pairs = [...params];
  return pairs.length ? queryString(pairs) : location.pathname;
}

/**
 * Shows `node` in `slot` while the projector theme is on, and back in its
 * own place otherwise: the lesson layout gives a part a place of its own
 * (the value chart across the width under the board). `slot` is hidden
 * while it holds nothing.
 * @param {Element} node @param {HTMLElement} slot
 */
export function projectorPlace(node, slot) {
  const home = document.createComment(' projectorPlace ');
  node.before(home);
  const place = () => {
    const on = projectorOn();
    if (on && node.parentNode !== slot) slot.append(node);
    else if (!on && node.parentNode === slot) home.after(node);
    slot.hidden = !on;
  };
  new MutationObserver(place).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  place();
}

/** @param {boolean} on */
function setProjector(on) {
  if (on) document.documentElement.dataset.theme = PROJECTOR;
  else delete document.documentElement.dataset.theme;
}

/**
 * Applies `?theme=` and wires the header's #projector and #fullscreen buttons
 * (either may be missing). Call it before the first drawing, so the board does
 * not flash in the wrong theme.
 */
export function setupClassroom() {
  setProjector(pageParam('theme') === PROJECTOR);

  const projector = document.getElementById('projector');
  if (projector) {
    projector.setAttribute('aria-pressed', String(projectorOn()));
    projector.addEventListener('click', () => {
      setProjector(!projectorOn());
      projector.setAttribute('aria-pressed', String(projectorOn()));
      history.replaceState(history.state, '', withTheme(location.search));
    });
  }

  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('fullscreen'));
  const note = document.getElementById('fullscreen-note');
  if (!button || !note) return;
  const sync = () => label(button, document.fullscreenElement ? 'view.exitFullscreen' : 'view.fullscreen');
  sync();
  // Browsers without the API, and frames not allowed it (an <iframe> without
  // allow="fullscreen"), say so: the button stays, greyed, with the reason.
  if (!document.fullscreenEnabled) {
    button.disabled = true;
    label(note, 'view.noFullscreen');
    note.hidden = false;
    return;
  }
  document.addEventListener('fullscreenchange', sync);
  button.addEventListener('click', async () => {
    note.hidden = true;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    } catch {
      // Refused (no user gesture reached it, or a policy): say so, without a console error.
      label(note, 'view.fullscreenRefused');
      note.hidden = false;
    }
  });
}
