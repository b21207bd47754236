// Wires the page: settings → solver (worker) → game → views. The solver owns
// the truth about positions; this module only sequences requests and text.

import { t, setLang, browserLang, translate, num, lang, LANGS } from './i18n.js';
import { readUrl, toSearch, boardAllowed, MAX_SIDE, MAX_THIN_SIDE } from './url-params.js';
import { DemoRunner, demoControls } from './demo.js';
import { Sharer, linkTo } from './share.js';
import { Game, illegal, fullBar } from './game.js';
import { sayLine, turnLine as gameTurnLine, lastMoveLines, refusal, problemLine, computerReply, hintFor } from './chomp-status.js';
import { BoardView } from './board-view.js';
import { BoardGrid } from './board-grid.js';
import { SolverClient, CancelledError, EXACT_LIMIT } from './solver-client.js';
import { setupGraphPanel } from './graph-panel.js';
import { setupClassroom, withTheme } from './classroom.js';

// `?game=grundy&heaps=17,5` links land on the Grundy page.
if (new URLSearchParams(location.search).get('game') === 'grundy') {
  location.replace(`grundy.html${location.search}`);
  // Nothing of the Chomp page starts (no worker to abort) while the browser leaves.
  await new Promise(() => {});
}

// `?embed=1` is the iframe form for other sites: the game alone, without the
// page's header, settings and graph section.
const EMBED = new URLSearchParams(location.search).get('embed') === '1';
document.documentElement.classList.toggle('embed', EMBED);
setupClassroom();

/** @typedef {import('./game.js').Settings} Settings */
/** @typedef {import('./game.js').Move} Move */
/** @typedef {import('./i18n.js').Key} Key */
/** @typedef {import('./chomp-status.js').Line} Line */

/** @template {HTMLElement} T @param {string} id @returns {T} */
function $(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the page`);
  return /** @type {T} */ (found);
}

const statusEl = $('status');
const noticeEl = $('notice');
const solverInfoEl = $('solver-info');
const progressEl = $('progress');
const progressBar = /** @type {HTMLProgressElement} */ ($('progress-bar'));
const progressText = $('progress-text');
const wrap = $('board-wrap');
const form = /** @type {HTMLFormElement} */ ($('new-game'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const buttons = {
  hint: /** @type {HTMLButtonElement} */ ($('hint')),
  undo: /** @type {HTMLButtonElement} */ ($('undo')),
  redo: /** @type {HTMLButtonElement} */ ($('redo')),
  restart: /** @type {HTMLButtonElement} */ ($('restart')),
};
const notationRows = /** @type {HTMLInputElement} */ ($('notation-rows'));
const notationCols = /** @type {HTMLInputElement} */ ($('notation-columns'));
const notationForm = /** @type {HTMLFormElement} */ ($('notation-form'));

const solver = new SolverClient();

const view = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')));
const grid = new BoardGrid($('grid'), { onBite, onPreview });

/** Everything the page shows, kept so a language switch can redraw it. */
const ui = {
  /** @type {Game | null} */ game: null,
  /** @type {Settings} */ settings: readUrl('').settings,
  /** @type {{ rows: number, cols: number } | null} */ solvedBox: null,
  solving: false,
  /** @type {Move[]} */ hints: [],
  /** @type {Move | null} */ preview: null,
  /** @type {Line[]} */ status: [],
  /** @type {Line[]} */ notices: [],
  /** @type {import('./solver-client.js').SolveReport | null} */ solveReport: null,
  /** Bumped whenever a pending computer move must be dropped. */
  turn: 0,
  /** Bumped by every new game, so a superseded start stops where it is. */
  start: 0,
  /** @type {number[] | null} Where the game started, when not the full bar (kept in the address bar). */
  startRows: null,
  /** @type {string | null} A graph opened from a link, kept in the address bar while it is the one shown. */
  linkedGraph: null,
};

/** Longest link to a graph offered: past about 8 KB, servers and mail or chat tools cut links. */
const MAX_GRAPH_LINK = 8000;

const demo = new DemoRunner(demoMove, renderDemo);
const demoUi = demoControls(demo, syncAddress);
const share = new Sharer($('share-status'));
const graphShare = new Sharer($('graph-share-status'));

/** Keeps the address bar on what starts this game again, as the page shows it now. */
function syncAddress() {
  const extra = { position: ui.startRows, demo: demo.on, speed: demo.speed, graph: ui.linkedGraph };
  const params = new URLSearchParams(withTheme(toSearch(ui.settings, lang(), extra)));
  if (EMBED) params.set('embed', '1');
  history.replaceState(null, '', `?${params}`);
}

/** @param {Line} line */
const say = (line) => sayLine(line, t);
/** The whose-turn line of the game on the board. */
const turnLine = () => gameTurnLine(/** @type {Game} */ (ui.game));

/** @param {Line[]} lines */
function setStatus(lines) {
  ui.status = lines;
  statusEl.textContent = lines.map(say).join(' ');
}

function renderNotices() {
  noticeEl.hidden = ui.notices.length === 0;
  noticeEl.replaceChildren(
    ...ui.notices.map((line) => {
      const p = document.createElement('p');
      p.textContent = say(line);
      return p;
    }),
  );
}

function render() {
  const { settings, game } = ui;
  const rows = game ? game.rows : fullBar(settings.rows, settings.cols);
  const hints = ui.hints;
  const previous = game && game.index > 0 ? game.history[game.index - 1].rows : null;
  view.show({ boxRows: settings.rows, boxCols: settings.cols, rows, previous, preview: ui.preview, hints });
  grid.update(rows, hints);
  const idle = !!game && !ui.solving;
  buttons.hint.disabled = !idle || !!game?.over || !!game?.demo || !!game?.computerToMove;
  buttons.undo.disabled = !idle || game?.undoTarget() === null;
  buttons.redo.disabled = !idle || game?.redoTarget() === null;
  buttons.restart.disabled = !idle;
  solverInfoEl.textContent = solverInfo(ui.solveReport);
  renderDemo();
}

/** What the solver did for this board. @param {import('./solver-client.js').SolveReport | null} report */
function solverInfo(report) {
  if (!report) return '';
  if (report.kind === 'three-rows') return t('status.threeRows');
  if (report.kind === 'open') return t('status.open');
  return t('status.solved', {
    positions: num(report.positions ?? 0),
    ms: num(report.ms),
    kernel: num(report.kernel ?? 0),
  });
}

function announce() {
  if (ui.game?.demo) setStatus(demoTurnLines());
  else setStatus([...lastMoveLines(/** @type {Game} */ (ui.game)), turnLine()]);
}

/** In the demo: who moves next, or who won. @returns {Line[]} */
function demoTurnLines() {
  const game = /** @type {Game} */ (ui.game);
  if (game.over) {
    const winner = game.winner === 'A' ? 1 : 2;
    return [['demo.won', { player: winner, loser: 3 - winner }]];
  }
  return [['demo.toMove', { player: game.sideAt() === 'A' ? 1 : 2 }]];
}

/**
 * One demo move: the perfect computer's choice for whoever is to move, said
 * with why it is good, from the solver's values of the moves before it.
 * @param {() => boolean} alive @returns {Promise<boolean>} whether the game goes on
 */
async function demoMove(alive) {
  const game = ui.game;
  if (!game || game.over || ui.solving) return false;
  const rows = game.rows;
  let choice;
  let analysis;
  try {
    [choice, analysis] = await Promise.all([solver.computerMove(rows, 'perfect'), solver.analyze(rows)]);
  } catch (err) {
    if (err instanceof CancelledError) return false;
    throw err;
  }
  if (!alive() || ui.game !== game || game.rows !== rows || !choice) return false;
  const move = { row: choice.row, col: choice.col };
  const player = game.sideAt() === 'A' ? 1 : 2;
  const value = analysis.moves.find((m) => m.row === move.row && m.col === move.col);
  game.play(move);
  ui.hints = [];
  ui.preview = null;
  render();
  void showNotations();
  /** @type {Line[]} */
  const lines = [['demo.played', { player, ...move }]];
  const r = value?.remoteness ?? null;
  if (game.over) lines.push(...demoTurnLines());
  else if (value?.winning === true) lines.push(r === null ? ['demo.whyWin'] : ['demo.whyWinIn', { moves: r }]);
  else if (value?.winning === false && analysis.outcome === 'P') {
    lines.push(r === null ? ['demo.whyResist'] : r === 1 ? ['demo.whyResistLast'] : ['demo.whyResistIn', { moves: r }]);
  }
  if (!choice.sure) lines.push(['status.computerUnsure']);
  setStatus(lines);
  return !game.over;
}

function renderDemo() {
  demoUi.render({ available: !!ui.game && !ui.solving, over: !!ui.game?.over });
}

/** Hands both sides to the perfect computer, from the position on the board. */
function enterDemo() {
  const game = ui.game;
  if (!game || ui.solving) return;
  ui.turn++;
  game.demo = true;
  ui.hints = [];
  demo.start(!game.over);
  render();
  setStatus([['demo.started'], ...demoTurnLines()]);
  syncAddress();
}

function leaveDemo() {
  if (!demo.on) return;
  demo.leave();
  if (ui.game) ui.game.demo = false;
  syncAddress();
}

/** Shows the position in both notations (formatted by the solver's own printer). */
async function showNotations() {
  const game = ui.game;
  if (!game) return;
  try {
    const n = await solver.format(game.rows, ui.settings.rows, ui.settings.cols);
    if (ui.game === game) {
      notationRows.value = n.rows;
      notationCols.value = n.columns;
    }
  } catch (err) {
    if (!(err instanceof CancelledError)) throw err;
  }
}

function afterMove() {
  ui.hints = [];
  ui.preview = null;
  render();
  announce();
  void showNotations();
  void computerTurn();
}

async function computerTurn() {
  const game = ui.game;
  if (!game || !game.computerToMove) return;
  const turn = ++ui.turn;
  const move = await computerReply(solver, game, () => turn === ui.turn && ui.game === game);
  if (!move) return;
  game.play({ row: move.row, col: move.col });
  afterMove();
  if (!move.sure) setStatus([...ui.status, ['status.computerUnsure']]);
}

/** @param {Move} move */
function onBite(move) {
  const game = ui.game;
  if (demo.on) return setStatus([['demo.noBite']]);
  const refused = refusal(game, ui.solving, move);
  if (refused) return setStatus(refused);
  /** @type {Game} */ (game).play(move);
  afterMove();
}

/** @param {Move | null} move */
function onPreview(move) {
  const same = move && ui.preview && move.row === ui.preview.row && move.col === ui.preview.col;
  if (same || (!move && !ui.preview)) return;
  ui.preview = move && ui.game && !ui.game.over && !illegal(ui.game.rows, move) ? move : null;
  render();
}

async function showHint() {
  const game = ui.game;
  if (!game || game.over) return setStatus([['hint.unavailable']]);
  const hint = await hintFor(solver, game);
  if (!hint || ui.game !== game) return;
  ui.hints = hint.hints;
  setStatus([hint.line, turnLine()]);
  render();
}

/**
 * Solves the box if needed, then starts a game.
 * @param {Settings} settings @param {number[]} [start]
 */
async function startGame(settings, start) {
  const token = ++ui.start;
  if (ui.game) ui.game.demo = false;
  demo.leave();
  ui.startRows = start ?? null;
  if (ui.solving) {
    // The box being solved is no longer wanted: stop it rather than queue behind it.
    ui.solvedBox = null;
    solver.cancel();
  }
  ui.turn++;
  ui.settings = settings;
  ui.game = null;
  ui.hints = [];
  ui.preview = null;
  wrap.style.setProperty('--rows', String(settings.rows));
  wrap.style.setProperty('--cols', String(settings.cols));
  grid.build(settings.rows, settings.cols);
  syncForm();
  syncAddress();
  const box = ui.solvedBox;
  if (!box || box.rows !== settings.rows || box.cols !== settings.cols) {
    ui.solving = true;
    ui.solvedBox = null;
    render();
    setStatus([['status.solving', { rows: settings.rows, cols: settings.cols }]]);
    // Quick solves never flash a progress bar; slow ones show it after 200 ms.
    const showTimer = setTimeout(() => {
      progressEl.hidden = false;
    }, 200);
    const began = performance.now();
    try {
      const report = await solver.solve(
        settings.rows,
        settings.cols,
        (done, total) => {
          const percent = Math.floor((100 * done) / total);
          progressBar.value = done / total;
          const label = t('progress.label', { rows: settings.rows, cols: settings.cols, percent });
          const elapsed = performance.now() - began;
          // Work per position is roughly even, so the rate so far predicts the rest.
          const seconds = done > 0 && elapsed > 500 ? Math.ceil(((total - done) * elapsed) / done / 1000) : null;
          progressText.textContent = seconds === null ? label : t('progress.eta', { label, seconds });
        },
        EXACT_LIMIT,
      );
      if (token !== ui.start) return;
      ui.solvedBox = { rows: settings.rows, cols: settings.cols };
      ui.solveReport = report;
    } catch (err) {
      if (token !== ui.start) return;
      ui.solving = false;
      render();
      if (err instanceof CancelledError) setStatus([['status.cancelled']]);
      else setStatus([['status.solveFailed', { message: err instanceof Error ? err.message : String(err) }]]);
      return;
    } finally {
      clearTimeout(showTimer);
      if (token === ui.start) {
        progressEl.hidden = true;
        progressBar.value = 0;
      }
    }
    ui.solving = false;
  }
  ui.game = new Game(settings, start);
  render();
  announce();
  void showNotations();
  void computerTurn();
}

function syncForm() {
  const s = ui.settings;
  /** @type {HTMLInputElement} */ (form.elements.namedItem('rows')).value = String(s.rows);
  /** @type {HTMLInputElement} */ (form.elements.namedItem('cols')).value = String(s.cols);
  /** @type {HTMLSelectElement} */ (form.elements.namedItem('first')).value = s.first;
  /** @type {HTMLSelectElement} */ (form.elements.namedItem('level')).value = s.level;
}

/** @returns {Settings} */
function readForm() {
  const data = new FormData(form);
  const side = (/** @type {string} */ name) =>
    Math.min(MAX_THIN_SIDE, Math.max(1, Math.round(Number(data.get(name)) || 1)));
  let rows = side('rows');
  let cols = side('cols');
  // Past 30, only thin boards: the longer side is clamped otherwise.
  if (!boardAllowed(rows, cols)) {
    if (rows >= cols) rows = MAX_SIDE;
    else cols = MAX_SIDE;
  }
  return {
    rows,
    cols,
    first: /** @type {Settings['first']} */ (data.get('first')),
    level: /** @type {Settings['level']} */ (data.get('level')),
  };
}

const graphPanel = setupGraphPanel({
  solver,
  boardPosition: () => ui.game?.rows ?? null,
  playFrom: (rows) => {
    ui.notices = [['notation.loaded', { rows: rows.join(' ') }]];
    renderNotices();
    void startGame({ ...ui.settings, rows: Math.max(rows.length, 1), cols: rows[0] }, rows);
  },
  onDraw: (dict) => {
    if (ui.linkedGraph === null || dict === ui.linkedGraph) return;
    ui.linkedGraph = null;
    syncAddress();
  },
});

function retranslate() {
  translate(document);
  graphPanel.retranslate();
  share.retranslate();
  graphShare.retranslate();
  document.title = t('doc.title');
  setStatus(ui.status);
  renderNotices();
  render();
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  ui.notices = [];
  renderNotices();
  void startGame(readForm());
});
buttons.hint.addEventListener('click', () => void showHint());
buttons.undo.addEventListener('click', () => {
  demo.pause();
  ui.turn++;
  ui.game?.undo();
  afterMove();
});
buttons.redo.addEventListener('click', () => {
  demo.pause();
  ui.turn++;
  ui.game?.redo();
  afterMove();
});
buttons.restart.addEventListener('click', () => {
  demo.pause();
  ui.turn++;
  ui.game?.restart();
  afterMove();
});
demoUi.toggle.addEventListener('click', () => {
  if (!demo.on) return enterDemo();
  leaveDemo();
  render();
  announce();
  void computerTurn();
});
$('copy-rows').addEventListener('click', () => {
  void share.copy(notationRows.value, notationRows, 'share.textCopied', { text: notationRows.value });
});
$('copy-columns').addEventListener('click', () => {
  void share.copy(notationCols.value, notationCols, 'share.textCopied', { text: notationCols.value });
});
$('share-link').addEventListener('click', () => {
  const game = ui.game;
  if (!game) return;
  // The link reopens this very position with the same side to move.
  /** @type {Settings} */
  const settings = { ...ui.settings, first: game.sideAt() === 'A' ? 'human' : 'computer' };
  const search = toSearch(settings, lang(), { position: game.rows, demo: demo.on, speed: demo.speed });
  void share.copy(linkTo(search), /** @type {HTMLInputElement} */ ($('share-url')), 'share.linkCopied');
});
$('graph-link-copy').addEventListener('click', () => {
  const dict = graphPanel.dict();
  if (dict === null) return graphShare.say('graph.linkNone');
  const link = linkTo(toSearch(ui.settings, lang(), { position: ui.startRows, graph: dict }));
  if (link.length > MAX_GRAPH_LINK) {
    return graphShare.say('graph.linkTooLong', { length: num(link.length), max: num(MAX_GRAPH_LINK) });
  }
  void graphShare.copy(link, /** @type {HTMLInputElement} */ ($('graph-link')), 'share.linkCopied');
});
$('cancel').addEventListener('click', () => {
  ui.solvedBox = null;
  solver.cancel();
});
langSelect.addEventListener('change', () => {
  setLang(/** @type {import('./i18n.js').Lang} */ (langSelect.value));
  syncAddress();
  retranslate();
});
notationForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (e).submitter);
  const notation = submitter?.value === 'columns' ? 'columns' : 'rows';
  const text = notation === 'columns' ? notationCols.value : notationRows.value;
  try {
    const parsed = await solver.parse(text, notation);
    const rows = Math.max(parsed.boxRows, parsed.rows.length);
    const cols = Math.max(parsed.boxCols, parsed.rows[0]);
    if (!boardAllowed(rows, cols)) {
      throw new Error(t('url.expect.shape', { max: MAX_SIDE, thin: MAX_THIN_SIDE }));
    }
    ui.notices = [['notation.loaded', { rows: parsed.rows.join(' ') }]];
    renderNotices();
    await startGame({ ...ui.settings, rows, cols }, parsed.rows);
  } catch (err) {
    if (err instanceof CancelledError) return;
    ui.notices = [['notation.invalid', { message: err instanceof Error ? err.message : String(err) }]];
    renderNotices();
  }
});

// Start: language and game from the URL, problems reported, never a blank page.
const fromUrl = readUrl(location.search);
setLang(fromUrl.lang ?? browserLang());
langSelect.replaceChildren(
  ...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())),
);
ui.notices = fromUrl.problems.map((p) => problemLine(p, t, fromUrl.settings, lang(), 'url.bad'));
for (const name of ['rows', 'cols']) {
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  input.max = String(MAX_THIN_SIDE);
}
retranslate();
demo.speed = fromUrl.speed;
ui.linkedGraph = fromUrl.graph;
void startGame(fromUrl.settings, fromUrl.position ?? undefined).then(async () => {
  if (fromUrl.demo) enterDemo();
  await graphPanel.start(fromUrl.graph);
  if (fromUrl.graph !== null) $('graph').scrollIntoView();
});
