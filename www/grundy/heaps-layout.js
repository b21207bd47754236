// Where each heap of Grundy's game goes on its canvas, worked out anew from
// each snapshot: heaps flow in rows across the width, each labelled
// underneath, and the heaps set aside close the last row. The labels keep
// one size all game long (the theme's); what gives way when heaps multiply is
// the matches' height and spacing, so the drawing fits the room it is given
// instead of shrinking its words or hiding its last row.

/** Heaps longer than this are drawn as one bundle. */
export const MAX_DRAWN = 60;
/** The least gap between two matches on a touch screen: a finger's target (CSS pixels). */
export const TOUCH_GAP = 24;
/**
 * The least gap between two tokens on a touch screen in another rule's game
 * (Nim, Kayles…), where a finger picks a token, not the gap between two, and
 * the move control picks any move: a heap of 21 on a phone is drawn match
 * by match, not as a bundle.
 */
export const TOKEN_GAP = 16;
/** The least gap between two matches for a mouse (CSS pixels). */
const MOUSE_GAP = 7;

/**
 * @typedef {object} HeapBox where a heap is drawn
 * @property {number} x @property {number} y @property {number} w
 * @property {number} h the match's height (its head at the top)
 * @property {number} step the distance between two matches
 * @property {number} n the heap's size
 * @property {boolean} drawn match by match (else a bundle with its size written on it)
 */
/** @typedef {{ text: string, x: number, y: number, w: number }} LabelBox a label's left end and baseline */
/**
 * @typedef {object} HeapsLayout
 * @property {HeapBox[]} boxes one per heap that can still be split
 * @property {LabelBox[]} labels one per heap, then the set-aside group's when there is one
 * @property {{ x: number, y: number, w: number, h: number } | null} aside the set-aside group
 * @property {number} height the drawing's height (CSS pixels)
 * @property {number} font the labels' size (CSS pixels)
 * @property {number} z the drawing's unit (1 for 15 px labels)
 */

/**
 * @param {object} what
 * @param {number[]} what.heaps the heaps' sizes
 * @param {string[]} what.labels the words under each heap
 * @param {string | null} what.aside the words under the set-aside group, or null when none is set aside
 * @param {number} what.asideWidth the set-aside group's drawing width (CSS pixels)
 * @param {object} where
 * @param {number} where.width the canvas width (CSS pixels)
 * @param {number} where.room the height it may take (Infinity when it grows with its rows)
 * @param {number} where.font the labels' size (CSS pixels)
 * @param {boolean} where.touch matches far enough apart for a finger
 * @param {boolean} [where.tokens] another rule's tokens (a finger picks one): TOKEN_GAP apart on a touch screen
 * @param {(text: string) => number} where.measure a label's width at that size
 * @returns {HeapsLayout}
 */
export function layoutHeaps({ heaps, labels, aside, asideWidth }, { width, room, font, touch, tokens = false, measure }) {
  const z = font / 15;
  const pad = 12;
  const inner = Math.max(1, width - 2 * pad);
  // Above the first row: the hint's pointer. Below each row: its labels.
  const top = 14 * z;
  const under = 1.55 * font;
  const rowGap = 10 * z;
  const bottom = 0.3 * font;
  const heapGap = 1.5 * font;
  const tallest = 80 * z;
  // A finger picks a cut along a match: a mouse needs less of its height.
  const shortest = touch ? Math.max(24, 1.6 * font) : Math.max(16, 0.7 * font);
  const least = touch ? (tokens ? TOKEN_GAP : TOUCH_GAP) : MOUSE_GAP;
  const widest = Math.max(least, Math.min(Math.max(14 * z, least), width / 50));
  const widths = labels.map(measure);
  const asideLabel = aside === null ? 0 : measure(aside);

  /** Heaps flowed in rows with `gap` pixels between matches. @param {number} gap */
  const flow = (gap) => {
    let x = pad;
    let row = 0;
    /** @type {{ x: number, row: number, w: number, step: number, drawn: boolean }[]} */
    const placed = [];
    const place = (/** @type {number} */ slot) => {
      if (x + slot > width - pad + 0.5 && x > pad) {
        x = pad;
        row++;
      }
      const at = { x, row };
      x += slot + heapGap;
      return at;
    };
    heaps.forEach((n, i) => {
      const drawn = n <= MAX_DRAWN && n * least <= inner;
      const w = drawn ? Math.min(n * gap, inner) : Math.min(inner, 180 * z);
      const at = place(Math.min(inner, Math.max(w, widths[i])));
      placed.push({ ...at, w, step: w / n, drawn });
    });
    const asideW = Math.min(inner, asideWidth);
    const asideAt = aside === null ? null : { ...place(Math.min(inner, Math.max(asideW, asideLabel))), w: asideW };
    const rows = Math.max(placed.length ? placed[placed.length - 1].row : 0, asideAt?.row ?? 0) + 1;
    return { placed, asideAt, rows };
  };

  // Spacings from the widest to the least: the fewest rows first gives the
  // tallest matches; among equal heights the widest spacing wins.
  /** @type {{ gap: number, h: number, flowed: ReturnType<typeof flow> } | null} */
  let best = null;
  const steps = 6;
  for (let k = 0; k <= steps; k++) {
    const gap = widest - ((widest - least) * k) / steps;
    const flowed = flow(gap);
    // A pixel kept: the height is rounded up to whole pixels.
    const free = (room - 1 - top - bottom - flowed.rows * under - (flowed.rows - 1) * rowGap) / flowed.rows;
    const h = Math.min(tallest, Number.isFinite(free) ? free : tallest);
    if (!best || h > best.h + 0.5) best = { gap, h, flowed };
    if (h >= tallest) break;
  }
  const chosen = /** @type {NonNullable<typeof best>} */ (best);
  // A room too short for even the shortest matches: the box scrolls.
  const h = Math.max(shortest, chosen.h);
  const rowY = (/** @type {number} */ row) => top + row * (h + under + rowGap);
  const baseline = (/** @type {number} */ y) => y + h + 1.2 * font;
  /** @type {LabelBox[]} */
  const labelBoxes = [];
  const boxes = chosen.flowed.placed.map((p, i) => {
    const y = rowY(p.row);
    labelBoxes.push({ text: labels[i], x: p.x, y: baseline(y), w: widths[i] });
    return { x: p.x, y, w: p.w, h, step: p.step, n: heaps[i], drawn: p.drawn };
  });
  let asideBox = null;
  const a = chosen.flowed.asideAt;
  if (a && aside !== null) {
    const y = rowY(a.row);
    asideBox = { x: a.x, y, w: a.w, h };
    labelBoxes.push({ text: aside, x: a.x, y: baseline(y), w: asideLabel });
  }
  const height = Math.ceil(top + chosen.flowed.rows * (h + under) + (chosen.flowed.rows - 1) * rowGap + bottom);
  return { boxes, labels: labelBoxes, aside: asideBox, height, font, z };
}
