// The page's address: the game's own parameters go to the Rust session as
// name/value pairs (it checks them and says what it could not use); this
// module only reads the display's (`lang`, `demo`, `speed`) and writes
// addresses back. A bad value never blanks the page: it is reported.

/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {'slow' | 'normal' | 'fast'} Speed */
/** @typedef {import('../pkg/impartial.js').Problem} Problem */

/** @type {Speed[]} */
export const SPEEDS = ['slow', 'normal', 'fast'];

/**
 * The parameters each page reads itself, beside its game's (which the Rust
 * session reads: `rules().params`). The guides' URL tables are checked
 * against both (tests/docs/), and the pages read these names only through
 * `pageParam`, whose type is this table.
 */
export const PAGE_PARAMS = /** @type {const} */ ({
  chomp: ['lang', 'theme', 'demo', 'speed', 'graph', 'embed', 'game', 'debug'],
  grundy: ['lang', 'theme', 'demo', 'speed', 'debug'],
  sum: ['lang', 'theme'],
});
/** @typedef {(typeof PAGE_PARAMS)[keyof typeof PAGE_PARAMS][number]} PageParam */

/**
 * A page's own parameter from its address.
 * @param {PageParam} name @param {URLSearchParams} [params] the address's (this page's by default)
 */
export function pageParam(name, params = new URLSearchParams(location.search)) {
  return params.get(name);
}

/**
 * A problem with a display parameter, in the shape the session uses for its own.
 * @param {string} name @param {string} value @param {string} expected @param {string} used
 * @returns {Problem}
 */
function problem(name, value, expected, used) {
  return {
    name,
    value,
    reason: { code: 'input.unknown', params: { field: name, value, expected }, message: `${name} is "${value}"` },
    used,
    used_full_bar: false,
    partly_used: false,
  };
}

/**
 * Reads the display parameters: language, demo and its speed.
 * @param {URLSearchParams} params @param {Lang} fallback the language when none is asked for
 * @returns {{ lang: Lang, demo: boolean, speed: Speed, problems: Problem[] }}
 */
export function readDisplay(params, fallback) {
  /** @type {Problem[]} */
  const problems = [];
  let lang = fallback;
  const langParam = pageParam('lang', params);
  if (langParam !== null) {
    if (langParam === 'en' || langParam === 'fr') lang = langParam;
    else problems.push(problem('lang', langParam, 'en, fr', fallback));
  }
  let demo = false;
  const demoParam = pageParam('demo', params);
  if (demoParam !== null) {
    if (demoParam === '1' || demoParam === '0') demo = demoParam === '1';
    else problems.push(problem('demo', demoParam, '1, 0', '0'));
  }
  /** @type {Speed} */
  let speed = 'normal';
  const speedParam = pageParam('speed', params);
  if (speedParam !== null) {
    if (SPEEDS.includes(/** @type {Speed} */ (speedParam))) speed = /** @type {Speed} */ (speedParam);
    else problems.push(problem('speed', speedParam, SPEEDS.join(', '), speed));
  }
  return { lang, demo, speed, problems };
}

/**
 * The game's pairs from an address: every parameter but the page's own
 * (`PAGE_PARAMS`), so that the session names any other it does not read (a
 * typo, or `kayles=9` on the sum page, said rather than silently ignored).
 * @param {URLSearchParams} params @param {keyof typeof PAGE_PARAMS} page
 * @returns {[string, string][]}
 */
export function gamePairs(params, page) {
  /** @type {readonly string[]} */
  const own = PAGE_PARAMS[page];
  return [...params.entries()].filter(([name]) => !own.includes(name));
}

/**
 * A query string with the commas, colons and pluses of lists and records left
 * readable (URLSearchParams reads them back the same).
 * @param {[string, string][]} pairs
 */
export function queryString(pairs) {
  const text = new URLSearchParams(pairs).toString();
  return `?${text.replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`;
}
