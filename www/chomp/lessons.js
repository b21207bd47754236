// The Chomp page's lessons, under the game: Gale's strategy-stealing
// argument walked through on the bar being played (the solver settles each
// step: ChompSession.stealing), the nimber of the position on the board
// (ChompNimbers), a printable worksheet of that position, and the link
// between the board and the game graph (each marks the other's position).
// The section is built here, so the page only imports and starts it.

import { t, say, errorLine, num } from '../shared/i18n.js';
import { node, printPage, printTable, printPages } from '../shared/print.js';
import { CancelledError } from '../shared/solver-client.js';

/** @typedef {import('../pkg/impartial.js').ChompStealing} Stealing */
/** @typedef {import('../shared/i18n.js').Line} Line */
/** @typedef {{ row: number, col: number }} Move */
/** @typedef {{ nimber: number, box: [number, number], moves: { row: number, col: number, nimber: number }[] }} Nimbers */

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 30;

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * A bar in a box: squares left, squares eaten (dashed), the squares a bite
 * takes (hatched) and a marked square: a ring with a tick when it wins, a
 * cross when it loses, a question mark while the argument asks (`wins` null).
 * @param {{ box: [number, number], rows: number[], bite?: Move | null, mark?: Move | null, wins?: boolean | null, label: string }} spec
 */
export function barFigure({ box, rows, bite = null, mark = null, wins = false, label }) {
  const [h, w] = box;
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { viewBox: `-2 -2 ${w * CELL + 4} ${h * CELL + 4}`, role: 'img', 'aria-label': label }));
  svg.classList.add('lesson-bar');
  const defs = svgEl('defs');
  const pattern = svgEl('pattern', { id: `hatch-${Math.random().toString(36).slice(2)}`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  pattern.append(svgEl('rect', { width: 6, height: 6, class: 'hatch-bg' }), svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'hatch-line' }));
  defs.append(pattern);
  svg.append(defs);
  for (let r = 1; r <= h; r++) {
    for (let c = 1; c <= w; c++) {
      const here = c <= (rows[r - 1] ?? 0);
      const bitten = here && bite !== null && r >= bite.row && c >= bite.col;
      const rect = svgEl('rect', { x: (c - 1) * CELL + 1, y: (r - 1) * CELL + 1, width: CELL - 2, height: CELL - 2, rx: 3, 'data-row': r, 'data-col': c });
      rect.classList.add(!here ? 'eaten' : r === 1 && c === 1 ? 'poison' : 'choc');
      if (bitten) {
        rect.classList.add('bitten');
        rect.setAttribute('fill', `url(#${pattern.id})`);
      }
      svg.append(rect);
      if (here && r === 1 && c === 1) {
        const skull = svgEl('text', { x: CELL / 2, y: CELL / 2 + 1, class: 'skull', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        skull.textContent = '☠';
        svg.append(skull);
      }
    }
  }
  if (mark) {
    const cx = (mark.col - 0.5) * CELL;
    const cy = (mark.row - 0.5) * CELL;
    const ring = svgEl('circle', { cx, cy, r: CELL * 0.38, class: 'mark', 'data-row': mark.row, 'data-col': mark.col });
    if (wins) ring.classList.add('wins');
    svg.append(ring);
    const sign = svgEl('text', { x: cx, y: cy + 1, class: 'mark-sign', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
    sign.textContent = wins === null ? '?' : wins ? '✓' : '✕';
    svg.append(sign);
  }
  return svg;
}

/**
 * The steps of the argument: each a caption and the two bars side by side.
 * @param {Stealing} s
 * @returns {{ line: Line, left: Parameters<typeof barFigure>[0], right: Parameters<typeof barFigure>[0] }[]}
 */
function steps(s) {
  const box = /** @type {[number, number]} */ ([s.rows, s.cols]);
  const full = Array(s.rows).fill(s.cols);
  const at = (/** @type {Move} */ m) => ({ row: m.row, col: m.col });
  const a = { box, rows: full, label: t('teach.barA', { rows: s.rows, cols: s.cols }) };
  const b = { box, rows: s.after_corner, label: t('teach.barB') };
  // Whether the corner wins is what the first steps ask: a "?" until they answer.
  const first = { line: /** @type {Line} */ (['teach.step1', { rows: s.rows, cols: s.cols, row: s.corner.row, col: s.corner.col }]), left: { ...a, bite: s.corner, mark: s.corner, wins: null }, right: b };
  const ask = { line: /** @type {Line} */ ([s.corner_wins ? 'teach.step2yes' : 'teach.step2no']), left: { ...a, bite: s.corner, mark: s.corner, wins: null }, right: b };
  const closing = /** @type {Line} */ (['teach.closing', { moves: s.winning.map(at) }]);
  if (s.corner_wins) {
    return [
      first,
      ask,
      { line: ['teach.cornerWins', { row: s.corner.row, col: s.corner.col }], left: { ...a, bite: s.corner, mark: s.corner, wins: true }, right: b },
      { line: closing, left: { ...a, bite: s.corner, mark: s.corner, wins: true }, right: b },
    ];
  }
  const reply = /** @type {Move} */ (s.reply);
  const c = { box, rows: /** @type {number[]} */ (s.after_reply), label: t('teach.barC') };
  return [
    first,
    ask,
    // The opponent's reply wins (it leaves C in the kernel): ringed and ticked, as the caption says.
    { line: ['teach.reply', { row: reply.row, col: reply.col }], left: { ...b, bite: reply, mark: reply, wins: true }, right: c },
    { line: ['teach.steal', { row: reply.row, col: reply.col }], left: { ...a, bite: reply, mark: reply, wins: true }, right: c },
    { line: closing, left: { ...a, bite: reply, mark: reply, wins: true }, right: c },
  ];
}

/**
 * Builds the lessons section before `before` and keeps it in step with the game.
 * @param {object} deps
 * @param {import('./controller.js').ChompController} deps.game
 * @param {{ showBoard(rows: number[] | null): void }} deps.graph the graph section
 * @param {HTMLElement} deps.before where the section goes
 */
export function setupLessons({ game, graph, before }) {
  const section = node('section', 'lessons-section');
  section.id = 'lessons';
  section.setAttribute('aria-labelledby', 'lessons-title');
  const title = node('h2');
  title.id = 'lessons-title';
  const intro = node('p', 'lessons-intro');
  const startButton = /** @type {HTMLButtonElement} */ (node('button'));
  startButton.type = 'button';
  startButton.id = 'steal-start';
  const stage = node('div', 'steal-stage');
  stage.id = 'steal-stage';
  stage.hidden = true;
  const caption = node('p', 'steal-caption');
  caption.id = 'steal-caption';
  caption.setAttribute('role', 'status');
  caption.setAttribute('aria-live', 'polite');
  const bars = node('div', 'steal-bars');
  const prev = /** @type {HTMLButtonElement} */ (node('button'));
  const next = /** @type {HTMLButtonElement} */ (node('button'));
  prev.type = next.type = 'button';
  prev.id = 'steal-prev';
  next.id = 'steal-next';
  const counter = node('span', 'steal-counter');
  stage.append(caption, bars, node('div', 'steal-controls', [prev, next, counter]));
  const error = node('p', 'notice');
  error.setAttribute('role', 'alert');
  error.hidden = true;

  const nimberTitle = node('h3');
  const nimberLine = node('p', 'nimber-line');
  nimberLine.id = 'board-nimber';
  const nimberExplain = node('p', 'lessons-intro');
  const sumLink = /** @type {HTMLAnchorElement} */ (node('a'));
  sumLink.id = 'sum-link';
  const printButton = /** @type {HTMLButtonElement} */ (node('button'));
  printButton.type = 'button';
  printButton.id = 'board-print';
  const paper = /** @type {HTMLSelectElement} */ (node('select'));
  paper.id = 'board-paper';
  paper.append(new Option('A4', 'a4'), new Option('Letter', 'letter'));
  const paperLabel = node('label', '', [node('span'), paper]);
  const nimberBox = node('div', 'panel nimber-panel', [nimberTitle, nimberLine, nimberExplain, node('p', 'lesson-tools', [sumLink, printButton, paperLabel])]);
  section.append(title, intro, startButton, error, stage, nimberBox);
  before.before(section);

  /** @type {ReturnType<typeof steps> | null} */
  let walk = null;
  let at = 0;
  /** @type {Line | null} */
  let failure = null;
  /** @type {Nimbers | null} */
  let nimbers = null;
  /** @type {Line | null} */
  let nimberFailure = null;
  /** @type {import('../shared/solver-client.js').Remote<import('../pkg/impartial.js').ChompNimbers> | null} */
  let remote = null;
  let asked = '';

  function paint() {
    const snap = game.snap;
    title.textContent = t('teach.title');
    intro.textContent = t('teach.intro');
    startButton.textContent = snap ? t('teach.start', { rows: snap.box_rows, cols: snap.box_cols }) : t('teach.startPlain');
    startButton.disabled = !snap || game.solving;
    prev.textContent = t('teach.prev');
    next.textContent = t('teach.next');
    error.hidden = failure === null;
    error.textContent = failure ? say(failure) : '';
    stage.hidden = walk === null;
    if (walk) {
      const step = walk[at];
      caption.textContent = say(step.line);
      counter.textContent = t('teach.counter', { n: at + 1, count: walk.length });
      const figure = (/** @type {Parameters<typeof barFigure>[0]} */ spec, /** @type {string} */ side) =>
        node('figure', `steal-${side}`, [barFigure(spec), node('figcaption', '', [spec.label])]);
      bars.replaceChildren(figure(step.left, 'left'), figure(step.right, 'right'));
      prev.disabled = at === 0;
      next.disabled = at === walk.length - 1;
    }
    nimberTitle.textContent = t('teach.nimberTitle');
    nimberExplain.textContent = t('teach.nimberExplain');
    nimberLine.textContent = nimberFailure ? say(nimberFailure) : nimbers ? t('teach.nimber', { n: nimbers.nimber }) : '';
    sumLink.textContent = t('teach.sumLink');
    sumLink.href = `sum.html?chomp=${(snap?.rows ?? [2, 2, 2]).join(',')}&grundy=8&nim=3`;
    printButton.textContent = t('print.board');
    /** @type {HTMLElement} */ (paperLabel.firstChild).textContent = t('print.paper');
  }

  async function startWalk() {
    const session = game.session;
    if (!session || !game.snap) return;
    try {
      const s = /** @type {Stealing} */ (await /** @type {any} */ (session).call('stealing'));
      walk = steps(s);
      at = 0;
      failure = null;
    } catch (err) {
      if (err instanceof CancelledError) return;
      walk = null;
      failure = errorLine(err);
    }
    paint();
  }

  /** The nimber of the position on the board, from a table in the game's worker. */
  async function askNimber() {
    const rows = game.snap?.rows;
    if (!rows || game.solving) return;
    const key = rows.join(',');
    if (key === asked) return;
    asked = key;
    try {
      if (!remote?.alive) remote = await game.client.create('ChompNimbers');
      const flat = Array.from(await remote.call('of', rows));
      if (key !== asked) return;
      const moves = [];
      for (let i = 3; i + 2 < flat.length; i += 3) moves.push({ row: flat[i], col: flat[i + 1], nimber: flat[i + 2] });
      nimbers = { nimber: flat[0], box: [flat[1], flat[2]], moves };
      nimberFailure = null;
    } catch (err) {
      if (err instanceof CancelledError) {
        asked = '';
        return;
      }
      nimbers = null;
      nimberFailure = errorLine(err);
    }
    paint();
  }

  let box = '';
  game.addEventListener('change', () => {
    const snap = game.snap;
    graph.showBoard(snap?.rows ?? null);
    // A new bar: the walk-through was about the old one.
    const now = snap ? `${snap.box_rows}×${snap.box_cols}` : '';
    if (now !== box) {
      box = now;
      walk = null;
      failure = null;
    }
    void askNimber();
    paint();
  });
  startButton.addEventListener('click', () => void startWalk());
  prev.addEventListener('click', () => {
    at = Math.max(0, at - 1);
    paint();
  });
  next.addEventListener('click', () => {
    if (walk) at = Math.min(walk.length - 1, at + 1);
    paint();
  });
  printButton.addEventListener('click', () => {
    const snap = game.snap;
    if (snap) printBoardWorksheet(snap.rows, [snap.box_rows, snap.box_cols], nimbers, snap.hint?.winning ?? null, paper.value === 'letter' ? 'letter' : 'a4');
  });
  paint();
  return { retranslate: paint };
}

/**
 * The position drawn as a grid for paper, with row and column numbers.
 * @param {number[]} rows @param {[number, number]} box
 */
function paperBar(rows, [h, w]) {
  const head = node('tr', '', [node('th'), ...Array.from({ length: w }, (_, c) => node('th', '', [String(c + 1)]))]);
  const lines = Array.from({ length: h }, (_, r) =>
    node('tr', '', [
      node('th', '', [String(r + 1)]),
      ...Array.from({ length: w }, (_, c) => {
        const here = c < (rows[r] ?? 0);
        return node('td', here ? 'choc' : 'eaten', [here && r === 0 && c === 0 ? '☠' : '']);
      }),
    ]),
  );
  return node('table', 'print-bar', [head, ...lines]);
}

/** Row lengths after eating `m`. @param {number[]} rows @param {Move} m */
function after(rows, m) {
  return rows.map((len, i) => (i + 1 >= m.row ? Math.min(len, m.col - 1) : len)).filter((len) => len > 0);
}

/**
 * Prints a worksheet of the position on the board: the bar, questions, a
 * table of its moves to fill in, and the answers (nimbers when the bar is
 * within the nimber tables, else the winning moves of the hint, if asked).
 * @param {number[]} rows @param {[number, number]} box @param {Nimbers | null} nimbers
 * @param {Move[] | null} winning @param {'a4' | 'letter'} paper
 */
export function printBoardWorksheet(rows, box, nimbers, winning, paper) {
  const moves = nimbers?.moves ?? [];
  const headers = [t('print.colMoveSquare'), t('print.colAfter'), t('print.colOutcomeAfter'), t('print.colNimber')];
  // A table of every move fits up to about 40 rows per page; bigger bars get the questions only.
  const tabled = nimbers !== null && moves.length <= 60;
  const row = (/** @type {{ row: number, col: number, nimber: number }} */ m, /** @type {boolean} */ filled) => [
    t('hint.move', { row: m.row, col: m.col }),
    after(rows, m).join(' '),
    filled ? (m.nimber === 0 ? 'P' : 'N') : '',
    filled ? String(m.nimber) : '',
  ];
  const questions = printPage(t('print.boardTitle'), true, [
    node('p', 'print-task', [t('print.boardPosition', { rows: rows.join(' ') })]),
    paperBar(rows, box),
    node('ol', 'print-steps', [node('li', '', [t('print.boardQ1')]), node('li', '', [t('print.boardQ2')]), node('li', '', [t('print.boardQ3')])]),
    ...(tabled ? [node('h2', '', [t('print.boardTable')]), printTable(headers, moves.map((m) => row(m, false)))] : []),
  ]);
  const wins = nimbers ? nimbers.moves.filter((m) => m.nimber === 0) : winning ?? [];
  const answers = printPage(t('print.answers'), false, [
    node('p', 'print-task', [
      nimbers
        ? t(nimbers.nimber === 0 ? 'print.boardIsP' : 'print.boardIsN', { n: nimbers.nimber })
        : t('print.boardNoNimber'),
    ]),
    node('p', 'print-task', [wins.length ? t('print.boardWins', { moves: wins.map((m) => t('hint.move', m)).join(', ') }) : t('print.boardNoWin')]),
    ...(tabled ? [printTable(headers, moves.map((m) => row(m, true)))] : []),
  ]);
  printPages([questions, answers], paper);
}
