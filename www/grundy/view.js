// Draws heaps of matches on a canvas, crisp at any devicePixelRatio, and
// maps a pointer position back to "heap i, cut after k matches". Heaps too
// long to draw match by match become a bundle with their size written on it.

import { palette, cssNumber, onThemeChange } from '../shared/palette.js';
import { t } from '../shared/i18n.js';

/**
 * @typedef {object} HeapsPicture
 * @property {number[]} heaps     the heaps that can still be split, in order
 * @property {number} ones        heaps of 1 set aside
 * @property {number} twos        heaps of 2 set aside
 * @property {number | null} selected  heap index chosen by the player
 * @property {{ heap: number, cut: number } | null} preview  cut previewed (cut = matches left of it)
 * @property {{ heap: number, cut: number } | null} hint     winning cut to mark
 * @property {number[] | null} values  Grundy values to write under each heap, or null
 */

/** Heaps longer than this are drawn as one bundle. */
const MAX_DRAWN = 60;
/** The least gap between two matches on a touch screen: a finger's target (CSS pixels). */
export const TOUCH_GAP = 24;
/** The labels' font at drawing scale `z`. @param {number} z */
const labelFont = (z) => `${15 * z}px system-ui, sans-serif`;
/** The light theme's colours; style.css sets each as `--heap-{kebab-case name}`. */
const DEFAULTS = {
  stick: '#e6c08a',
  stickEdge: '#a9773f',
  head: '#c0392b',
  selected: 'rgba(255, 191, 71, 0.35)',
  selectedEdge: '#a9773f',
  cut: '#1f4e9c',
  hint: '#0f7b3e',
  text: '#2b1a10',
  bundle: '#d9ab6b',
};

export class HeapsView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {() => number} [room] the height the drawing may take (CSS pixels; the fitted page's room)
   * @param {() => import('../shared/i18n.js').Translate} [tr] the language of its words (the page's, or an element's)
   */
  constructor(canvas, room = () => Infinity, tr = () => t) {
    this.canvas = canvas;
    this.room = room;
    this.tr = tr;
    /** @type {HeapsPicture} */
    this.picture = { heaps: [], ones: 0, twos: 0, selected: null, preview: null, hint: null, values: null };
    /** @type {{ x: number, y: number, w: number, h: number, step: number, n: number, drawn: boolean }[]} */
    this.boxes = [];
    /** Drawing scale (the projector theme's `--heap-scale`), also used by hit(). */
    this.scale = 1;
    /** Where the set-aside heaps are drawn. @type {{ x: number, y: number, w: number, h: number } | null} */
    this.aside = null;
    /** Where each heap's label is written (the layout keeps them apart). @type {{ text: string, x: number, y: number, w: number }[]} */
    this.labels = [];
    new ResizeObserver(() => this.draw()).observe(canvas);
    onThemeChange(() => this.draw());
  }

  /** @param {HeapsPicture} picture */
  show(picture) {
    this.picture = picture;
    this.draw();
  }

  /**
   * Lays heaps out in rows that fit the canvas width (CSS pixels). Each heap
   * takes at least the width of its label, so labels never overlap; on a
   * touch screen the matches stand at least 24 pixels apart (a finger picks
   * the gap between two), and a heap too long for that is drawn as a bundle
   * whose split is chosen with the split control.
   * @param {number} width @param {CanvasRenderingContext2D} ctx
   */
  layout(width, ctx) {
    const z = this.scale;
    const pad = 12;
    const least = matchMedia('(pointer: coarse)').matches ? TOUCH_GAP : 7;
    const stickGap = Math.max(least, Math.min(Math.max(14 * z, least), width / 50));
    const heapGap = 28 * z;
    const rowH = 120 * z;
    ctx.font = labelFont(z);
    let x = pad;
    // Room above the first row for the hint's pointer.
    let y = 20 * z;
    this.labels = [];
    this.boxes = this.picture.heaps.map((n, i) => {
      const drawn = n <= MAX_DRAWN && n * least <= width - 2 * pad;
      let w = drawn ? n * stickGap : Math.min(width - 2 * pad, 180 * z);
      if (drawn && w > width - 2 * pad) w = width - 2 * pad;
      const step = w / n;
      const label = this.label(i);
      const slot = Math.max(w, ctx.measureText(label).width);
      if (x + slot > width - pad && x > pad) {
        x = pad;
        y += rowH;
      }
      const box = { x, y, w, h: rowH - 40 * z, step, n, drawn };
      this.labels.push({ text: label, x, y: y + rowH - 18 * z, w: ctx.measureText(label).width });
      x += slot + heapGap;
      return box;
    });
    // Heaps of 1 and 2 never move again: one small group at the end says how many.
    const aside = this.picture.ones + this.picture.twos > 0;
    if (aside) {
      const w = Math.min(width - 2 * pad, 150 * z);
      if (x + w > width - pad && x > pad) {
        x = pad;
        y += rowH;
      }
      this.aside = { x, y, w, h: rowH - 40 * z };
    } else {
      this.aside = null;
    }
    return y + rowH;
  }

  draw() {
    this.scale = cssNumber(this.canvas, '--heap-scale', 1);
    const k = palette(this.canvas, 'heap', DEFAULTS);
    const css = this.canvas.getBoundingClientRect();
    const width = Math.max(200, css.width);
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    let height = this.layout(width, ctx);
    // On a short screen the drawing shrinks (down to 0.6 of its size) to fit
    // the room the game leaves it, rather than hide its labels below its box.
    const room = this.room();
    if (height > room + 1 && this.scale > 0.6) {
      this.scale = Math.max(0.6, (this.scale * room) / height);
      height = this.layout(width, ctx);
    }
    const z = this.scale;
    this.canvas.style.height = `${height}px`;
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const { selected, preview, hint, values } = this.picture;
    this.boxes.forEach((b, i) => {
      if (i === selected) {
        // Tinted and framed: the frame says "chosen" without the tint.
        ctx.fillStyle = k.selected;
        ctx.fillRect(b.x - 6, b.y - 6, b.w + 12, b.h + 12);
        ctx.strokeStyle = k.selectedEdge;
        ctx.lineWidth = 2 * z;
        ctx.strokeRect(b.x - 6, b.y - 6, b.w + 12, b.h + 12);
      }
      if (b.drawn) {
        for (let m = 0; m < b.n; m++) {
          const cx = b.x + (m + 0.5) * b.step;
          const shift = preview && preview.heap === i && m >= preview.cut ? 6 * z : 0;
          ctx.fillStyle = k.stick;
          ctx.strokeStyle = k.stickEdge;
          ctx.lineWidth = z;
          const sw = Math.max(3, b.step * 0.35);
          ctx.fillRect(cx - sw / 2 + shift, b.y + 10 * z, sw, b.h - 10 * z);
          ctx.strokeRect(cx - sw / 2 + shift, b.y + 10 * z, sw, b.h - 10 * z);
          ctx.fillStyle = k.head;
          ctx.beginPath();
          ctx.ellipse(cx + shift, b.y + 10 * z, sw * 0.75, 7 * z, 0, 0, 2 * Math.PI);
          ctx.fill();
        }
      } else {
        ctx.fillStyle = k.bundle;
        ctx.strokeStyle = k.stickEdge;
        ctx.lineWidth = z;
        ctx.fillRect(b.x, b.y + 10 * z, b.w, b.h - 10 * z);
        ctx.strokeRect(b.x, b.y + 10 * z, b.w, b.h - 10 * z);
        ctx.fillStyle = k.text;
        ctx.font = `bold ${22 * z}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.fillText(String(b.n), b.x + b.w / 2, b.y + b.h / 2 + 14 * z);
      }
      // The hinted cut is dashed and topped by a pointer; the previewed one is
      // solid and the matches past it move aside: told apart without colour.
      for (const [mark, color, dash] of /** @type {const} */ ([[hint, k.hint, [6 * z, 4 * z]], [preview, k.cut, []]])) {
        if (mark && mark.heap === i) {
          const cx = b.x + mark.cut * b.step + (b.drawn ? 3 * z : 0);
          ctx.strokeStyle = color;
          ctx.lineWidth = 3 * z;
          ctx.setLineDash(dash);
          ctx.beginPath();
          ctx.moveTo(cx, b.y - 4 * z);
          ctx.lineTo(cx, b.y + b.h + 4 * z);
          ctx.stroke();
          ctx.setLineDash([]);
          if (mark === hint) {
            const a = 7 * z;
            ctx.fillStyle = color;
            ctx.beginPath();
            ctx.moveTo(cx - a, b.y - 4 * z - a * 1.4);
            ctx.lineTo(cx + a, b.y - 4 * z - a * 1.4);
            ctx.lineTo(cx, b.y - 4 * z);
            ctx.fill();
          }
        }
      }
      ctx.fillStyle = k.text;
      ctx.font = labelFont(z);
      ctx.textAlign = 'left';
      ctx.fillText(this.label(i), b.x, b.y + b.h + 22 * z);
    });
    if (this.aside) this.drawAside(ctx, k, z);
  }

  /** The words under heap `i`: its size, and its Grundy value when shown. @param {number} i */
  label(i) {
    const n = this.picture.heaps[i];
    const values = this.picture.values;
    return values ? `${n}  ·  G = ${values[i]}` : String(n);
  }

  /**
   * The set-aside heaps: a heap of 2 and a heap of 1, greyed, each with its count.
   * @param {CanvasRenderingContext2D} ctx @param {typeof DEFAULTS} k @param {number} z
   */
  drawAside(ctx, k, z) {
    const a = /** @type {{ x: number, y: number, w: number, h: number }} */ (this.aside);
    const { ones, twos } = this.picture;
    ctx.save();
    ctx.globalAlpha = 0.55;
    const sw = 6 * z;
    const groups = /** @type {const} */ ([[2, twos], [1, ones]]).filter(([, count]) => count > 0);
    groups.forEach(([size, count], g) => {
      const gx = a.x + g * (a.w / 2);
      for (let m = 0; m < size; m++) {
        const cx = gx + 10 * z + m * 14 * z;
        ctx.fillStyle = k.stick;
        ctx.strokeStyle = k.stickEdge;
        ctx.lineWidth = z;
        ctx.fillRect(cx - sw / 2, a.y + 10 * z, sw, a.h - 10 * z);
        ctx.strokeRect(cx - sw / 2, a.y + 10 * z, sw, a.h - 10 * z);
        ctx.fillStyle = k.head;
        ctx.beginPath();
        ctx.ellipse(cx, a.y + 10 * z, sw * 0.75, 7 * z, 0, 0, 2 * Math.PI);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      ctx.fillStyle = k.text;
      ctx.font = `bold ${15 * z}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.fillText(`× ${count}`, gx + 10 * z + size * 14 * z, a.y + a.h / 2 + 5 * z);
      ctx.globalAlpha = 0.55;
    });
    ctx.restore();
    ctx.fillStyle = k.text;
    ctx.font = `${13 * z}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.fillText(this.tr()('g.setAsideShort'), a.x, a.y + a.h + 22 * z);
  }

  /**
   * The heap and cut under a point given in client coordinates, or null.
   * @param {number} clientX @param {number} clientY
   */
  hit(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const x = clientX - r.left;
    const y = clientY - r.top;
    for (let i = 0; i < this.boxes.length; i++) {
      const b = this.boxes[i];
      if (x >= b.x - 6 && x <= b.x + b.w + 6 && y >= b.y - 6 && y <= b.y + b.h + 30 * this.scale) {
        const cut = Math.max(0, Math.min(b.n, Math.round((x - b.x) / b.step)));
        return { heap: i, cut };
      }
    }
    return null;
  }
}
