// Where each vertex of a game graph goes and which way each arc runs,
// computed by Graphviz's dot (the layered layout, compiled to WebAssembly by
// @viz-js/viz). It is imported only when the graph section draws its first
// graph, so the game's page does not load it.
//
// Each vertex is given to dot as a box that holds its circle and its labels
// (its number, K, n=), so dot keeps every other vertex and every arc off
// them; arcs leave a vertex on the far side of its circle and enter on the
// near side (dot's compass ports), so they never cross their own vertex's
// labels either. A reduced drawing (a large graph) is laid out on the moves
// between neighbouring layers only: routing a few thousand long arcs would
// take minutes, and only a few of them are drawn at a time.

/** @typedef {'LR' | 'TB'} Orientation */
/**
 * @typedef {object} Geometry the drawing of one vertex, in user units around its centre
 * @property {number} r the circle's radius
 * @property {number} tagFont the number's type size
 * @property {number} markFont the type size of K and n=
 * @property {number} tagHeight the tag's height (its width follows its number: tagWidth)
 * @property {number} width the box dot keeps clear
 * @property {number} height
 * @property {{ x: number, y: number }} tag the centre of the number's tag
 * @property {{ x: number, y: number }} badge the K mark's centre
 * @property {{ x: number, y: number }} nimber the n= label's centre
 */
/**
 * @typedef {object} Layout
 * @property {Orientation} orientation layers run left to right, or top to bottom
 * @property {number} width
 * @property {number} height
 * @property {{ x: number, y: number }[]} at each vertex's centre
 * @property {number[][]} layers the vertices of each layer, in reading order
 * @property {Map<string, string>} routes the SVG path of each routed arc, by `from>to`
 * @property {Geometry} vertex
 * @property {number} labelScale the labels' size, against the usual one
 */

/**
 * What dot's JSON output is read for: the bounding box, each vertex's centre
 * (`objects` also holds the rank subgraphs, which have no `pos`), each arc's
 * spline (its `b` drawing operation).
 * @typedef {{ bb: string, objects?: { _gvid: number, name?: string, pos?: string }[],
 *   edges?: { tail: number, head: number, _draw_?: { op: string, points?: number[][] }[] }[] }} DotJson
 */

/** The circle around a vertex's bar or name. */
export const RADIUS = 26;
/** Label type sizes, in user units (the figure is scaled to the room it has), at label scale 1. */
const TAG_FONT = 15;
const MARK_FONT = 17;
/** Labels keep outside this radius: the ring that marks the board's vertex (33, stroke 3). */
const CLEAR = 35;
const MARGIN = 10;
/** Graphviz works in points; dot's sizes are in inches. */
const INCH = 72;

/** @type {Promise<import('@viz-js/viz').Viz> | null} */
let engine = null;
/** Graphviz, loaded once, on first use. */
export function graphviz() {
  engine ??= import('@viz-js/viz').then((m) => m.instance());
  return engine;
}

/** Width of a run of bold digits (and "n=", "K") in user units, generously. @param {string} text @param {number} size */
export const textWidth = (text, size) => text.length * size * 0.64;

/** The tag around a vertex's number: its width. @param {string} name @param {Geometry} g */
export const tagWidth = (name, g) => g.tagFont / 2 + textWidth(name, g.tagFont);

/**
 * The box of one vertex: the same for all, so the figure reads as a grid and
 * its labels keep their place from one step to the next.
 * @param {Orientation} orientation
 * @param {{ names: string[], tags: boolean, nimbers: number[] }} labels
 * @param {number} scale the labels' size (larger on a projector)
 * @returns {Geometry}
 */
export function geometry(orientation, { names, tags, nimbers }, scale = 1) {
  const r = RADIUS;
  const fonts = { tagFont: TAG_FONT * scale, markFont: MARK_FONT * scale, tagHeight: Math.round(TAG_FONT * scale * 1.35) };
  const tag = tags ? Math.max(...names.map((name) => tagWidth(name, /** @type {Geometry} */ ({ ...fonts })))) : 0;
  const badge = textWidth('K', fonts.markFont);
  const nimber = Math.max(...nimbers.map((n) => textWidth(`n=${n}`, fonts.markFont)));
  // A row of labels: the tag, or the marks' glyphs, whichever is taller.
  const BAND = Math.max(fonts.tagHeight, fonts.markFont) + 2;
  if (orientation === 'LR') {
    // Tag and K above the circle, n= under it; arcs come in from the left
    // and go out to the right, at the circle's middle height.
    const width = Math.max(2 * r, tag + badge + 6, nimber);
    const row = CLEAR + BAND / 2;
    return {
      r,
      ...fonts,
      width,
      height: 2 * (CLEAR + BAND),
      tag: { x: -width / 2 + tag / 2, y: -row },
      badge: { x: width / 2 - badge / 2, y: -row },
      nimber: { x: 0, y: row },
    };
  }
  // Top to bottom: the tag on the left, K and n= on the right; arcs come in
  // at the top and go out at the bottom.
  const side = Math.max(tag, badge, nimber) + 4;
  const column = CLEAR + side / 2;
  return {
    r,
    ...fonts,
    width: 2 * (CLEAR + side),
    height: 2 * r,
    tag: { x: -column, y: 0 },
    badge: { x: column, y: -r / 2 },
    nimber: { x: column, y: r / 2 },
  };
}

/**
 * The layer of each vertex: its number of squares for a Chomp arena (the
 * biggest bar first), otherwise its longest path down to a sink (sinks last).
 * @param {number[][]} successors @param {number[][] | null} positions
 */
export function layering(successors, positions) {
  if (positions) {
    const squares = positions.map((r) => r.reduce((s, x) => s + x, 0));
    const most = Math.max(...squares);
    return squares.map((n) => most - n);
  }
  // The graph has no cycle (the solver checked): heights are settled sinks
  // first, without recursion.
  const count = successors.length;
  const height = new Array(count).fill(0);
  const waiting = successors.map((s) => s.length);
  /** @type {number[][]} */
  const preds = Array.from({ length: count }, () => []);
  successors.forEach((succ, v) => succ.forEach((w) => preds[w].push(v)));
  const ready = waiting.flatMap((n, v) => (n === 0 ? [v] : []));
  while (ready.length > 0) {
    const w = /** @type {number} */ (ready.pop());
    for (const v of preds[w]) {
      height[v] = Math.max(height[v], height[w] + 1);
      if (--waiting[v] === 0) ready.push(v);
    }
  }
  const top = Math.max(...height);
  return height.map((h) => top - h);
}

/**
 * The dot text of a graph: one fixed-size box per vertex, in the
 * worksheet's order, ranks as `layer` says (when given).
 * @param {number[][]} successors @param {Geometry} g @param {Orientation} orientation
 * @param {{ layer: number[] | null, routed: boolean }} options `routed`: every arc is drawn
 *   (else only the one-layer moves are given, to order the layers, and no arc is routed)
 */
export function dotSource(successors, g, orientation, { layer, routed }) {
  const [tail, head] = orientation === 'LR' ? ['e', 'w'] : ['s', 'n'];
  const lines = [
    'digraph {',
    `rankdir=${orientation}; nodesep=${(orientation === 'LR' ? 14 : 22) / INCH}; ranksep=${(orientation === 'LR' ? 46 : 34) / INCH};`,
    `splines=${routed ? 'true' : 'false'}; outputorder=edgesfirst;`,
    `node [shape=box fixedsize=true label="" width=${g.width / INCH} height=${g.height / INCH}];`,
    `edge [arrowhead=none tailport=${tail} headport=${head}];`,
  ];
  successors.forEach((_, v) => lines.push(`v${v};`));
  if (layer) {
    /** @type {number[][]} */
    const ranks = [];
    layer.forEach((l, v) => (ranks[l] ??= []).push(v));
    for (const vs of ranks) if (vs?.length) lines.push(`{rank=same; ${vs.map((v) => `v${v};`).join(' ')}}`);
  }
  successors.forEach((succ, v) => {
    for (const w of succ) if (routed || (layer && layer[w] === layer[v] + 1)) lines.push(`v${v} -> v${w};`);
  });
  lines.push('}');
  return lines.join('\n');
}

/**
 * Lays a graph out.
 * @param {{ successors: number[][], positions: number[][] | null, labels: string[], nimbers: number[] }} a
 * @param {{ orientation: Orientation, reduced: boolean, labelScale?: number }} options
 * @returns {Promise<Layout>}
 */
export async function layOut(a, { orientation, reduced, labelScale = 1 }) {
  const viz = await graphviz();
  const vertex = geometry(orientation, { names: a.labels, tags: a.positions !== null, nimbers: a.nimbers }, labelScale);
  // A Chomp arena keeps its layers by number of squares (the lesson reads it
  // so); other graphs are layered by dot, except when reduced.
  const layer = a.positions || reduced ? layering(a.successors, a.positions) : null;
  const out = /** @type {DotJson} */ (viz.renderJSON(dotSource(a.successors, vertex, orientation, { layer, routed: !reduced })));
  const [, , bw, bh] = String(out.bb).split(',').map(Number);
  // dot's y runs up; the SVG's runs down.
  const x = (/** @type {number} */ px) => px + MARGIN;
  const y = (/** @type {number} */ py) => bh - py + MARGIN;
  /** @type {{ x: number, y: number }[]} */
  const at = new Array(a.successors.length);
  /** @type {Map<number, number>} dot's object ids of the vertices */
  const ids = new Map();
  for (const o of out.objects ?? []) {
    const v = /^v(\d+)$/.exec(o.name ?? '')?.[1];
    if (v === undefined || typeof o.pos !== 'string') continue;
    const [px, py] = o.pos.split(',').map(Number);
    at[Number(v)] = { x: x(px), y: y(py) };
    ids.set(o._gvid, Number(v));
  }
  /** @type {Map<string, string>} */
  const routes = new Map();
  for (const e of out.edges ?? []) {
    const from = ids.get(e.tail);
    const to = ids.get(e.head);
    const spline = e._draw_?.find((op) => op.op === 'b')?.points;
    if (from === undefined || to === undefined || !spline) continue;
    routes.set(`${from}>${to}`, routePath(spline.map(([px, py]) => [x(px), y(py)]), at[from], at[to], vertex, orientation));
  }
  return { orientation, width: bw + 2 * MARGIN, height: bh + 2 * MARGIN, at, layers: layersOf(at, orientation), routes, vertex, labelScale };
}

/**
 * dot's spline (a start point, then three points per cubic piece) as an SVG
 * path, carried on to the circles when the box is wider than the circle.
 * @param {number[][]} points @param {{ x: number, y: number }} p @param {{ x: number, y: number }} q
 * @param {Geometry} g @param {Orientation} orientation
 */
function routePath(points, p, q, g, orientation) {
  const f = (/** @type {number} */ n) => Math.round(n * 10) / 10;
  const start = orientation === 'LR' ? [p.x + g.r, p.y] : [p.x, p.y + g.r];
  const end = orientation === 'LR' ? [q.x - g.r, q.y] : [q.x, q.y - g.r];
  const far = (/** @type {number[]} */ u, /** @type {number[]} */ v) => Math.hypot(u[0] - v[0], u[1] - v[1]) > 0.5;
  // No zero-length piece: the arrowhead takes its direction from the last one.
  let d = `M${f(start[0])},${f(start[1])}`;
  if (far(start, points[0])) d += ` L${f(points[0][0])},${f(points[0][1])}`;
  for (let i = 1; i + 2 < points.length; i += 3) {
    d += ` C${[points[i], points[i + 1], points[i + 2]].map(([u, v]) => `${f(u)},${f(v)}`).join(' ')}`;
  }
  return far(points.at(-1) ?? end, end) ? `${d} L${f(end[0])},${f(end[1])}` : d;
}

/**
 * The layers as the figure shows them (columns left to right, or rows top to
 * bottom), each in reading order: the arrow keys walk them.
 * @param {{ x: number, y: number }[]} at @param {Orientation} orientation
 */
function layersOf(at, orientation) {
  const along = (/** @type {number} */ v) => Math.round(orientation === 'LR' ? at[v].x : at[v].y);
  const across = (/** @type {number} */ v) => (orientation === 'LR' ? at[v].y : at[v].x);
  /** @type {Map<number, number[]>} */
  const byRank = new Map();
  at.forEach((_, v) => (byRank.get(along(v)) ?? byRank.set(along(v), []).get(along(v)) ?? []).push(v));
  return [...byRank.entries()].sort((s, t) => s[0] - t[0]).map(([, vs]) => vs.sort((v, w) => across(v) - across(w)));
}

/**
 * The path of an arc of a reduced drawing, which dot laid out without it
 * (routing thousands of long arcs would take minutes). A straight line from
 * one layer to a far one ran through the vertices of the layers between, and
 * read as moves that do not exist: this one leaves and enters its vertices as
 * dot's arcs do (straight out of the circle's far side, into the near side),
 * crosses each layer between its ends in the gap between two vertices' boxes
 * nearest to its way, and bends only between layers, where no vertex is.
 * @param {Layout} placed @param {number} from @param {number} to
 */
export function detour({ at, layers, vertex: g, orientation }, from, to) {
  const lr = orientation === 'LR';
  // Along the layers' succession, and across a layer.
  const along = (/** @type {{ x: number, y: number }} */ p) => (lr ? p.x : p.y);
  const across = (/** @type {{ x: number, y: number }} */ p) => (lr ? p.y : p.x);
  const [halfAlong, halfAcross] = lr ? [g.width / 2, g.height / 2] : [g.height / 2, g.width / 2];
  const p = at[from];
  const q = at[to];
  const [start, end] = along(p) <= along(q) ? [along(p), along(q)] : [along(q), along(p)];
  const sign = along(q) >= along(p) ? 1 : -1;
  /** Gaps crossed: [along at the layer's middle, across], in the arc's order. @type {number[][]} */
  const crossings = [];
  const between = layers.filter((vs) => vs.length > 0 && along(at[vs[0]]) > start + 1 && along(at[vs[0]]) < end - 1);
  if (sign < 0) between.reverse();
  let here = [along(p), across(p)];
  for (const vs of between) {
    const mid = along(at[vs[0]]);
    // Where the way from the last gap to the arc's end meets this layer.
    const aim = here[1] + ((across(q) - here[1]) * (mid - here[0])) / (along(q) - here[0]);
    const cs = vs.map((v) => across(at[v]));
    // The gaps next to the box nearest the aim; gap k lies before box k.
    let k = 0;
    while (k < cs.length && cs[k] < aim) k++;
    let best = aim;
    let gapDistance = Infinity;
    for (let gap = Math.max(0, k - 1); gap <= Math.min(cs.length, k + 1); gap++) {
      const lo = gap === 0 ? -Infinity : cs[gap - 1] + halfAcross;
      const hi = gap === cs.length ? Infinity : cs[gap] - halfAcross;
      // Half the gap away from the boxes at most: the arc runs in its middle
      // when it is narrow. Round a layer's ends, in the drawing's margin's
      // middle (8 units out, it ran along the figure's border).
      const pad = Math.min(gap === 0 || gap === cs.length ? MARGIN / 2 : 8, (hi - lo) / 2);
      const point = Math.max(lo + pad, Math.min(hi - pad, aim));
      if (Math.abs(point - aim) < gapDistance) (best = point), (gapDistance = Math.abs(point - aim));
    }
    crossings.push([mid, best]);
    here = [mid, best];
  }
  const f = (/** @type {number} */ n) => Math.round(n * 10) / 10;
  const xy = (/** @type {number} */ l, /** @type {number} */ c) => (lr ? `${f(l)},${f(c)}` : `${f(c)},${f(l)}`);
  /** Straight ahead along the layers, when it goes anywhere. @param {number} from @param {number} to @param {number} c */
  const line = (from, to, c) => (Math.abs(to - from) > 0.5 ? ` L${xy(to, c)}` : '');
  /** A bend between two layers: level at both ends, so it meets no box. */
  const bend = (/** @type {number[]} */ u, /** @type {number[]} */ v) => {
    const m = (u[0] + v[0]) / 2;
    return ` C${xy(m, u[1])} ${xy(m, v[1])} ${xy(v[0], v[1])}`;
  };
  let d = `M${xy(along(p) + sign * g.r, across(p))}${line(along(p) + sign * g.r, along(p) + sign * halfAlong, across(p))}`;
  let last = [along(p) + sign * halfAlong, across(p)];
  for (const [mid, c] of crossings) {
    d += bend(last, [mid - sign * halfAlong, c]) + line(mid - sign * halfAlong, mid + sign * halfAlong, c);
    last = [mid + sign * halfAlong, c];
  }
  return d + bend(last, [along(q) - sign * halfAlong, across(q)]) + line(along(q) - sign * halfAlong, along(q) - sign * g.r, across(q));
}
