// Draws the chocolate bar on a canvas, crisp at any devicePixelRatio, and
// redraws when its box changes size. It only paints what it is given.

import { palette, onThemeChange } from '../shared/palette.js';
import { BADGE_RADIUS, TICK, TICK_WIDTH, HINT_COLOURS, HINT_COLOURS_DARK } from '../shared/hint-badge.js';
import { FrameTask } from '../shared/frame-task.js';

/** @typedef {import('./controller.js').Move} Move */
/**
 * @typedef {object} BoardPicture
 * @property {number} boxRows
 * @property {number} boxCols
 * @property {number[]} rows      row lengths of the position, top row first
 * @property {number[] | null} previous the position before the last move, to mark what it ate
 * @property {Move | null} preview square whose bite is previewed (hover / focus)
 * @property {Move[]} hints       squares to mark as winning moves
 * @property {Move | null} [resist] the longest resistance to mark, in a lost position
 * @property {import('../pkg/impartial.js').ChompSquareValue[] | null} [values] the analysis board's values
 * @property {boolean} [editing]  the position editor: no crumbs, the shape being edited
 */

/**
 * The colours in a light colour scheme; the projector theme sets each as
 * `--bar-{kebab-case name}` (style.css).
 */
const DEFAULTS = {
  chocLight: '#8a5433',
  chocDark: '#5b3119',
  bevelLight: 'rgba(255, 235, 210, 0.22)',
  bevelDark: 'rgba(30, 10, 0, 0.35)',
  poisonLight: '#b0204a',
  poisonDark: '#6e0f2c',
  skull: '#fff6ea',
  eatenEdge: 'rgba(110, 70, 40, 0.28)',
  justEaten: 'rgba(230, 160, 40, 0.28)',
  crumb: 'rgba(91, 49, 25, 0.8)',
  preview: 'rgba(255, 248, 235, 0.55)',
  previewHatch: 'rgba(91, 49, 25, 0.55)',
  previewEdge: '#ffcf4a',
  previewEdgeUnder: '#2b1a10',
  ...HINT_COLOURS,
  lose: '#8c1c13',
  loseMark: '#ffffff',
  unknown: '#5b5b5b',
  resist: '#1f4e9c',
  resistMark: '#ffffff',
  valueText: '#ffffff',
  valueHalo: 'rgba(20, 8, 0, 0.85)',
};
/** Where they differ, the colours in a dark colour scheme (the page's dark theme, a dark host page). */
const DARK = {
  chocLight: '#a3663f',
  chocDark: '#6e3d1f',
  poisonLight: '#d2335f',
  poisonDark: '#7a1232',
  eatenEdge: 'rgba(240, 210, 180, 0.3)',
  justEaten: 'rgba(240, 170, 60, 0.2)',
  crumb: 'rgba(240, 205, 160, 0.85)',
  ...HINT_COLOURS_DARK,
};
/** @typedef {typeof DEFAULTS} Colors */

export class BoardView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas 2D is not available');
    this.ctx = ctx;
    /** @type {BoardPicture | null} */
    this.picture = null;
    /** The picture's drawing, at the next frame. */
    this.nextDraw = new FrameTask(() => this.draw());
    new ResizeObserver(() => this.draw()).observe(canvas);
    onThemeChange(() => this.draw());
    // A change of zoom or screen changes the ratio without resizing the box.
    const watchRatio = () => {
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
        'change',
        () => {
          this.draw();
          watchRatio();
        },
        { once: true },
      );
    };
    watchRatio();
  }

  /** Draws nothing: no game is on the board. */
  clear() {
    this.picture = null;
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  /**
   * Shows `picture` at the next frame: the page has written the rest of the
   * change by then and is laid out once for all of it (the board's size is
   * read from its layout; drawn at once, a snapshot laid the page out an
   * extra time). Several pictures in one frame draw the last.
   * @param {BoardPicture} picture
   */
  show(picture) {
    this.picture = picture;
    this.nextDraw.request();
  }

  draw() {
    const pic = this.picture;
    if (!pic) return;
    const { canvas, ctx } = this;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === 0 || height === 0) return;
    // Canvases stop drawing past 32767 pixels a side: very long boards (wide
    // or tall) give up some sharpness rather than go blank.
    const ratio = Math.min(devicePixelRatio || 1, 32000 / Math.max(width, height));
    const pxW = Math.round(width * ratio);
    const pxH = Math.round(height * ratio);
    if (canvas.width !== pxW || canvas.height !== pxH) {
      canvas.width = pxW;
      canvas.height = pxH;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);

    const cw = width / pic.boxCols;
    const ch = height / pic.boxRows;
    const s = Math.min(cw, ch);
    const gap = Math.max(2, s * 0.07);
    const eaten = pic.preview ? previewSet(pic.rows, pic.preview) : null;
    const hinted = new Set(pic.hints.map((m) => `${m.row},${m.col}`));
    const values = new Map((pic.values ?? []).map((v) => [`${v.row},${v.col}`, v]));
    const k = palette(canvas, 'bar', DEFAULTS, DARK);

    for (let r = 1; r <= pic.boxRows; r++) {
      for (let c = 1; c <= pic.boxCols; c++) {
        const x = (c - 1) * cw + gap / 2;
        const y = (r - 1) * ch + gap / 2;
        const w = cw - gap;
        const h = ch - gap;
        const present = r <= pic.rows.length && c <= pic.rows[r - 1];
        if (!present) {
          const wasThere = !pic.editing && !!pic.previous && r <= pic.previous.length && c <= pic.previous[r - 1];
          crumbs(ctx, k, x, y, w, h, s, wasThere);
          continue;
        }
        const poison = r === 1 && c === 1;
        square(ctx, k, x, y, w, h, s, poison);
        if (poison) skull(ctx, k, x + w / 2, y + h / 2, Math.min(w, h));
        if (eaten?.has(`${r},${c}`)) bitten(ctx, k, x, y, w, h, s);
        const value = values.get(`${r},${c}`);
        if (value) valueMark(ctx, k, x, y, w, h, s, value);
        if (hinted.has(`${r},${c}`) && value?.winning !== true) hint(ctx, k, x, y, w, h, s);
        if (pic.resist && pic.resist.row === r && pic.resist.col === c) resist(ctx, k, x, y, w, h, s);
      }
    }
    if (eaten && pic.preview) {
      // Outline the bite as one shape so its extent reads at a glance; dashes
      // over a dark under-line, like a cutting line, show on chocolate and on
      // the tray alike.
      const { row, col } = pic.preview;
      const bottom = pic.rows.filter((len) => len >= col).length;
      const right = pic.rows[row - 1];
      const lw = Math.max(2, s * 0.06);
      roundRect(ctx, (col - 1) * cw + gap / 4, (row - 1) * ch + gap / 4, (right - col + 1) * cw - gap / 2, (bottom - row + 1) * ch - gap / 2, s * 0.12);
      ctx.strokeStyle = k.previewEdgeUnder;
      ctx.lineWidth = lw * 1.8;
      ctx.stroke();
      ctx.strokeStyle = k.previewEdge;
      ctx.lineWidth = lw;
      ctx.setLineDash([s * 0.16, s * 0.1]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
}

/** Squares a bite at `m` would eat. @param {number[]} rows @param {Move} m */
function previewSet(rows, m) {
  const out = new Set();
  if (m.row > rows.length || m.col > rows[m.row - 1] || (m.row === 1 && m.col === 1)) return out;
  for (let r = m.row; r <= rows.length; r++) {
    for (let c = m.col; c <= rows[r - 1]; c++) out.add(`${r},${c}`);
  }
  return out;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * One square of chocolate: a bevelled tablet, or the poisoned one.
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 * @param {boolean} poison
 */
function square(ctx, k, x, y, w, h, s, poison) {
  const g = ctx.createLinearGradient(x, y, x + w, y + h);
  g.addColorStop(0, poison ? k.poisonLight : k.chocLight);
  g.addColorStop(1, poison ? k.poisonDark : k.chocDark);
  ctx.fillStyle = g;
  roundRect(ctx, x, y, w, h, s * 0.1);
  ctx.fill();
  // Raised inner panel: light edge up-left, dark edge down-right.
  const inset = Math.min(w, h) * 0.14;
  const lw = Math.max(1, s * 0.035);
  ctx.lineWidth = lw;
  ctx.strokeStyle = k.bevelLight;
  ctx.beginPath();
  ctx.moveTo(x + inset, y + h - inset);
  ctx.lineTo(x + inset, y + inset);
  ctx.lineTo(x + w - inset, y + inset);
  ctx.stroke();
  ctx.strokeStyle = k.bevelDark;
  ctx.beginPath();
  ctx.moveTo(x + w - inset, y + inset);
  ctx.lineTo(x + w - inset, y + h - inset);
  ctx.lineTo(x + inset, y + h - inset);
  ctx.stroke();
}

/**
 * A skull drawn with paths (no font needed), so the poison reads without colour.
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} cx @param {number} cy @param {number} size
 */
function skull(ctx, k, cx, cy, size) {
  const u = size / 10;
  ctx.fillStyle = k.skull;
  ctx.beginPath();
  ctx.arc(cx, cy - 0.6 * u, 2.6 * u, 0, Math.PI * 2);
  ctx.fill();
  roundRect(ctx, cx - 1.6 * u, cy + 0.8 * u, 3.2 * u, 2 * u, 0.5 * u);
  ctx.fill();
  ctx.fillStyle = k.poisonDark;
  for (const dx of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(cx + dx * 1.05 * u, cy - 0.7 * u, 0.75 * u, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(cx, cy + 0.2 * u);
  ctx.lineTo(cx - 0.45 * u, cy + 0.9 * u);
  ctx.lineTo(cx + 0.45 * u, cy + 0.9 * u);
  ctx.fill();
  ctx.fillRect(cx - 0.08 * u, cy + 1.9 * u, 0.16 * u, 0.9 * u);
  ctx.fillRect(cx - 0.9 * u, cy + 1.9 * u, 0.16 * u, 0.9 * u);
  ctx.fillRect(cx + 0.74 * u, cy + 1.9 * u, 0.16 * u, 0.9 * u);
}

/**
 * A square the previewed bite would eat: paled and struck through with
 * diagonal hatching, so "about to go" does not rest on a tint alone.
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 */
function bitten(ctx, k, x, y, w, h, s) {
  ctx.save();
  roundRect(ctx, x, y, w, h, s * 0.1);
  ctx.fillStyle = k.preview;
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = k.previewHatch;
  ctx.lineWidth = Math.max(1.5, s * 0.05);
  const step = Math.max(6, s * 0.2);
  ctx.beginPath();
  for (let d = -h; d < w; d += step) {
    ctx.moveTo(x + d, y + h);
    ctx.lineTo(x + d + h, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** Where crumbs lie in a just-eaten square, as fractions of its size (fixed, so redraws do not flicker). */
const CRUMBS = [
  [0.26, 0.3, 0.05],
  [0.62, 0.24, 0.04],
  [0.45, 0.52, 0.055],
  [0.76, 0.62, 0.045],
  [0.3, 0.76, 0.04],
  [0.58, 0.8, 0.035],
];

/**
 * Where a square has been eaten: a faint dashed outline keeps the bar's shape;
 * squares eaten by the last move are tinted and strewn with crumbs, so a reply
 * can be seen without telling colours apart.
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 * @param {boolean} justEaten
 */
function crumbs(ctx, k, x, y, w, h, s, justEaten) {
  if (justEaten) {
    ctx.fillStyle = k.justEaten;
    roundRect(ctx, x + 1, y + 1, w - 2, h - 2, s * 0.1);
    ctx.fill();
    ctx.fillStyle = k.crumb;
    const size = Math.min(w, h);
    for (const [fx, fy, fr] of CRUMBS) {
      ctx.beginPath();
      ctx.arc(x + fx * w, y + fy * h, Math.max(1.2, fr * size), 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.strokeStyle = k.eatenEdge;
  ctx.lineWidth = Math.max(1, s * 0.02);
  ctx.setLineDash([s * 0.08, s * 0.08]);
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, s * 0.1);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * A winning square: a thick solid ring and a check-mark badge, so it reads
 * without colour (the previewed bite is dashed and hatched instead).
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 */
function hint(ctx, k, x, y, w, h, s) {
  ctx.strokeStyle = k.hint;
  ctx.lineWidth = Math.max(3, s * 0.09);
  roundRect(ctx, x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, w - ctx.lineWidth, h - ctx.lineWidth, s * 0.1);
  ctx.stroke();
  badge(ctx, k, x, y, w, h, 'win');
}

/**
 * A badge in a corner of the square, told apart by shape as well as by
 * colour: a disc with a tick (wins, top right), a square with a cross
 * (loses), a disc with a question mark (unknown), or a disc with an
 * hourglass in the top-left corner (the longest resistance).
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {'win' | 'lose' | 'unknown' | 'resist'} kind
 */
function badge(ctx, k, x, y, w, h, kind) {
  const r = Math.min(w, h) * BADGE_RADIUS;
  const cx = kind === 'resist' ? x + r * 1.1 : x + w - r * 1.1;
  const cy = y + r * 1.1;
  const colours = { win: [k.hint, k.hintMark], lose: [k.lose, k.loseMark], unknown: [k.unknown, k.loseMark], resist: [k.resist, k.resistMark] };
  const [fill, mark] = colours[kind];
  ctx.fillStyle = fill;
  ctx.beginPath();
  if (kind === 'lose') ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
  else ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = mark;
  ctx.fillStyle = mark;
  ctx.lineWidth = Math.max(1.5, r * TICK_WIDTH);
  ctx.lineCap = 'round';
  ctx.beginPath();
  if (kind === 'win') {
    const [[x0, y0], ...rest] = TICK;
    ctx.moveTo(cx + r * x0, cy + r * y0);
    for (const [tx, ty] of rest) ctx.lineTo(cx + r * tx, cy + r * ty);
    ctx.stroke();
  } else if (kind === 'lose') {
    ctx.moveTo(cx - r * 0.45, cy - r * 0.45);
    ctx.lineTo(cx + r * 0.45, cy + r * 0.45);
    ctx.moveTo(cx + r * 0.45, cy - r * 0.45);
    ctx.lineTo(cx - r * 0.45, cy + r * 0.45);
    ctx.stroke();
  } else if (kind === 'resist') {
    // Two triangles meeting at the centre.
    ctx.moveTo(cx - r * 0.45, cy - r * 0.55);
    ctx.lineTo(cx + r * 0.45, cy - r * 0.55);
    ctx.lineTo(cx, cy);
    ctx.lineTo(cx + r * 0.45, cy + r * 0.55);
    ctx.lineTo(cx - r * 0.45, cy + r * 0.55);
    ctx.lineTo(cx, cy);
    ctx.closePath();
    ctx.fill();
  } else {
    ctx.font = `700 ${Math.round(r * 1.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('?', cx, cy + r * 0.08);
  }
  ctx.lineCap = 'butt';
}

/**
 * The analysis board's mark on a square: a ring and a tick when eating it
 * wins, a cross when it loses, a question mark when unknown; with the
 * numbers, the moves to the end counting this bite in the middle and, below,
 * how much slower (+) or shorter (−) than the best of its kind it is.
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 * @param {import('../pkg/impartial.js').ChompSquareValue} v
 */
function valueMark(ctx, k, x, y, w, h, s, v) {
  if (v.winning === true) hint(ctx, k, x, y, w, h, s);
  else badge(ctx, k, x, y, w, h, v.winning === false ? 'lose' : 'unknown');
  if (v.remoteness === null) return;
  const size = Math.min(w, h);
  const big = Math.max(9, Math.round(size * 0.34));
  const cx = x + w * 0.45;
  const cy = y + h * (v.delta ? 0.5 : 0.56);
  ctx.font = `800 ${big}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, big * 0.22);
  ctx.strokeStyle = k.valueHalo;
  ctx.fillStyle = k.valueText;
  const text = String(v.remoteness + 1);
  ctx.strokeText(text, cx, cy);
  ctx.fillText(text, cx, cy);
  if (v.delta && size >= 36) {
    const small = Math.max(8, Math.round(size * 0.2));
    ctx.font = `700 ${small}px system-ui, sans-serif`;
    ctx.lineWidth = Math.max(2, small * 0.25);
    const d = `${v.winning ? '+' : '−'}${v.delta}`;
    ctx.strokeText(d, cx, y + h * 0.8);
    ctx.fillText(d, cx, y + h * 0.8);
  }
}

/**
 * The longest resistance in a lost position: a dashed ring and an
 * hourglass badge in the top-left corner (the winning marks are on the right).
 * @param {CanvasRenderingContext2D} ctx @param {Colors} k
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} s
 */
function resist(ctx, k, x, y, w, h, s) {
  const lw = Math.max(3, s * 0.08);
  ctx.strokeStyle = k.resist;
  ctx.lineWidth = lw;
  ctx.setLineDash([lw * 1.6, lw]);
  roundRect(ctx, x + lw / 2, y + lw / 2, w - lw, h - lw, s * 0.1);
  ctx.stroke();
  ctx.setLineDash([]);
  badge(ctx, k, x, y, w, h, 'resist');
}
