// The sum page: games side by side (Chomp bars, heap games of any rule, Nim heaps),
// each with its nimber, the nim-sum bar, and a computer that makes the
// nim-sum 0 whenever it can. Every square, match and token is a button.

import { t, setLang, browserLang, translate, lang, LANGS, say, clip } from '../shared/i18n.js';
import { readDisplay, gamePairs, queryString } from '../shared/url.js';
import { setupClassroom, projectorOn, projectorPlace } from '../shared/classroom.js';
import { onThemeChange } from '../shared/palette.js';
import { registerOfflineApp } from '../shared/offline-app.js';
import { AddressBar } from '../shared/address.js';
import { Sharer, linkTo } from '../shared/share.js';
import { showQr } from '../shared/qr.js';
import { SumController, moveLine } from './controller.js';
import { ruleWords, ruleName } from '../grundy/rule-words.js';
import { moveLine as heapMoveLine } from '../grundy/status.js';
import { setFittedText, keepTextFitted } from '../shared/fit.js';
import { hintBadge } from '../shared/hint-badge.js';
import { asideLine } from '../grundy/status.js';
import { RecordView } from '../shared/record-view.js';

/** @typedef {import('./controller.js').SumMove} SumMove */
/** @typedef {import('./controller.js').Component} Component */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
setupClassroom();
const game = new SumController((line) => say(line));
const share = new Sharer($('share-status'));
keepTextFitted($('status'));
const form = /** @type {HTMLFormElement} */ ($('new-game'));
const showNimbers = /** @type {HTMLInputElement} */ ($('show-nimbers'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const games = $('components');
// The move list and the value chart, as on the other game pages; the address
// keeps the game, so no record field to paste one back.
const record = new RecordView($('record'), {
  tr: () => t,
  say: (line) => say(line),
  onJump: (ply) => void game.goTo(ply),
  listId: 'moves',
});
// On the projector the side column goes under the lesson: the moves and the
// chart come right after the games and the nim-sum, across the page.
projectorPlace($('analysis'), $('record-slot'));
// Shift with ←, →, Home or End steps through the game from the games and the game's buttons.
for (const el of [games, /** @type {HTMLElement} */ (document.querySelector('.sum-controls'))]) el.addEventListener('keydown', (e) => record.boardKey(e));

/** Whether `m` is among the hint's moves (winning, or the resistance). @param {SumMove} m */
function hinted(m) {
  const h = game.snap?.hint;
  const list = h ? (h.winning.length ? h.winning : h.resist ? [h.resist] : []) : [];
  return list.some((x) => moveKey(x) === moveKey(m));
}

/** A move as a key, to tell two moves apart. @param {SumMove} m */
const moveKey = (m) => [m.kind, m.component, m.row, m.col, m.heap, m.take, m.big, m.small, m.leave].join(':');

/**
 * How many tokens a move takes in each heap game whose moves may leave two
 * heaps (Kayles: 1 or 2), as the person chose it; a pin then plays the
 * move taking that many from it.
 * @type {Map<number, number>}
 */
const takeChoice = new Map();

/**
 * The touch rule of every board (see shared/touch.js): the move a first tap
 * showed, for the position it was shown on; a second tap on it plays it.
 * @type {{ key: string, move: SumMove, snap: unknown } | null}
 */
let armed = null;
/** How the last press came: a finger's first tap only shows its move. */
let lastPointer = 'mouse';

/**
 * A button that plays `m`: at once with a mouse or a key, on a second tap
 * with a finger. When the person may not move it does nothing, said by
 * aria-disabled rather than disabled, so the keyboard keeps its place on the
 * games while the computer plays or a jump waits (Shift+arrows step on).
 * @param {SumMove} m @param {string} label @param {string} className @param {boolean} playing
 * @param {string} [spot] where it is drawn, when two buttons play the same move (the
 *   matches k and size − k of a heap): the keyboard comes back to that one
 * @param {boolean} [marked] whether a hint rings it: when it is one of the hint's moves,
 *   unless another button playing the same move is ringed instead
 */
function moveButton(m, label, className, playing, spot = moveKey(m), marked = hinted(m)) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.setAttribute('aria-label', label);
  b.title = label;
  b.setAttribute('aria-disabled', String(!playing));
  if (marked) {
    // Ringed and badged as Chomp's board marks a winning square.
    b.classList.add('hinted');
    b.append(hintBadge());
  }
  const key = moveKey(m);
  b.dataset.spot = spot;
  if (armed?.key === key) b.classList.add('armed');
  b.addEventListener('pointerdown', (e) => {
    lastPointer = e.pointerType;
  });
  b.addEventListener('keydown', () => {
    lastPointer = 'keyboard';
  });
  b.addEventListener('click', () => {
    if (!playing) return;
    if (lastPointer === 'touch' && armed?.key !== key) {
      armed = { key, move: m, snap: game.snap };
      render();
      return;
    }
    armed = null;
    lastPointer = 'mouse';
    void game.play(m);
  });
  return b;
}

/**
 * A heap's row, its label first (its value when the nimbers are shown); the
 * caller adds its matches or pins.
 * @param {{ size: number, value: number }} heap @param {string} className
 */
function heapLine(heap, className) {
  const line = document.createElement('div');
  line.className = className;
  const label = document.createElement('span');
  label.className = 'sum-heap-label';
  label.textContent = showNimbers.checked ? t('sum.heapValue', { size: heap.size, g: heap.value }) : t('sum.heap', { size: heap.size });
  line.append(label);
  return line;
}

/** @param {Component} c @param {number} i @param {boolean} playing */
function card(c, i, playing) {
  const box = document.createElement('section');
  box.className = `panel sum-card sum-${c.kind}`;
  box.dataset.component = String(i);
  const head = document.createElement('h2');
  head.textContent = c.kind === 'heaps' ? t('sum.kind.heaps', { n: i + 1, rule: ruleName(c.rule, t) }) : t(`sum.kind.${c.kind}`, { n: i + 1 });
  const nimber = document.createElement('p');
  nimber.className = 'sum-nimber';
  nimber.textContent = showNimbers.checked ? t('sum.nimber', { n: c.nimber }) : t('sum.nimberHidden');
  box.append(head, nimber);
  const base = { kind: c.kind, component: i, row: 0, col: 0, heap: 0, take: 0, big: 0, small: 0, leave: 0 };
  if (c.kind === 'chomp') {
    const grid = document.createElement('div');
    grid.className = 'sum-bar';
    grid.style.gridTemplateColumns = `repeat(${c.box[1]}, var(--sum-cell))`;
    for (let r = 1; r <= c.box[0]; r++) {
      for (let col = 1; col <= c.box[1]; col++) {
        const here = col <= (c.rows[r - 1] ?? 0);
        if (!here || (r === 1 && col === 1)) {
          const span = document.createElement('span');
          span.className = here ? 'sq poison' : 'sq eaten';
          span.textContent = here ? '☠' : '';
          grid.append(span);
          continue;
        }
        grid.append(moveButton({ ...base, row: r, col }, t('sum.squareLabel', { game: i + 1, row: r, col }), 'sq choc', playing));
      }
    }
    box.append(grid);
  } else if (c.kind === 'heaps') {
    heapRows(box, c, i, playing, base);
  } else if (c.kind === 'grundy') {
    c.heaps.forEach((heap, h) => {
      const line = heapLine(heap, 'sum-heap');
      /** Whether the match before was ringed, and its badge at its foot. */
      let after = { ringed: false, low: false };
      for (let k = 1; k <= heap.size; k++) {
        // Match k cuts the heap after it: k and size − k matches.
        const small = Math.min(k, heap.size - k);
        if (k === heap.size || small === 0) {
          const span = document.createElement('span');
          span.className = 'match last';
          line.append(span);
          continue;
        }
        const m = { ...base, heap: h, big: heap.size - small, small };
        // A hinted split is ringed once, at the cut the hint's words read
        // ("3 into 2 + 1": after match 2), not at both of its cuts.
        const label = t('sum.cutLabel', { game: i + 1, size: heap.size, big: k, small: heap.size - k });
        const ringed = k === m.big && hinted(m);
        const b = moveButton(m, label, 'match', playing, `${moveKey(m)}@${k}`, ringed);
        // Side by side, ringed matches put their badges top and foot in turn.
        after = { ringed, low: ringed && after.ringed && !after.low };
        b.classList.toggle('badge-low', after.low);
        line.append(b);
      }
      box.append(line);
    });
    if (c.ones + c.twos > 0) {
      // Drawn as on the Grundy page (greyed heaps of 2 and of 1, each with
      // its count, "set aside (G = 0)"); the whole sentence for screen readers.
      const aside = document.createElement('p');
      aside.className = 'sum-aside';
      const words = Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: say(asideLine(c.ones, c.twos)) });
      const picture = document.createElement('span');
      picture.className = 'sum-aside-picture';
      picture.setAttribute('aria-hidden', 'true');
      for (const [size, count] of [[2, c.twos], [1, c.ones]]) {
        if (count === 0) continue;
        const group = document.createElement('span');
        group.className = 'sum-aside-group';
        for (let k = 0; k < size; k++) group.append(Object.assign(document.createElement('span'), { className: 'match last' }));
        group.append(` × ${count}`);
        picture.append(group);
      }
      picture.append(Object.assign(document.createElement('span'), { textContent: t('sum.setAside') }));
      aside.append(words, picture);
      box.append(aside);
    }
    if (c.heaps.length === 0) box.append(Object.assign(document.createElement('p'), { textContent: t('sum.noMove') }));
  } else {
    const line = document.createElement('div');
    line.className = 'sum-tokens';
    for (let k = 1; k <= c.start; k++) {
      if (k > c.size) {
        const span = document.createElement('span');
        span.className = 'token gone';
        line.append(span);
        continue;
      }
      line.append(moveButton({ ...base, leave: k - 1 }, t('sum.takeLabel', { game: i + 1, count: c.size - k + 1, leave: k - 1 }), 'token', playing));
    }
    box.append(line);
    if (c.size === 0) box.append(Object.assign(document.createElement('p'), { textContent: t('sum.noMove') }));
  }
  return box;
}

/**
 * A heap game of any rule but Grundy's: its rule in words, each heap a row
 * of pins, each pin a button for the move that takes it. A take-away game
 * (every move leaves at most one heap) takes the pin and every pin after it;
 * a game whose moves may leave two heaps (Kayles) takes as many pins from
 * there as chosen above the rows (only the counts its moves take).
 * @param {HTMLElement} box @param {Component} c @param {number} i @param {boolean} playing @param {SumMove} base
 */
function heapRows(box, c, i, playing, base) {
  box.append(Object.assign(document.createElement('p'), { className: 'sum-rule-words', textContent: ruleWords(c.rule, false, t) }));
  const all = c.heaps.flatMap((h) => h.options);
  const pick = all.some((o) => o.small > 0 || o.take === 0);
  const takes = [...new Set(all.map((o) => o.take))].sort((a, b) => a - b);
  let take = takeChoice.get(i) ?? takes[0] ?? 1;
  if (!takes.includes(take)) take = takes[0] ?? 1;
  if (pick && takes.length > 1) {
    const group = document.createElement('div');
    group.className = 'sum-take';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', t('sum.takeGroup', { game: i + 1 }));
    const hintTakes = new Set((game.snap?.hint?.winning ?? []).filter((m) => m.component === i).map((m) => m.take));
    group.append(Object.assign(document.createElement('span'), { textContent: t('sum.takeCount') }));
    for (const k of takes) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sum-take-count';
      b.textContent = k === 0 ? t('sum.takeNone') : String(k);
      b.setAttribute('aria-pressed', String(k === take));
      b.dataset.spot = `take:${i}:${k}`;
      if (hintTakes.has(k)) b.classList.add('hinted');
      b.addEventListener('click', () => {
        takeChoice.set(i, k);
        render();
      });
      group.append(b);
    }
    box.append(group);
  }
  c.heaps.forEach((heap, h) => {
    const line = heapLine(heap, 'sum-heap sum-pins');
    const n = heap.size;
    for (let k = 1; k <= n; k++) {
      // Pin k starts the tokens the move takes: those before it and after them are left.
      const [t0, before] = pick ? [take, take === 0 ? k : k - 1] : [n - k + 1, k - 1];
      const after = n - before - t0;
      const o = after < 0 || (take === 0 && k === n) ? undefined : heap.options.find((x) => x.take === t0 && x.big === Math.max(before, after) && x.small === Math.min(before, after));
      if (!o) {
        line.append(Object.assign(document.createElement('span'), { className: 'pin still' }));
        continue;
      }
      const m = { ...base, heap: h, take: o.take, big: o.big, small: o.small };
      // A hinted move is ringed once, where the larger part is left before
      // the pins taken (its words say "3 + 2"), not also at its mirror image.
      const label = t('sum.heapMoveLabel', { game: i + 1, pin: k, move: say(heapMoveLine(o)) });
      line.append(moveButton(m, label, 'pin', playing, `${moveKey(m)}@${k}`, before >= after && hinted(m)));
    }
    box.append(line);
  });
  const aside = c.aside.reduce((sum, a) => sum + a.count, 0);
  if (aside > 0) {
    const words = c.aside.map((a) => (a.count === 1 ? String(a.size) : `${a.size} × ${a.count}`)).join(', ');
    box.append(Object.assign(document.createElement('p'), { className: 'sum-aside', textContent: t('sum.asideOther', { heaps: words }) }));
  }
  if (c.heaps.length === 0) box.append(Object.assign(document.createElement('p'), { textContent: t('sum.noMove') }));
}

/** The sum the take choices were made for: a new sum forgets them. */
let choicesFor = '';

function render() {
  const s = game.snap;
  const sum = JSON.stringify(s?.start_params ?? []);
  if (sum !== choicesFor) {
    takeChoice.clear();
    choicesFor = sum;
  }
  // A tap shown on an earlier position must not play on the new one.
  if (armed && armed.snap !== s) armed = null;
  /** @type {import('../shared/i18n.js').Line[]} */
  const tapAgain = armed ? [['sum.tapAgain', { move: { line: moveLine(armed.move) } }]] : [];
  // The status keeps its height: a long hint is set smaller, not cut off.
  setFittedText($('status'), [...game.status, ...tapAgain].map((line) => say(line)).join(' '));
  $('status').setAttribute('aria-busy', String(game.pending > 0));
  const notice = $('notice');
  notice.hidden = game.notices.length === 0;
  notice.replaceChildren(...game.notices.map((line) => Object.assign(document.createElement('p'), { textContent: say(line) })));
  // No game yet (or a start was cancelled): nothing to ask, step or restart,
  // as the page's HTML has them until the first snapshot.
  for (const id of ['hint', 'undo', 'redo', 'restart']) $(id).toggleAttribute('disabled', !s);
  if (!s) return;
  const playing = !game.solving && !s.over && !s.demo && !s.computer_to_move;
  renderGames(s, playing);
  const values = s.components.map((c) => c.nimber);
  const shown = showNimbers.checked;
  $('nim-sum').textContent = shown ? t('sum.nimSum', { values: values.join(' xor '), sum: s.nim_sum }) : t('sum.nimSumHidden');
  const bits = Math.max(1, ...values.map((v) => v.toString(2).length));
  const binary = $('nim-binary');
  binary.hidden = !shown;
  const row = (/** @type {string} */ name, /** @type {number} */ v, /** @type {string} */ cls) => {
    const tr = document.createElement('tr');
    tr.className = cls;
    tr.append(Object.assign(document.createElement('th'), { textContent: name }));
    for (const d of v.toString(2).padStart(bits, '0')) tr.append(Object.assign(document.createElement('td'), { textContent: d }));
    tr.append(Object.assign(document.createElement('td'), { textContent: `= ${v}` }));
    return tr;
  };
  binary.replaceChildren(...values.map((v, i) => row(t('sum.gameN', { n: i + 1 }), v, '')), row(t('sum.xorRow'), s.nim_sum, 'xor'));
  $('nim-verdict').textContent = shown ? t(s.nim_sum === 0 ? 'sum.verdictLose' : 'sum.verdictWin') : '';
  $('undo').toggleAttribute('disabled', !s.can_undo);
  $('redo').toggleAttribute('disabled', !s.can_redo);
  $('hint').toggleAttribute('disabled', !playing);
  // An address may bring the sum back to the computer's turn, where it waits to be asked.
  $('continue').hidden = game.solving || !s.computer_waits;
  const who = (/** @type {1 | 2} */ p) => (s.vs_computer ? t(p === 1 ? 'you' : 'computer') : t('g.player', { n: p }));
  // Unticked, the nimbers are the class's to find: no nim-sum, mark or chart gives them away.
  record.show({
    items: [...s.moves, ...s.undone].map((m) => ({
      move: shown ? ['sum.moveSums', { move: { line: moveLine(m.mv) }, before: m.before, after: m.after }] : moveLine(m.mv),
      by: m.by,
      mark: shown ? m.mark : null,
      delta: null,
    })),
    cursor: s.moves.length,
    history: shown ? s.history : [],
    first: s.first,
    name: who,
    busy: game.solving,
  });
  fitLesson();
}

/**
 * The games, written anew: the keyboard stays on the move it was on, or on
 * its game when that move is gone (a jump back or forth), or on the games.
 * @param {import('./controller.js').SumSnapshot} s @param {boolean} playing
 */
function renderGames(s, playing) {
  const active = document.activeElement;
  const was = active instanceof HTMLElement && games.contains(active) ? active : null;
  games.replaceChildren(...s.components.map((c, i) => card(c, i, playing)));
  if (!was) return;
  const place = was.closest('.sum-card')?.getAttribute('data-component');
  const back = /** @type {HTMLElement | null} */ (
    games.querySelector(`button[data-spot="${was.dataset.spot}"]`) ?? games.querySelector(`[data-component="${place}"] button`) ?? games.querySelector('button')
  );
  back?.focus({ preventScroll: true });
}

/**
 * In the projector theme the lesson is seen at once: the status (a hint),
 * every game and the nim-sum. The games' pieces shrink (--sum-fit, from 1
 * down to 0.5; their words keep their size) until the games and the nim-sum
 * end inside the window; past that the page scrolls.
 */
function fitLesson() {
  const games = $('components');
  games.style.removeProperty('--sum-fit');
  if (!projectorOn()) return;
  const bottom = () => Math.max(games.getBoundingClientRect().bottom, $('nim-bar').getBoundingClientRect().bottom) + scrollY;
  for (let fit = 1; fit > 0.5 + 1e-9 && bottom() > innerHeight - 8; ) {
    fit = Math.round((fit - 0.1) * 10) / 10;
    games.style.setProperty('--sum-fit', String(fit));
  }
}

/** The address bar holds the sum as it stands: its record, where the board is in it. */
const address = new AddressBar(
  game,
  (gamePairs) => [...gamePairs, ['lang', lang()]],
  // Back or forward: the sum of that entry, as it stood when it was left.
  (params) => void game.start(gamePairs(params, 'sum'), { resume: true }).then(syncForm),
);

function syncUrl() {
  address.sync();
}

function syncForm() {
  const s = game.snap;
  if (!s) return;
  for (const [name, value] of s.start_params) {
    const field = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
    if (field) field.value = value;
  }
  for (const name of ['chomp', 'grundy', 'heaps', 'nim']) {
    if (!s.start_params.some(([n]) => n === name)) /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value = '';
  }
}

game.addEventListener('change', () => {
  render();
  syncUrl();
});
addEventListener('resize', fitLesson);
onThemeChange(fitLesson);
showNimbers.addEventListener('change', render);
$('hint').addEventListener('click', () => void game.hint());
$('undo').addEventListener('click', () => void game.undo());
$('redo').addEventListener('click', () => void game.redo());
$('restart').addEventListener('click', () => void game.restart());
$('continue').addEventListener('click', () => void game.continueGame());
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  /** @type {[string, string][]} */
  const pairs = ['chomp', 'grundy', 'heaps', 'nim', 'first', 'level'].map((n) => [n, String(data.get(n) ?? '').trim()]);
  await game.start(pairs.filter(([n, v]) => v !== '' || n === 'first' || n === 'level'));
  syncForm();
});
$('share-link').addEventListener('click', () => {
  const s = game.snap;
  if (!s) return;
  void share.copyLink(linkTo(queryString([...s.here_params, ['lang', lang()]])), '', /** @type {HTMLInputElement} */ ($('share-url')));
});
// The same link as a QR code, for the class's phones.
$('show-qr').addEventListener('click', () => {
  const s = game.snap;
  if (s) showQr(linkTo(queryString([...s.here_params, ['lang', lang()]])));
});
langSelect.addEventListener('change', () => {
  setLang(/** @type {import('../shared/i18n.js').Lang} */ (langSelect.value));
  translate(document);
  document.title = t('sum.docTitle');
  share.retranslate();
  syncUrl();
  render();
});

const params = new URLSearchParams(location.search);
const display = readDisplay(params, browserLang());
setLang(display.lang);
langSelect.replaceChildren(...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())));
translate(document);
document.title = t('sum.docTitle');
const firstGame = game.start(gamePairs(params, 'sum'));
registerOfflineApp(firstGame);
void (async () => {
  const snap = await firstGame;
  if (snap) {
    game.notices = [...display.problems.map((p) => /** @type {import('../shared/i18n.js').Line} */ (['url.bad', { name: clip(p.name), value: clip(p.value), reason: { line: ['err.input.unknown', p.reason.params] }, used: p.used }])), ...game.notices];
    game.changed();
    syncForm();
  }
})();
