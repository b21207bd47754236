// The guides in the browser. The embedding guide's examples are run as
// written: the blocks of each example (its HTML, and the stylesheet or
// script files it names) are served as a host page next to dist/ copied
// under /chomp/, with the strict CSP, and the games must come up and do what
// the example's script says. Its attribute tables are the elements' own.
// Every link from a guide into a game page opens it without a notice, at
// its anchor. The site links to the guides, in the page's language, and
// they open offline once the site was visited.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixture.mjs';
import { siteHandler, CSP } from '../scripts/site-server.mjs';
import { guideFiles, readGuide, resolveLink, isExternal } from '../scripts/docs.mjs';
import { nameTables } from './docs/tables.mjs';

const DIST = fileURLToPath(new URL(`../${process.env.DIST_DIR ?? 'dist'}/`, import.meta.url));
const GUIDE = 'docs/embedding.md';

/**
 * The guide's examples: `html example=name` blocks make the host page
 * `/host/name.html`; `css|js example=name file=/host/x` blocks are served at
 * their path.
 */
async function examples() {
  const { blocks } = await readGuide(GUIDE);
  /** @type {Map<string, { html: string[], files: Map<string, { code: string, lang: string }>, line: number }>} */
  const out = new Map();
  for (const b of blocks) {
    const name = /(?:^|\s)example=([\w-]+)/.exec(b.info)?.[1];
    if (!name) continue;
    const ex = out.get(name) ?? { html: [], files: new Map(), line: b.line };
    const file = /(?:^|\s)file=(\S+)/.exec(b.info)?.[1];
    if (b.lang === 'html') ex.html.push(b.code);
    else if (file) ex.files.set(file, { code: b.code, lang: b.lang });
    else throw new Error(`${GUIDE}:${b.line}: a ${b.lang} block of example ${name} without file=`);
    out.set(name, ex);
  }
  return out;
}

const EXAMPLES = await examples();
// A port of its own (embed.spec.mjs's hosts use +14 and +15: the two files may run side by side).
const PORT = Number(process.env.E2E_PORT ?? 4173) + 16;
const ORIGIN = `http://localhost:${PORT}`;

test.describe('the embedding guide\'s examples, as a host page would use them', () => {
  // One server on one port: the group's tests stay in one worker.
  test.describe.configure({ mode: 'default' });
  /** @type {http.Server} */
  let server;
  test.use({ baseURL: `${ORIGIN}/` });
  test.beforeAll(async () => {
    const site = siteHandler(DIST, '/chomp/');
    /** @type {Map<string, { body: string, type: string }>} */
    const host = new Map();
    for (const [name, ex] of EXAMPLES) {
      host.set(`/host/${name}.html`, {
        type: 'text/html',
        body: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${name}</title></head>\n<body>\n<article>\n${ex.html.join('\n')}\n</article>\n</body>\n</html>\n`,
      });
      for (const [path, { code, lang }] of ex.files) host.set(path, { body: code, type: lang === 'css' ? 'text/css' : 'text/javascript' });
    }
    server = http.createServer((req, res) => {
      // A host page without an icon: the browser asks for the site's.
      if (req.url === '/favicon.ico') return res.writeHead(204).end();
      const page = host.get((req.url ?? '').split('?')[0]);
      if (!page) return site(req, res);
      res.setHeader('Content-Security-Policy', CSP);
      res.setHeader('Content-Type', page.type);
      res.end(page.body);
    });
    await new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(null)));
  });
  test.afterAll(() => new Promise((resolve) => server.close(() => resolve(null))));

  test('the guide has examples for both elements, the iframe and its height, events and a dark page', () => {
    for (const name of ['chomp', 'events', 'grundy', 'iframe', 'iframe-height', 'dark']) expect(EXAMPLES.has(name), name).toBe(true);
    // Each file block is used by its example's HTML, or it would not run.
    for (const [name, ex] of EXAMPLES) {
      for (const path of ex.files.keys()) expect(ex.html.join('\n'), `${name} uses ${path}`).toContain(path);
    }
  });

  for (const [name, ex] of EXAMPLES) {
    test(`example "${name}" (${GUIDE}:${ex.line}) runs under the strict CSP`, async ({ page }) => {
      /** @type {string[]} */
      const logs = [];
      page.on('console', (m) => {
        if (m.type() === 'log') logs.push(m.text());
      });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/host/${name}.html`);
      const html = ex.html.join('\n');
      const script = [...ex.files.values()].filter((f) => f.lang === 'js').map((f) => f.code).join('\n');
      // Every game of the example comes up: its status says whose turn it is, with no notice.
      for (const tag of ['chomp-game', 'grundy-game']) {
        const count = (html.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
        await expect(page.locator(tag)).toHaveCount(count);
        for (let i = 0; i < count; i++) {
          const game = page.locator(tag).nth(i);
          await expect(game.locator('.status')).toHaveText(/\S/);
          await expect(game.locator('.notice')).toBeHidden();
          for (const [, attr] of html.matchAll(new RegExp(`<${tag}[^>]*\\s(no-[a-z-]+)`, 'g'))) {
            const part = attr === 'no-hint' ? 'hint' : 'analysis';
            await expect(game.locator(`[part~="${part}"]`)).toBeHidden();
          }
        }
      }
      const frames = (html.match(/<iframe\b/g) ?? []).length;
      for (let i = 0; i < frames; i++) {
        const frame = page.frameLocator('iframe').nth(i);
        await expect(frame.locator('#status')).toContainText('Your turn');
        await expect(frame.locator('#notice')).toBeHidden();
        // embed=1: the game alone (of the header only the title stays, for
        // screen readers, in a 1-pixel box).
        await expect(frame.locator('header.top nav.games')).toBeHidden();
        await expect(frame.locator('header.top .view-tools')).toBeHidden();
        expect((await frame.locator('header.top').boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
      }
      // What the example's script does, it does.
      if (script.includes('impartial-games:height')) {
        const iframe = page.locator('iframe').first();
        await expect.poll(() => iframe.evaluate((f) => /** @type {HTMLElement} */ (f).style.height)).toMatch(/^\d+(\.\d+)?px$/);
        // The first height told may be the page's before its board: the
        // next message sets it right, so the two are polled together.
        const html = page.frameLocator('iframe').first().locator('html');
        await expect.poll(async () => {
          const told = parseFloat(await iframe.evaluate((f) => /** @type {HTMLElement} */ (f).style.height));
          const inside = await html.evaluate((d) => d.scrollHeight);
          return Math.abs(told - inside);
        }).toBeLessThanOrEqual(2);
      }
      if (script.includes("addEventListener('move'")) {
        const game = page.locator('chomp-game').first();
        await game.getByRole('button', { name: 'Hint' }).click();
        await game.locator('[data-hint="true"]').first().click();
        // The player's move and the computer's answer, as the example writes them.
        await expect.poll(() => logs.filter((l) => / ate row \d+, column \d+$/.test(l)).length).toBeGreaterThanOrEqual(2);
        expect(logs[0]).toMatch(/^1\. player 1 ate row \d+, column \d+$/);
      }
      // The stylesheet's properties are ones the games read.
      for (const { code, lang } of ex.files.values()) {
        if (lang !== 'css') continue;
        const known = new Set();
        for (const f of ['www/shared/style.css', 'www/shared/element-base.css', 'www/chomp/element.css', 'www/grundy/element.css']) {
          for (const m of (await readFile(new URL(`../${f}`, import.meta.url), 'utf8')).matchAll(/--[a-z][a-z0-9-]*/g)) known.add(m[0]);
        }
        const unknown = [...code.matchAll(/(--[a-z][a-z0-9-]*)\s*:/g)].map((m) => m[1]).filter((p) => !known.has(p));
        expect(unknown, 'custom properties no game reads').toEqual([]);
        // And they reach inside the elements.
        const game = page.locator('chomp-game, grundy-game').first();
        const panel = /--game-panel:\s*([^;]+);/.exec(code)?.[1].trim();
        if (panel) await expect(game.getByRole('button', { name: 'Undo' })).toHaveCSS('background-color', await page.evaluate((c) => {
          const probe = document.createElement('i');
          probe.style.color = c;
          document.body.append(probe);
          const rgb = getComputedStyle(probe).color;
          probe.remove();
          return rgb;
        }, panel));
        await page.screenshot({ path: `test-results/docs-example-${name}.png`, fullPage: true });
      }
    });
  }

  test('the attribute tables list exactly what each element reads', async ({ page }) => {
    await page.goto('/host/chomp.html');
    const tables = await nameTables('attributes');
    expect(tables.map((t) => t.name).sort()).toEqual(['chomp-game', 'grundy-game']);
    for (const { name, names, where } of tables) {
      await page.addScriptTag({ type: 'module', url: `/chomp/${name}.js` });
      const observed = await page.evaluate((tag) => /** @type {any} */ (customElements.get(tag))?.observedAttributes ?? null, name);
      expect(observed, `${name} is defined`).not.toBeNull();
      // The attributes that only hide a part, read by the element's style sheet.
      const flags = new Set();
      for (const f of ['www/shared/element-base.css', `www/${name.replace('-game', '')}/element.css`]) {
        for (const m of (await readFile(new URL(`../${f}`, import.meta.url), 'utf8')).matchAll(/:host\(\[(no-[a-z-]+)\]\)/g)) flags.add(m[1]);
      }
      expect([...names].sort(), where).toEqual([...observed, ...flags].sort());
    }
  });
});

/** Every link of a guide into a game page, with where it is. */
async function pageLinks() {
  /** @type {{ href: string, where: string, file: string, query: string, hash: string | null }[]} */
  const out = [];
  for (const file of await guideFiles()) {
    const guide = await readGuide(file);
    for (const { href, line } of guide.links) {
      if (isExternal(href) || href.startsWith('#')) continue;
      const target = resolveLink(file, href);
      if (/^(index|grundy|sum)\.html$/.test(target.file)) out.push({ href, where: `${file}:${line}`, ...target });
    }
  }
  return out;
}

const LINKS = await pageLinks();

test('the guides link into the game pages', () => {
  expect(LINKS.length).toBeGreaterThan(10);
});

// The links, eight to a test, each a step of its own in the same page:
// fewer fresh browser pages for the same openings. A link to an address
// already opened (the same page, query and anchor, from this guide or
// another) is opened once, from where it is first written, its step naming
// every place it is written.
/** @type {Map<string, typeof LINKS[number] & { also: string[] }>} */
const BY_TARGET = new Map();
for (const link of LINKS) {
  const target = `${link.file}${link.query}#${link.hash ?? ''}`;
  const seen = BY_TARGET.get(target);
  if (seen) seen.also.push(link.where);
  else BY_TARGET.set(target, { ...link, also: [] });
}
/** @type {Map<string, (typeof LINKS[number] & { also: string[] })[]>} */
const BY_GUIDE = new Map();
for (const link of BY_TARGET.values()) {
  const guide = link.where.split(':')[0];
  BY_GUIDE.set(guide, [...(BY_GUIDE.get(guide) ?? []), link]);
}
const PER_TEST = 8;
for (const [guide, links] of BY_GUIDE) {
  for (let at = 0; at < links.length; at += PER_TEST) {
    const some = links.slice(at, at + PER_TEST);
    test(`${guide}, links ${at + 1} to ${at + some.length}: each opens its page without a notice, at its anchor`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      for (const link of some) {
        await test.step(`${[link.where, ...link.also].join(', ')}: ${link.href}`, async () => {
          // From the guide itself, as a reader follows the link: each game page
          // is a load of its own, never a move to an anchor of the last one.
          await page.goto(`/${guide.replace(/\.md$/, '.html')}`);
          await page.goto(`/${link.file}${link.query}${link.hash ? `#${link.hash}` : ''}`);
          await expect(page.locator('#status:not([aria-busy="true"])'), link.where).toContainText(/Your turn|À vous/);
          // A parameter the page does not read, or a bad value, would be named here.
          await expect(page.locator('#notice'), link.where).toBeHidden();
          if (link.hash) {
            const target = page.locator(`#${link.hash}`);
            await expect(target, link.where).toHaveCount(1);
            // The browser went there: the anchor's section is on screen.
            await expect(target, link.where).toBeInViewport();
          }
        });
      }
    });
  }
}

for (const [path, lang, guide, word] of [
  ['/index.html', 'en', 'teaching.html', 'How to use this in class'],
  ['/grundy.html?lang=fr', 'fr', 'enseigner.html', 'Comment s’en servir en classe'],
  ['/sum.html', 'en', 'teaching.html', 'How to use this in class'],
]) {
  test(`${path} links to the player's and the teacher's guide (${lang}), beside the Projector button`, async ({ page }) => {
    await page.goto(path);
    const teach = page.getByRole('link', { name: word });
    await expect(teach).toHaveAttribute('href', `docs/${guide}`);
    const help = page.getByRole('link', { name: lang === 'fr' ? 'Aide' : 'Help' });
    await expect(help).toHaveAttribute('href', 'docs/playing.html');
    // In the header, on the language's line above the Projector button.
    await expect(page.locator('header .top-row').getByRole('link', { name: word })).toBeVisible();
    await teach.click();
    await expect(page.locator('main.doc h1')).toContainText(lang === 'fr' ? 'Enseigner' : 'Teaching');
    // Its first lesson's link goes back to the game, at the graph.
    await page.locator('main.doc a[href*="rows=2&cols=3"]').first().click();
    await expect(page.locator('#graph')).toBeInViewport();
    await page.goto(path);
    await help.click();
    await expect(page.locator('main.doc h1')).toContainText('Playing');
  });
}

plain.describe('offline', () => {
  plain.use({ serviceWorkers: 'allow' });
  plain('after one visit, the guides open with the network off, with their images', async ({ page, context }) => {
    await page.goto('/index.html');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    for (const guide of ['teaching.html', 'enseigner.html', 'playing.html', 'index.html', 'worksheet-grundy.html', 'worksheet-heaps.html', 'fiche-tas.html']) {
      await page.goto(`/docs/${guide}`);
      await expect(page.locator('main.doc h1')).toBeVisible();
    }
    await page.goto('/docs/teaching.html');
    for (const img of await page.locator('main.doc img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i) => /** @type {HTMLImageElement} */ (i).naturalWidth)).toBeGreaterThan(0);
    }
    await context.setOffline(false);
  });
});
