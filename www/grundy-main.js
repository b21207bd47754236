// Grundy's game page: heaps on a canvas mirrored by buttons, a split control,
// the computer in a worker, Grundy values on demand, and the lab below.

import { t, setLang, browserLang, translate, lang, LANGS } from './i18n.js';
import { SolverClient } from './solver-client.js';
import { GrundyGame } from './grundy-game.js';
import { HeapsView } from './grundy-view.js';
import { startLab } from './lab.js';
import { setupClassroom, withTheme } from './classroom.js';
import { DemoRunner, demoControls } from './demo.js';
import { Sharer, linkTo } from './share.js';
import { readDemo, queryString } from './url-params.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const statusEl = $('status');
const notice = $('notice');
const heapsEl = $('heaps');
const splitBox = $('split');
const splitRange = /** @type {HTMLInputElement} */ ($('split-range'));
const splitOut = $('split-out');
const splitLabel = $('split-label');
const showValues = /** @type {HTMLInputElement} */ ($('show-values'));
const valuesPanel = $('values-panel');
const form = /** @type {HTMLFormElement} */ ($('new-game'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const heapN = /** @type {HTMLInputElement} */ ($('heap-n'));
const heapList = /** @type {HTMLInputElement} */ ($('heap-list'));
const firstSel = /** @type {HTMLSelectElement} */ ($('first'));
const levelSel = /** @type {HTMLSelectElement} */ ($('level'));

setupClassroom();
const solver = new SolverClient();
const view = new HeapsView(/** @type {HTMLCanvasElement} */ ($('heaps-canvas')));

/** @type {GrundyGame} */
let game = new GrundyGame([20], 0);
let level = 'perfect';
/** @type {number | null} */
let selected = null;
/** @type {{ heap: number, cut: number } | null} */
let preview = null;
/** @type {{ heap: number, cut: number } | null} */
let hint = null;
/** @type {import('./pkg/impartial.js').GrundyAnalysis | null} */
let analysis = null;
let busy = false;
/** @typedef {[import('./i18n.js').Key, Record<string, string | number>?]} Line */
/** @type {{ key: import('./i18n.js').Key, values?: Record<string, string | number>, more?: Line[] }} */
let said = { key: 'g.yourTurn' };

const demo = new DemoRunner(demoMove, render);
const demoUi = demoControls(demo, syncUrl);
const share = new Sharer($('share-status'));

/** In the demo both sides are the computer: turns and undo go as between two players. */
const vsComputer = () => level !== 'human' && !demo.on;
/** Player 0 is the person at the keyboard; player 1 is the computer (or the second person). */
const humanToMove = () => !demo.on && (!vsComputer() || game.turn === 0);

/**
 * @param {import('./i18n.js').Key} key @param {Record<string, string | number>} [values]
 * @param {Line[]} [more] further sentences of the same announcement
 */
function say(key, values, more = []) {
  said = { key, values, more };
  statusEl.textContent = [t(key, values), ...more.map(([k, v]) => t(k, v))].join(' ');
}

function playerName(/** @type {0 | 1} */ p) {
  return vsComputer() ? t(p === 0 ? 'you' : 'computer') : t('g.player', { n: p + 1 });
}

function render() {
  const heaps = game.heaps;
  view.show({ heaps, selected, preview, hint, values: showValues.checked && analysis ? analysis.values : null });
  heapsEl.replaceChildren(
    ...heaps.map((n, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'heap-button';
      b.textContent = String(n);
      const g = analysis && showValues.checked ? `, ${t('g.heapValue', { g: analysis.values[i] })}` : '';
      b.setAttribute('aria-label', t('g.heapLabel', { n: i + 1, count: n }) + g);
      b.setAttribute('aria-pressed', String(i === selected));
      b.dataset.heap = String(i);
      b.tabIndex = i === (selected ?? 0) ? 0 : -1;
      b.disabled = busy || game.over || !humanToMove();
      return b;
    }),
  );
  if (selected !== null && heaps[selected] > 2 && !busy && humanToMove()) {
    const n = heaps[selected];
    splitBox.hidden = false;
    splitLabel.textContent = t('g.splitLabel', { n: selected + 1 });
    splitRange.max = String(Math.floor((n - 1) / 2));
    const small = Number(splitRange.value);
    splitOut.textContent = `${n - small} + ${small}`;
  } else {
    splitBox.hidden = true;
  }
  renderDemo();
  $('undo').toggleAttribute('disabled', busy || game.moves.length === 0);
  $('redo').toggleAttribute('disabled', busy || game.undone.length === 0);
  $('hint').toggleAttribute('disabled', busy || game.over || !humanToMove());
  valuesPanel.hidden = !showValues.checked;
  if (analysis) {
    $('nim-sum').textContent = t('g.nimSum', { values: analysis.values.join(' xor '), sum: analysis.nimSum });
    $('nim-verdict').textContent = t(analysis.nimSum === 0 ? 'g.nimSumLose' : 'g.nimSumWin');
  }
  const list = $('moves');
  list.replaceChildren(
    ...game.moves.map((m) => {
      const li = document.createElement('li');
      li.textContent = `${playerName(m.by)}: ${m.big + m.small} → ${m.big} + ${m.small}`;
      return li;
    }),
  );
}

async function refresh() {
  analysis = await solver.grundyAnalyze(game.heaps);
  hint = null;
  render();
}

function announceTurn() {
  if (demo.on) {
    if (game.over) say('g.demo.wins', { player: 2 - game.turn });
    else say('demo.toMove', { player: game.turn + 1 });
    return;
  }
  if (game.over) {
    const winner = /** @type {0 | 1} */ (1 - game.turn);
    if (vsComputer()) say(winner === 0 ? 'g.youWin' : 'g.youLose');
    else say('g.playerWins', { player: playerName(winner) });
    return;
  }
  if (vsComputer()) say('g.yourTurn');
  else say('g.playerTurn', { player: playerName(game.turn) });
}

/** @param {{ heap: number, big: number, small: number }} split */
async function play(split) {
  const before = game.heaps[split.heap];
  const next = await solver.grundyPlay(game.heaps, split.heap, split.big, split.small);
  const by = game.turn;
  game.play(next, split);
  selected = null;
  preview = null;
  await refresh();
  if (vsComputer() && by === 0) say('g.youPlayed', { count: before, big: split.big, small: split.small });
  if (!game.over && vsComputer() && game.turn === 1) await computerTurn();
  else announceTurn();
}

async function computerTurn() {
  busy = true;
  say('g.thinking');
  render();
  try {
    const mv = await solver.grundyComputer(game.heaps, level);
    if (!mv) return;
    const count = game.heaps[mv.heap];
    const next = await solver.grundyPlay(game.heaps, mv.heap, mv.into[0], mv.into[1]);
    game.play(next, { heap: mv.heap, big: mv.into[0], small: mv.into[1] });
    await refresh();
    if (game.over) announceTurn();
    else {
      say('g.computerPlayed', { count, big: mv.into[0], small: mv.into[1] });
      statusEl.textContent += ` ${t('g.yourTurn')}`;
    }
  } catch (err) {
    notice.textContent = t('g.failed', { message: err instanceof Error ? err.message : String(err) });
    notice.hidden = false;
  } finally {
    busy = false;
    render();
  }
}

/** Explains why a cut is not a move, or returns the split. @param {number} heap @param {number} cut */
function splitAt(heap, cut) {
  const n = game.heaps[heap];
  if (n <= 2) {
    say('g.noSplit', { count: n });
    return null;
  }
  if (cut <= 0 || cut >= n) return null;
  if (cut * 2 === n) {
    say('g.equal', { count: n, half: cut });
    return null;
  }
  return { heap, big: Math.max(cut, n - cut), small: Math.min(cut, n - cut) };
}

/** @param {number} i */
function select(i) {
  selected = i;
  const n = game.heaps[i];
  if (n <= 2) say('g.noSplit', { count: n });
  else {
    splitRange.max = String(Math.floor((n - 1) / 2));
    splitRange.value = '1';
  }
  render();
  /** @type {HTMLElement | null} */ (heapsEl.querySelector(`[data-heap="${i}"]`))?.focus();
}

heapsEl.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button');
  if (b?.dataset.heap) select(Number(b.dataset.heap));
});
heapsEl.addEventListener('keydown', (e) => {
  const count = game.heaps.length;
  const at = selected ?? 0;
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: count - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  select((to + count) % count);
});
splitRange.addEventListener('input', () => {
  if (selected === null) return;
  preview = { heap: selected, cut: game.heaps[selected] - Number(splitRange.value) };
  render();
});
$('split-play').addEventListener('click', () => {
  if (selected === null || busy) return;
  const n = game.heaps[selected];
  const small = Number(splitRange.value);
  void play({ heap: selected, big: n - small, small });
});

const canvas = /** @type {HTMLCanvasElement} */ ($('heaps-canvas'));
let dragging = false;
canvas.addEventListener('pointerdown', (e) => {
  if (busy || game.over || !humanToMove()) return;
  dragging = true;
  const at = view.hit(e.clientX, e.clientY);
  if (!at) return;
  const same = preview && preview.heap === at.heap && preview.cut === at.cut;
  const split = splitAt(at.heap, at.cut);
  if (same && split) {
    dragging = false;
    void play(split);
    return;
  }
  selected = at.heap;
  preview = split ? at : null;
  if (split) {
    splitRange.max = String(Math.floor((game.heaps[at.heap] - 1) / 2));
    splitRange.value = String(split.small);
    say('g.preview', { count: game.heaps[at.heap], big: split.big, small: split.small });
  }
  render();
});
canvas.addEventListener('pointermove', (e) => {
  if (!dragging || e.pointerType === 'mouse' && e.buttons === 0) return;
  const at = view.hit(e.clientX, e.clientY);
  if (!at || at.heap !== selected) return;
  const split = splitAt(at.heap, at.cut);
  if (split && (!preview || preview.cut !== at.cut)) {
    preview = at;
    splitRange.value = String(split.small);
    say('g.preview', { count: game.heaps[at.heap], big: split.big, small: split.small });
    render();
  }
});
window.addEventListener('pointerup', () => {
  dragging = false;
});

$('hint').addEventListener('click', () => {
  if (!analysis) return;
  const w = analysis.winning;
  if (!w) {
    say('g.hintLose');
    return;
  }
  hint = { heap: w.heap, cut: w.into[1] };
  selected = w.heap;
  splitRange.max = String(Math.floor((game.heaps[w.heap] - 1) / 2));
  splitRange.value = String(w.into[1]);
  say('g.hintWin', { count: game.heaps[w.heap], n: w.heap + 1, big: w.into[0], small: w.into[1] });
  render();
});
$('undo').addEventListener('click', async () => {
  demo.pause();
  game.undo();
  if (vsComputer() && game.turn === 1 && game.moves.length > 0) game.undo();
  if (vsComputer() && game.turn === 1) {
    await refresh();
    await computerTurn();
    return;
  }
  selected = null;
  preview = null;
  await refresh();
  announceTurn();
});
$('redo').addEventListener('click', async () => {
  demo.pause();
  game.redo();
  if (vsComputer() && game.turn === 1) game.redo();
  selected = null;
  preview = null;
  await refresh();
  announceTurn();
});
// In the demo, back to the start, paused, still in the demo.
$('restart').addEventListener('click', () => void newGame(game.start, game.first, demo.on ? false : null));
demoUi.toggle.addEventListener('click', () => {
  if (!demo.on) return enterDemo(true);
  demo.leave();
  syncUrl();
  if (vsComputer() && game.turn === 1 && !game.over) void computerTurn();
  else announceTurn();
});
$('share-link').addEventListener('click', () => {
  // The heaps on the table now, with the same player to move.
  const p = new URLSearchParams();
  p.set('heaps', game.heaps.join(','));
  p.set('level', level);
  p.set('first', game.turn === 0 ? 'human' : 'computer');
  if (demo.on) {
    p.set('demo', '1');
    p.set('speed', demo.speed);
  }
  p.set('lang', lang());
  void share.copy(linkTo(queryString(p)), /** @type {HTMLInputElement} */ ($('share-url')), 'share.linkCopied');
});

function renderDemo() {
  demoUi.render({ available: !busy, over: game.over });
}

/** Hands both sides to the perfect computer, from the heaps on the table. @param {boolean} play */
function enterDemo(play) {
  if (busy) return;
  selected = null;
  preview = null;
  hint = null;
  demo.start(play && !game.over);
  say('demo.started', {}, [game.over ? ['g.demo.wins', { player: 2 - game.turn }] : ['demo.toMove', { player: game.turn + 1 }]]);
  syncUrl();
}

/**
 * One demo move: the perfect split for whoever is to move, said with what it
 * does to the nim-sum.
 * @param {() => boolean} alive @returns {Promise<boolean>} whether the game goes on
 */
async function demoMove(alive) {
  const playing = game;
  const heaps = game.heaps;
  if (game.over) return false;
  const [before, mv] = await Promise.all([solver.grundyAnalyze(heaps), solver.grundyComputer(heaps, 'perfect')]);
  if (!alive() || game !== playing || game.heaps !== heaps || !mv) return false;
  const [big, small] = mv.into;
  const next = await solver.grundyPlay(heaps, mv.heap, big, small);
  if (!alive() || game !== playing || game.heaps !== heaps) return false;
  const player = game.turn + 1;
  game.play(next, { heap: mv.heap, big, small });
  selected = null;
  preview = null;
  await refresh();
  if (!alive() || game !== playing) return false;
  const after = /** @type {import('./pkg/impartial.js').GrundyAnalysis} */ (analysis);
  /** @type {Line[]} */
  const why = [];
  if (game.over) why.push(['g.demo.wins', { player }]);
  else if (after.nimSum === 0) why.push(['g.demo.toZero', { values: after.values.join(' xor ') }]);
  else if (before.nimSum === 0) why.push(['g.demo.resist']);
  say('g.demo.played', { player, count: heaps[mv.heap], big, small }, why);
  return !game.over;
}
showValues.addEventListener('change', render);

/**
 * @param {number[]} heaps @param {0 | 1} first
 * @param {boolean | null} [inDemo] null: a game against the chosen opponent; else a demo, playing or paused
 */
async function newGame(heaps, first, inDemo = null) {
  demo.leave();
  game = new GrundyGame(heaps, first);
  selected = null;
  preview = null;
  notice.hidden = true;
  await refresh();
  if (inDemo !== null) return enterDemo(inDemo);
  syncUrl();
  if (vsComputer() && game.turn === 1 && !game.over) await computerTurn();
  else announceTurn();
}

function syncUrl() {
  const p = new URLSearchParams();
  p.set('heaps', game.start.join(','));
  p.set('level', level);
  p.set('first', firstSel.value);
  if (demo.on) {
    p.set('demo', '1');
    p.set('speed', demo.speed);
  }
  p.set('lang', lang());
  history.replaceState(null, '', withTheme(`?${p}`));
}

/** @param {string} text */
async function heapsFrom(text) {
  try {
    return await solver.grundyParse(text);
  } catch (err) {
    notice.textContent = t('g.badHeaps', { message: err instanceof Error ? err.message : String(err) });
    notice.hidden = false;
    return null;
  }
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  level = levelSel.value;
  const text = heapList.value.trim() || heapN.value;
  const heaps = await heapsFrom(text);
  if (heaps) await newGame(heaps, firstSel.value === 'computer' ? 1 : 0);
});

langSelect.addEventListener('change', () => {
  setLang(/** @type {import('./i18n.js').Lang} */ (langSelect.value));
  document.title = t('g.doc.title');
  translate(document);
  say(said.key, said.values, said.more);
  share.retranslate();
  render();
  syncUrl();
});

async function boot() {
  const params = new URLSearchParams(location.search);
  const urlLang = params.get('lang');
  setLang(urlLang === 'fr' || urlLang === 'en' ? urlLang : browserLang());
  langSelect.replaceChildren(
    ...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())),
  );
  document.title = t('g.doc.title');
  translate(document);
  const wanted = params.get('level');
  if (wanted && ['perfect', 'seed', 'random', 'human'].includes(wanted)) level = wanted;
  levelSel.value = level;
  if (params.get('first') === 'computer') firstSel.value = 'computer';
  const text = params.get('heaps') ?? params.get('n') ?? '20';
  if (!params.get('heaps')) heapN.value = text;
  else heapList.value = text;
  const heaps = (await heapsFrom(text)) ?? [20];
  // Bad demo switches are left out quietly, as a bad level is on this page.
  const { demo: demoWanted, speed } = readDemo(params, []);
  demo.speed = speed;
  await newGame(heaps, firstSel.value === 'computer' ? 1 : 0, demoWanted ? true : null);
  startLab();
}

void boot();
