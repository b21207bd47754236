// The value history of a game as an SVG chart, after GamesmanUni's: for each
// position of the game line (after 0, 1, 2… moves), how it stands for each
// player: above the axis when that player wins, below when it loses, as far
// from the axis as there are moves left (one step when only the outcome is
// known). A mistake, a won position handed over, makes the lines cross the
// axis; it is marked with a hatched band and a cross. Every position is a
// click target, and the same values are given as a table for screen readers.

/** @typedef {import('../pkg/impartial.js').ValuePoint} ValuePoint */
/** @typedef {import('./i18n.js').Translate} Translate */
/** @typedef {import('./i18n.js').Line} Line */
/**
 * @typedef {object} ChartData
 * @property {ValuePoint[]} points the value of each position for the player to move there
 * @property {1 | 2} first who moved first
 * @property {number} cursor the position on the board (moves played)
 * @property {number[]} mistakes the moves (from 0) that gave a win away
 * @property {(player: 1 | 2) => string} name a player's name ("You", "Player 2", …)
 */

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag @param {Record<string, string | number>} [attrs] @param {string} [text]
 */
function el(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Player 1's standing in each position: + moves left when it wins, − when it
 * loses, null when unknown. The other player's is its mirror.
 * @param {ChartData} d @returns {(number | null)[]}
 */
export function standings(d) {
  return d.points.map((p, k) => {
    if (p.win === null) return null;
    const mover = k % 2 === 0 ? d.first : 3 - d.first;
    const oneWins = (mover === 1) === p.win;
    const size = p.remoteness ?? 1;
    return oneWins ? size : -size;
  });
}

/**
 * The sentence that says a position's value for one player.
 * @param {number | null} v player's standing @param {boolean} numbers @returns {Line}
 */
function standingLine(v, numbers) {
  if (v === null) return ['an.valueUnknown'];
  if (!numbers) return [v > 0 ? 'an.valueWins' : 'an.valueLoses'];
  if (v === 0) return ['an.valueLost'];
  return [v > 0 ? 'an.valueWinsIn' : 'an.valueLosesIn', { moves: Math.abs(v) }];
}

export class ValueChart {
  /**
   * @param {HTMLElement} root where the chart and its table go
   * @param {{ tr: () => Translate, say: (line: Line) => string, onJump: (ply: number) => void }} options
   */
  constructor(root, options) {
    this.options = options;
    this.figure = document.createElement('figure');
    this.figure.className = 'an-chart';
    this.caption = document.createElement('figcaption');
    this.svg = el('svg', { role: 'img', class: 'an-chart-svg' });
    this.details = document.createElement('details');
    this.details.className = 'an-chart-table';
    this.summary = document.createElement('summary');
    this.table = document.createElement('table');
    this.details.append(this.summary, this.table);
    this.figure.append(this.caption, this.svg, this.details);
    root.append(this.figure);
    this.svg.addEventListener('click', (e) => {
      const target = /** @type {Element} */ (e.target).closest('[data-ply]');
      if (target) options.onJump(Number(target.getAttribute('data-ply')));
    });
    this.table.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (b?.dataset.ply) options.onJump(Number(b.dataset.ply));
    });
    /** @type {ChartData | null} */
    this.data = null;
    // Drawn at the width it is shown at, so its text stays at the page's size.
    this.width = 0;
    new ResizeObserver(() => {
      if (this.figure.clientWidth !== this.width) this.show(this.data);
    }).observe(this.figure);
  }

  /** @param {ChartData | null} d null hides the chart (nothing revealed, or no move yet) */
  show(d) {
    this.data = d;
    this.figure.hidden = !d || d.points.length < 2;
    if (!d || this.figure.hidden) return;
    this.width = this.figure.clientWidth;
    const W = Math.max(280, this.width || 440);
    // Margins and height follow the text's size (the projector's is larger).
    const fs = parseFloat(getComputedStyle(this.svg).fontSize) || 16;
    const { say } = this.options;
    const tr = this.options.tr();
    const svg = this.svg;
    svg.replaceChildren();
    // Under the move numbers, "▼ loses" at the left and "moves played" at the
    // right; on a chart too narrow for both on one line (a phone on the
    // projector) the second goes on a line of its own, the plot keeping its height.
    const loses = el('text', { class: 'an-side' }, tr('an.chartLoses'));
    const played = el('text', { class: 'an-tick', 'text-anchor': 'end' }, tr('an.chartMoves'));
    svg.append(loses, played);
    const left = 2.1 * fs;
    const right = 0.6 * fs;
    const stacked = left + loses.getComputedTextLength() + fs > W - right - played.getComputedTextLength();
    const PAD = { left, right, top: 1.4 * fs, bottom: (stacked ? 3.8 : 2.6) * fs };
    const H = Math.round(Math.max(170, 11 * fs) + (stacked ? 1.2 * fs : 0));
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const values = standings(d);
    const numbers = d.points.some((p) => p.remoteness !== null);
    const n = d.points.length - 1;
    const top = Math.max(1, ...values.map((v) => Math.abs(v ?? 0)));
    const plotW = W - PAD.left - PAD.right;
    const plotH = H - PAD.top - PAD.bottom;
    const x = (/** @type {number} */ k) => PAD.left + (k * plotW) / Math.max(n, 1);
    const y = (/** @type {number} */ v) => PAD.top + plotH / 2 - (v * plotH) / 2 / top;
    // The words' lines under the plot: move numbers, then the labels, a line apart.
    const line = (/** @type {number} */ k) => H - PAD.bottom + (k === 0 ? 1.1 : k === 1 ? 2.3 : 3.5) * fs;
    for (const [node, x0, k] of /** @type {const} */ ([[loses, left, 1], [played, W - right, stacked ? 2 : 1]])) {
      node.setAttribute('x', String(x0));
      node.setAttribute('y', String(line(k)));
    }
    const defs = el('defs');
    const hatch = el('pattern', { id: 'an-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
    hatch.append(el('rect', { width: 8, height: 8, class: 'an-hatch-bg' }), el('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'an-hatch-line' }));
    defs.append(hatch);
    svg.prepend(defs);
    // Halves: where a player wins, where it loses.
    svg.append(el('text', { x: PAD.left, y: 0.9 * fs, class: 'an-side' }, tr(numbers ? 'an.chartWinsMoves' : 'an.chartWins')));
    // Remoteness ticks on both sides of the axis, as distances.
    if (numbers) {
      const step = Math.max(1, Math.ceil(top / 3));
      for (let v = step; v <= top; v += step) {
        for (const s of [1, -1]) {
          svg.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(s * v), y2: y(s * v), class: 'an-grid' }));
          svg.append(el('text', { x: PAD.left - 6, y: y(s * v) + 0.3 * fs, class: 'an-tick', 'text-anchor': 'end' }, String(v)));
        }
      }
    }
    // Mistakes: the move between two positions, hatched, with a cross.
    for (const k of d.mistakes) {
      if (k >= n) continue;
      const band = el('rect', { x: x(k), y: PAD.top, width: Math.max(2, x(k + 1) - x(k)), height: plotH, class: 'an-mistake', fill: 'url(#an-hatch)' });
      band.append(el('title', {}, tr('an.chartMistake', { n: k + 1 })));
      svg.append(band);
      svg.append(el('text', { x: (x(k) + x(k + 1)) / 2, y: PAD.top + fs, class: 'an-mistake-mark', 'text-anchor': 'middle' }, '✗'));
    }
    svg.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0), class: 'an-axis' }));
    // Moves along the bottom.
    const every = Math.max(1, Math.ceil(n / 12));
    for (let k = 0; k <= n; k += every) {
      svg.append(el('text', { x: x(k), y: line(0), class: 'an-tick', 'text-anchor': 'middle' }, String(k)));
    }
    // Where the board is.
    svg.append(el('line', { x1: x(d.cursor), x2: x(d.cursor), y1: PAD.top - 6, y2: H - PAD.bottom + 4, class: 'an-cursor' }));
    // Both players' lines, each with its own marker shape.
    for (const player of /** @type {const} */ ([1, 2])) {
      const sign = player === 1 ? 1 : -1;
      let path = '';
      values.forEach((v, k) => {
        if (v === null) return;
        path += `${path && values[k - 1] !== null ? 'L' : 'M'}${x(k).toFixed(1)},${y(sign * v).toFixed(1)}`;
      });
      svg.append(el('path', { d: path, class: `an-line an-line-${player}` }));
      values.forEach((v, k) => {
        if (v === null) return;
        const cx = x(k);
        const cy = y(sign * v);
        svg.append(
          player === 1
            ? el('circle', { cx, cy, r: 4.5, class: 'an-dot an-dot-1' })
            : el('rect', { x: cx - 4, y: cy - 4, width: 8, height: 8, class: 'an-dot an-dot-2' }),
        );
      });
    }
    // A column per position to click, with what it says.
    const half = plotW / Math.max(n, 1) / 2;
    const after = (/** @type {number} */ k) => (k === 0 ? tr('an.chartAtStart') : k === 1 ? tr('an.chartAtOne') : tr('an.chartAt', { n: k }));
    values.forEach((v, k) => {
      const hit = el('rect', { x: x(k) - half, y: 0, width: 2 * half, height: H, class: 'an-hit', 'data-ply': k });
      const words = `${after(k)} ${tr('labelled', { label: d.name(1), text: say(standingLine(v, numbers)) })}`;
      hit.append(el('title', {}, words));
      svg.append(hit);
    });
    // Each name held to its mark (no-break spaces, "Joueur\u00a02\u00a0■"): a line
    // never breaks between a player's name and the mark the chart draws for it.
    const hold = (/** @type {string} */ name, /** @type {string} */ mark) => `${name} ${mark}`.replace(/ /g, '\u00a0');
    const legend = `${hold(d.name(1), '●')}, ${hold(d.name(2), '■')}`;
    this.caption.textContent = tr('labelled', { label: tr(numbers ? 'an.chartTitle' : 'an.chartTitleOutcome'), text: legend });
    svg.setAttribute('aria-label', tr('an.chartLabel', { count: d.mistakes.length }));
    this.summary.textContent = tr('an.chartTable');
    const head = document.createElement('tr');
    for (const key of /** @type {const} */ (['an.tablePosition', 'an.tableValue', 'an.tableMark', 'an.tableGo'])) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = key === 'an.tableValue' ? d.name(1) : tr(key);
      head.append(th);
    }
    const rows = values.map((v, k) => {
      const tr_ = document.createElement('tr');
      const cells = [
        after(k),
        say(standingLine(v, numbers)),
        d.mistakes.includes(k - 1) ? tr('an.mistake') : '',
      ];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr_.append(td);
      }
      const td = document.createElement('td');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.ply = String(k);
      b.textContent = tr('an.go');
      if (k === d.cursor) b.setAttribute('aria-current', 'step');
      td.append(b);
      tr_.append(td);
      return tr_;
    });
    this.table.replaceChildren(head, ...rows);
  }
}
