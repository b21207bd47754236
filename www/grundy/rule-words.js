// A heap game's rule in words, in the page's language: Grundy's game and
// Nim by name, an octal code from its digits (0.77: "take 1 or 2, leaving
// one heap, two, or none"). Words only: what is legal is the session's to
// say (options(heap)); a code the session refuses is named by its error.

/** @typedef {import('../shared/i18n.js').Translate} Translate */

/** The rules the picker names, with the code each plays and the heaps it starts with. */
export const CLASSICS = /** @type {const} */ ([
  { id: 'grundy', rule: 'grundy', heaps: '20', misere: false },
  { id: 'nim', rule: 'nim', heaps: '3,4,5', misere: false },
  { id: 'marienbad', rule: 'nim', heaps: '1,3,5,7', misere: true },
  { id: 'matches', rule: '0.333', heaps: '21', misere: false },
  { id: 'kayles', rule: '0.77', heaps: '10', misere: false },
  { id: 'dawson', rule: '0.07', heaps: '10', misere: false },
]);

/**
 * The rule's name: a classic's ("Kayles (0.77)"), else its code ("The octal
 * game 0.6"). Read by the values view's sentences and the sum page's cards.
 * @param {string} rule a name or a code @param {Translate} t
 */
export function ruleName(rule, t) {
  const text = rule.trim();
  const lower = text.toLowerCase();
  const code = NAMED[lower] ?? lower;
  const classic = CLASSICS.find((c) => c.rule === code && c.id !== 'marienbad');
  return classic ? t(/** @type {import('../shared/i18n.js').Key} */ (`h.rule.${classic.id}`)) : t('h.title.code', { code: text });
}

/** The names the session reads, with the code it reads them as. */
const NAMED = /** @type {Record<string, string>} */ ({ kayles: '0.77', dawson: '0.07' });

/**
 * An octal code's digits, d0 first (`0.77` → [0, 7, 7]), or null when the
 * text is not written as one (the session says why).
 * @param {string} text
 */
export function octalDigits(text) {
  const code = NAMED[text.trim().toLowerCase()] ?? text.trim();
  // d0 is 0 or 4 (the session refuses 7.1: no words that read as a rule for it).
  const m = /^([04]?)\.([0-7]{1,16})$/.exec(code);
  if (!m) return null;
  return [Number(m[1] || '0'), ...m[2].split('').map(Number)];
}

/**
 * Whether a rule's moves may leave two heaps (drawn as rows of pins, the
 * split place chosen), from its code; Grundy's game splits.
 * @param {string} rule the rule as the session reads it back
 */
export function leavesTwo(rule) {
  if (rule === 'grundy') return true;
  const d = octalDigits(rule);
  return !!d && d.some((x) => (x & 4) !== 0);
}

/** "1, 2 or 3". @param {number[]} ns @param {Translate} t */
function orList(ns, t) {
  if (ns.length === 1) return String(ns[0]);
  return t('h.words.or', { list: ns.slice(0, -1).join(', '), last: ns[ns.length - 1] });
}

/**
 * The rule in words, one sentence, then how the game ends.
 * @param {string} rule a name or a code @param {boolean} misere @param {Translate} t
 * @returns {string}
 */
export function ruleWords(rule, misere, t) {
  const end = t(misere ? 'h.words.misere' : 'h.words.normal');
  const name = rule.trim().toLowerCase();
  if (name === 'grundy' || name === '') return `${t('h.words.grundy')} ${end}`;
  if (name === 'nim') return `${t('h.words.nim')} ${end}`;
  const d = octalDigits(rule);
  if (!d) return t('h.words.bad');
  /** Takes grouped by digit, in the order the digits first come. @type {Map<number, number[]>} */
  const groups = new Map();
  d.forEach((digit, k) => {
    if (k === 0 || digit === 0) return;
    groups.set(digit, [...(groups.get(digit) ?? []), k]);
  });
  const parts = [...groups].map(([digit, takes]) =>
    t('h.words.group', { takes: orList(takes, t), leave: t(/** @type {import('../shared/i18n.js').Key} */ (`h.leave.${digit}`)) }),
  );
  if (d[0] === 4) parts.push(t('h.words.split'));
  if (parts.length === 0) return `${t('h.words.none')}`;
  const text = parts.join(t('h.words.sep'));
  return `${text[0].toUpperCase()}${text.slice(1)}. ${end}`;
}
