// Wires the page: settings → solver (worker) → game → views. The solver owns
// the truth about positions; this module only sequences requests and text.

import { t, setLang, browserLang, translate, num, lang, LANGS } from './i18n.js';
import { readUrl, toSearch, boardAllowed, MAX_SIDE, MAX_THIN_SIDE } from './url-params.js';
import { Game, illegal, fullBar } from './game.js';
import { BoardView } from './board-view.js';
import { BoardGrid } from './board-grid.js';
import { SolverClient, CancelledError } from './solver-client.js';
import { setupGraphPanel } from './graph-panel.js';

// `?game=grundy&heaps=17,5` links land on the Grundy page.
if (new URLSearchParams(location.search).get('game') === 'grundy') {
  location.replace(`grundy.html${location.search}`);
  // Nothing of the Chomp page starts (no worker to abort) while the browser leaves.
  await new Promise(() => {});
}

/** @typedef {import('./game.js').Settings} Settings */
/** @typedef {import('./game.js').Move} Move */
/** @typedef {import('./i18n.js').Key} Key */
/** @typedef {[Key, Record<string, string | number | Move[]>?]} Line */

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

/**
 * Positions the worker may solve in advance, from the device's memory: a
 * quarter of a gibibyte of bit table per GiB reported (Chromium reports 0.25
 * to 8), so 16×16 (601 M positions) needs a 4 GiB device; smaller ones play
 * it per position.
 */
const EXACT_LIMIT = Math.min(2 ** 31, ((/** @type {any} */ (navigator).deviceMemory ?? 8) * 2 ** 28));
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
};

/**
 * One line in the current language; a `moves` value becomes a readable list.
 * @param {Line} line
 */
function say([key, values = {}]) {
  /** @type {Record<string, string | number>} */
  const filled = {};
  for (const [name, v] of Object.entries(values)) {
    filled[name] = Array.isArray(v) ? v.map((m) => t('hint.move', { ...m })).join(', ') : v;
  }
  return t(key, filled);
}

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
  buttons.hint.disabled = !idle || !!game?.over;
  buttons.undo.disabled = !idle || game?.undoTarget() === null;
  buttons.redo.disabled = !idle || game?.redoTarget() === null;
  buttons.restart.disabled = !idle;
  solverInfoEl.textContent = solverInfo(ui.solveReport);
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

/** The line that says whose turn it is, or who won. @returns {Line} */
function turnLine() {
  const game = /** @type {Game} */ (ui.game);
  if (game.over) {
    const winner = game.winner;
    if (game.vsComputer) return [winner === 'A' ? 'status.youWon' : 'status.computerWon'];
    return ['status.playerWon', { player: winner === 'A' ? 1 : 2, loser: winner === 'A' ? 2 : 1 }];
  }
  if (game.vsComputer) return [game.computerToMove ? 'status.computerThinking' : 'status.yourTurn'];
  return ['status.playerTurn', { player: game.sideAt() === 'A' ? 1 : 2 }];
}

/** What was just played: against the computer, the person's move and its reply. @returns {Line[]} */
function lastMoveLines() {
  const game = /** @type {Game} */ (ui.game);
  /** @type {Line[]} */
  const lines = [];
  for (let i = game.index; i >= 1 && lines.length < (game.vsComputer ? 2 : 1); i--) {
    const move = /** @type {Move} */ (game.history[i].move);
    const by = game.sideAt(i - 1);
    if (game.vsComputer) lines.unshift([by === 'A' ? 'status.youPlayed' : 'status.computerPlayed', { ...move }]);
    else lines.unshift(['status.playerPlayed', { player: by === 'A' ? 1 : 2, ...move }]);
    if (by === 'A') break;
  }
  return lines;
}

function announce() {
  setStatus([...lastMoveLines(), turnLine()]);
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
  const pause = matchMedia('(prefers-reduced-motion: reduce)').matches ? 150 : 500;
  await new Promise((resolve) => setTimeout(resolve, pause));
  if (turn !== ui.turn || ui.game !== game) return;
  let move;
  try {
    move = await solver.computerMove(game.rows, game.settings.level);
  } catch (err) {
    if (err instanceof CancelledError) return;
    throw err;
  }
  if (turn !== ui.turn || ui.game !== game || !move) return;
  game.play({ row: move.row, col: move.col });
  afterMove();
  if (!move.sure) setStatus([...ui.status, ['status.computerUnsure']]);
}

/** @param {Move} move */
function onBite(move) {
  const game = ui.game;
  if (ui.solving || !game) return setStatus([['error.busy']]);
  if (game.over) return setStatus([['error.gameOver']]);
  if (game.computerToMove) return setStatus([['error.notYourTurn']]);
  const why = illegal(game.rows, move);
  if (why === 'poison') return setStatus([['error.poison'], turnLine()]);
  if (why === 'eaten') return setStatus([['error.eaten', { ...move }], turnLine()]);
  game.play(move);
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
  const analysis = await solver.analyze(game.rows);
  if (ui.game !== game) return;
  const winning = analysis.moves.filter((m) => m.winning === true);
  ui.hints = winning.map(({ row, col }) => ({ row, col }));
  if (winning.length > 0) {
    setStatus([[analysis.exact ? 'hint.some' : 'hint.someUnsure', { list: ui.hints }], turnLine()]);
  } else {
    // The perfect computer's own choice: longest resistance by remoteness when
    // the box has it, else the move leaving the fewest winning replies.
    const resist = await solver.computerMove(game.rows, 'perfect');
    if (ui.game !== game || !resist) return;
    const key = analysis.outcome === 'P' ? 'hint.none' : 'hint.unknown';
    setStatus([[key, { row: resist.row, col: resist.col }], turnLine()]);
  }
  render();
}

/**
 * Solves the box if needed, then starts a game.
 * @param {Settings} settings @param {number[]} [start]
 */
async function startGame(settings, start) {
  const token = ++ui.start;
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
  history.replaceState(null, '', toSearch(settings, lang()));
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
});

function retranslate() {
  translate(document);
  graphPanel.retranslate();
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
  ui.turn++;
  ui.game?.undo();
  afterMove();
});
buttons.redo.addEventListener('click', () => {
  ui.turn++;
  ui.game?.redo();
  afterMove();
});
buttons.restart.addEventListener('click', () => {
  ui.turn++;
  ui.game?.restart();
  afterMove();
});
$('cancel').addEventListener('click', () => {
  ui.solvedBox = null;
  solver.cancel();
});
langSelect.addEventListener('change', () => {
  setLang(/** @type {import('./i18n.js').Lang} */ (langSelect.value));
  history.replaceState(null, '', toSearch(ui.settings, lang()));
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
ui.notices = fromUrl.problems.map(
  (p) =>
    /** @type {Line} */ ([
      'url.bad',
      { name: p.name, value: p.value, expected: t(p.expected, { max: p.expected === 'url.expect.shape' ? MAX_SIDE : MAX_THIN_SIDE, thin: MAX_THIN_SIDE }), used: p.used || lang() },
    ]),
);
for (const name of ['rows', 'cols']) {
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  input.max = String(MAX_THIN_SIDE);
}
retranslate();
void startGame(fromUrl.settings).then(() => graphPanel.start());
