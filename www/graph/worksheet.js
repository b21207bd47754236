// The graph section's printable worksheet: the graph drawn plainly (no step
// marks), a table to fill in (P or N, nimber, winning move for every
// vertex) and an answer page with the kernel steps, the strategy as the
// worksheet's strategie(d) writes it, and the table filled in.

import { t } from '../shared/i18n.js';
import { node, printPage, printTable, printPages } from '../shared/print.js';
import { GraphView } from './view.js';

/** @typedef {import('../pkg/impartial_study.js').GraphView} Analysis */

/**
 * The drawing for paper: every vertex with its number; arrows unless the
 * graph is drawn reduced on screen (the table lists the successors then).
 * Layers top to bottom, as a portrait page is read.
 * @param {Analysis} analysis
 */
async function plainFigure(analysis) {
  const view = new GraphView(document.createElement('div'), document.createElement('p'), () => {});
  // The figure's most on paper (print.css: 182 mm by 150 mm), in CSS pixels.
  await view.show(analysis, { orientation: 'TB', room: { width: (182 * 96) / 25.4, height: (150 * 96) / 25.4 } });
  const svg = /** @type {SVGSVGElement} */ (view.svg);
  if (view.reduced) view.arcs?.replaceChildren();
  for (const g of svg.querySelectorAll('g.vertex')) {
    g.removeAttribute('tabindex');
    g.classList.remove('chosen', 'on-board');
    g.querySelector('.board-ring')?.remove();
  }
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  // Arrowheads of its own: `url(#arrow)` would find the screen's drawing's
  // marker first, which printing hides, and hidden markers are not drawn.
  for (const marker of svg.querySelectorAll('marker')) marker.id = `print-${marker.id}`;
  for (const line of svg.querySelectorAll('[marker-end]')) {
    line.setAttribute('marker-end', /** @type {string} */ (line.getAttribute('marker-end')).replace('url(#', 'url(#print-'));
  }
  return { svg, reduced: view.reduced };
}

/**
 * Prints the worksheet of the graph on show.
 * @param {Analysis} a @param {SVGSVGElement} _shown the drawing on screen (its step marks are not printed)
 * @param {'a4' | 'letter'} paper
 */
export async function printGraphWorksheet(a, _shown, paper) {
  const name = (/** @type {number} */ v) => a.labels[v];
  const { svg, reduced } = await plainFigure(a);
  const chomp = a.positions !== null;
  const headers = [t('print.colVertex'), ...(chomp ? [t('print.colPosition')] : []), t('print.colSuccessors'), t('print.colOutcome'), t('print.colNimber'), t('print.colMove')];
  const kernel = new Set(a.kernel);
  const strategy = new Map(a.strategy);
  const row = (/** @type {number} */ v, /** @type {boolean} */ filled) => {
    const first = [name(v), ...(chomp ? [/** @type {number[][]} */ (a.positions)[v].join(' ')] : []), a.successors[v].map(name).join(', ') || '–'];
    if (!filled) return [...first, '', '', ''];
    // The strategy's answer when it has one; else any move into the kernel.
    const win = strategy.get(v) ?? a.successors[v].find((w) => kernel.has(w));
    return [...first, kernel.has(v) ? 'P' : 'N', String(a.nimbers[v]), win === undefined ? '–' : name(win)];
  };
  const vertices = a.labels.map((_, v) => v);
  const questions = printPage(t('print.graphTitle', { count: a.labels.length }), true, [
    node('p', 'print-task', [t('print.graphTask')]),
    node('div', 'print-figure', [svg]),
    ...(reduced ? [node('p', 'print-task', [t('print.graphReduced')])] : []),
  ]);
  const table = printPage(t('print.tableTitle'), false, [printTable(headers, vertices.map((v) => row(v, false)))]);
  const sorted = [...a.strategy].sort((x, y) => x[0] - y[0]);
  const answers = printPage(t('print.answers'), false, [
    node('h2', '', [t('print.kernelSteps')]),
    node(
      'ol',
      'print-steps',
      a.kernel_steps.map((s, i) =>
        node('li', '', [t(s.removed.length > 1 ? 'graph.step' : s.removed.length ? 'graph.stepOne' : 'graph.stepAlone', { n: i + 1, sink: name(s.sink), removed: s.removed.map(name).join(', ') })]),
      ),
    ),
    node('p', 'print-code', [`noyau = [${a.kernel.map(name).join(', ')}]`]),
    node('p', 'print-code', [`strat = { ${sorted.map(([s, v]) => `${name(s)}: ${name(v)}`).join(', ')} }`]),
    node('p', 'print-code', [`n = { ${vertices.map((v) => `${name(v)}: ${a.nimbers[v]}`).join(', ')} }`]),
    printTable(headers, vertices.map((v) => row(v, true))),
  ]);
  printPages([questions, table, answers], paper);
}
