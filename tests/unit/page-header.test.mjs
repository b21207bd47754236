// The game pages' header is written once (www/shared/partials/page-header.html)
// and put in each page at build time: every page gets the same navigation,
// guides, language and view tools, its own title and tagline, and its own
// link marked as the current page; the built site carries the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { withPageHeader } from '../../scripts/page-header.mjs';

const root = new URL('../../', import.meta.url);
const PAGES = [
  ['index.html', 'app.title'],
  ['grundy.html', 'g.title'],
  ['sum.html', 'sum.title'],
];

/** The header of a page, as the build writes it. @param {string} html */
const headerOf = (html) => html.match(/<header class="top">[\s\S]*?<\/header>/)?.[0] ?? '';

test('each page names only its title and tagline; the shared header does the rest', () => {
  for (const [file] of PAGES) {
    const source = readFileSync(new URL(file, root), 'utf8');
    assert.equal(headerOf(source), '', `${file} writes its header again`);
    assert.match(source, /<page-header data-title="[\w.]+" data-tagline="[\w.]+">/, file);
  }
});

test('every page gets the same header, its own link current and its own title', () => {
  const headers = PAGES.map(([file, title]) => {
    const header = headerOf(withPageHeader(readFileSync(new URL(file, root), 'utf8'), file));
    assert.ok(header, `${file} has no header`);
    assert.doesNotMatch(header, /\{\{|page-header/, file);
    const links = [...header.matchAll(/<a href="(\w+\.html)"([^>]*)>/g)];
    assert.deepEqual(links.map((m) => m[1]), ['index.html', 'grundy.html', 'sum.html'], file);
    const current = links.filter((m) => m[2].includes('aria-current="page"')).map((m) => m[1]);
    assert.deepEqual(current, [file], file);
    assert.match(header, new RegExp(`<h1 data-i18n="${title.replace('.', '\\.')}">`), file);
    for (const id of ['lang', 'projector', 'fullscreen', 'show-qr', 'guide-play', 'guide-teach']) {
      assert.match(header, new RegExp(`id="${id}"`), `${file} lacks #${id}`);
    }
    // Apart from the page's own marks, every header is the same text.
    return header.replace(' aria-current="page"', '').replace(/<h1[\s\S]*?<\/p>/, '');
  });
  assert.equal(new Set(headers).size, 1);
});

test('the built pages carry the header (after scripts/bundle.mjs)', { skip: !existsSync(new URL('dist/index.html', root)) && 'no dist/ built' }, () => {
  for (const [file, title] of PAGES) {
    const built = readFileSync(new URL(`dist/${file}`, root), 'utf8');
    assert.doesNotMatch(built, /<page-header/, file);
    assert.match(headerOf(built), new RegExp(`<a href="${file}" aria-current="page"`), file);
    assert.match(headerOf(built), new RegExp(`data-i18n="${title.replace('.', '\\.')}"`), file);
  }
});
