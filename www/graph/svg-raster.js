// Paints an SVG figure that is live in the page onto a canvas, element by
// element, with the styles the browser computed for it.
//
// Why not draw the SVG as an image: the site's Content-Security-Policy leaves
// img-src at 'self', so an Image() of the SVG from a blob: or data: URL is
// blocked, never loads, and the PNG download never came. Painting the shapes
// ourselves loads nothing. It covers what graph-view.js draws (groups with
// transforms, lines and paths with markers, circles, rounded rects, text);
// other elements are skipped.

/**
 * @typedef {object} RasterOptions
 * @property {number} [scale] canvas pixels per SVG user unit
 * @property {string} [background] CSS colour under the drawing; none if omitted
 */

/**
 * @param {SVGSVGElement} svg rendered in the document, so its styles are computed
 * @param {RasterOptions} [options]
 * @returns {HTMLCanvasElement}
 */
export function rasterizeSvg(svg, { scale = 2, background } = {}) {
  const box = svg.viewBox.baseVal;
  const hasBox = box && box.width > 0 && box.height > 0;
  const width = hasBox ? box.width : svg.width.baseVal.value;
  const height = hasBox ? box.height : svg.height.baseVal.value;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  if (background) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.scale(scale, scale);
  if (hasBox) ctx.translate(-box.x, -box.y);
  new Painter(svg).children(ctx, svg);
  return canvas;
}

/** @typedef {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} Ctx */
/** A rectangle in whole canvas pixels. @typedef {{ x: number, y: number, w: number, h: number }} Area */
/** @typedef {{ marker: SVGMarkerElement, x: number, y: number, angle: number, atStart: boolean }} End */

const SHAPES = new Set(['g', 'line', 'circle', 'rect', 'text', 'path']);

class Painter {
  /** @param {SVGSVGElement} svg */
  constructor(svg) {
    this.svg = svg;
  }

  /** @param {Ctx} ctx @param {Element} parent */
  children(ctx, parent) {
    for (const child of parent.children) {
      if (child instanceof SVGGraphicsElement && SHAPES.has(child.localName)) this.element(ctx, child);
    }
  }

  /** @param {Ctx} ctx @param {SVGGraphicsElement} el */
  element(ctx, el) {
    const cs = getComputedStyle(el);
    const opacity = Number.parseFloat(cs.opacity);
    if (cs.display === 'none' || !(opacity > 0)) return;
    ctx.save();
    const m = el.transform.baseVal.consolidate()?.matrix;
    if (m) ctx.transform(m.a, m.b, m.c, m.d, m.e, m.f);
    if (opacity >= 1) this.own(ctx, el, cs);
    else if (isStroke(el)) this.fadedLine(ctx, el, cs, opacity);
    else {
      // SVG opacity fades the element as a whole, so its overlapping parts (a
      // bar on its halo) must not show through each other: paint them opaque
      // on a layer, then lay the layer down faded.
      const b = el.getBBox();
      const pad = overhang(el);
      const where = area(ctx, b.x - pad, b.y - pad, b.x + b.width + pad, b.y + b.height + pad);
      if (where) layered(ctx, where, opacity, (layer) => this.own(layer, el, cs));
    }
    ctx.restore();
  }

  /** @param {Ctx} ctx @param {SVGGraphicsElement} el @param {CSSStyleDeclaration} cs */
  own(ctx, el, cs, withMarkers = true) {
    if (el.localName === 'g') return this.children(ctx, el);
    if (cs.visibility !== 'visible') return;
    if (el instanceof SVGTextElement) return text(ctx, el, cs);
    const path = geometry(el, cs);
    if (!path) return;
    const fill = paint(cs.fill);
    if (fill && !(el instanceof SVGLineElement)) {
      ctx.fillStyle = fill;
      ctx.fill(path, cs.fillRule === 'evenodd' ? 'evenodd' : 'nonzero');
    }
    const stroke = paint(cs.stroke);
    if (stroke) {
      strokeStyle(ctx, cs);
      ctx.strokeStyle = stroke;
      ctx.stroke(path);
    }
    if (isStroke(el) && withMarkers) {
      const width = Number.parseFloat(cs.strokeWidth) || 0;
      for (const end of lineEnds(this.svg, el, cs)) this.marker(ctx, end, width);
    }
  }

  /**
   * A faded line with arrowheads: the arrowhead overlaps the stroke, so that
   * spot needs a layer (see element), but a layer as big as a long diagonal
   * line's bounding box costs seconds over a few thousand arcs. So only the
   * squares around the ends are layered and the rest of the stroke is faded
   * directly; both are cut on whole pixels, which leaves no seam.
   * @param {Ctx} ctx @param {SVGLineElement | SVGPathElement} line @param {CSSStyleDeclaration} cs @param {number} opacity
   */
  fadedLine(ctx, line, cs, opacity) {
    const width = Number.parseFloat(cs.strokeWidth) || 0;
    /** @type {Area[]} */
    let areas = [];
    for (const end of lineEnds(this.svg, line, cs)) {
      const r = reach(end.marker, width);
      const a = area(ctx, end.x - r, end.y - r, end.x + r, end.y + r);
      if (!a) continue;
      // Overlapping squares (a short line) are merged, so nothing is painted twice.
      const hit = areas.find((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h);
      if (hit) {
        areas = areas.filter((b) => b !== hit);
        const x = Math.min(a.x, hit.x);
        const y = Math.min(a.y, hit.y);
        areas.push({ x, y, w: Math.max(a.x + a.w, hit.x + hit.w) - x, h: Math.max(a.y + a.h, hit.y + hit.h) - y });
      } else areas.push(a);
    }
    ctx.save();
    const b = line.getBBox();
    // Bounded by the line itself: a clip over the whole canvas is slow to build.
    const all = area(ctx, b.x - width, b.y - width, b.x + b.width + width, b.y + b.height + width);
    if (all && areas.length) {
      const here = ctx.getTransform();
      const outside = new Path2D();
      outside.rect(all.x, all.y, all.w, all.h);
      for (const a of areas) outside.rect(a.x, a.y, a.w, a.h);
      ctx.resetTransform();
      ctx.clip(outside, 'evenodd');
      ctx.setTransform(here);
    }
    ctx.globalAlpha *= opacity;
    this.own(ctx, line, cs, false);
    ctx.restore();
    for (const a of areas) layered(ctx, a, opacity, (layer) => this.own(layer, line, cs));
  }

  /** @param {Ctx} ctx @param {End} end @param {number} strokeWidth */
  marker(ctx, { marker, x, y, angle, atStart }, strokeWidth) {
    const orient = marker.getAttribute('orient') ?? '0';
    const turn =
      orient === 'auto' ? angle
      : orient === 'auto-start-reverse' ? angle + (atStart ? Math.PI : 0)
      : marker.orientAngle.baseVal.value * (Math.PI / 180);
    const mw = marker.markerWidth.baseVal.value;
    const mh = marker.markerHeight.baseVal.value;
    const vb = marker.viewBox.baseVal;
    // The default preserveAspectRatio (xMidYMid meet): one scale for both axes.
    // Its centring offset cancels out because refX/refY are in viewBox units.
    const fit = vb && vb.width > 0 && vb.height > 0 ? Math.min(mw / vb.width, mh / vb.height) : 1;
    const k = markerScale(marker, strokeWidth) * fit;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(turn);
    ctx.scale(k, k);
    ctx.translate(-marker.refX.baseVal.value, -marker.refY.baseVal.value);
    this.children(ctx, marker);
    ctx.restore();
  }
}

/**
 * The whole pixels a user-space box covers on ctx's canvas, or null if none.
 * @param {Ctx} ctx @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1
 * @returns {Area | null}
 */
function area(ctx, x0, y0, x1, y1) {
  const m = ctx.getTransform();
  const corners = [
    m.transformPoint({ x: x0, y: y0 }),
    m.transformPoint({ x: x1, y: y0 }),
    m.transformPoint({ x: x0, y: y1 }),
    m.transformPoint({ x: x1, y: y1 }),
  ];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))) - 1);
  const right = Math.min(ctx.canvas.width, Math.ceil(Math.max(...corners.map((p) => p.x))) + 1);
  const bottom = Math.min(ctx.canvas.height, Math.ceil(Math.max(...corners.map((p) => p.y))) + 1);
  return right > left && bottom > top ? { x: left, y: top, w: right - left, h: bottom - top } : null;
}

/**
 * Paints opaque on a scratch canvas covering `where`, then puts that down faded.
 * @param {Ctx} ctx @param {Area} where @param {number} opacity
 * @param {(layer: OffscreenCanvasRenderingContext2D) => void} draw
 */
function layered(ctx, where, opacity, draw) {
  const canvas = new OffscreenCanvas(where.w, where.h);
  const layer = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
  layer.setTransform(new DOMMatrix().translate(-where.x, -where.y).multiply(ctx.getTransform()));
  draw(layer);
  ctx.save();
  ctx.resetTransform();
  ctx.globalAlpha *= opacity;
  ctx.drawImage(canvas, where.x, where.y);
  ctx.restore();
}

/** Lines and paths: strokes that may carry arrowheads. @param {Element} el @returns {el is SVGLineElement | SVGPathElement} */
function isStroke(el) {
  return el instanceof SVGLineElement || el instanceof SVGPathElement;
}

/**
 * The markers on a line's (or path's) ends, where they sit and which way the
 * stroke runs there.
 * @param {SVGSVGElement} svg @param {SVGLineElement | SVGPathElement} line @param {CSSStyleDeclaration} cs
 * @returns {End[]}
 */
function lineEnds(svg, line, cs) {
  const start = markerFor(svg, cs.markerStart);
  const end = markerFor(svg, cs.markerEnd);
  if (!start && !end) return [];
  // A path's direction at each end, from a point a little way in (the SVG
  // rule for orient="auto" is the tangent; a short chord is close enough).
  const length = line.getTotalLength();
  const step = Math.min(0.5, length / 2);
  const p0 = line.getPointAtLength(0);
  const p1 = line.getPointAtLength(step);
  const q0 = line.getPointAtLength(Math.max(0, length - step));
  const q1 = line.getPointAtLength(length);
  /** @type {End[]} */
  const ends = [];
  if (start) ends.push({ marker: start, x: p0.x, y: p0.y, angle: Math.atan2(p1.y - p0.y, p1.x - p0.x), atStart: true });
  if (end) ends.push({ marker: end, x: q1.x, y: q1.y, angle: Math.atan2(q1.y - q0.y, q1.x - q0.x), atStart: false });
  return ends;
}

/** User units per marker viewport unit. @param {SVGMarkerElement} marker @param {number} strokeWidth */
function markerScale(marker, strokeWidth) {
  return marker.markerUnits.baseVal === SVGMarkerElement.SVG_MARKERUNITS_USERSPACEONUSE ? 1 : strokeWidth;
}

/** How far a marker can reach from its line end, in user units. @param {SVGMarkerElement} marker @param {number} strokeWidth */
function reach(marker, strokeWidth) {
  return Math.hypot(marker.markerWidth.baseVal.value, marker.markerHeight.baseVal.value) * markerScale(marker, strokeWidth);
}

/** The marker a computed `marker-*` value points at. @param {SVGSVGElement} svg @param {string} value */
function markerFor(svg, value) {
  const id = /^url\(\s*["']?#([^"')]+)["']?\s*\)$/.exec(value)?.[1];
  const found = id ? svg.querySelector(`#${CSS.escape(id)}`) : null;
  return found instanceof SVGMarkerElement ? found : null;
}

/** @param {SVGGraphicsElement} el @param {CSSStyleDeclaration} cs */
function geometry(el, cs) {
  const path = new Path2D();
  if (el instanceof SVGLineElement) {
    path.moveTo(el.x1.baseVal.value, el.y1.baseVal.value);
    path.lineTo(el.x2.baseVal.value, el.y2.baseVal.value);
  } else if (el instanceof SVGCircleElement) {
    const r = el.r.baseVal.value;
    if (r <= 0) return null;
    path.arc(el.cx.baseVal.value, el.cy.baseVal.value, r, 0, 2 * Math.PI);
  } else if (el instanceof SVGRectElement) {
    const w = el.width.baseVal.value;
    const h = el.height.baseVal.value;
    if (w <= 0 || h <= 0) return null;
    // rx alone rounds both ways (ry is "auto"), as in SVG.
    let rx = Number.parseFloat(cs.rx);
    let ry = Number.parseFloat(cs.ry);
    if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
    if (Number.isNaN(ry)) ry = rx;
    rx = Math.min(rx, w / 2);
    ry = Math.min(ry, h / 2);
    const x = el.x.baseVal.value;
    const y = el.y.baseVal.value;
    if (rx > 0 && ry > 0) path.roundRect(x, y, w, h, [{ x: rx, y: ry }]);
    else path.rect(x, y, w, h);
  } else if (el instanceof SVGPathElement) {
    return new Path2D(el.getAttribute('d') ?? '');
  } else return null;
  return path;
}

/** A canvas colour for a computed fill/stroke; gradients and patterns are not drawn. @param {string} value */
function paint(value) {
  return value === 'none' || value.startsWith('url(') || value.startsWith('context-') ? null : value;
}

/** @param {Ctx} ctx @param {CSSStyleDeclaration} cs */
function strokeStyle(ctx, cs) {
  ctx.lineWidth = Number.parseFloat(cs.strokeWidth) || 0;
  ctx.lineCap = /** @type {CanvasLineCap} */ (cs.strokeLinecap || 'butt');
  ctx.lineJoin = /** @type {CanvasLineJoin} */ (cs.strokeLinejoin === 'round' || cs.strokeLinejoin === 'bevel' ? cs.strokeLinejoin : 'miter');
  ctx.miterLimit = Number.parseFloat(cs.strokeMiterlimit) || 4;
  const dashes = cs.strokeDasharray === 'none' ? [] : cs.strokeDasharray.split(/[\s,]+/).map(Number.parseFloat);
  ctx.setLineDash(dashes.every((d) => d >= 0) && dashes.some((d) => d > 0) ? dashes : []);
  ctx.lineDashOffset = Number.parseFloat(cs.strokeDashoffset) || 0;
}

const ALIGN = /** @type {Record<string, CanvasTextAlign>} */ ({ start: 'start', middle: 'center', end: 'end' });
const BASELINE = /** @type {Record<string, CanvasTextBaseline>} */ ({
  central: 'middle',
  middle: 'middle',
  hanging: 'hanging',
  ideographic: 'ideographic',
  'text-top': 'top',
  'text-before-edge': 'top',
  'text-bottom': 'bottom',
  'text-after-edge': 'bottom',
});

/** One line of text at its x/y, without tspans or per-glyph positions. @param {Ctx} ctx @param {SVGTextElement} el @param {CSSStyleDeclaration} cs */
function text(ctx, el, cs) {
  const content = el.textContent ?? '';
  if (!content.trim()) return;
  const x = el.x.baseVal.numberOfItems ? el.x.baseVal.getItem(0).value : 0;
  const y = el.y.baseVal.numberOfItems ? el.y.baseVal.getItem(0).value : 0;
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  ctx.direction = cs.direction === 'rtl' ? 'rtl' : 'ltr';
  ctx.textAlign = ALIGN[cs.textAnchor] ?? 'start';
  ctx.textBaseline = BASELINE[cs.dominantBaseline] ?? 'alphabetic';
  let dy = 0;
  if (cs.dominantBaseline === 'central') {
    // SVG centres between the font's ascent and descent; canvas "middle" is
    // the em box's middle, which sits a pixel or two off for most fonts.
    ctx.textBaseline = 'alphabetic';
    const m = ctx.measureText(content);
    dy = (m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2;
  }
  const fill = paint(cs.fill);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fillText(content, x, y + dy);
  }
  const stroke = paint(cs.stroke);
  if (stroke) {
    strokeStyle(ctx, cs);
    ctx.strokeStyle = stroke;
    ctx.strokeText(content, x, y + dy);
  }
}

/**
 * How far strokes and markers reach past the element's bounding box, which
 * counts geometry only; generous, as it only sizes a scratch layer.
 * @param {Element} el
 */
function overhang(el) {
  let most = 0;
  for (const part of [el, ...el.querySelectorAll('*')]) {
    const cs = getComputedStyle(part);
    const width = Number.parseFloat(cs.strokeWidth) || 0;
    // Miter joins and square caps reach out to miterlimit / 2 stroke widths.
    let extent = cs.stroke === 'none' ? 0 : (width * Math.max(Math.SQRT2, Number.parseFloat(cs.strokeMiterlimit) || 4)) / 2;
    if (isStroke(part) && part.ownerSVGElement) {
      for (const end of lineEnds(part.ownerSVGElement, part, cs)) extent = Math.max(extent, reach(end.marker, width));
    }
    most = Math.max(most, extent);
  }
  return most;
}
