// Draws a game graph as layered SVG and steps through the worksheet's
// algorithms on it: the kernel by sink removal, then the strategy arrows,
// then the nimbers. Chomp arenas draw each vertex as a small chocolate bar.

import { t } from './i18n.js';
import './graph.css';
import GRAPH_CSS from './graph.css?inline';

/** @typedef {import('./pkg/impartial.js').GraphAnalysis} GraphAnalysis */
/** @typedef {{ name: string, x: number, y: number, layer: number, rows: number[] | null }} Node */

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
    /** @type {number[][] | null} */
    this.positions = null;
    /** Step shown: 0 = nothing done; 1..K kernel steps; K+1 strategy; K+2 nimbers. */
    this.step = 0;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
  }

  get lastStep() {
    return this.analysis ? this.analysis.steps.kernel.length + 2 : 0;
  }

  /** @param {GraphAnalysis} analysis @param {number[][] | null} positions */
  show(analysis, positions) {
    this.analysis = analysis;
    this.positions = positions;
    this.step = 0;
    this.layout();
    this.paint();
  }

  /** @param {number} step */
  go(step) {
    this.step = Math.max(0, Math.min(this.lastStep, step));
    this.paint();
  }

  layout() {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    /** @type {Map<string, number>} */
    const layer = new Map();
    if (this.positions) {
      // Chomp: one layer per number of squares, the biggest bar on top.
      const squares = this.positions.map((r) => r.reduce((s, x) => s + x, 0));
      const most = Math.max(...squares);
      a.vertices.forEach((v, i) => layer.set(v, most - squares[i]));
    } else {
      // Otherwise: longest path down to a sink, sinks at the bottom.
      /** @type {Map<string, number>} */
      const height = new Map();
      const depth = (/** @type {string} */ v) => {
        const known = height.get(v);
        if (known !== undefined) return known;
        const h = Math.max(-1, ...a.successors[v].map(depth)) + 1;
        height.set(v, h);
        return h;
      };
      const top = Math.max(...a.vertices.map(depth));
      for (const v of a.vertices) layer.set(v, top - depth(v));
    }
    /** @type {string[][]} */
    const layers = [];
    for (const v of a.vertices) {
      const l = /** @type {number} */ (layer.get(v));
      (layers[l] ??= []).push(v);
    }
    const widest = Math.max(...layers.map((l) => l?.length ?? 0));
    /** @type {Map<string, Node>} */
    this.nodes = new Map();
    layers.forEach((names, l) => {
      names?.forEach((name, i) => {
        const x = (i + 0.5 + (widest - names.length) / 2) * GAP_X;
        const index = a.vertices.indexOf(name);
        this.nodes?.set(name, { name, x, y: (l + 0.5) * GAP_Y, layer: l, rows: this.positions?.[index] ?? null });
      });
    });
    this.width = widest * GAP_X;
    this.height = layers.length * GAP_Y;
  }

  paint() {
    const a = this.analysis;
    const nodes = this.nodes;
    if (!a || !nodes) return;
    const k = a.steps.kernel.length;
    const done = a.steps.kernel.slice(0, Math.min(this.step, k));
    const kernel = new Set(done.map((s) => s.sink));
    const removed = new Set(done.flatMap((s) => s.removed));
    const current = this.step >= 1 && this.step <= k ? a.steps.kernel[this.step - 1] : null;
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

    const strategy = a.strategy;
    for (const from of a.vertices) {
      for (const to of a.successors[from]) {
        const p = /** @type {Node} */ (nodes.get(from));
        const q = /** @type {Node} */ (nodes.get(to));
        const dx = q.x - p.x;
        const dy = q.y - p.y;
        const len = Math.hypot(dx, dy) || 1;
        const r = 24;
        const win = showStrategy && strategy[from] === to;
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
    for (const node of nodes.values()) {
      const g = el('g', { class: 'vertex', transform: `translate(${node.x} ${node.y})`, 'data-vertex': node.name });
      // Once the algorithm is over, deleted vertices are simply the winning ones.
      const over = this.step > k;
      const state = kernel.has(node.name) ? 'kernel' : removed.has(node.name) ? (over ? 'winning' : 'removed') : 'open';
      g.classList.add(state);
      if (current?.sink === node.name) g.classList.add('sink');
      if (current?.removed.includes(node.name)) g.classList.add('deleting');
      g.append(el('circle', { r: 26, class: 'halo' }));
      if (node.rows) drawBar(g, node.rows);
      else {
        const text = el('text', { class: 'name', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        text.textContent = node.name;
        g.append(text);
      }
      if (kernel.has(node.name)) {
        const badge = el('text', { class: 'badge', x: 22, y: -18, 'text-anchor': 'middle' });
        badge.textContent = 'K';
        g.append(badge);
      }
      if (showNimbers) {
        const n = el('text', { class: 'nimber', x: 0, y: 40, 'text-anchor': 'middle' });
        n.textContent = `n=${a.nimbers[node.name]}`;
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
    const k = a.steps.kernel.length;
    if (this.step === 0) return t('graph.start', { count: a.vertices.length });
    if (this.step <= k) {
      const s = a.steps.kernel[this.step - 1];
      return t(s.removed.length ? 'graph.step' : 'graph.stepAlone', {
        n: this.step,
        sink: s.sink,
        removed: s.removed.join(', '),
      });
    }
    if (this.step === k + 1) {
      const pairs = Object.entries(a.strategy).map(([s, v]) => `${s} → ${v}`);
      return t('graph.strategy', { kernel: a.kernel.join(', '), pairs: pairs.join(', ') || '–' });
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
