// Draws heaps of matches on a canvas, crisp at any devicePixelRatio, and
// maps a pointer position back to "heap i, cut after k matches". Heaps too
// long to draw match by match become a bundle with their size written on it.

import { palette, onThemeChange } from '../shared/palette.js';
import { t } from '../shared/i18n.js';
import { layoutHeaps, TOUCH_GAP } from './heaps-layout.js';
import { FrameTask } from '../shared/frame-task.js';

export { TOUCH_GAP };

/**
 * @typedef {object} HeapsPicture
 * @property {number[]} heaps     the heaps that can still be split, in order
 * @property {number} ones        heaps of 1 set aside
 * @property {number} twos        heaps of 2 set aside
 * @property {number | null} selected  heap index chosen by the player
 * @property {{ heap: number, cut: number } | null} preview  cut previewed (cut = matches left of it)
 * @property {{ heap: number, cut: number } | null} hint     winning cut to mark
 * @property {number[] | null} values  Grundy values to write under each heap, or null
 * @property {'matches' | 'pins'} [style] matches (Grundy's game, take-away games) or a row of pins (Kayles and the games that leave two rows)
 * @property {{ heap: number, from: number, take: number } | null} [take] another rule's move chosen: the tokens it takes
 * @property {{ heap: number, from: number, take: number } | null} [hintTake] another rule's hinted move
 * @property {[number, number][] | null} [groups] another rule's heaps with no move left, `[size, count]` (else `ones` and `twos`)
 * @property {string} [asideWord] the words under them (else Grundy's "set aside")
 * @property {boolean} [tokens] another rule's: a finger picks a token, not a cut (closer on a touch screen)
 */

/** The labels' font at size `px`. @param {number} px */
const labelFont = (px) => `${px}px system-ui, sans-serif`;
/** The colours in a light colour scheme; the projector theme sets each as `--heap-{kebab-case name}` (style.css). */
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

/** Where they differ, the colours in a dark colour scheme (the page's dark theme, a dark host page). */
const DARK = {
  stickEdge: '#6b4a26',
  head: '#e0523f',
  text: '#f3e6d8',
  selected: 'rgba(255, 191, 71, 0.18)',
  selectedEdge: '#ffbf47',
  cut: '#8fb8ff',
  hint: '#3ddc97',
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
    /** @type {import('./heaps-layout.js').HeapBox[]} */
    this.boxes = [];
    /** The drawing's unit (1 for 15 px labels), also used by hit(). */
    this.scale = 1;
    /** The labels' size (CSS pixels): the canvas's own font size, the same all game. */
    this.font = 15;
    /** Where the set-aside heaps are drawn. @type {{ x: number, y: number, w: number, h: number } | null} */
    this.aside = null;
    /** Where each label is written, the set-aside group's last (the layout keeps them apart). @type {import('./heaps-layout.js').LabelBox[]} */
    this.labels = [];
    /** The picture's drawing, at the next frame. */
    this.nextDraw = new FrameTask(() => this.draw());
    new ResizeObserver(() => this.draw()).observe(canvas);
    onThemeChange(() => this.draw());
  }

  /**
   * Shows `picture` at the next frame: the page has written the rest of the
   * change by then and is laid out once for all of it (the canvas's width
   * and font are read from its layout; drawn at once, a snapshot laid the
   * page out an extra time). hit() and boxes() draw a waiting picture first.
   * @param {HeapsPicture} picture
   */
  show(picture) {
    this.picture = picture;
    this.nextDraw.request();
  }

  /** Where each heap is drawn (the picture's latest). */
  laidBoxes() {
    this.nextDraw.flush();
    return this.boxes;
  }

  /** Where each label is written (the picture's latest). */
  laidLabels() {
    this.nextDraw.flush();
    return this.labels;
  }

  /**
   * Lays the heaps out for the canvas width and the room it is given (see
   * heaps-layout.js), in the labels' own size. On a touch screen the matches
   * stand at least 24 pixels apart (a finger picks the gap between two), and a
   * heap too long for that is drawn as a bundle whose split is chosen with the
   * split control.
   * @param {number} width @param {CanvasRenderingContext2D} ctx
   */
  layout(width, ctx) {
    const font = this.font;
    const z = font / 15;
    ctx.font = labelFont(font);
    const { heaps } = this.picture;
    const groups = this.asideGroups();
    const asideWidth = groups.reduce((sum, [size, count]) => {
      ctx.font = `bold ${font}px system-ui, sans-serif`;
      return sum + (10 + Math.min(size, 5) * 14 + 12) * z + ctx.measureText(`× ${count}${size > 5 ? ` (${size})` : ''}`).width;
    }, 0);
    ctx.font = labelFont(font);
    const laid = layoutHeaps(
      {
        heaps,
        labels: heaps.map((_, i) => this.label(i)),
        aside: groups.length > 0 ? this.picture.asideWord ?? this.tr()('g.setAsideShort') : null,
        asideWidth,
      },
      {
        width,
        room: this.room(),
        font,
        touch: matchMedia('(pointer: coarse)').matches,
        tokens: !!this.picture.tokens,
        measure: (text) => ctx.measureText(text).width,
      },
    );
    this.scale = laid.z;
    this.boxes = laid.boxes;
    this.labels = laid.labels;
    this.aside = laid.aside;
    return laid.height;
  }

  /** The set-aside groups drawn: heaps of 2, then heaps of 1, each with its count. */
  asideGroups() {
    const { ones, twos, groups } = this.picture;
    // Another rule's, largest first (as Grundy's 2s before its 1s).
    if (groups) return [...groups].reverse();
    return /** @type {[number, number][]} */ ([[2, twos], [1, ones]]).filter(([, count]) => count > 0);
  }

  draw() {
    this.font = parseFloat(getComputedStyle(this.canvas).fontSize) || 15;
    const k = palette(this.canvas, 'heap', DEFAULTS, DARK);
    const css = this.canvas.getBoundingClientRect();
    const width = Math.max(200, css.width);
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    const height = this.layout(width, ctx);
    const z = this.scale;
    this.canvas.style.height = `${height}px`;
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const { selected, preview, hint } = this.picture;
    // The heads keep their size unless the matches are short.
    const head = Math.min(10 * z, (this.boxes[0]?.h ?? this.aside?.h ?? 80 * z) * 0.14);
    this.boxes.forEach((b, i) => {
      if (i === selected) {
        // Tinted and framed: the frame says "chosen" without the tint.
        ctx.fillStyle = k.selected;
        ctx.fillRect(b.x - 6, b.y - 6, b.w + 12, b.h + 12);
        ctx.strokeStyle = k.selectedEdge;
        ctx.lineWidth = 2 * z;
        ctx.strokeRect(b.x - 6, b.y - 6, b.w + 12, b.h + 12);
      }
      const taken = this.picture.take?.heap === i ? this.picture.take : null;
      if (b.drawn) {
        for (let m = 0; m < b.n; m++) {
          const cx = b.x + (m + 0.5) * b.step;
          const shift = preview && preview.heap === i && m >= preview.cut ? 6 * z : 0;
          // The tokens the chosen move takes are drawn faint, outlined dashed.
          const gone = !!taken && m >= taken.from && m < taken.from + taken.take;
          if (gone) ctx.globalAlpha = 0.25;
          if (this.picture.style === 'pins') this.drawPin(ctx, k, cx, b, head, z);
          else {
            ctx.fillStyle = k.stick;
            ctx.strokeStyle = k.stickEdge;
            ctx.lineWidth = z;
            const sw = Math.max(3, b.step * 0.35);
            ctx.fillRect(cx - sw / 2 + shift, b.y + head, sw, b.h - head);
            ctx.strokeRect(cx - sw / 2 + shift, b.y + head, sw, b.h - head);
            ctx.fillStyle = k.head;
            ctx.beginPath();
            ctx.ellipse(cx + shift, b.y + head, sw * 0.75, head * 0.7, 0, 0, 2 * Math.PI);
            ctx.fill();
          }
          ctx.globalAlpha = 1;
        }
        // The chosen move: a solid frame round what it takes; the hint's: dashed, with its pointer.
        for (const [mark, color, dash] of /** @type {const} */ ([[this.picture.hintTake, k.hint, [6 * z, 4 * z]], [taken, k.cut, []]])) {
          if (!mark || mark.heap !== i) continue;
          const x0 = b.x + mark.from * b.step;
          const w = mark.take * b.step;
          ctx.strokeStyle = color;
          ctx.lineWidth = 3 * z;
          ctx.setLineDash(dash);
          ctx.strokeRect(x0 + z, b.y - 3 * z, w - 2 * z, b.h + 6 * z);
          ctx.setLineDash([]);
          if (mark === this.picture.hintTake) {
            const a = 7 * z;
            const cx = x0 + w / 2;
            ctx.fillStyle = color;
            ctx.beginPath();
            ctx.moveTo(cx - a, b.y - 4 * z - a * 1.4);
            ctx.lineTo(cx + a, b.y - 4 * z - a * 1.4);
            ctx.lineTo(cx, b.y - 4 * z);
            ctx.fill();
          }
        }
      } else {
        ctx.fillStyle = k.bundle;
        ctx.strokeStyle = k.stickEdge;
        ctx.lineWidth = z;
        ctx.fillRect(b.x, b.y + head, b.w, b.h - head);
        ctx.strokeRect(b.x, b.y + head, b.w, b.h - head);
        ctx.fillStyle = k.text;
        ctx.font = `bold ${Math.min(22 * z, b.h * 0.5)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(b.n), b.x + b.w / 2, b.y + (b.h + head) / 2);
        ctx.textBaseline = 'alphabetic';
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
    });
    if (this.aside) this.drawAside(ctx, k, z, head);
    ctx.fillStyle = k.text;
    ctx.font = labelFont(this.font);
    ctx.textAlign = 'left';
    for (const l of this.labels) ctx.fillText(l.text, l.x, l.y);
  }

  /**
   * A pin of Kayles at `cx`: a round head on a body that widens to its
   * foot, as tall as a match.
   * @param {CanvasRenderingContext2D} ctx @param {typeof DEFAULTS} k @param {number} cx
   * @param {import('./heaps-layout.js').HeapBox} b @param {number} head @param {number} z
   */
  drawPin(ctx, k, cx, b, head, z) {
    const r = Math.max(2.5, Math.min(b.step * 0.3, 9 * z));
    const top = b.y + head;
    const foot = b.y + b.h;
    ctx.fillStyle = k.bundle;
    ctx.strokeStyle = k.stickEdge;
    ctx.lineWidth = z;
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.45, top + r);
    ctx.quadraticCurveTo(cx - r * 1.5, (top + foot) / 2 + r, cx - r * 0.8, foot);
    ctx.lineTo(cx + r * 0.8, foot);
    ctx.quadraticCurveTo(cx + r * 1.5, (top + foot) / 2 + r, cx + r * 0.45, top + r);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = k.head;
    ctx.beginPath();
    ctx.arc(cx, top, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }

  /** The words under heap `i`: its size, and its Grundy value when shown. @param {number} i */
  label(i) {
    const n = this.picture.heaps[i];
    const values = this.picture.values;
    return values ? `${n}  ·  G = ${values[i]}` : String(n);
  }

  /**
   * The set-aside heaps: a heap of 2 and a heap of 1, greyed, each with its
   * count (its label is written with the heaps').
   * @param {CanvasRenderingContext2D} ctx @param {typeof DEFAULTS} k @param {number} z @param {number} head
   */
  drawAside(ctx, k, z, head) {
    const a = /** @type {{ x: number, y: number, w: number, h: number }} */ (this.aside);
    ctx.save();
    const sw = 6 * z;
    let gx = a.x;
    ctx.font = `bold ${this.font}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const [size, count] of this.asideGroups()) {
      ctx.globalAlpha = 0.55;
      for (let m = 0; m < Math.min(size, 5); m++) {
        const cx = gx + 10 * z + m * 14 * z;
        ctx.fillStyle = k.stick;
        ctx.strokeStyle = k.stickEdge;
        ctx.lineWidth = z;
        ctx.fillRect(cx - sw / 2, a.y + head, sw, a.h - head);
        ctx.strokeRect(cx - sw / 2, a.y + head, sw, a.h - head);
        ctx.fillStyle = k.head;
        ctx.beginPath();
        ctx.ellipse(cx, a.y + head, sw * 0.75, head * 0.7, 0, 0, 2 * Math.PI);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      ctx.fillStyle = k.text;
      const text = `× ${count}${size > 5 ? ` (${size})` : ''}`;
      const drawnSize = Math.min(size, 5);
      ctx.fillText(text, gx + 10 * z + drawnSize * 14 * z, a.y + (a.h + head) / 2);
      gx += (10 + drawnSize * 14 + 12) * z + ctx.measureText(text).width;
    }
    ctx.restore();
  }

  /**
   * The heap and cut under a point given in client coordinates, or null.
   * @param {number} clientX @param {number} clientY
   */
  hit(clientX, clientY) {
    this.nextDraw.flush();
    const r = this.canvas.getBoundingClientRect();
    const x = clientX - r.left;
    const y = clientY - r.top;
    for (let i = 0; i < this.boxes.length; i++) {
      const b = this.boxes[i];
      if (x >= b.x - 6 && x <= b.x + b.w + 6 && y >= b.y - 6 && y <= b.y + b.h + 1.5 * this.font) {
        const cut = Math.max(0, Math.min(b.n, Math.round((x - b.x) / b.step)));
        // The token under the point (another rule's moves take tokens, not cuts).
        const token = Math.max(0, Math.min(b.n - 1, Math.floor((x - b.x) / b.step)));
        return { heap: i, cut, token, drawn: b.drawn };
      }
    }
    return null;
  }
}
