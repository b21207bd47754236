// Draws a game graph as layered SVG and steps through the worksheet's
// algorithms on it: the kernel by sink removal, then the strategy arrows,
// then the nimbers. Every vertex shows its number (the label the captions
// use); Chomp vertices also show their bar. Vertices are reachable by
// keyboard (one tab stop, arrows move between them). Large graphs are drawn
// in a reduced form: every vertex, but only the arrows of the chosen vertex,
// of the kernel step shown and of the strategy, so the picture stays legible.

import { t } from '../shared/i18n.js';
import './graph.css';
import GRAPH_CSS from './graph.css?inline';

/** @typedef {import('../pkg/impartial_study.js').GraphView} GraphAnalysis */
/** @typedef {{ index: number, name: string, x: number, y: number, layer: number, slot: number, rows: number[] | null }} Node */

const SVG = 'http://www.w3.org/2000/svg';
const GAP_X = 96;
const GAP_Y = 96;
const CELL = 9;
/** Past this many vertices (or arcs), only the chosen vertex's arrows are drawn. */
export const REDUCED_VERTICES = 60;
const REDUCED_ARCS = 400;

/** @param {string} tag @param {Record<string, string | number>} attrs */
function el(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export class GraphView {
  /**
   * @param {HTMLElement} figure where the SVG goes
   * @param {HTMLElement} caption the aria-live line that tells each step
   * @param {(rows: number[]) => void} onPick called with a Chomp vertex's position
   */
  constructor(figure, caption, onPick) {
    this.figure = figure;
    this.caption = caption;
    this.onPick = onPick;
    /** @type {GraphAnalysis | null} */
    this.analysis = null;
    /** Step shown: 0 = nothing done; 1..K kernel steps; K+1 strategy; K+2 nimbers. */
    this.step = 0;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** The vertex holding the keyboard's tab stop, and whose arrows a reduced drawing shows. */
    this.chosen = 0;
    /** The vertex of the position on the Chomp board, when the graph has it. @type {number | null} */
    this.boardVertex = null;
    /** The board's position, kept so a new graph finds it again. @type {number[] | null} */
    this.boardRows = null;
    /** Whether only the chosen vertex's arrows are drawn. */
    this.reduced = false;
    /** @type {number[][]} */
    this.layers = [];
    /** @type {SVGGElement | null} */
    this.arcs = null;
    /** Told when the vertex on the board or the chosen one changes (the panel's extra line). */
    this.onChange = () => {};
  }

  get lastStep() {
    return this.analysis ? this.analysis.kernel_steps.length + 2 : 0;
  }

  /** @param {GraphAnalysis} analysis */
  show(analysis) {
    this.analysis = analysis;
    this.step = 0;
    const arcs = analysis.successors.reduce((n, s) => n + s.length, 0);
    this.reduced = analysis.labels.length > REDUCED_VERTICES || arcs > REDUCED_ARCS;
    this.layout();
    this.boardVertex = this.find(this.boardRows);
    this.chosen = this.boardVertex ?? 0;
    this.paint();
  }

  /** The vertex whose position is `rows`, if any. @param {number[] | null} rows */
  find(rows) {
    const key = rows?.join(',');
    const index = key === undefined ? -1 : this.analysis?.positions?.findIndex((p) => p.join(',') === key) ?? -1;
    return index >= 0 ? index : null;
  }

  /**
   * Marks the vertex of the position on the board (the board and the graph
   * follow each other). @param {number[] | null} rows
   */
  setBoard(rows) {
    this.boardRows = rows;
    const v = this.find(rows);
    if (v === this.boardVertex) return;
    this.boardVertex = v;
    // A reduced drawing follows the board unless the keyboard is on the figure.
    if (v !== null && !this.figure.contains(document.activeElement)) this.chosen = v;
    this.refresh();
  }

  /** Empties the figure: nothing is drawn that the caption could contradict. */
  clear() {
    this.analysis = null;
    this.nodes = [];
    this.boardVertex = null;
    this.svg = null;
    this.step = 0;
    this.figure.replaceChildren();
    this.caption.textContent = '';
    this.onChange();
  }

  /** @param {number} step */
  go(step) {
    this.step = Math.max(0, Math.min(this.lastStep, step));
    this.paint();
  }

  layout() {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const count = a.labels.length;
    /** @type {number[]} */
    let layer;
    if (a.positions) {
      // Chomp: one layer per number of squares, the biggest bar on top.
      const squares = a.positions.map((r) => r.reduce((s, x) => s + x, 0));
      const most = Math.max(...squares);
      layer = squares.map((n) => most - n);
    } else {
      // Otherwise: longest path down to a sink, sinks at the bottom. The
      // graph has no cycle (the solver checked): heights are settled in the
      // order sinks first, without recursion.
      const height = new Array(count).fill(0);
      const waiting = a.successors.map((s) => s.length);
      /** @type {number[][]} */
      const preds = Array.from({ length: count }, () => []);
      a.successors.forEach((succ, v) => succ.forEach((w) => preds[w].push(v)));
      const ready = waiting.flatMap((n, v) => (n === 0 ? [v] : []));
      while (ready.length > 0) {
        const w = /** @type {number} */ (ready.pop());
        for (const v of preds[w]) {
          height[v] = Math.max(height[v], height[w] + 1);
          if (--waiting[v] === 0) ready.push(v);
        }
      }
      const top = Math.max(...height);
      layer = height.map((h) => top - h);
    }
    /** @type {number[][]} */
    const layers = [];
    layer.forEach((l, v) => (layers[l] ??= []).push(v));
    // Empty layers (no position has that many squares) are closed up.
    const rows = layers.filter((l) => l?.length);
    const widest = Math.max(...rows.map((l) => l.length));
    /** @type {Node[]} */
    this.nodes = new Array(count);
    rows.forEach((vertices, l) => {
      vertices.forEach((v, i) => {
        const x = (i + 0.5 + (widest - vertices.length) / 2) * GAP_X;
        /** @type {Node[]} */ (this.nodes)[v] = { index: v, name: a.labels[v], x, y: (l + 0.5) * GAP_Y, layer: l, slot: i, rows: a.positions?.[v] ?? null };
      });
    });
    this.layers = rows;
    this.width = widest * GAP_X;
    this.height = rows.length * GAP_Y;
  }

  /** Where the algorithm stands at the step shown. */
  state() {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const k = a.kernel_steps.length;
    const done = a.kernel_steps.slice(0, Math.min(this.step, k));
    return {
      k,
      kernel: new Set(done.map((s) => s.sink)),
      removed: new Set(done.flatMap((s) => s.removed)),
      current: this.step >= 1 && this.step <= k ? a.kernel_steps[this.step - 1] : null,
      showStrategy: this.step >= k + 1,
      showNimbers: this.step >= k + 2,
    };
  }

  paint() {
    const a = this.analysis;
    const nodes = this.nodes;
    if (!a || !nodes) return;
    const { k, kernel, removed, current, showNimbers } = this.state();
    const hadFocus = this.figure.contains(document.activeElement);

    const svg = /** @type {SVGSVGElement} */ (
      el('svg', { viewBox: `0 0 ${this.width} ${this.height}`, role: 'group', 'aria-label': t('graph.figure') })
    );
    svg.classList.add('graph-svg');
    if (this.reduced) {
      // Drawn at its own size in a scrolling box: shrunk to the page, it would not be legible.
      svg.classList.add('large');
      svg.setAttribute('width', String(this.width));
      svg.setAttribute('height', String(this.height));
    }
    const defs = el('defs');
    for (const [id, color] of [['arrow', '#6b5546'], ['arrow-strategy', '#0f7b3e']]) {
      const marker = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
      marker.append(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }));
      defs.append(marker);
    }
    svg.append(defs);
    this.arcs = /** @type {SVGGElement} */ (el('g', { class: 'arcs' }));
    svg.append(this.arcs);

    for (const node of nodes) {
      const v = node.index;
      const g = /** @type {SVGGElement} */ (el('g', { class: 'vertex', transform: `translate(${node.x} ${node.y})`, 'data-vertex': node.name, 'data-index': v }));
      // Once the algorithm is over, deleted vertices are simply the winning ones.
      const over = this.step > k;
      const state = kernel.has(v) ? 'kernel' : removed.has(v) ? (over ? 'winning' : 'removed') : 'open';
      g.classList.add(state);
      if (current?.sink === v) g.classList.add('sink');
      if (current?.removed.includes(v)) g.classList.add('deleting');
      g.append(el('circle', { r: 26, class: 'halo' }));
      if (node.rows) {
        drawBar(g, node.rows);
        // The number the captions and the dict use, in a tag at the top left.
        const w = 8 + 7 * node.name.length;
        g.append(el('rect', { class: 'tag', x: -24 - w / 2, y: -38, width: w, height: 17, rx: 4 }));
        const tag = el('text', { class: 'tag-text', x: -24, y: -29.5, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        tag.textContent = node.name;
        g.append(tag);
      } else {
        const text = el('text', { class: 'name', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        text.textContent = node.name;
        g.append(text);
      }
      if (kernel.has(v)) {
        const badge = el('text', { class: 'badge', x: 22, y: -18, 'text-anchor': 'middle' });
        badge.textContent = 'K';
        g.append(badge);
      }
      if (showNimbers) {
        const n = el('text', { class: 'nimber', x: 0, y: 40, 'text-anchor': 'middle' });
        n.textContent = `n=${a.nimbers[v]}`;
        g.append(n);
      }
      const title = el('title');
      title.textContent = t('graph.vertexTitle', { name: node.name });
      g.append(title);
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', this.vertexLabel(v, state));
      g.tabIndex = v === this.chosen ? 0 : -1;
      if (node.rows) g.classList.add('playable');
      g.addEventListener('click', () => this.activate(v));
      g.addEventListener('focus', () => this.choose(v, false));
      svg.append(g);
    }
    svg.addEventListener('keydown', (e) => this.key(e));
    this.figure.replaceChildren(svg);
    this.svg = svg;
    this.refresh();
    if (hadFocus) this.vertexEl(this.chosen)?.focus();
    this.caption.textContent = this.describe();
  }

  /** What a screen reader says of vertex `v`. @param {number} v @param {string} state */
  vertexLabel(v, state) {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const parts = [t('graph.vertexTitle', { name: a.labels[v] })];
    const rows = a.positions?.[v];
    if (rows) parts.push(t('teach.vertexRows', { rows: rows.join(' ') }));
    if (state === 'kernel') parts.push(t('teach.vertexKernel'));
    if (state === 'removed' || state === 'winning') parts.push(t('teach.vertexWinning'));
    if (this.step >= (a.kernel_steps.length + 2)) parts.push(t('teach.vertexNimber', { n: a.nimbers[v] }));
    return parts.join(', ');
  }

  /** @param {number} v */
  vertexEl(v) {
    return /** @type {SVGGElement | null} */ (this.svg?.querySelector(`g.vertex[data-index="${v}"]`) ?? null);
  }

  /** Click, Enter or Space on a vertex: a Chomp vertex is played on the board. @param {number} v */
  activate(v) {
    this.choose(v, false);
    const rows = this.nodes?.[v]?.rows;
    if (rows) this.onPick(rows);
  }

  /** Moves the tab stop (and a reduced drawing's arrows) to `v`. @param {number} v @param {boolean} focus */
  choose(v, focus) {
    if (v === this.chosen && !focus) return;
    this.vertexEl(this.chosen)?.setAttribute('tabindex', '-1');
    this.chosen = v;
    const g = this.vertexEl(v);
    g?.setAttribute('tabindex', '0');
    if (focus) g?.focus();
    this.refresh();
  }

  /** Arrow keys walk the layers; Home and End go to the first and last vertex. @param {KeyboardEvent} e */
  key(e) {
    const node = this.nodes?.[this.chosen];
    if (!node) return;
    const layer = this.layers[node.layer];
    /** The vertex of layer `l` nearest to x. @param {number} l */
    const near = (l) => {
      const vs = this.layers[l];
      if (!vs) return null;
      const nodes = /** @type {Node[]} */ (this.nodes);
      return vs.reduce((best, v) => (Math.abs(nodes[v].x - node.x) < Math.abs(nodes[best].x - node.x) ? v : best), vs[0]);
    };
    /** @type {number | null | undefined} */
    let next = null;
    if (e.key === 'ArrowRight') next = layer[node.slot + 1];
    else if (e.key === 'ArrowLeft') next = layer[node.slot - 1];
    else if (e.key === 'ArrowDown') next = near(node.layer + 1);
    else if (e.key === 'ArrowUp') next = near(node.layer - 1);
    else if (e.key === 'Home') next = this.layers[0][0];
    else if (e.key === 'End') next = this.layers.at(-1)?.at(-1);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.activate(this.chosen);
      return;
    } else return;
    e.preventDefault();
    if (next !== null && next !== undefined) this.choose(next, true);
  }

  /** Redraws the arrows and the marks that follow the board and the chosen vertex. */
  refresh() {
    const a = this.analysis;
    const nodes = this.nodes;
    const arcs = this.arcs;
    if (!a || !nodes || !arcs || !this.svg) return;
    const { current, showStrategy } = this.state();
    const strategy = new Map(a.strategy);
    /** @type {SVGElement[]} */
    const lines = [];
    /** @param {number} from @param {number} to */
    const arc = (from, to) => {
      const p = nodes[from];
      const q = nodes[to];
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len = Math.hypot(dx, dy) || 1;
      const r = 24;
      const win = showStrategy && strategy.get(from) === to;
      lines.push(
        el('line', {
          x1: p.x + (dx * r) / len,
          y1: p.y + (dy * r) / len,
          x2: q.x - (dx * r) / len,
          y2: q.y - (dy * r) / len,
          class: win ? 'arc strategy' : 'arc',
          'marker-end': win ? 'url(#arrow-strategy)' : 'url(#arrow)',
        }),
      );
    };
    if (!this.reduced) {
      a.successors.forEach((succ, from) => succ.forEach((to) => arc(from, to)));
    } else {
      // The chosen vertex's moves and the moves into it, the kernel step's
      // deletions, and the strategy's arrows once it is shown.
      /** @type {Set<string>} */
      const drawn = new Set();
      const once = (/** @type {number} */ from, /** @type {number} */ to) => {
        const key = `${from}>${to}`;
        if (!drawn.has(key)) drawn.add(key), arc(from, to);
      };
      const v = this.chosen;
      a.successors[v]?.forEach((to) => once(v, to));
      a.successors.forEach((succ, from) => succ.includes(v) && once(from, v));
      if (current) current.removed.forEach((from) => once(from, current.sink));
      if (showStrategy) a.strategy.forEach(([from, to]) => once(from, to));
    }
    arcs.replaceChildren(...lines);
    for (const g of this.svg.querySelectorAll('g.vertex')) {
      const v = Number(g.getAttribute('data-index'));
      g.classList.toggle('on-board', v === this.boardVertex);
      g.classList.toggle('chosen', this.reduced && v === this.chosen);
      const ring = g.querySelector('.board-ring');
      if (v === this.boardVertex && !ring) g.prepend(el('circle', { r: 33, class: 'board-ring' }));
      if (v !== this.boardVertex) ring?.remove();
    }
    this.onChange();
  }

  /** The line under the caption: the board's vertex, and how a large graph is drawn. */
  note() {
    const a = this.analysis;
    if (!a) return '';
    const parts = [];
    if (this.boardVertex !== null) parts.push(t('teach.onBoard', { name: a.labels[this.boardVertex] }));
    if (this.reduced) {
      const arcs = a.successors.reduce((n, s) => n + s.length, 0);
      parts.push(t('teach.reduced', { count: a.labels.length, arcs, name: a.labels[this.chosen] }));
    }
    return parts.join(' ');
  }

  /** The current step in words. */
  describe() {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const k = a.kernel_steps.length;
    const name = (/** @type {number} */ v) => a.labels[v];
    if (this.step === 0) return t('graph.start', { count: a.labels.length });
    if (this.step <= k) {
      const s = a.kernel_steps[this.step - 1];
      return t(s.removed.length > 1 ? 'graph.step' : s.removed.length ? 'graph.stepOne' : 'graph.stepAlone', {
        n: this.step,
        sink: name(s.sink),
        removed: s.removed.map(name).join(', '),
      });
    }
    if (this.step === k + 1) {
      // By vertex, as the worksheet writes its strategy dict (the algorithm finds them depth first).
      const pairs = [...a.strategy].sort((x, y) => x[0] - y[0]).map(([s, v]) => `${name(s)} → ${name(v)}`);
      return t('graph.strategy', { kernel: a.kernel.map(name).join(', '), pairs: pairs.join(', ') || '–' });
    }
    return t('graph.nimbers');
  }

  /** The drawing as standalone SVG text. */
  svgText() {
    if (!this.svg) return '';
    const copy = /** @type {SVGSVGElement} */ (this.svg.cloneNode(true));
    copy.setAttribute('xmlns', SVG);
    copy.setAttribute('width', String(this.width));
    copy.setAttribute('height', String(this.height));
    const style = el('style');
    style.textContent = GRAPH_CSS;
    copy.prepend(style);
    return new XMLSerializer().serializeToString(copy);
  }
}

/** A small chocolate bar for a Chomp vertex. @param {SVGElement} g @param {number[]} rows */
function drawBar(g, rows) {
  const h = rows.length;
  const w = rows[0];
  // Squares shrink so a long bar stays inside the vertex's ring.
  const cell = Math.max(3, Math.min(CELL, Math.floor(42 / Math.max(w, h))));
  const x0 = (-w * cell) / 2;
  const y0 = (-h * cell) / 2;
  rows.forEach((len, r) => {
    for (let c = 0; c < len; c++) {
      g.append(
        el('rect', {
          x: x0 + c * cell,
          y: y0 + r * cell,
          width: cell - 1,
          height: cell - 1,
          rx: 1.5,
          class: r === 0 && c === 0 ? 'poison' : 'choc',
        }),
      );
    }
  });
}
