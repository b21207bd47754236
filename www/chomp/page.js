// The Chomp page: a thin shell around the game controller (the same one the
// <chomp-game> element uses), plus what only the page has: the new-game and
// position forms, the language, the address bar, sharing, the demo and the
// graph section.

import { t, setLang, browserLang, translate, num, lang, LANGS, errorLine, say } from '../shared/i18n.js';
import { readDisplay, gamePairs, queryString, pageParam } from '../shared/url.js';
import { DemoRunner, demoControls } from '../shared/demo.js';
import { Sharer, linkTo } from '../shared/share.js';
import { setupClassroom, projectorPlace } from '../shared/classroom.js';
import { registerOfflineApp } from '../shared/offline-app.js';
import { AddressBar } from '../shared/address.js';
import { ChompController } from './controller.js';
import { ChompPanel } from './panel.js';
import { pageProgressNodes } from '../shared/progress.js';
import { replayLink } from './analysis-panel.js';
import { problemLine, stoppedLine } from './status.js';
import { setupGraphPanel } from '../graph/panel.js';
import { setupLessons } from './lessons.js';
import { fitToScreen } from '../shared/fit.js';
import { tellFrameHeight, whenNearScreen } from '../shared/frame-height.js';
import { optionNote } from '../shared/option-note.js';
import { showQr } from '../shared/qr.js';

// `?game=grundy&heaps=17,5` links land on the Grundy page.
if (pageParam('game') === 'grundy') {
  location.replace(`grundy.html${location.search}`);
  // Nothing of the Chomp page starts (no worker to abort) while the browser leaves.
  await new Promise(() => {});
}

// `?embed=1` is the iframe form for other sites: the game alone, without the
// page's header, settings and graph section.
const EMBED = pageParam('embed') === '1';
/** The test suite's hook (`?debug=1`, `?debug=hold`: see its end; null when off), kept through the address's rewriting. */
const DEBUG = ['1', 'hold'].find((v) => v === pageParam('debug')) ?? null;
// A frame far down its host page starts its game (worker, wasm, solve) when
// it comes near the screen, as a lazy image loads: on a slow device the
// host's own games, shown first, are not slowed by it.
const nearScreen = EMBED ? whenNearScreen() : Promise.resolve();

// The solver's worker starts first: its script and the wasm load and compile
// on another core while this page sets itself up.
const game = new ChompController('url.bad');
void nearScreen.then(() => game.warmUp());

document.documentElement.classList.toggle('embed', EMBED);
setupClassroom();
// The game fits the window under the header; in an iframe the game keeps
// its natural height instead, which the frame tells its host page (below).
if (EMBED) tellFrameHeight();
const refit = EMBED
  ? undefined
  : fitToScreen(/** @type {HTMLElement} */ (document.getElementById('play-fit')), /** @type {HTMLElement} */ (document.querySelector('#play-fit > .board-scroll')), {
      above: [document.querySelector('header.top'), document.getElementById('notice')],
      // The board is drawn for its room (its first report comes after the panel is made).
      onFit: (room) => panel.fitBoard(room),
    });

/** @template {HTMLElement} T @param {string} id @returns {T} */
function $(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the page`);
  return /** @type {T} */ (found);
}

const form = /** @type {HTMLFormElement} */ ($('new-game'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const notationRows = /** @type {HTMLInputElement} */ ($('notation-rows'));
const notationCols = /** @type {HTMLInputElement} */ ($('notation-columns'));
const notationForm = /** @type {HTMLFormElement} */ ($('notation-form'));
const solverInfoEl = $('solver-info');

const demo = new DemoRunner((alive) => game.demoMove(alive), () => renderDemo());
const demoUi = demoControls(demo, syncAddress);
const panel = new ChompPanel(
  game,
  {
    status: $('status'),
    notice: $('notice'),
    wrap: $('board-wrap'),
    canvas: /** @type {HTMLCanvasElement} */ ($('board')),
    grid: $('grid'),
    buttons: {
      hint: /** @type {HTMLButtonElement} */ ($('hint')),
      undo: /** @type {HTMLButtonElement} */ ($('undo')),
      redo: /** @type {HTMLButtonElement} */ ($('redo')),
      restart: /** @type {HTMLButtonElement} */ ($('restart')),
    },
    controls: $('controls'),
    analysis: $('analysis'),
    progress: pageProgressNodes(),
  },
  () => t,
  { hintLocked: () => demo.on, link: (snap) => replayLink(snap, [['lang', lang()]]), refit },
);
const share = new Sharer($('share-status'));
projectorPlace(panel.analysis.record.chartBox, $('chart-slot'));

/** A graph opened from a link, kept in the address bar while it is the one shown. */
let linkedGraph = /** @type {string | null} */ (null);

/** The address bar holds the game as it stands, as the page shows it now. */
const address = new AddressBar(
  game,
  (gamePairs) => {
    const pairs = [...gamePairs];
    // The session's demo, not the runner's: left, the runner stops at once
    // while the session's answer (the game as it goes on) is still to come.
    if (game.snap?.demo) pairs.push(['demo', '1'], ['speed', demo.speed]);
    pairs.push(['lang', lang()]);
    if (linkedGraph !== null) pairs.push(['graph', linkedGraph]);
    if (EMBED) pairs.push(['embed', '1']);
    if (DEBUG) pairs.push(['debug', DEBUG]);
    return pairs;
  },
  // Back or forward: the game of that entry, as it stood when it was left.
  (params) => {
    demo.leave();
    void game.start(gamePairs(params, 'chomp'), { resume: true });
  },
  // In a frame, the host page's Back button is not the game's.
  { entries: !EMBED },
);

function syncAddress() {
  address.sync();
}

/** What the solver did for this board. */
function solverInfo() {
  const report = game.snap?.solver;
  if (!report || game.solving) return '';
  // A tall thin bar (1000×3) is the same table, read by columns.
  if (report.kind === 'three-rows') return t(game.snap && game.snap.box_rows > game.snap.box_cols ? 'status.threeCols' : 'status.threeRows');
  // A box the device would not hold is played per position: said first.
  if (report.kind === 'open' && report.fallback) return `${say(errorLine(report.fallback))} ${t('status.open')}`;
  if (report.kind === 'open' && report.background) return t('status.openUntilTable');
  const stopped = stoppedLine(game.snap);
  if (stopped) return say(stopped);
  if (report.kind === 'open') return t('status.open');
  return t('status.solved', {
    positions: num(report.positions ?? 0),
    ms: num(Math.round(report.ms)),
    kernel: num(report.kernel ?? 0),
  });
}

function renderDemoBar() {
  demoUi.render({ available: !!game.snap && !game.solving, over: !!game.snap?.over });
}

/** The demo's bar and the board it locks the hint of. */
function renderDemo() {
  renderDemoBar();
  panel.render();
}

let shownBox = '';
let shownSnap = /** @type {import('../pkg/impartial.js').ChompSnapshot | null} */ (null);
game.addEventListener('change', () => {
  const snap = game.snap;
  solverInfoEl.textContent = solverInfo();
  // The panel has drawn this change already (its own listener): drawing the
  // board twice was a tenth of a slow device's start.
  renderDemoBar();
  syncAddress();
  if (!snap || snap === shownSnap) return;
  // Only a new position rewrites the notation fields: a refused text stays there to be fixed.
  shownSnap = snap;
  notationRows.value = snap.notations.rows;
  notationCols.value = snap.notations.columns;
  const box = `${snap.box_rows}×${snap.box_cols}`;
  if (box !== shownBox) {
    shownBox = box;
    syncForm();
  }
});

/** Says what the chosen opponent does (set once the form has its options). */
let levelNote = () => {};

function syncForm() {
  const snap = game.snap;
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  if (!snap) {
    // A big first board is still being solved: show the size asked for (the
    // session says later what it plays, and the form follows).
    for (const [name, value] of gamePairs(params, 'chomp')) {
      if ((name === 'rows' || name === 'cols') && !field(name).value) field(name).value = value;
    }
    return;
  }
  field('rows').value = String(snap.box_rows);
  field('cols').value = String(snap.box_cols);
  field('first').value = snap.start_params.find(([name]) => name === 'first')?.[1] ?? '';
  field('level').value = snap.level;
  levelNote();
}

/**
 * Starts a game; the demo ends with the old game.
 * @param {[string, string][]} pairs @param {{ strict?: boolean, notices?: import('../shared/i18n.js').Line[] }} [options]
 */
function startGame(pairs, options) {
  demo.leave();
  return game.start(pairs, options);
}

/** Hands both sides to the perfect computer, from the position on the board. */
async function enterDemo() {
  if (!game.snap || game.solving) return;
  await game.setDemo(true);
  demo.start(!game.snap?.over);
  syncAddress();
}

async function leaveDemo() {
  demo.leave();
  await game.setDemo(false);
}

const graphPanel = setupGraphPanel({
  boardPosition: () => game.snap?.rows ?? null,
  playFrom: (rows) => {
    // A vertex played from the keyboard hands it to the board the page
    // scrolls to (it stayed on the vertex, off screen).
    const fromVertex = document.getElementById('graph-figure')?.contains(document.activeElement) ?? false;
    // The same opponent and first player as the game on the board.
    const kept = (game.snap?.start_params ?? []).filter(([name]) => name === 'first' || name === 'level');
    void startGame([['position', rows.join(',')], ...kept, ...game.keptShown()], {
      notices: [['notation.loaded', { rows: rows.join(' ') }]],
    }).then((started) => {
      if (started && fromVertex) panel.grid.focusCurrent();
    });
  },
  onDraw: (dict) => {
    if (linkedGraph === null || dict === linkedGraph) return;
    linkedGraph = null;
    syncAddress();
  },
  graphLink: (dict) => linkTo(queryString([...(game.snap?.start_params ?? []), ['lang', lang()], ['graph', dict]])),
});

// Gale's strategy stealing and the board's nimber, between the game and the graph.
const lessons = setupLessons({ game, graph: graphPanel, before: $('graph') });

function retranslate() {
  translate(document);
  graphPanel.retranslate();
  lessons.retranslate();
  share.retranslate();
  document.title = t('doc.title');
  levelNote();
  solverInfoEl.textContent = solverInfo();
  renderDemo();
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const data = new FormData(form);
  /** @type {[string, string][]} */
  const pairs = ['rows', 'cols', 'first', 'level'].map((name) => [name, String(data.get(name) ?? '')]);
  void startGame([...pairs, ...game.keptShown()]);
});
demoUi.toggle.addEventListener('click', () => void (demo.on ? leaveDemo() : enterDemo()));
// Undo, redo, restart and a jump in the game (the move list, its keys) pause the demo (the panel sends them to the game).
for (const id of ['undo', 'redo', 'restart']) $(id).addEventListener('click', () => demo.pause());
$('analysis').addEventListener('jump', () => demo.pause());
for (const [button, field] of /** @type {const} */ ([
  ['copy-rows', notationRows],
  ['copy-columns', notationCols],
])) {
  $(button).addEventListener('click', () => {
    void share.copy(field.value, field, 'share.textCopied', { text: field.value });
  });
}
/** The link that reopens this very position with the same side to move (null from a file). */
function hereLink() {
  const snap = game.snap;
  if (!snap) return null;
  /** @type {[string, string][]} */
  const pairs = [...snap.here_params, ['lang', lang()]];
  if (demo.on) pairs.push(['demo', '1'], ['speed', demo.speed]);
  return linkTo(queryString(pairs));
}
$('share-link').addEventListener('click', () => {
  const snap = game.snap;
  if (snap) void share.copyLink(hereLink(), snap.notations.rows, /** @type {HTMLInputElement} */ ($('share-url')));
});
$('show-qr').addEventListener('click', () => {
  if (game.snap) showQr(hereLink());
});
langSelect.addEventListener('change', () => {
  setLang(/** @type {import('../shared/i18n.js').Lang} */ (langSelect.value));
  syncAddress();
  retranslate();
});
notationForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (e).submitter);
  const notation = submitter?.value === 'columns' ? 'columns' : 'position';
  const text = notation === 'columns' ? notationCols.value : notationRows.value;
  // The same opponent and first player as the game on the board.
  const kept = (game.snap?.start_params ?? []).filter(([name]) => name === 'first' || name === 'level');
  /** @type {[string, string][]} */
  const pairs = [[notation, text], ...kept, ...game.keptShown()];
  try {
    const started = await startGame(pairs, { strict: true });
    if (!started) return;
    game.notices = [['notation.loaded', { rows: started.rows.join(' ') }]];
    game.changed();
  } catch (err) {
    game.notices = [['notation.invalid', { reason: { line: errorLine(err) } }]];
    game.changed();
  }
});

/** Fills the new-game form's limits and choices from the rule book. */
async function fillForm() {
  const rules = await game.client.callStatic('ChompSession', 'rules');
  for (const name of ['rows', 'cols']) {
    /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).max = String(rules.max_thin_side);
  }
  const select = (/** @type {string} */ name, /** @type {string[]} */ values, /** @type {string} */ prefix) => {
    const el = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
    el.replaceChildren(
      ...values.map((v) => {
        const option = new Option('', v);
        option.dataset.i18n = `${prefix}${v}`;
        option.textContent = t(/** @type {import('../shared/i18n.js').Key} */ (`${prefix}${v}`));
        return option;
      }),
    );
  };
  select('first', rules.firsts, 'form.first.');
  select('level', rules.opponents, 'level.');
  syncForm();
  levelNote = optionNote(/** @type {HTMLSelectElement} */ (form.elements.namedItem('level')), $('level-note'), (v) => /** @type {import('../shared/i18n.js').Key} */ (`ui.levelNote.${v}`));
}

// A hook for the test suite (`?debug=1`): trap the solver's module on purpose.
// `?debug=hold` also holds a box's table back (shown as being solved, no
// core spent on it) until the test calls chompDebug.releaseTable().
if (DEBUG) {
  /** @type {any} */ (window).chompDebug = {
    trap: () => game.client.call('trap_for_tests').catch(() => 'trapped'),
    /** How many times the worker was replaced (a cancel, a trap). */
    replaced: () => game.client.generation,
    releaseTable: () => game.client.releaseRuns(),
  };
  if (DEBUG === 'hold') game.client.holdRuns();
}

// Start: language and game from the address, problems reported, never a blank page.
const params = new URLSearchParams(location.search);
const display = readDisplay(params, browserLang());
setLang(display.lang);
langSelect.replaceChildren(
  ...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())),
);
retranslate();
demo.speed = display.speed;
linkedGraph = pageParam('graph', params);
const formReady = nearScreen.then(fillForm);
const firstGame = nearScreen.then(() => startGame(gamePairs(params, 'chomp')));
registerOfflineApp(firstGame);
void (async () => {
  const snap = await firstGame;
  await formReady;
  if (snap) {
    game.notices = [...display.problems.map((p) => problemLine(p, snap, 'url.bad')), ...game.notices];
    game.changed();
    if (display.demo) await enterDemo();
  }
  if (linkedGraph !== null) {
    // The lesson, one screen high, when drawn (at 1280×800 the section's top
    // left the figure below the fold); else the section's top, its message.
    const drawn = await graphPanel.start(linkedGraph);
    (drawn ? $('graph-lesson') : $('graph')).scrollIntoView({ block: drawn ? 'end' : 'start' });
    return;
  }
  // The graph section has its own module (game graphs): it loads when the
  // section comes near the screen, not with the game.
  const near = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    near.disconnect();
    void graphPanel.start(null);
  }, { rootMargin: '200px' });
  near.observe($('graph'));
})();
