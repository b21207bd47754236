// Draws a game graph as layered SVG and steps through the worksheet's
// algorithms on it: the kernel by sink removal, then the strategy arrows,
// then the nimbers. Chomp arenas draw each vertex as a small chocolate bar.

import { t } from '../shared/i18n.js';
import './graph.css';
import GRAPH_CSS from './graph.css?inline';

/** @typedef {import('../pkg/impartial_study.js').GraphView} GraphAnalysis */
/** @typedef {{ index: number, name: string, x: number, y: number, layer: number, rows: number[] | null }} Node */

const SVG = 'http://www.w3.org/2000/svg';
const GAP_X = 96;
const GAP_Y = 96;
const CELL = 9;

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
  }

  get lastStep() {
    return this.analysis ? this.analysis.kernel_steps.length + 2 : 0;
  }

  /** @param {GraphAnalysis} analysis */
  show(analysis) {
    this.analysis = analysis;
    this.step = 0;
    this.layout();
    this.paint();
  }

  /** Empties the figure: nothing is drawn that the caption could contradict. */
  clear() {
    this.analysis = null;
    this.nodes = [];
    this.svg = null;
    this.step = 0;
    this.figure.replaceChildren();
    this.caption.textContent = '';
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
    const widest = Math.max(...layers.map((l) => l?.length ?? 0));
    /** @type {Node[]} */
    this.nodes = new Array(count);
    layers.forEach((vertices, l) => {
      vertices?.forEach((v, i) => {
        const x = (i + 0.5 + (widest - vertices.length) / 2) * GAP_X;
        /** @type {Node[]} */ (this.nodes)[v] = { index: v, name: a.labels[v], x, y: (l + 0.5) * GAP_Y, layer: l, rows: a.positions?.[v] ?? null };
      });
    });
    this.width = widest * GAP_X;
    this.height = layers.length * GAP_Y;
  }

  paint() {
    const a = this.analysis;
    const nodes = this.nodes;
    if (!a || !nodes) return;
    const k = a.kernel_steps.length;
    const done = a.kernel_steps.slice(0, Math.min(this.step, k));
    const kernel = new Set(done.map((s) => s.sink));
    const removed = new Set(done.flatMap((s) => s.removed));
    const current = this.step >= 1 && this.step <= k ? a.kernel_steps[this.step - 1] : null;
    const showStrategy = this.step >= k + 1;
    const showNimbers = this.step >= k + 2;

    const svg = /** @type {SVGSVGElement} */ (
      el('svg', { viewBox: `0 0 ${this.width} ${this.height}`, role: 'img', 'aria-label': t('graph.figure') })
    );
    svg.classList.add('graph-svg');
    const defs = el('defs');
    for (const [id, color] of [['arrow', '#6b5546'], ['arrow-strategy', '#0f7b3e']]) {
      const marker = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
      marker.append(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }));
      defs.append(marker);
    }
    svg.append(defs);

    const strategy = new Map(a.strategy);
    for (const [from, succ] of a.successors.entries()) {
      for (const to of succ) {
        const p = nodes[from];
        const q = nodes[to];
        const dx = q.x - p.x;
        const dy = q.y - p.y;
        const len = Math.hypot(dx, dy) || 1;
        const r = 24;
        const win = showStrategy && strategy.get(from) === to;
        const line = el('line', {
          x1: p.x + (dx * r) / len,
          y1: p.y + (dy * r) / len,
          x2: q.x - (dx * r) / len,
          y2: q.y - (dy * r) / len,
          class: win ? 'arc strategy' : 'arc',
          'marker-end': win ? 'url(#arrow-strategy)' : 'url(#arrow)',
        });
        svg.append(line);
      }
    }
    for (const node of nodes) {
      const v = node.index;
      const g = el('g', { class: 'vertex', transform: `translate(${node.x} ${node.y})`, 'data-vertex': node.name });
      // Once the algorithm is over, deleted vertices are simply the winning ones.
      const over = this.step > k;
      const state = kernel.has(v) ? 'kernel' : removed.has(v) ? (over ? 'winning' : 'removed') : 'open';
      g.classList.add(state);
      if (current?.sink === v) g.classList.add('sink');
      if (current?.removed.includes(v)) g.classList.add('deleting');
      g.append(el('circle', { r: 26, class: 'halo' }));
      if (node.rows) drawBar(g, node.rows);
      else {
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
      if (node.rows) {
        g.classList.add('playable');
        g.addEventListener('click', () => this.onPick(/** @type {number[]} */ (node.rows)));
      }
      svg.append(g);
    }
    this.figure.replaceChildren(svg);
    this.svg = svg;
    this.caption.textContent = this.describe();
  }

  /** The current step in words. */
  describe() {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const k = a.kernel_steps.length;
    const name = (/** @type {number} */ v) => a.labels[v];
    if (this.step === 0) return t('graph.start', { count: a.labels.length });
    if (this.step <= k) {
      const s = a.kernel_steps[this.step - 1];
      return t(s.removed.length ? 'graph.step' : 'graph.stepAlone', {
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
  const x0 = (-w * CELL) / 2;
  const y0 = (-h * CELL) / 2;
  rows.forEach((len, r) => {
    for (let c = 0; c < len; c++) {
      g.append(
        el('rect', {
          x: x0 + c * CELL,
          y: y0 + r * CELL,
          width: CELL - 1,
          height: CELL - 1,
          rx: 1.5,
          class: r === 0 && c === 0 ? 'poison' : 'choc',
        }),
      );
    }
  });
}
