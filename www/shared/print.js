// Printable worksheets: pages built in the DOM, shown only to the printer
// (print.css hides the rest of the page), on A4 or Letter, in black and white.
// The same pages serve both papers: each page's content fits the smaller of
// the two (A4's width, Letter's height) inside 14 mm margins.

import { t } from './i18n.js';

/** @typedef {import('./i18n.js').Key} Key */

/**
 * An element with text or children.
 * @param {string} tag @param {string} [className] @param {(Node | string)[]} [children]
 */
export function node(tag, className = '', children = []) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...children);
  return el;
}

/**
 * One printed page (or a run of pages, for a long table): a title, the
 * name and date lines on question pages, then the content.
 * @param {string} title @param {boolean} blanks whether to add the name and date lines
 * @param {(Node | string)[]} content
 */
export function printPage(title, blanks, content) {
  const page = node('section', 'print-page', [node('h1', '', [title])]);
  if (blanks) page.append(node('p', 'print-blanks', [t('print.nameLine')]));
  page.append(...content);
  return page;
}

/**
 * A table with a header row; `rows` cells are text ('' for a blank to fill in).
 * @param {string[]} headers @param {(string | Node)[][]} rows
 */
export function printTable(headers, rows) {
  const head = node('thead', '', [node('tr', '', headers.map((h) => node('th', '', [h])))]);
  const body = node('tbody', '', rows.map((r) => node('tr', '', r.map((c) => node('td', c === '' ? 'blank' : '', [c])))));
  return node('table', 'print-table', [head, body]);
}

/**
 * Puts `pages` in the print sheet and opens the browser's print dialog.
 * @param {HTMLElement[]} pages @param {'a4' | 'letter'} paper
 */
export function printPages(pages, paper) {
  let sheet = document.getElementById('print-sheet');
  if (!sheet) {
    sheet = node('div', 'print-sheet');
    sheet.id = 'print-sheet';
    document.body.append(sheet);
  }
  sheet.dataset.paper = paper;
  sheet.replaceChildren(...pages);
  window.print();
}
