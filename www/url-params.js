// Reads a game from the page's URL (?rows=5&cols=7&first=computer&level=perfect&lang=fr).
// A bad value never blanks the page: it is reported and replaced by the default.

/** @typedef {import('./game.js').Settings} Settings */
/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {{ name: string, value: string, expected: import('./i18n.js').Key, used: string }} Problem */

/**
 * Largest board side offered in the page. Boxes up to 16×16 are solved
 * exactly in advance (601 million positions, a 72 MiB bit table, about 8 s);
 * up to 30×30 the computer plays per position, exactly where it can.
 */
export const MAX_SIDE = 30;

/** Boards with at most 3 rows (or columns) are exact at any width up to this. */
export const MAX_THIN_SIDE = 1000;

/**
 * Whether a board size is offered.
 * @param {number} rows @param {number} cols
 */
export function boardAllowed(rows, cols) {
  const thin = Math.min(rows, cols) <= 3;
  return rows >= 1 && cols >= 1 && Math.max(rows, cols) <= (thin ? MAX_THIN_SIDE : MAX_SIDE);
}

/** @type {Settings} */
export const DEFAULTS = { rows: 4, cols: 7, first: 'human', level: 'perfect' };

const FIRSTS = ['human', 'computer'];
const LEVELS = ['perfect', 'original', 'random', 'human'];

/**
 * @param {string} search the URL's query string
 * @returns {{ settings: Settings, lang: Lang | null, problems: Problem[] }}
 */
export function readUrl(search) {
  const params = new URLSearchParams(search);
  /** @type {Problem[]} */
  const problems = [];
  const settings = { ...DEFAULTS };

  for (const name of /** @type {const} */ (['rows', 'cols'])) {
    const value = params.get(name);
    if (value === null) continue;
    const n = Number(value);
    if (/^\s*\d+\s*$/.test(value) && n >= 1 && n <= MAX_THIN_SIDE) settings[name] = n;
    else problems.push({ name, value, expected: 'url.expect.size', used: String(settings[name]) });
  }
  if (!boardAllowed(settings.rows, settings.cols)) {
    problems.push({
      name: 'rows×cols',
      value: `${settings.rows}×${settings.cols}`,
      expected: 'url.expect.shape',
      used: `${DEFAULTS.rows}×${DEFAULTS.cols}`,
    });
    settings.rows = DEFAULTS.rows;
    settings.cols = DEFAULTS.cols;
  }
  const first = params.get('first');
  if (first !== null) {
    if (FIRSTS.includes(first)) settings.first = /** @type {Settings['first']} */ (first);
    else problems.push({ name: 'first', value: first, expected: 'url.expect.first', used: settings.first });
  }
  const level = params.get('level');
  if (level !== null) {
    if (LEVELS.includes(level)) settings.level = /** @type {Settings['level']} */ (level);
    else problems.push({ name: 'level', value: level, expected: 'url.expect.level', used: settings.level });
  }
  /** @type {Lang | null} */
  let lang = null;
  const langParam = params.get('lang');
  if (langParam !== null) {
    if (langParam === 'en' || langParam === 'fr') lang = langParam;
    else problems.push({ name: 'lang', value: langParam, expected: 'url.expect.lang', used: '' });
  }
  return { settings, lang, problems };
}

/**
 * The query string that starts `settings` again (for the address bar).
 * @param {Settings} settings @param {Lang} lang
 */
export function toSearch(settings, lang) {
  const p = new URLSearchParams({
    rows: String(settings.rows),
    cols: String(settings.cols),
    first: settings.first,
    level: settings.level,
    lang,
  });
  return `?${p}`;
}
