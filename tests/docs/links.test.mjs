// Every relative link and image of README.md and docs/*.md resolves: the
// file is in the repository, and an anchor into a guide is one of its
// headings. Then the same guides as the built site serves them (dist/docs/,
// `npm run build`): every href and src of each page is a file of dist/, and
// every anchor into a guide's page is an id of it. (Anchors into the game
// pages, which their scripts build, are checked in the browser:
// tests/docs.spec.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path/posix';
import { guideFiles, readGuide, resolveLink, isExternal, repoFileExists, ROOT } from '../../scripts/docs.mjs';

const DIST = path.join(ROOT, process.env.DIST_DIR ?? 'dist');

/** @type {Map<string, Awaited<ReturnType<typeof readGuide>>>} */
const guides = new Map();
for (const file of await guideFiles()) guides.set(file, await readGuide(file));

test('the guides are the front page and one per reader', () => {
  for (const f of ['README.md', 'docs/playing.md', 'docs/teaching.md', 'docs/enseigner.md', 'docs/embedding.md', 'docs/api.md', 'docs/solver.md']) {
    assert.ok(guides.has(f), `${f} is missing`);
  }
});

for (const [file, guide] of guides) {
  test(`${file}: every relative link and image resolves, anchors too`, () => {
    /** @type {string[]} */
    const broken = [];
    assert.ok(guide.links.length > 0, `${file} has no links`);
    for (const { href, line, image } of guide.links) {
      if (isExternal(href)) continue;
      const at = `${file}:${line}: ${image ? 'image' : 'link'} ${href}`;
      const { file: target, hash } = resolveLink(file, href);
      if (!repoFileExists(target)) {
        broken.push(`${at}: no file ${target}`);
        continue;
      }
      if (hash === null || !target.endsWith('.md')) continue;
      const other = guides.get(target);
      if (!other) broken.push(`${at}: ${target} is not a guide`);
      else if (!other.anchors.includes(hash)) broken.push(`${at}: no heading #${hash} in ${target}`);
    }
    assert.deepEqual(broken, []);
  });
}

test('the built guides (dist/docs/): every href and src is a file of the site, every anchor into a guide an id of it', async () => {
  assert.ok(existsSync(path.join(DIST, 'docs/index.html')), 'dist/docs/ is built (npm run build)');
  const pages = (await readdir(path.join(DIST, 'docs'))).filter((f) => f.endsWith('.html'));
  assert.equal(pages.length, guides.size, `one page per guide: ${pages.join(', ')}`);
  /** @type {Map<string, string>} */
  const html = new Map();
  for (const p of pages) html.set(`docs/${p}`, await readFile(path.join(DIST, 'docs', p), 'utf8'));
  /** @type {string[]} */
  const broken = [];
  for (const [page, text] of html) {
    for (const m of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = m[1].replace(/&amp;/g, '&');
      if (isExternal(href)) continue;
      const { file: target, hash } = resolveLink(page, href);
      if (!existsSync(path.join(DIST, target))) broken.push(`${page}: ${href}: no ${target} in the site`);
      else if (hash !== null && html.has(target) && !new RegExp(`\\sid="${hash.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(/** @type {string} */ (html.get(target)))) {
        broken.push(`${page}: ${href}: no id ${hash} in ${target}`);
      }
    }
  }
  assert.deepEqual(broken, []);
});
