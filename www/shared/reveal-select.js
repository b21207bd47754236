// The reveal level's control, the same for every game: a select of the
// levels the game's link allows (a teacher's link may stop at "winning
// moves"), and the note that says why higher ones are missing. The session
// keeps to the level; this only offers and greys what it would refuse.

/** @typedef {import('../pkg/impartial.js').Reveal} Reveal */
/** @typedef {import('./i18n.js').Translate} Translate */
/** @typedef {import('./i18n.js').Key} Key */

/** The levels in order, as the session's rules list them. @type {Reveal[]} */
export const REVEAL_ORDER = ['off', 'outcome', 'moves', 'values', 'explain'];

/**
 * Whether `level` shows what `need` shows.
 * @param {string} level @param {Reveal} need
 */
export function reveals(level, need) {
  return REVEAL_ORDER.indexOf(/** @type {Reveal} */ (level)) >= REVEAL_ORDER.indexOf(need);
}

/** The level's name in words. @param {Reveal} level @param {Translate} tr */
export function levelName(level, tr) {
  return tr(/** @type {Key} */ (`an.level.${level}`));
}

export class RevealSelect {
  /** @param {(level: Reveal) => void} onChange */
  constructor(onChange) {
    this.label = document.createElement('label');
    this.label.className = 'an-reveal';
    this.text = document.createElement('span');
    this.select = document.createElement('select');
    this.label.append(this.text, this.select);
    this.shown = '';
    this.select.addEventListener('change', () => onChange(/** @type {Reveal} */ (this.select.value)));
  }

  /**
   * @param {{ level: Reveal, limit: Reveal, disabled: boolean, keep?: boolean }} state
   *   `keep`: a request is on its way, so leave the user's choice showing.
   * @param {Translate} tr
   */
  render({ level, limit, disabled, keep = false }, tr) {
    this.text.textContent = tr('an.reveal');
    const levels = REVEAL_ORDER.filter((l) => reveals(limit, l));
    const key = `${levels.join(' ')}|${levelName('off', tr)}`;
    if (key !== this.shown) {
      this.shown = key;
      this.select.replaceChildren(...levels.map((l) => new Option(levelName(l, tr), l)));
    }
    if (!keep) this.select.value = level;
    this.select.disabled = disabled;
  }
}
