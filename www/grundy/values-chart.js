// The values view's chart: G(n) against n (uPlot), one point per heap (or
// per bucket of heaps, its largest value), the periodic part shaded from
// where the period starts. Its own module, loaded when the view first
// draws: whatever goes wrong here is said in the chart's place, the table stays.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t, num } from '../shared/i18n.js';

const POINT = '#1f4e9c';
const SHADE = 'rgba(217, 130, 43, 0.16)';
const MARK = '#b35c00';

/** Ticks at whole numbers only: heaps and values are whole. */
const WHOLE = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000, 200000, 250000, 500000, 1e6, 2e6, 2.5e6, 5e6, 1e7, 2e7];

/** Every number the chart writes, in the page's language. */
const inPageLanguage = (/** @type {uPlot} */ _self, /** @type {number | null} */ v) => (v == null ? '' : num(v));

export class ValuesChart {
  /** @param {HTMLElement} where */
  constructor(where) {
    this.where = where;
    /** @type {uPlot | null} */
    this.plot = null;
    /** @type {{ start: number, length: number } | null} */
    this.period = null;
  }

  /**
   * Draws (again) the values and the period.
   * @param {[number[], number[]]} data @param {{ start: number, length: number } | null} period @param {number} n the last heap
   */
  draw(data, period, n) {
    this.destroy();
    this.period = period;
    const where = this.where;
    where.replaceChildren();
    const width = Math.max(260, Math.min(2400, where.clientWidth || 600));
    const height = Math.round(Math.max(220, Math.min(480, width * 0.36)));
    // The projector's chart is read from the back of the room: larger words and points.
    const big = document.documentElement.dataset.theme === 'projector';
    const px = big ? 18 : 12;
    const font = `${px}px system-ui, sans-serif`;
    const labelFont = `bold ${px}px system-ui, sans-serif`;
    const self = this;
    this.plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { points: { size: 7 } },
        scales: { x: { time: false, range: [0, Math.max(1, n)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max + 1)] } },
        axes: [
          { label: t('v.axis.n'), incrs: WHOLE, font, labelFont, labelSize: px + 14, size: px * 2 + 16, values: (u, splits) => splits.map((v) => inPageLanguage(u, v)) },
          { label: t('v.axis.g'), incrs: WHOLE, font, labelFont, labelSize: px + 14, size: px * 3 + 10, values: (u, splits) => splits.map((v) => inPageLanguage(u, v)) },
        ],
        series: [
          { label: 'n', value: inPageLanguage },
          {
            label: t('v.series'),
            stroke: POINT,
            fill: POINT,
            paths: () => null,
            points: { show: true, size: (data[0].length > 600 ? 3 : 5) + (big ? 2 : 0), fill: POINT, stroke: POINT },
            value: inPageLanguage,
          },
        ],
        hooks: {
          // The periodic part, shaded under the points, and its start marked and named.
          drawClear: [
            (u) => {
              const p = self.period;
              if (!p) return;
              const { ctx } = u;
              const { left, top, width: w, height: h } = u.bbox;
              const x = Math.max(left, Math.round(u.valToPos(p.start, 'x', true)));
              ctx.save();
              ctx.fillStyle = SHADE;
              ctx.fillRect(x, top, left + w - x, h);
              ctx.strokeStyle = MARK;
              ctx.lineWidth = 2 * devicePixelRatio;
              ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + h);
              ctx.stroke();
              ctx.setLineDash([]);
              ctx.fillStyle = MARK;
              ctx.font = `${Math.round((px + 1) * devicePixelRatio)}px system-ui, sans-serif`;
              const text = t('v.periodic', { start: num(p.start) });
              const tw = ctx.measureText(text).width;
              // The name to the right of the line, or to its left when it would not fit.
              const tx = x + 6 * devicePixelRatio + tw < left + w ? x + 6 * devicePixelRatio : Math.max(left, x - 6 * devicePixelRatio - tw);
              ctx.textBaseline = 'top';
              // On a pale box, so a row of points under it does not cross the words.
              const ty = top + 4 * devicePixelRatio;
              ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
              ctx.fillRect(tx - 2 * devicePixelRatio, ty - 2 * devicePixelRatio, tw + 4 * devicePixelRatio, (px + 5) * devicePixelRatio);
              ctx.fillStyle = MARK;
              ctx.fillText(text, tx, ty);
              ctx.restore();
            },
          ],
        },
      },
      /** @type {uPlot.AlignedData} */ (data),
      where,
    );
  }

  destroy() {
    this.plot?.destroy();
    this.plot = null;
  }
}
