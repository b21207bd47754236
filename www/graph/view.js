// Draws a game graph as layered SVG and steps through the worksheet's
// algorithms on it: the kernel by sink removal, then the strategy arrows,
// then the nimbers. Every vertex shows its number (the label the captions
// use); Chomp vertices also show their bar. Vertices are reachable by
// keyboard (one tab stop, arrows move between them). Large graphs are drawn
// in a reduced form: every vertex, but only the arrows of the chosen vertex,
// of the kernel step shown and of the strategy, so the picture stays legible.
// Where vertices go and how arcs run is Graphviz's work (layout.js, loaded
// with the first graph); the layers run the long way of the figure's box.

import { t, num } from '../shared/i18n.js';
import { setFittedText } from '../shared/fit.js';
import './graph.css';
import GRAPH_CSS from './graph.css?inline';

/** @typedef {import('../pkg/impartial_study.js').GraphView} GraphAnalysis */
/** @typedef {import('./layout.js').Layout} Layout */
/** @typedef {import('./layout.js').Orientation} Orientation */
/** @typedef {{ index: number, name: string, x: number, y: number, layer: number, slot: number, rows: number[] | null }} Node */

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 9;
/** @type {typeof import('./layout.js') | null} */
let layoutModule = null;
/** The layout (and Graphviz behind it) is fetched with the first graph, not with the game. */
const loadLayout = async () => (layoutModule ??= await import('./layout.js'));
/** Past this many vertices (or arcs), only the chosen vertex's arrows are drawn. */
export const REDUCED_VERTICES = 60;
const REDUCED_ARCS = 400;
/**
 * A drawing with every arc routed is kept when it shows its labels at this
 * share of their size at least, scaled into its figure; smaller, and less than
 * half the reduced drawing's, the graph is drawn reduced (fitted to the figure
 * when that keeps this share, else at its own size, scrolling). A Chomp
 * arena's long arcs pass through
 * every layer between their ends, and dot gives each its own place there: a
 * 4×7 board's position of 54 vertices and 306 arcs was laid out 3,324 units
 * across its 12 layers and shown with 2 px labels.
 */
const LEGIBLE = 0.6;
/**
 * Most vertices (or moves) a caption names in one list; past it, the first
 * ones and how many more: the figure marks them all. The 4×7 board's
 * strategy step named 30 kernel vertices and 113 moves, 1,424 characters
 * set small and cut in the middle of the list.
 */
const LISTED = 8;
/** A list said in a caption or a vertex's name, shortened past LISTED. @param {string[]} items */
const listed = (items) =>
  items.length <= LISTED ? items.join(', ') : t('graph.more', { list: items.slice(0, LISTED).join(', '), more: num(items.length - LISTED) });

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
    /** @type {Layout | null} */
    this.placed = null;
    /** The orientation asked for (else the figure box's own: landscape lays the layers left to right). @type {Orientation | null} */
    this.orientation = null;
    /** The size the drawing is shown at, when not its figure's (paper). @type {{ width: number, height: number } | null} */
    this.room = null;
    /** Bumped by each new layout, so a late one is dropped. */
    this.laying = 0;
    this.width = 0;
    this.height = 0;
    // A figure turned from landscape to portrait (or back) is laid out again the long way.
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => {
        const placed = this.placed;
        if (!this.analysis || !placed) return;
        // A theme switch changes the labels' size; a turn, the orientation.
        if ((!this.orientation && this.preferred() !== placed.orientation) || this.labelScale() !== placed.labelScale) void this.relayout();
        else if (this.svg && this.sizeDrawing(this.svg)) this.reveal(this.chosen);
      }).observe(figure);
    }
  }

  /** How large the theme wants the labels (the projector's are read from the back of a room). */
  labelScale() {
    const value = Number.parseFloat(getComputedStyle(this.figure).getPropertyValue('--graph-label-scale'));
    return value > 0 ? value : 1;
  }

  /**
   * The layers run along the lesson's longer side (one screen high): the
   * figure's own shape follows how many lines the words above it take (a
   * French phone's 8-line note made it wider than tall, and the graph ran
   * across the phone).
   * @returns {Orientation}
   */
  preferred() {
    if (this.orientation) return this.orientation;
    const { clientWidth: w, clientHeight: h } = this.figure.closest('.graph-lesson') ?? this.figure;
    return w > 0 && h > 0 && h > w ? 'TB' : 'LR';
  }

  get lastStep() {
    return this.analysis ? this.analysis.kernel_steps.length + 2 : 0;
  }

  /**
   * Lays the graph out and draws it at its first step.
   * @param {GraphAnalysis} analysis
   * @param {{ orientation?: Orientation, room?: { width: number, height: number } }} [options]
   *   `orientation`: fixed (paper), else the figure box's; `room`: the size the drawing is shown
   *   at (paper, CSS pixels), else the figure box's
   */
  async show(analysis, { orientation, room } = {}) {
    this.orientation = orientation ?? null;
    this.room = room ?? null;
    const mine = ++this.laying;
    const { placed, reduced } = await this.layOut(analysis);
    if (mine !== this.laying) return;
    this.analysis = analysis;
    this.step = 0;
    this.reduced = reduced;
    this.place(placed);
    this.boardVertex = this.find(this.boardRows);
    this.chosen = this.boardVertex ?? 0;
    this.paint();
    this.reveal(this.chosen);
  }

  /**
   * A reduced drawing fitted to its figure while that keeps its labels
   * legible (a graph of a few dozen vertices on a large screen), else drawn
   * at its own size in the figure, which scrolls: shrunk to the page, it
   * would not be legible. A drawing of every arc is always fitted.
   * @param {SVGSVGElement} svg @returns {boolean} whether that changed
   */
  sizeDrawing(svg) {
    const large = this.reduced && !!this.placed && this.shownAt(this.placed) < LEGIBLE;
    if (large === svg.classList.contains('large')) return false;
    svg.classList.toggle('large', large);
    if (large) {
      svg.setAttribute('width', String(this.width));
      svg.setAttribute('height', String(this.height));
    } else {
      svg.removeAttribute('width');
      svg.removeAttribute('height');
    }
    return true;
  }

  /**
   * Scrolls a drawing larger than its box to vertex `v`, which would
   * otherwise be anywhere in it. @param {number} v
   */
  reveal(v) {
    const node = this.nodes?.[v];
    if (!this.svg?.classList.contains('large') || !node) return;
    this.figure.scrollTo({ left: node.x - this.figure.clientWidth / 2, top: node.y - this.figure.clientHeight / 2, behavior: 'instant' });
  }

  /** The same graph laid out again (the figure turned), at the step shown. */
  async relayout() {
    const a = this.analysis;
    if (!a) return;
    const mine = ++this.laying;
    const { placed, reduced } = await this.layOut(a);
    if (mine !== this.laying || a !== this.analysis) return;
    this.reduced = reduced;
    this.place(placed);
    this.paint();
    this.reveal(this.chosen);
  }

  /**
   * Lays `a` out for the figure as it is now: every arc routed when the
   * graph is small enough and the drawing stays legible in the figure, else
   * reduced (laid out on the moves between neighbouring layers only).
   * @param {GraphAnalysis} a @returns {Promise<{ placed: Layout, reduced: boolean }>}
   */
  async layOut(a) {
    const { layOut } = await loadLayout();
    const options = { orientation: this.preferred(), labelScale: this.labelScale() };
    const arcs = a.successors.reduce((n, s) => n + s.length, 0);
    if (a.labels.length > REDUCED_VERTICES || arcs > REDUCED_ARCS) return { placed: await layOut(a, { ...options, reduced: true }), reduced: true };
    const routed = await layOut(a, { ...options, reduced: false });
    const scale = this.shownAt(routed);
    if (scale >= LEGIBLE) return { placed: routed, reduced: false };
    // Reduced only where its arcs made the drawing large: one small for want
    // of room (the 2×3 lesson on a phone) keeps its arcs.
    const reduced = await layOut(a, { ...options, reduced: true });
    return 2 * scale < this.shownAt(reduced) ? { placed: reduced, reduced: true } : { placed: routed, reduced: false };
  }

  /**
   * The scale a drawing is shown at, fitted into the figure's inner box (or
   * the paper's room); 1 while the figure is not laid out: nothing to measure.
   * @param {Layout} placed
   */
  shownAt(placed) {
    const style = this.room ? null : getComputedStyle(this.figure);
    const w = this.room?.width ?? this.figure.clientWidth - parseFloat(style?.paddingLeft ?? '0') - parseFloat(style?.paddingRight ?? '0');
    const h = this.room?.height ?? this.figure.clientHeight - parseFloat(style?.paddingTop ?? '0') - parseFloat(style?.paddingBottom ?? '0');
    return w > 0 && h > 0 ? Math.min(w / placed.width, h / placed.height) : 1;
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
    if (v !== null && !this.figure.contains(document.activeElement)) {
      this.chosen = v;
      this.reveal(v);
    }
    this.refresh();
  }

  /** Empties the figure: nothing is drawn that the caption could contradict. */
  clear() {
    this.laying++;
    this.analysis = null;
    this.placed = null;
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

  /** Keeps a layout: the vertices' places and the layers the arrow keys walk. @param {Layout} placed */
  place(placed) {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    this.placed = placed;
    /** @type {Node[]} */
    const nodes = new Array(a.labels.length);
    placed.layers.forEach((vertices, l) => {
      vertices.forEach((v, i) => {
        const { x, y } = placed.at[v];
        nodes[v] = { index: v, name: a.labels[v], x, y, layer: l, slot: i, rows: a.positions?.[v] ?? null };
      });
    });
    this.nodes = nodes;
    this.layers = placed.layers;
    this.width = placed.width;
    this.height = placed.height;
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
    if (!a || !nodes || !this.placed) return;
    const { k, kernel, removed, current, showNimbers } = this.state();
    const hadFocus = this.figure.contains(document.activeElement);

    const svg = /** @type {SVGSVGElement} */ (
      el('svg', { viewBox: `0 0 ${this.width} ${this.height}`, role: 'group', 'aria-label': t('graph.figure') })
    );
    svg.classList.add('graph-svg');
    this.sizeDrawing(svg);
    const defs = el('defs');
    // Arrowheads of a fixed size in the drawing's units (not the stroke's):
    // a thick strategy arrow's head stays clear of its vertex's labels.
    for (const [id, color, size] of /** @type {const} */ ([['arrow', '#6b5546', 10], ['arrow-strategy', '#0f7b3e', 14]])) {
      const marker = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: size, markerHeight: size, markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' });
      marker.append(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }));
      defs.append(marker);
    }
    svg.append(defs);
    this.arcs = /** @type {SVGGElement} */ (el('g', { class: 'arcs' }));
    svg.append(this.arcs);
    const shape = /** @type {Layout} */ (this.placed).vertex;
    // Loaded: a layout was made with it.
    const { tagWidth } = /** @type {typeof import('./layout.js')} */ (layoutModule);

    for (const node of nodes) {
      const v = node.index;
      const g = /** @type {SVGGElement} */ (el('g', { class: 'vertex', transform: `translate(${node.x} ${node.y})`, 'data-vertex': node.name, 'data-index': v }));
      // Once the algorithm is over, deleted vertices are simply the winning ones.
      const over = this.step > k;
      const state = kernel.has(v) ? 'kernel' : removed.has(v) ? (over ? 'winning' : 'removed') : 'open';
      g.classList.add(state);
      if (current?.sink === v) g.classList.add('sink');
      if (current?.removed.includes(v)) g.classList.add('deleting');
      g.append(el('circle', { r: shape.r, class: 'halo' }));
      if (node.rows) {
        drawBar(g, node.rows);
        // The number the captions and the dict use, in a tag beside the circle
        // (where the layout keeps arcs away).
        const w = tagWidth(node.name, shape);
        const h = shape.tagHeight;
        g.append(el('rect', { class: 'tag', x: shape.tag.x - w / 2, y: shape.tag.y - h / 2, width: w, height: h, rx: 4 }));
        const tag = el('text', { class: 'tag-text', x: shape.tag.x, y: shape.tag.y, 'font-size': shape.tagFont, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        tag.textContent = node.name;
        g.append(tag);
      } else {
        const text = el('text', { class: 'name', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        text.textContent = node.name;
        g.append(text);
      }
      if (kernel.has(v)) {
        const badge = el('text', { class: 'badge', x: shape.badge.x, y: shape.badge.y, 'font-size': shape.markFont, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
        badge.textContent = 'K';
        g.append(badge);
      }
      if (showNimbers) {
        const n = el('text', { class: 'nimber', x: shape.nimber.x, y: shape.nimber.y, 'font-size': shape.markFont, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
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
    setFittedText(this.caption, this.describe());
  }

  /** What a screen reader says of vertex `v`. @param {number} v @param {string} state */
  vertexLabel(v, state) {
    const a = /** @type {GraphAnalysis} */ (this.analysis);
    const parts = [t('graph.vertexTitle', { name: a.labels[v] })];
    const rows = a.positions?.[v];
    if (rows) parts.push(t('teach.vertexRows', { rows: rows.join(' ') }));
    if (state === 'kernel') parts.push(t('teach.vertexKernel'));
    if (state === 'removed') parts.push(t('teach.vertexRemoved'));
    if (state === 'winning') parts.push(t('teach.vertexWinning'));
    if (this.step >= (a.kernel_steps.length + 2)) parts.push(t('teach.vertexNimber', { n: a.nimbers[v] }));
    // Its arrows, which the eye follows in the figure: a sentence of their
    // own, last ("moves to 17, deleted" sounded as if 17 were deleted).
    const moves = a.successors[v] ?? [];
    const arrows = moves.length ? t('teach.vertexMoves', { list: listed(moves.map((w) => a.labels[w])) }) : t('teach.vertexNoMove');
    return `${parts.join(', ')}. ${arrows}`;
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
    const across = (/** @type {Node} */ n) => (this.placed?.orientation === 'TB' ? n.x : n.y);
    /** The vertex of layer `l` nearest across the layers. @param {number} l */
    const near = (l) => {
      const vs = this.layers[l];
      if (!vs) return null;
      const nodes = /** @type {Node[]} */ (this.nodes);
      return vs.reduce((best, v) => (Math.abs(across(nodes[v]) - across(node)) < Math.abs(across(nodes[best]) - across(node)) ? v : best), vs[0]);
    };
    // Along the layers (right, or down when they run top to bottom) and across them.
    const [forth, back, after, before] =
      this.placed?.orientation === 'TB' ? ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'] : ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'];
    /** @type {number | null | undefined} */
    let next = null;
    if (e.key === after) next = layer[node.slot + 1];
    else if (e.key === before) next = layer[node.slot - 1];
    else if (e.key === forth) next = near(node.layer + 1);
    else if (e.key === back) next = near(node.layer - 1);
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
    const placed = /** @type {Layout} */ (this.placed);
    const routes = placed.routes;
    // Loaded with the layout this drawing comes from.
    const { detour } = /** @type {typeof import('./layout.js')} */ (layoutModule);
    /** @param {number} from @param {number} to */
    const arc = (from, to) => {
      const win = showStrategy && strategy.get(from) === to;
      // Graphviz's route around the other vertices; a reduced drawing's arcs
      // (routing them all would take minutes) go through the gaps between them.
      const d = routes.get(`${from}>${to}`) ?? detour(placed, from, to);
      lines.push(
        el('path', {
          d,
          class: win ? 'arc strategy' : 'arc',
          'data-from': from,
          'data-to': to,
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
        removed: listed(s.removed.map(name)),
      });
    }
    if (this.step === k + 1) {
      // By vertex, as the worksheet writes its strategy dict (the algorithm finds them depth first).
      const pairs = [...a.strategy].sort((x, y) => x[0] - y[0]).map(([s, v]) => `${name(s)} → ${name(v)}`);
      return t('graph.strategy', { kernel: listed(a.kernel.map(name)), pairs: listed(pairs) || '–' });
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
