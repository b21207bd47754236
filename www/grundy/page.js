// Grundy's game page: a thin shell around the game controller. Heaps on a
// canvas mirrored by buttons, a split control, Grundy values on demand, the
// demo and sharing; the lab below has its own worker.

import { t, setLang, browserLang, translate, lang, LANGS, say, errorLine } from '../shared/i18n.js';
import { readDisplay, gamePairs, queryString } from '../shared/url.js';
import { setupClassroom, withTheme } from '../shared/classroom.js';
import { DemoRunner, demoControls } from '../shared/demo.js';
import { Sharer, linkTo } from '../shared/share.js';
import { ProgressView } from '../shared/progress.js';
import { GrundyController } from './controller.js';
import { problemLine } from './status.js';
import { HeapsView } from './view.js';
import { startLab } from './lab.js';
import { RecordView } from '../shared/record-view.js';
import { RevealSelect, reveals, levelName } from '../shared/reveal-select.js';
import { fitToScreen, fitText, keepTextFitted } from '../shared/fit.js';
import { optionNote } from '../shared/option-note.js';
import { showQr } from '../shared/qr.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const statusEl = $('status');
const notice = $('notice');
const heapsEl = $('heaps');
const asideEl = $('set-aside');
const splitBox = $('split');
const splitRange = /** @type {HTMLInputElement} */ ($('split-range'));
// The slider cannot pick one split among 25,000 with a mouse: the number
// field (typed, or stepped with its arrows) picks it exactly.
const splitNumber = /** @type {HTMLInputElement} */ ($('split-n'));
const splitOut = $('split-out');
const splitLabel = $('split-label');
const showValues = /** @type {HTMLInputElement} */ ($('show-values'));
const valuesPanel = $('values-panel');
const form = /** @type {HTMLFormElement} */ ($('new-game'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const heapN = /** @type {HTMLInputElement} */ ($('heap-n'));
const heapList = /** @type {HTMLInputElement} */ ($('heap-list'));
const canvas = /** @type {HTMLCanvasElement} */ ($('heaps-canvas'));

setupClassroom();
fitToScreen($('play-fit'), /** @type {HTMLElement} */ (document.querySelector('#play-fit > .heaps-scroll')), { above: [document.querySelector('header.top'), notice] });
keepTextFitted(statusEl);
const game = new GrundyController('url.bad');
const heapsScroll = /** @type {HTMLElement} */ (canvas.parentElement);
const view = new HeapsView(canvas, () => parseFloat(getComputedStyle(heapsScroll).maxHeight) || Infinity);
// The room changes with the window and the parts around the heaps: redraw to fit it.
new ResizeObserver(() => view.draw()).observe(heapsScroll);
const demo = new DemoRunner((alive) => game.demoMove(alive), () => render());
const demoUi = demoControls(demo, syncUrl);
const share = new Sharer($('share-status'));
const reveal = new RevealSelect((level) => void game.setReveal(level));
$('an-tools').append(reveal.label);
const record = new RecordView($('record'), {
  tr: () => t,
  say: (line) => say(line),
  onJump: (ply) => {
    demo.pause();
    void game.goTo(ply);
  },
  onImport: (text) => void importRecord(text),
  link: () => {
    const s = game.snap;
    return s ? linkTo(queryString([...s.start_params, ['moves', s.record], ['lang', lang()]])) : null;
  },
  listId: 'moves',
  field: 'an.g.recordField',
  example: 'an.g.recordExample',
});
/** What each split of the chosen heap leaves, for the position it was asked at. @type {{ key: string, sums: number[] | null, error: import('../shared/i18n.js').Line | null } | null} */
let splitValues = null;
const progress = new ProgressView(
  { box: $('progress'), bar: /** @type {HTMLProgressElement} */ ($('progress-bar')), text: $('progress-text'), cancel: /** @type {HTMLButtonElement} */ ($('cancel')) },
  () => game.cancel(),
  { label: 'g.progress' },
);

/** True when the person may split now (not the computer's turn, not a demo, not over). */
function personToMove() {
  const s = game.snap;
  return !!s && !game.solving && !s.over && !s.demo && !s.computer_to_move;
}

function render() {
  const s = game.snap;
  const words = game.status.map((line) => say(line)).join(' ');
  if (statusEl.textContent !== words) {
    statusEl.textContent = words;
    fitText(statusEl);
  }
  // Busy while the worker has not answered the last click.
  statusEl.setAttribute('aria-busy', String(game.pending > 0));
  notice.hidden = game.notices.length === 0;
  notice.replaceChildren(
    ...game.notices.map((line) => {
      const p = document.createElement('p');
      p.textContent = say(line);
      return p;
    }),
  );
  progress.show(game.solving, game.progress);
  canvas.classList.toggle('not-ready', !s || game.solving);
  demoUi.render({ available: !!s && !game.solving, over: !!s?.over });
  if (!s) {
    // No game (a start was cancelled): nothing drawn that could be played.
    view.show({ heaps: [], ones: 0, twos: 0, selected: null, preview: null, hint: null, values: null });
    heapsEl.replaceChildren();
    asideEl.hidden = true;
    splitBox.hidden = true;
    for (const id of ['undo', 'redo', 'hint']) $(id).toggleAttribute('disabled', true);
    $('restart').toggleAttribute('disabled', true);
    return;
  }
  const playing = personToMove();
  const values = showValues.checked ? s.values : null;
  const name = (/** @type {1 | 2} */ p) => (s.vs_computer ? t(p === 1 ? 'you' : 'computer') : t('g.player', { n: p }));
  view.show({
    heaps: s.heaps,
    ones: s.ones,
    twos: s.twos,
    selected: playing ? game.selected : null,
    preview: playing ? game.preview : null,
    hint: playing ? game.hintCut : null,
    values,
  });
  heapsEl.replaceChildren(
    ...s.heaps.map((n, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'heap-button';
      b.textContent = String(n);
      const g = values ? `, ${t('g.heapValue', { g: values[i] })}` : '';
      b.setAttribute('aria-label', t('g.heapLabel', { n: i + 1, count: n }) + g);
      b.setAttribute('aria-pressed', String(i === game.selected));
      b.dataset.heap = String(i);
      b.tabIndex = i === (game.selected ?? 0) ? 0 : -1;
      b.disabled = !playing;
      return b;
    }),
  );
  asideEl.hidden = s.ones + s.twos === 0;
  asideEl.textContent = t('g.setAsideLabel', { ones: s.ones, twos: s.twos });
  const selected = game.selected;
  const most = selected === null ? 0 : s.max_small[selected] ?? 0;
  if (playing && selected !== null && most >= 1) {
    const n = s.heaps[selected];
    splitBox.hidden = false;
    splitLabel.textContent = t('g.splitLabel', { n: selected + 1 });
    splitRange.max = splitNumber.max = String(most);
    const small = Math.min(most, Math.max(1, Number(splitRange.value)));
    splitRange.value = String(small);
    // Not rewritten while being typed in (a half-typed number would jump).
    if (document.activeElement !== splitNumber) splitNumber.value = String(small);
    splitOut.textContent = `${n - small} + ${small}`;
  } else {
    splitBox.hidden = true;
  }
  $('undo').toggleAttribute('disabled', game.solving || !s.can_undo);
  $('redo').toggleAttribute('disabled', game.solving || !s.can_redo);
  $('hint').toggleAttribute('disabled', !playing || !reveals(s.reveal, 'moves'));
  $('restart').toggleAttribute('disabled', game.solving);
  $('again').hidden = game.solving || !s.over || s.demo;
  $('continue').hidden = game.solving || !s.computer_waits;
  valuesPanel.hidden = !showValues.checked;
  showValues.disabled = s.reveal === 'off';
  $('nim-sum').textContent = s.values ? t('g.nimSum', { values: s.values.join(' xor ') || '0', sum: s.nim_sum ?? 0 }) : t('an.g.valuesHidden');
  $('nim-verdict').hidden = s.nim_sum === null;
  $('nim-verdict').textContent = t(s.nim_sum === 0 ? 'g.nimSumLose' : 'g.nimSumWin');
  $('g-explain').hidden = !reveals(s.reveal, 'explain');
  renderSplits(s, playing);
  reveal.render({ level: s.reveal, limit: s.reveal_limit, disabled: game.solving }, t);
  const note = $('an-note');
  note.hidden = s.reveal_limit === 'explain';
  note.textContent = t('an.limited', { level: levelName(s.reveal_limit, t) });
  record.show({
    items: [...s.moves, ...s.undone].map((m) => ({
      move: ['an.g.move', { size: m.size, big: m.big, small: m.small }],
      by: m.by,
      mark: m.mark,
      delta: null,
      winning: m.winning === true,
    })),
    cursor: s.moves.length,
    history: s.history,
    first: s.first,
    name,
    line: s.record_line,
    busy: game.solving,
  });
}

/**
 * What each split of the chosen heap leaves (asked of the session once per
 * heap and position): win or lose, and the nim-sum when numbers are shown.
 * @param {import('../pkg/impartial.js').GrundySnapshot} s @param {boolean} playing
 */
function renderSplits(s, playing) {
  const box = $('split-values');
  const title = $('split-title');
  const heap = game.selected;
  const wanted = showValues.checked && playing && heap !== null && reveals(s.reveal, 'moves') && (s.max_small[heap] ?? 0) > 0;
  box.hidden = title.hidden = !wanted;
  if (!wanted || heap === null) return;
  const key = `${s.record}|${heap}|${s.reveal}`;
  if (splitValues?.key !== key) {
    splitValues = { key, sums: null, error: null };
    game
      .query('splits', heap)
      .then((sums) => {
        if (splitValues?.key !== key || !sums) return;
        splitValues.sums = /** @type {number[]} */ (sums);
        render();
      })
      .catch((/** @type {unknown} */ err) => {
        if (splitValues?.key !== key) return;
        splitValues.error = errorLine(err);
        render();
      });
  }
  const size = s.heaps[heap];
  title.textContent = t('an.g.splits', { n: heap + 1, size });
  if (splitValues.error) {
    box.replaceChildren(Object.assign(document.createElement('li'), { textContent: say(splitValues.error) }));
    return;
  }
  const sums = splitValues.sums ?? [];
  const numbers = reveals(s.reveal, 'values');
  const items = sums.map((x, i) => {
    const small = i + 1;
    const parts = { big: size - small, small, x };
    const li = document.createElement('li');
    li.dataset.win = String(x === 0);
    const key = x === 0 ? (numbers ? 'an.g.splitWin' : 'an.g.splitWinPlain') : numbers ? 'an.g.splitNim' : 'an.g.splitLosePlain';
    li.textContent = `${x === 0 ? '✓' : '✗'} ${t(key, parts)}`;
    return li;
  });
  const more = (s.max_small[heap] ?? 0) - sums.length;
  if (splitValues.sums && more > 0) items.push(Object.assign(document.createElement('li'), { textContent: t('an.g.splitsMore', { count: more }) }));
  box.replaceChildren(...items);
}

/**
 * Loads a record typed or pasted in the page (`20: 13+7 9+4`): played whole
 * or refused with the first split that cannot be played.
 * @param {string} text
 */
async function importRecord(text) {
  const s = game.snap;
  if (!s) return;
  const kept = s.start_params.filter(([n]) => n === 'first' || n === 'level' || n === 'reveal');
  try {
    const started = await startGame([...kept, ['record', text]], true);
    if (started) game.notices = [['an.imported', { count: started.moves.length }]];
  } catch (err) {
    game.notices = [['an.importBad', { reason: { line: errorLine(err) } }]];
  }
  game.changed();
}

game.addEventListener('change', () => {
  // The slider follows the cut previewed (on the canvas, or by the hint).
  const split = game.preview && game.splitAt(game.preview);
  if (split) splitRange.value = String(split.small);
  render();
  syncUrl();
});

/** @param {number} i */
function select(i) {
  splitRange.value = '1';
  game.select(i);
  /** @type {HTMLElement | null} */ (heapsEl.querySelector(`[data-heap="${i}"]`))?.focus();
}

heapsEl.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button');
  if (b?.dataset.heap) select(Number(b.dataset.heap));
});
heapsEl.addEventListener('keydown', (e) => {
  const count = game.snap?.heaps.length ?? 0;
  if (count === 0) return;
  const at = game.selected ?? 0;
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: count - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  select((to + count) % count);
});
splitRange.addEventListener('input', () => {
  if (game.selected === null) return;
  game.setPreview({ heap: game.selected, cut: Number(splitRange.value) });
});
splitNumber.addEventListener('input', () => {
  const small = Math.round(Number(splitNumber.value));
  if (game.selected === null || !(small >= 1 && small <= Number(splitNumber.max))) return;
  splitRange.value = String(small);
  game.setPreview({ heap: game.selected, cut: small });
});
splitNumber.addEventListener('change', () => {
  splitNumber.value = splitRange.value;
});
splitNumber.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') $('split-play').click();
});
$('split-play').addEventListener('click', () => {
  const s = game.snap;
  if (!s || game.selected === null) return;
  const n = s.heaps[game.selected];
  const small = Number(splitRange.value);
  void game.split(game.selected, n - small, small);
});

let dragging = false;
canvas.addEventListener('pointerdown', (e) => {
  if (!personToMove()) return;
  dragging = true;
  const at = view.hit(e.clientX, e.clientY);
  if (!at) return;
  const same = game.preview && game.preview.heap === at.heap && game.preview.cut === at.cut;
  const split = game.splitAt(at);
  if (same && split) {
    dragging = false;
    void game.split(split.heap, split.big, split.small);
    return;
  }
  if (!split) {
    // Not a split (an end of the heap, two equal halves): the rule book says why.
    const n = game.snap?.heaps[at.heap] ?? 0;
    const small = Math.min(at.cut, n - at.cut);
    if (small >= 1) void game.split(at.heap, n - small, small);
    else game.select(at.heap);
    return;
  }
  game.setPreview(at);
  game.status = [['g.preview', { count: split.big + split.small, big: split.big, small: split.small }]];
  game.changed();
});
canvas.addEventListener('pointermove', (e) => {
  if (!dragging || (e.pointerType === 'mouse' && e.buttons === 0)) return;
  const at = view.hit(e.clientX, e.clientY);
  if (!at || at.heap !== game.selected || game.preview?.cut === at.cut) return;
  const split = game.splitAt(at);
  if (!split) return;
  game.setPreview(at);
  game.status = [['g.preview', { count: split.big + split.small, big: split.big, small: split.small }]];
  game.changed();
});
window.addEventListener('pointerup', () => {
  dragging = false;
});

$('hint').addEventListener('click', () => void game.hint());
$('again').addEventListener('click', () => game.playAgain());
$('continue').addEventListener('click', () => void game.continueGame());
for (const [id, action] of /** @type {const} */ ([
  ['undo', () => game.undo()],
  ['redo', () => game.redo()],
  ['restart', () => game.restart()],
])) {
  $(id).addEventListener('click', () => {
    demo.pause();
    void action();
  });
}
demoUi.toggle.addEventListener('click', async () => {
  if (!demo.on) {
    if (!game.snap || game.solving) return;
    await game.setDemo(true);
    demo.start(!game.snap?.over);
  } else {
    demo.leave();
    await game.setDemo(false);
  }
  syncUrl();
});
/** The heaps on the table now, with the same player to move (null from a file). */
function hereLink() {
  const s = game.snap;
  if (!s) return null;
  /** @type {[string, string][]} */
  const pairs = [...s.here_params];
  if (demo.on) pairs.push(['demo', '1'], ['speed', demo.speed]);
  pairs.push(['lang', lang()]);
  return linkTo(queryString(pairs));
}
$('share-link').addEventListener('click', () => {
  const s = game.snap;
  if (s) void share.copyLink(hereLink(), s.record_line, /** @type {HTMLInputElement} */ ($('share-url')));
});
$('show-qr').addEventListener('click', () => {
  if (game.snap) showQr(hereLink());
});
showValues.addEventListener('change', render);

function syncUrl() {
  const s = game.snap;
  if (!s) return;
  /** @type {[string, string][]} */
  const pairs = [...s.start_params];
  if (demo.on) pairs.push(['demo', '1'], ['speed', demo.speed]);
  pairs.push(['lang', lang()]);
  history.replaceState(null, '', withTheme(queryString(pairs)));
}

/**
 * Starts a game; the demo ends with the old game.
 * @param {[string, string][]} pairs @param {boolean} strict
 */
function startGame(pairs, strict) {
  demo.leave();
  return game.start(pairs, { strict });
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const heaps = heapList.value.trim() || heapN.value;
  try {
    await startGame([['heaps', heaps], ['first', String(data.get('first'))], ['level', String(data.get('level'))]], true);
  } catch (err) {
    game.notices = [['g.badHeaps', { reason: { line: errorLine(err) } }]];
    game.changed();
  }
});

langSelect.addEventListener('change', () => {
  setLang(/** @type {import('../shared/i18n.js').Lang} */ (langSelect.value));
  document.title = t('g.doc.title');
  translate(document);
  share.retranslate();
  levelNote();
  render();
  syncUrl();
});

/** Fills the form's limits and choices from the rule book. */
async function fillForm() {
  const rules = await game.client.callStatic('GrundySession', 'rules');
  heapN.max = String(rules.max_heap);
  const select = (/** @type {string} */ name, /** @type {string[]} */ values, /** @type {(v: string) => string} */ key) => {
    const el = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
    el.replaceChildren(
      ...values.map((v) => {
        const option = new Option('', v);
        option.dataset.i18n = key(v);
        option.textContent = t(/** @type {import('../shared/i18n.js').Key} */ (key(v)));
        return option;
      }),
    );
  };
  select('first', rules.firsts, (v) => `form.first.${v}`);
  select('level', rules.opponents, (v) => (v === 'human' ? 'level.human' : `g.level.${v}`));
  levelNote = optionNote(/** @type {HTMLSelectElement} */ (form.elements.namedItem('level')), $('level-note'), (v) => /** @type {import('../shared/i18n.js').Key} */ (`ui.g.levelNote.${v}`));
}

/** Says what the chosen opponent does (set once the form has its options). */
let levelNote = () => {};

// A hook for the test suite (`?debug=1`): where the drawing put each heap and label.
if (new URLSearchParams(location.search).get('debug') === '1') {
  /** @type {any} */ (window).grundyDebug = { boxes: () => view.boxes, labels: () => view.labels };
}

async function boot() {
  const params = new URLSearchParams(location.search);
  const display = readDisplay(params, browserLang());
  setLang(display.lang);
  langSelect.replaceChildren(
    ...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())),
  );
  document.title = t('g.doc.title');
  translate(document);
  demo.speed = display.speed;
  await fillForm();
  const snap = await startGame(gamePairs(params), false);
  if (snap) {
    const text = params.get('heaps') ?? params.get('n');
    if (text !== null && snap.problems.every((p) => p.name !== 'heaps' && p.name !== 'n')) heapList.value = text;
    const field = (/** @type {string} */ name) => /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
    field('first').value = snap.start_params.find(([name]) => name === 'first')?.[1] ?? '';
    field('level').value = snap.level;
    levelNote();
    game.notices = [...game.notices, ...display.problems.map((p) => problemLine(p, snap, 'url.bad'))];
    game.changed();
    if (display.demo) {
      await game.setDemo(true);
      demo.start(!game.snap?.over);
    }
  }
  startLab();
}

void boot();
