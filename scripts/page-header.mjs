// The game pages' shared header, written once (www/shared/partials/page-header.html)
// and put in place of each page's <page-header data-title="…" data-tagline="…">Title</page-header>
// when Vite builds the page, with aria-current on the page's own link.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const TEMPLATE = new URL('../www/shared/partials/page-header.html', import.meta.url);
const TAG = /<page-header\s+data-title="([\w.]+)"\s+data-tagline="([\w.]+)">([^<]*)<\/page-header>/;

/**
 * The page's header: the template filled with its title and tagline keys
 * and text, its own link marked current.
 * @param {string} html the page as written
 * @param {string} file the page's file name (index.html, grundy.html, …)
 */
export function withPageHeader(html, file) {
  const tag = html.match(TAG);
  if (!tag) return html;
  const [, title, tagline, text] = tag;
  const template = readFileSync(TEMPLATE, 'utf8').replace(/^<!--[\s\S]*?-->\s*/, '');
  const own = `<a href="${file}" `;
  if (!template.includes(own)) throw new Error(`${file}: the shared header has no link to this page`);
  const header = template
    .replace('{{title}}', title)
    .replace('{{tagline}}', tagline)
    .replace('{{text}}', text)
    .replace(own, `${own}aria-current="page" `)
    .trimEnd();
  return html.replace(TAG, header);
}

/** The Vite plugin: before any other transform (the single file's removes the navigation). */
export const pageHeader = {
  name: 'page-header',
  transformIndexHtml: {
    order: /** @type {const} */ ('pre'),
    handler: (/** @type {string} */ html, /** @type {{ filename: string }} */ ctx) => withPageHeader(html, basename(ctx.filename)),
  },
};
