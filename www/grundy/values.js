// The values view: G(0), …, G(n) of a heap rule from the study module's
// heap_values in its own worker, with progress and Cancel; a sentence says
// the period (or why none), the chart (values-chart.js, loaded when it first
// draws) marks where it starts, and the table is written as Winning Ways
// prints it (values-table.js), exportable as text. The page loads this
// module at the first Compute.

import { t, num, say, errorLine } from '../shared/i18n.js';
import { SolverClient, CancelledError } from '../shared/solver-client.js';
import { ProgressView } from '../shared/progress.js';
import { ruleName as nameOf } from './rule-words.js';
import { valuesTable, tableText, downsample } from './values-table.js';

/** heap_values' bound (values.too_far past it). */
export const MAX_N = 2 ** 24;
/** Rows shown at first; "Show all" shows up to ROWS_ALL, the export up to EXPORT_ROWS. */
const ROWS_SHOWN = 40;
const ROWS_ALL = 2500;
const EXPORT_ROWS = 50000;
/** Chart points at most (past that, each bucket's largest value). */
const CHART_POINTS = 2000;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @typedef {{ rule: string, n: number, values: Uint16Array, period: { start: number, length: number } | null, table: import('./values-table.js').Table }} Result */

/** The rule's name for the sentences: a classic's (Kayles (0.77)), else its code. @param {string} rule */
export function ruleName(rule) {
  return nameOf(rule, t);
}

/** Wires the view's form; returns its run, for the page's first Compute (which loaded this module). */
export function startValues() {
  const form = /** @type {HTMLFormElement} */ ($('values-form'));
  const ruleIn = /** @type {HTMLInputElement} */ ($('values-rule'));
  const nIn = /** @type {HTMLInputElement} */ ($('values-n'));
  const runBtn = /** @type {HTMLButtonElement} */ ($('values-run'));
  const exportBtn = /** @type {HTMLButtonElement} */ ($('values-export'));
  const allBtn = /** @type {HTMLButtonElement} */ ($('values-all'));
  const summary = $('values-summary');
  const out = $('values-out');
  const table = /** @type {HTMLTableElement} */ ($('values-table'));
  /** The worker, started by the first run and kept for the next (cancel replaces it). */
  const worker = new SolverClient('study');
  const progress = new ProgressView(
    {
      box: $('values-progress'),
      bar: /** @type {HTMLProgressElement} */ ($('values-progress-bar')),
      text: $('values-progress-text'),
      cancel: /** @type {HTMLButtonElement} */ ($('values-cancel')),
    },
    () => worker.cancel(),
    { label: 'v.progress', start: 'v.progressStart' },
  );
  /** @type {Result | null} */
  let result = null;
  /** What the summary says (kept in its language-free form, for a change of language). @type {import('../shared/i18n.js').Line[]} */
  let said = [];
  let rowsShown = ROWS_SHOWN;
  /** @type {import('./values-chart.js').ValuesChart | null} */
  let chart = null;

  /** The chart is an extra: a failure is said in its place, the table stays. @param {unknown} err */
  function chartFailed(err) {
    chart?.destroy();
    chart = null;
    const note = document.createElement('p');
    note.className = 'lab-chart-problem';
    note.textContent = say(['v.chartFailed', { reason: { line: errorLine(err) } }]);
    $('values-chart').replaceChildren(note);
  }

  async function drawChart() {
    if (!result) return;
    const r = result;
    try {
      if (!chart) {
        const { ValuesChart } = await import('./values-chart.js');
        chart = new ValuesChart($('values-chart'));
      }
      if (r !== result) return;
      chart.draw(downsample(r.values, CHART_POINTS), r.period, r.n);
    } catch (err) {
      chartFailed(err);
    }
  }

  /** The sentences, the chart's text, the table and its caption, in the page's language. */
  function render() {
    summary.textContent = said.map((line) => say(line)).join(' ');
    if (!result) {
      out.hidden = true;
      return;
    }
    out.hidden = false;
    const { values, period, table: tb, n } = result;
    const name = ruleName(result.rule);
    let top = 0;
    for (const v of values) if (v > top) top = v;
    const step = Math.ceil(values.length / CHART_POINTS);
    $('values-chart-text').textContent = [
      period
        ? t('v.chartText.period', { n: num(n), top: num(top), start: num(period.start), length: num(period.length) })
        : t('v.chartText.plain', { n: num(n), top: num(top) }),
      ...(step > 1 ? [t('v.chartText.sampled', { step: num(step) })] : []),
    ].join(' ');

    const caption = document.createElement('caption');
    caption.id = 'values-caption';
    const count = num(tb.exceptions.length);
    caption.textContent =
      period && tb.byPeriod
        ? t('v.caption.period', { name, length: num(period.length), start: num(period.start), count })
        : period
          ? t('v.caption.long', { name, width: tb.width, length: num(period.length), start: num(period.start), count })
          : t('v.caption.plain', { name, width: tb.width });
    caption.className = 'visually-hidden';
    $('values-caption-text').textContent = caption.textContent;
    const head = document.createElement('tr');
    const corner = document.createElement('th');
    corner.scope = 'col';
    corner.textContent = 'n';
    head.append(corner);
    for (let k = 0; k < tb.width; k++) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = `+${k}`;
      head.append(th);
    }
    const thead = document.createElement('thead');
    thead.append(head);
    const body = document.createElement('tbody');
    const shown = Math.min(rowsShown, tb.rows.length);
    for (const row of tb.rows.slice(0, shown)) {
      const tr = document.createElement('tr');
      if (period && row.label + tb.width > period.start && row.label < period.start) tr.className = 'values-start-row';
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = num(row.label);
      tr.append(th);
      for (const c of row.cells) {
        const td = document.createElement('td');
        if (c.exception) {
          const b = document.createElement('strong');
          b.textContent = String(c.value);
          td.append(b);
          td.className = 'values-exception';
        } else {
          td.textContent = String(c.value);
        }
        if (period && c.n >= period.start) td.classList.add('values-periodic');
        if (period && c.n === period.start) td.classList.add('values-start');
        tr.append(td);
      }
      body.append(tr);
    }
    table.replaceChildren(caption, thead, body);
    // Said only when rows are left out.
    $('values-shown').textContent = shown < tb.rowCount ? t('v.shown', { shown: num(shown), rows: num(tb.rowCount) }) : '';
    allBtn.hidden = shown >= tb.rowCount || rowsShown >= ROWS_ALL;
    allBtn.textContent = tb.rowCount > ROWS_ALL ? t('v.allCapped', { max: num(ROWS_ALL) }) : t('v.all');
  }

  /** The summary of a result. @param {Result} r @returns {import('../shared/i18n.js').Line[]} */
  function summaryOf(r) {
    const name = ruleName(r.rule);
    const lower = r.rule.trim().toLowerCase();
    let top = 0;
    let at = 0;
    r.values.forEach((v, k) => {
      if (v > top) [top, at] = [v, k];
    });
    /** @type {import('../shared/i18n.js').Line} */
    const first = r.period
      ? ['v.summary.period', { name, length: num(r.period.length), start: num(r.period.start), n: num(r.n) }]
      : lower === 'grundy'
        ? ['v.summary.open', { name, n: num(r.n) }]
        : lower === 'nim'
          ? ['v.summary.nim', { name, n: num(r.n) }]
          : ['v.summary.none', { name, n: num(r.n) }];
    return lower === 'nim' ? [first] : [first, ['v.summary.top', { top: num(top), at: num(at) }]];
  }

  async function run() {
    const rule = ruleIn.value.trim();
    const nText = nIn.value.trim();
    const n = Number(nText);
    // A run that gives no values takes the last one's away: its table and
    // chart under the reason would read as this run's.
    if (nText === '' || !Number.isInteger(n) || n < 0 || n > MAX_N) {
      result = null;
      said = [['v.badN', { max: num(MAX_N) }]];
      render();
      nIn.focus();
      return;
    }
    runBtn.disabled = true;
    exportBtn.disabled = true;
    said = [];
    summary.textContent = '';
    const began = performance.now();
    progress.show(true, null);
    try {
      const answer = await worker.call('heap_values', rule, n, (done, total) => {
        const ms = performance.now() - began;
        const seconds = done > 0 && ms > 1000 ? Math.ceil(((total - done) * ms) / done / 1000) : null;
        progress.show(true, { done, total, seconds, began });
      });
      result = { rule, n, values: answer.values, period: answer.period ?? null, table: valuesTable(answer.values, answer.period ?? null, ROWS_ALL) };
      rowsShown = ROWS_SHOWN;
      said = summaryOf(result);
      exportBtn.disabled = false;
      render();
      summary.scrollIntoView({ block: 'nearest' });
      void drawChart();
    } catch (err) {
      result = null;
      said =
        err instanceof CancelledError
          ? [['v.cancelled', { name: ruleName(rule), n: num(n) }]]
          : [['v.failed', { reason: { line: errorLine(err) } }]];
      render();
    } finally {
      progress.show(false, null);
      runBtn.disabled = false;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!runBtn.disabled) void run();
  });
  allBtn.addEventListener('click', () => {
    rowsShown = ROWS_ALL;
    render();
  });
  exportBtn.addEventListener('click', () => {
    if (!result) return;
    const r = result;
    // The export's own table: more rows than the page shows.
    const full = valuesTable(r.values, r.period, EXPORT_ROWS);
    const rows = full.rowCount;
    const lines = [
      said.map((line) => say(line)).join(' '),
      '',
      /** @type {HTMLElement} */ (table.querySelector('caption'))?.textContent ?? '',
      ...(r.table.exceptions.length > 0 ? [t('v.export.star')] : []),
      ...(rows > EXPORT_ROWS ? [t('v.export.cut', { shown: num(EXPORT_ROWS), rows: num(rows) })] : []),
      `(${t('v.export.row')})`,
      '',
      tableText(full, EXPORT_ROWS),
    ];
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([lines.join('\n') + '\n'], { type: 'text/plain' }));
    a.download = `values-${r.rule.replace(/[^\w.-]+/g, '_')}-${r.n}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  return {
    run,
    /** Says everything again in the page's language. */
    retranslate() {
      render();
      void drawChart();
    },
  };
}

