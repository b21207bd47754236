// Draws heaps of matches on a canvas, crisp at any devicePixelRatio, and
// maps a pointer position back to "heap i, cut after k matches". Heaps too
// long to draw match by match become a bundle with their size written on it.

/**
 * @typedef {object} HeapsPicture
 * @property {number[]} heaps
 * @property {number | null} selected  heap index chosen by the player
 * @property {{ heap: number, cut: number } | null} preview  cut previewed (cut = matches left of it)
 * @property {{ heap: number, cut: number } | null} hint     winning cut to mark
 * @property {number[] | null} values  Grundy values to write under each heap, or null
 */

/** Heaps longer than this are drawn as one bundle. */
const MAX_DRAWN = 60;
const COLORS = {
  stick: '#e6c08a',
  stickEdge: '#a9773f',
  head: '#c0392b',
  selected: 'rgba(255, 191, 71, 0.35)',
  cut: '#1f4e9c',
  hint: '#0f7b3e',
  text: '#2b1a10',
  bundle: '#d9ab6b',
};

export class HeapsView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    /** @type {HeapsPicture} */
    this.picture = { heaps: [], selected: null, preview: null, hint: null, values: null };
    /** @type {{ x: number, y: number, w: number, h: number, step: number, n: number, drawn: boolean }[]} */
    this.boxes = [];
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  /** @param {HeapsPicture} picture */
  show(picture) {
    this.picture = picture;
    this.draw();
  }

  /** Lays heaps out in rows that fit the canvas width (CSS pixels). */
  layout(width) {
    const pad = 12;
    const stickGap = Math.max(7, Math.min(14, width / 50));
    const heapGap = 28;
    const rowH = 120;
    let x = pad;
    let y = pad;
    this.boxes = this.picture.heaps.map((n) => {
      const drawn = n <= MAX_DRAWN;
      let w = drawn ? n * stickGap : Math.min(width - 2 * pad, 180);
      if (drawn && w > width - 2 * pad) w = width - 2 * pad;
      const step = w / n;
      if (x + w > width - pad && x > pad) {
        x = pad;
        y += rowH;
      }
      const box = { x, y, w, h: rowH - 40, step, n, drawn };
      x += w + heapGap;
      return box;
    });
    return y + rowH;
  }

  draw() {
    const css = this.canvas.getBoundingClientRect();
    const width = Math.max(200, css.width);
    const height = this.layout(width);
    this.canvas.style.height = `${height}px`;
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const { selected, preview, hint, values } = this.picture;
    this.boxes.forEach((b, i) => {
      if (i === selected) {
        ctx.fillStyle = COLORS.selected;
        ctx.fillRect(b.x - 6, b.y - 6, b.w + 12, b.h + 12);
      }
      if (b.drawn) {
        for (let k = 0; k < b.n; k++) {
          const cx = b.x + (k + 0.5) * b.step;
          const shift = preview && preview.heap === i && k >= preview.cut ? 6 : 0;
          ctx.fillStyle = COLORS.stick;
          ctx.strokeStyle = COLORS.stickEdge;
          ctx.lineWidth = 1;
          const sw = Math.max(3, b.step * 0.35);
          ctx.fillRect(cx - sw / 2 + shift, b.y + 10, sw, b.h - 10);
          ctx.strokeRect(cx - sw / 2 + shift, b.y + 10, sw, b.h - 10);
          ctx.fillStyle = COLORS.head;
          ctx.beginPath();
          ctx.ellipse(cx + shift, b.y + 10, sw * 0.75, 7, 0, 0, 2 * Math.PI);
          ctx.fill();
        }
      } else {
        ctx.fillStyle = COLORS.bundle;
        ctx.strokeStyle = COLORS.stickEdge;
        ctx.fillRect(b.x, b.y + 10, b.w, b.h - 10);
        ctx.strokeRect(b.x, b.y + 10, b.w, b.h - 10);
        ctx.fillStyle = COLORS.text;
        ctx.font = 'bold 22px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(String(b.n), b.x + b.w / 2, b.y + b.h / 2 + 14);
      }
      for (const [mark, color, dash] of /** @type {const} */ ([[hint, COLORS.hint, [6, 4]], [preview, COLORS.cut, []]])) {
        if (mark && mark.heap === i) {
          const cx = b.x + mark.cut * b.step + (b.drawn ? 3 : 0);
          ctx.strokeStyle = color;
          ctx.lineWidth = 3;
          ctx.setLineDash(dash);
          ctx.beginPath();
          ctx.moveTo(cx, b.y - 4);
          ctx.lineTo(cx, b.y + b.h + 4);
          ctx.stroke();
          ctx.setLineDash([]);
        }
      }
      ctx.fillStyle = COLORS.text;
      ctx.font = '15px system-ui, sans-serif';
      ctx.textAlign = 'left';
      const label = values ? `${b.n}  ·  G = ${values[i]}` : String(b.n);
      ctx.fillText(label, b.x, b.y + b.h + 22);
    });
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
      if (x >= b.x - 6 && x <= b.x + b.w + 6 && y >= b.y - 6 && y <= b.y + b.h + 30) {
        const cut = Math.max(0, Math.min(b.n, Math.round((x - b.x) / b.step)));
        return { heap: i, cut };
      }
    }
    return null;
  }
}
