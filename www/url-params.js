// Reads a game from the page's URL (?rows=5&cols=7&first=computer&level=perfect&lang=fr).
// A bad value never blanks the page: it is reported and replaced by the default.

/** @typedef {import('./game.js').Settings} Settings */
/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {'slow' | 'normal' | 'fast'} Speed */
/**
 * A bad parameter: `expected` says what was wanted (filled with `values`),
 * `used` what replaced it, or `usedKey` when that needs words.
 * @typedef {{ name: string, value: string, expected: import('./i18n.js').Key, used: string,
 *   values?: Record<string, string | number>, usedKey?: import('./i18n.js').Key }} Problem
 */

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
/** @type {Speed[]} */
export const SPEEDS = ['slow', 'normal', 'fast'];

/**
 * Reads the demo switches (`demo=1`, `speed=fast`), shared by both games' pages.
 * @param {URLSearchParams} params @param {Problem[]} problems
 * @returns {{ demo: boolean, speed: Speed }}
 */
export function readDemo(params, problems) {
  let demo = false;
  /** @type {Speed} */
  let speed = 'normal';
  const demoParam = params.get('demo');
  if (demoParam !== null) {
    if (demoParam === '1' || demoParam === '0') demo = demoParam === '1';
    else problems.push({ name: 'demo', value: demoParam, expected: 'url.expect.demo', used: '0' });
  }
  const speedParam = params.get('speed');
  if (speedParam !== null) {
    if (SPEEDS.includes(/** @type {Speed} */ (speedParam))) speed = /** @type {Speed} */ (speedParam);
    else problems.push({ name: 'speed', value: speedParam, expected: 'url.expect.speed', used: speed });
  }
  return { demo, speed };
}

/**
 * Checks a `position=` value (row lengths, top row first, trailing zeros
 * giving the box) against the box the other parameters asked for; a box that
 * was not asked for is taken from the position.
 * @param {string} value
 * @param {{ rows: number | null, cols: number | null }} box  sides given in the URL
 * @returns {{ rows: number[], boxRows: number, boxCols: number } | { expected: import('./i18n.js').Key, values?: Record<string, number> }}
 */
export function readPosition(value, box) {
  const text = value.trim();
  if (!/^\d+(?:[\s,;]+\d+)*$/.test(text)) return { expected: 'url.expect.position' };
  const lengths = text.split(/[\s,;]+/).map(Number);
  if (lengths[0] < 1) return { expected: 'url.expect.positionPoison' };
  for (let i = 1; i < lengths.length; i++) {
    if (lengths[i] > lengths[i - 1]) {
      return { expected: 'url.expect.positionOrder', values: { row: i + 1, len: lengths[i], above: lengths[i - 1] } };
    }
  }
  const boxRows = box.rows ?? lengths.length;
  const boxCols = box.cols ?? lengths[0];
  const rows = lengths.filter((len) => len > 0);
  if (lengths.length > boxRows || lengths[0] > boxCols) {
    return {
      expected: 'url.expect.positionFit',
      values: { needRows: lengths.length, needCols: lengths[0], rows: boxRows, cols: boxCols },
    };
  }
  if (!boardAllowed(boxRows, boxCols)) return { expected: 'url.expect.shape' };
  return { rows, boxRows, boxCols };
}

/**
 * A query string with the commas and colons of lists and dicts left readable
 * (both are legal in a query and URLSearchParams reads them back).
 * @param {URLSearchParams} params
 */
export function queryString(params) {
  return `?${params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`;
}

/**
 * @param {string} search the URL's query string
 * @returns {{ settings: Settings, lang: Lang | null, problems: Problem[], position: number[] | null,
 *   demo: boolean, speed: Speed, graph: string | null }}
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
  /** @type {number[] | null} */
  let position = null;
  const positionParam = params.get('position');
  if (positionParam !== null) {
    // A side named in the URL (and valid) is the box; a missing one comes from the position.
    const given = (/** @type {'rows' | 'cols'} */ name) =>
      params.get(name) !== null && !problems.some((p) => p.name === name || p.name === 'rows×cols') ? settings[name] : null;
    const read = readPosition(positionParam, { rows: given('rows'), cols: given('cols') });
    if ('rows' in read) {
      position = read.rows;
      settings.rows = read.boxRows;
      settings.cols = read.boxCols;
    } else {
      problems.push({
        name: 'position',
        value: positionParam,
        expected: read.expected,
        values: read.values,
        used: '',
        usedKey: 'url.usedFullBar',
      });
    }
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
  const { demo, speed } = readDemo(params, problems);
  return { settings, lang, problems, position, demo, speed, graph: params.get('graph') };
}

/**
 * The query string that starts `settings` again (for the address bar), from
 * `extra.position` when it is not the full bar, as a demo when asked.
 * @param {Settings} settings @param {Lang} lang
 * @param {{ position?: number[] | null, demo?: boolean, speed?: Speed, graph?: string | null }} [extra]
 */
export function toSearch(settings, lang, extra = {}) {
  const p = new URLSearchParams({ rows: String(settings.rows), cols: String(settings.cols) });
  const { position } = extra;
  const full = position && position.length === settings.rows && position.every((len) => len === settings.cols);
  if (position && !full) p.set('position', position.join(','));
  p.set('first', settings.first);
  p.set('level', settings.level);
  if (extra.demo) {
    p.set('demo', '1');
    p.set('speed', extra.speed ?? 'normal');
  }
  p.set('lang', lang);
  if (extra.graph) p.set('graph', extra.graph);
  return queryString(p);
}
